import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { READINGS_EXPORT_FORMATS, type TReadingsExportFormat } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { downloadReadings, type ReadingsExport } from '../api/readings';

export interface ReadingsDownloadProps {
  instrumentId: number;
  instrumentName: string;
  /** What is shown: the codes, the period and (inclinometers) the depths chosen. */
  selection: Omit<ReadingsExport, 'format'>;
}

/** CSV and XLSX downloads of the readings shown (every reading of the period, not the points drawn). */
export function ReadingsDownload({ instrumentId, instrumentName, selection }: ReadingsDownloadProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState<TReadingsExportFormat | null>(null);
  const download = async (format: TReadingsExportFormat) => {
    setBusy(format);
    try {
      await downloadReadings(instrumentId, { ...selection, format }, `${instrumentName}-readings`);
    } catch (error) {
      toast({ message: error instanceof Error ? error.message : String(error), color: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t('workspace.detail.download')}>
      {READINGS_EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<Download />}
          disabled={busy !== null}
          onClick={() => void download(format)}
          aria-label={t('workspace.detail.downloadAs', { format: format.toUpperCase() })}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}

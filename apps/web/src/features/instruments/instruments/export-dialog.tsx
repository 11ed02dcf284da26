import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import type { InstrumentFilter } from '../api/instruments';
import { downloadInstruments, downloadThresholds, type FileFormat } from '../api/transfer';
import { errorText } from '../../../lib/error-text';

export type ExportKind = 'instruments' | 'thresholds';

export interface ExportDialogProps {
  /** Null: closed. */
  kind: ExportKind | null;
  /** The list filters in force (instruments follow all of them, thresholds the contract). */
  filter: InstrumentFilter;
  contractNo?: string;
  /** How many instruments match the filters. */
  count?: number;
  onClose: () => void;
}

const FORMATS: readonly FileFormat[] = ['csv', 'xlsx'];

/** Export instruments (the list filters) or thresholds (the contract filter) as CSV or XLSX, in the import format. */
export function ExportDialog({ kind, filter, contractNo, count, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const [busy, setBusy] = useState<FileFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const run = async (format: FileFormat) => {
    setBusy(format);
    setError(null);
    try {
      const file = kind === 'thresholds' ? await downloadThresholds(filter.contract_id, format) : await downloadInstruments(filter, format);
      toast({ color: 'success', message: t('instruments.export.saved', { file }) });
      setBusy(null);
      onClose();
    } catch (failure) {
      setBusy(null);
      setError(errorText(failure));
    }
  };

  const scope = contractNo ? t('instruments.export.ofContract', { contract: contractNo }) : t('instruments.export.ofAllContracts');
  const prompt = kind === 'thresholds' ? t('instruments.export.thresholdsPrompt', { scope }) : t('instruments.export.instrumentsPrompt', { count: count ?? 0 });

  return (
    <Dialog open={kind !== null} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{kind === 'thresholds' ? t('instruments.action.exportThresholds') : t('instruments.action.exportInstruments')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{prompt}</DialogContentText>
          {busy && <LinearProgress aria-label={t('instruments.export.preparing')} />}
          {error && <AppAlert type="error" message={error} onClose={() => setError(null)} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={busy !== null}>
          {t('instruments.common.cancel')}
        </Button>
        {FORMATS.map((format) => (
          <Button key={format} variant="contained" startIcon={<FileDownload />} disabled={busy !== null} onClick={() => void run(format)}>
            {format.toUpperCase()}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
}

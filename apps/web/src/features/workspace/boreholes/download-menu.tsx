import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { BOREHOLE_OUTPUTS, type TBoreholeReportRequest } from '@strata/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { downloadBoreholeReport } from './api';

const LABELS: Record<TBoreholeReportRequest['output'], string> = { pdf: 'PDF', xls: 'XLS', html: 'HTML', ags4: 'AGS4' };

export interface BoreholeDownloadMenuProps {
  boreholeId: number;
  /** The version shown (undefined: the newest). */
  version: number | undefined;
  /** The file name without extension when the server names none. */
  fileName: string;
}

/**
 * The Download menu of a borehole (spec §2.13, §6: only with Export Site Investigation): PDF, XLS, HTML and AGS4 from
 * `POST /reports/si-borehole`. The app has no report dialog yet, so the PDF is downloaded like the others.
 */
export function BoreholeDownloadMenu({ boreholeId, version, fileName }: BoreholeDownloadMenuProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const allowed = useCan('ExportSiteInvestigation');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  if (!allowed) return null;

  const run = async (output: TBoreholeReportRequest['output']) => {
    setAnchor(null);
    setBusy(true);
    try {
      const name = await downloadBoreholeReport({ output, borehole_id: boreholeId, version }, fileName);
      toast({ color: 'success', message: t('boreholes.download.saved', { name }) });
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? translateMessage(error.message) : t('exportJob.downloadFailed');
      toast({ color: 'error', message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<Download />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy}
      >
        {t('boreholes.download.label')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {BOREHOLE_OUTPUTS.map((output) => (
          <MenuItem key={output} onClick={() => void run(output)}>
            {LABELS[output]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

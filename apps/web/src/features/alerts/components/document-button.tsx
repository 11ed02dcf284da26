import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { downloadAlertDocument } from '../api/document';

/** Saves one alert's PDF document; a failure is an error toast ("download failed", spec §8). */
export function useDownloadDocument(): { busy: number | null; download: (alertId: number) => Promise<void> } {
  const toast = useToast();
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (alertId: number) => {
    setBusy(alertId);
    try {
      const name = await downloadAlertDocument(alertId);
      toast({ message: t('alerts.document.saved', { name }), color: 'success' });
    } catch (error) {
      toast({ message: error instanceof Error ? error.message : String(error), color: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

/** The Download Document button of a scenario-based alert's row. */
export function DocumentButton({ alertId, name }: { alertId: number; name: string }) {
  const { t } = useTranslation();
  const { busy, download } = useDownloadDocument();
  const label = t('alerts.action.downloadDocumentOf', { name });
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={busy !== null}
          onClick={(event) => {
            event.stopPropagation();
            void download(alertId);
          }}
        >
          {busy === alertId ? <CircularProgress size={18} /> : <PictureAsPdfOutlined fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, resourceAddress } from '../../lib/download';
import { AppAlert } from '../feedback';

export interface ReportDialogFile {
  /** The file's address as the API gives it (with its access token); `_token` is added for the frame. */
  url: string;
  title: string;
  fileName?: string;
}

export interface ReportDialogProps {
  /** The report shown; null: closed. */
  report: ReportDialogFile | null;
  onClose: () => void;
}

/**
 * The report dialog (spec §2.15): a PDF report full screen (on phones too), in a frame that reads the file with the
 * resource token; a title, a Download button (the file as an attachment) and a Close button.
 */
export function ReportDialog({ report, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const download = async () => {
    if (!report) return;
    setError(null);
    setSaving(true);
    try {
      const target = new URL(report.url, window.location.origin);
      target.searchParams.set('download', 'true');
      await downloadFile(`${target.pathname}${target.search}`, { fileName: report.fileName });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('exportJob.downloadFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={report !== null} onClose={onClose} fullScreen aria-labelledby={titleId} slotProps={{ transition: { onExited: () => setError(null) } }}>
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h6" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {report?.title}
          </Typography>
          <Button startIcon={<Download />} onClick={() => void download()} disabled={saving}>
            {t('reportDialog.download')}
          </Button>
          <IconButton edge="end" onClick={onClose} aria-label={t('reportDialog.close')}>
            <Close />
          </IconButton>
        </Toolbar>
      </AppBar>
      {error && <AppAlert type="error" message={error} onClose={() => setError(null)} />}
      {report && (
        <Box
          component="iframe"
          title={report.title}
          src={resourceAddress(report.url)}
          sx={{ flex: 1, width: '100%', border: 0, display: 'block', bgcolor: 'grey.100' }}
        />
      )}
    </Dialog>
  );
}

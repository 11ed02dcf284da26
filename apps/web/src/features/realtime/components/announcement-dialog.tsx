import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useAckAnnouncement } from '../api/ack-announcement';
import { useAnnouncement } from '../api/get-announcement';

/** The one-time announcement (spec §1): shown once per user per announcement, until acknowledged. */
export function AnnouncementDialog({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { data } = useAnnouncement(enabled);
  const ack = useAckAnnouncement();
  if (!data) return null;
  return (
    <Dialog open aria-labelledby="announcement-title" maxWidth="sm" fullWidth>
      <DialogTitle id="announcement-title">{data.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-wrap' }}>{data.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={ack.isPending} onClick={() => ack.mutate(data.announcement_id)}>
          {t('realtime.acknowledge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

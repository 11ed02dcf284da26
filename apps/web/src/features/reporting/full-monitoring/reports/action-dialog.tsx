import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MONITORING_REPORT_ACTION_LABELS, MONITORING_REPORT_MESSAGES, type MonitoringReportAction } from '@strata/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ActionDialogProps {
  /** The step asked for; null: closed. */
  action: MonitoringReportAction | null;
  busy: boolean;
  /** A refusal from the server, shown under the comment. */
  error?: string | null;
  onClose: () => void;
  onConfirm: (comment: string) => void;
}

function ActionForm({ action, busy, error, onClose, onConfirm, titleId }: ActionDialogProps & { action: MonitoringReportAction; titleId: string }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const required = action === 'return';
  const missing = required && comment.trim() === '';
  const shown = (tried && missing ? MONITORING_REPORT_MESSAGES.returnNeedsComment : null) ?? error ?? null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!missing) onConfirm(comment.trim());
      }}
    >
      <DialogTitle id={titleId}>{MONITORING_REPORT_ACTION_LABELS[action]}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('fullMonitoring.action.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          required={required}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          error={Boolean(shown)}
          helperText={shown ?? (required ? t('fullMonitoring.action.commentRequired') : t('fullMonitoring.action.commentOptional'))}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('fullMonitoring.common.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={action === 'return' ? 'warning' : 'primary'} disabled={busy}>
          {MONITORING_REPORT_ACTION_LABELS[action]}
        </Button>
      </DialogActions>
    </form>
  );
}

/** A workflow step with its comment: required to return a report, optional otherwise. */
export function ActionDialog(props: ActionDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={props.action !== null} onClose={props.busy ? undefined : props.onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {props.action && <ActionForm key={props.action} {...props} action={props.action} titleId={titleId} />}
    </Dialog>
  );
}

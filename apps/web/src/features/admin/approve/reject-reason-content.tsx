import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { isSafeText, ZRejectUserRequest } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogContentProps } from '../../../components/feedback';

/** The reject dialog: a reason (required, mailed to the person). Resolves with the reason. */
export function RejectReasonContent({ resolve, cancel }: DialogContentProps<undefined, string>) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const unsafe = !isSafeText(reason);
  const missing = touched && reason.trim() === '';
  const submit = () => {
    setTouched(true);
    if (reason.trim() !== '' && !unsafe) resolve(reason.trim());
  };
  return (
    <>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label={t('admin.approve.reason')}
          value={reason}
          error={missing || unsafe}
          helperText={unsafe ? t('messages.maliciousInput') : missing ? t('admin.approve.reasonRequired') : t('admin.approve.reasonHint')}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: ZRejectUserRequest.shape.reason.maxLength } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{t('admin.common.cancel')}</Button>
        <Button variant="contained" color="error" onClick={submit}>
          {t('admin.approve.reject')}
        </Button>
      </DialogActions>
    </>
  );
}

import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { MESSAGES } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import type { DialogContentProps } from '../../../components/feedback';
import { translateMessage } from '../../../lib/i18n';
import { changePassword } from '../api/change-password';
import { ChangePasswordForm } from './change-password-form';

export interface ChangePasswordDialogParams {
  minLength?: number;
  loginName?: string | null;
  email?: string | null;
  /** The password expired: the change cannot be put off (no Cancel). */
  forced?: boolean;
}

/** The "Change Password" dialog's content: resolves true once the password is changed (the caller signs out). */
export default function ChangePasswordDialog({ params, resolve, cancel }: DialogContentProps<ChangePasswordDialogParams, true>) {
  const { t } = useTranslation();
  return (
    <DialogContent>
      <DialogContentText sx={{ mb: 2 }}>{params.forced ? translateMessage(MESSAGES.passwordExpired) : t('changePassword.intro')}</DialogContentText>
      <ChangePasswordForm
        minLength={params.minLength}
        loginName={params.loginName}
        email={params.email}
        submitLabel={t('changePassword.submit')}
        onCancel={params.forced ? undefined : cancel}
        onSubmit={async (body) => {
          await changePassword(body);
          resolve(true);
        }}
      />
    </DialogContent>
  );
}

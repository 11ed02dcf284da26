import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH, localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { resetPassword } from '../api/reset-password';
import type { LoginState } from '../paths';
import { InvalidLink, isInvalidLinkError } from './invalid-link';
import { NewPasswordForm } from './new-password-form';
import { PublicPage } from './public-page';

/** `/reset-password?token=…` (no auth; confirm password reset): a new password, then to login with a message. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [invalid, setInvalid] = useState(false);

  return (
    <PublicPage title={t('route.resetPassword')}>
      {!token || invalid ? (
        <InvalidLink />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('resetPassword.intro')}
          </Typography>
          <NewPasswordForm
            submitLabel={t('resetPassword.submit')}
            onSubmit={async (password) => {
              try {
                const answer = await resetPassword(token, password);
                const state: LoginState = { notice: 'passwordReset', loginName: answer.login_name };
                await navigate(localePath(lang, LOGIN_PATH), { replace: true, state });
              } catch (error) {
                if (!isInvalidLinkError(error)) throw error;
                setInvalid(true);
              }
            }}
          />
        </>
      )}
    </PublicPage>
  );
}

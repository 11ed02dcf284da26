import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH, localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { setupPassword } from '../api/setup-password';
import type { LoginState } from '../paths';
import type { SetupPasswordState } from './activation-page';
import { InvalidLink, isInvalidLinkError } from './invalid-link';
import { NewPasswordForm } from './new-password-form';
import { PublicPage } from './public-page';

function loginNameOf(state: unknown): string | undefined {
  const name = (state as SetupPasswordState | null)?.loginName;
  return typeof name === 'string' ? name : undefined;
}

/** `/setup-password?token=…` (no auth): the first password after activation, then to login with a message. */
export function SetupPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [invalid, setInvalid] = useState(false);
  const loginName = loginNameOf(location.state);

  if (!token || invalid) {
    return (
      <PublicPage title={t('route.setupPassword')}>
        <InvalidLink />
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('route.setupPassword')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {loginName ? t('setupPassword.introFor', { loginName }) : t('setupPassword.intro')}
      </Typography>
      <NewPasswordForm
        loginName={loginName}
        submitLabel={t('setupPassword.submit')}
        onSubmit={async (password) => {
          try {
            const answer = await setupPassword(token, password);
            const state: LoginState = { notice: 'passwordSet', loginName: answer.login_name };
            await navigate(localePath(lang, LOGIN_PATH), { replace: true, state });
          } catch (error) {
            if (!isInvalidLinkError(error)) throw error;
            setInvalid(true);
          }
        }}
      />
    </PublicPage>
  );
}

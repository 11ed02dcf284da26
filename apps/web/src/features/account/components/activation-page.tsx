import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback';
import { LoadingScreen } from '../../../components/loading-screen';
import { translateMessage } from '../../../lib/i18n';
import { localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { useActivation } from '../api/activate';
import { SETUP_PASSWORD_PATH } from '../paths';
import { InvalidLink, isInvalidLinkError } from './invalid-link';
import { PublicPage } from './public-page';

/** What the password set-up page is told by activation (router state): whose account it is. */
export interface SetupPasswordState {
  loginName?: string;
}

/**
 * `/activation?token=…` (no auth): uses the mailed activation token, then continues to
 * `/setup-password?token=<setup token>`. A used or expired link says so and offers "Forgot Password ?".
 */
export function ActivationPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const activation = useActivation(token);
  const answer = activation.data;

  useEffect(() => {
    if (!answer) return;
    const state: SetupPasswordState = { loginName: answer.login_name };
    void navigate(`${localePath(lang, SETUP_PASSWORD_PATH)}?token=${encodeURIComponent(answer.setup_token)}`, {
      replace: true,
      state,
    });
  }, [answer, lang, navigate]);

  let content;
  if (!token || isInvalidLinkError(activation.error)) content = <InvalidLink />;
  else if (activation.error) {
    content = <AppAlert type="error" message={translateMessage(activation.error.message)} />;
  } else content = <LoadingScreen label={t('activation.activating')} />;

  return <PublicPage title={t('route.activation')}>{content}</PublicPage>;
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CenteredPage } from '../../../components/centered-page';
import { LoadingScreen } from '../../../components/loading-screen';
import { LOGIN_PATH, localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { isLoginState, type LoginState } from '../paths';
import { logout } from '../session';

/**
 * `/account/logout`: signs out and lands on login. It sits outside both guards, so clearing the session
 * does not make the page being left send the user to login with a redirect back. A notice in the router state
 * (password changed, idle) is passed on to the login page.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { state } = useLocation();
  const notice = isLoginState(state) ? state.notice : undefined;
  useEffect(() => {
    let active = true;
    void logout().then(() => {
      const next: LoginState = notice ? { notice } : {};
      if (active) void navigate(localePath(lang, LOGIN_PATH), { replace: true, state: next });
    });
    return () => {
      active = false;
    };
  }, [lang, navigate, notice]);
  return (
    <CenteredPage>
      <LoadingScreen label={t('route.logout')} />
    </CenteredPage>
  );
}

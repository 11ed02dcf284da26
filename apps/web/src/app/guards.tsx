import { hasAnyPermission } from '@strata/shared';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { CenteredPage } from '../components/centered-page';
import { LoadingScreen } from '../components/loading-screen';
import { AccountSession } from '../features/account/components/account-session';
import { SECURITY_PATH } from '../features/account/paths';
import { syncSession } from '../features/account/session';
import { useTwoFactorRequired } from '../features/account/use-two-factor-required';
import { useSession } from '../lib/auth-store';
import { DEFAULT_INDEX_PATH, localePath, loginPath } from '../lib/paths';
import { useSystemState } from '../lib/system-store';
import { useLang } from '../lib/use-lang';
import { AppFrame } from './layout/app-frame';
import { NotFoundPage } from './not-found-page';
import { useRouteMeta } from './layout/use-route-meta';
import { SystemErrorPage } from './system-error-page';

/**
 * The navigation guard for routes that need sign-in (spec §4): signed-out users go to login with the full path
 * as `redirect`; signed-in users are synced first; a route whose tasks the user lacks falls back to the
 * default index; a user who must enrol in two-factor authentication is kept on the security page. While
 * navigation is locked it does not redirect. The signed-in frame comes with the account's session watch (idle).
 */
export function ProtectedGuard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const meta = useRouteMeta();
  const authenticated = useSystemState((state) => state.authenticated);
  const sync = useSystemState((state) => state.sync);
  const systemError = useSystemState((state) => state.systemError);
  const locked = useSystemState((state) => state.lockNavigation);
  const permissions = useSession((state) => state.permissions);
  const hasProfile = useSession((state) => state.profile !== null);
  const mustEnrol = useTwoFactorRequired();

  useEffect(() => {
    if (authenticated && !sync && !systemError) void syncSession();
  }, [authenticated, sync, systemError]);

  if (!authenticated) {
    return locked ? null : <Navigate replace to={loginPath(lang, `${location.pathname}${location.search}`)} />;
  }
  if (systemError) return <SystemErrorPage onRetry={() => void syncSession()} />;
  // The first sync shows a loading screen; a later one (requireSync) keeps the page while it runs.
  if (!sync && !hasProfile) {
    return (
      <CenteredPage>
        <LoadingScreen label={t('system.loadingAccount')} />
      </CenteredPage>
    );
  }
  const security = localePath(lang, SECURITY_PATH);
  if (mustEnrol && !locked && location.pathname !== security) return <Navigate replace to={security} />;
  const defaultIndex = localePath(lang, DEFAULT_INDEX_PATH);
  if (!hasAnyPermission(permissions, meta?.tasks) && !locked && location.pathname !== defaultIndex) {
    return <Navigate replace to={defaultIndex} />;
  }
  return (
    <>
      <AccountSession />
      <AppFrame>{children}</AppFrame>
    </>
  );
}

/** An unknown path under a signed-in session: the 404 page inside the frame (menu, toolbar), after the same checks. */
export function FramedNotFound() {
  return (
    <ProtectedGuard>
      <NotFoundPage framed />
    </ProtectedGuard>
  );
}

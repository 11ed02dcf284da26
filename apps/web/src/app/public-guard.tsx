import { Navigate, Outlet } from 'react-router';
import { DEFAULT_INDEX_PATH, localePath } from '../lib/paths';
import { useSystemState } from '../lib/system-store';
import { useLang } from '../lib/use-lang';

/** The guard for sign-in and other signed-out pages: a signed-in user goes to the default index. */
export function PublicGuard() {
  const lang = useLang();
  const authenticated = useSystemState((state) => state.authenticated);
  const locked = useSystemState((state) => state.lockNavigation);
  if (authenticated && !locked) return <Navigate replace to={localePath(lang, DEFAULT_INDEX_PATH)} />;
  return <Outlet />;
}

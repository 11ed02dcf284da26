import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { syncSession } from '../../features/account/session';
import { AnnouncementDialog, DataUpdateBanner, NotificationBell, useLiveConnection } from '../../features/realtime';
import { useSession } from '../../lib/auth-store';
import { useDataStale } from '../../lib/data-topics';
import { useVisibleRouteActions } from '../../lib/route-actions';
import { systemStore, useSystemState } from '../../lib/system-store';
import { AppDrawer } from './app-drawer';
import { AppFooter } from './app-footer';
import { AppToolbar } from './app-toolbar';
import { ContractBar } from './contract-bar';
import { HttpErrorAlert } from './http-error-alert';
import { PageHeaderAction, RouteActionButton } from './route-action-button';
import { APP_BAR_HEIGHT, useDrawerLayout } from './use-drawer-layout';
import { useRouteMeta } from './use-route-meta';
import { useTrackLastUrl } from './use-track-last-url';

/** `requireSync` (a role, contracts or the account changed): profile, permissions and contracts load again. */
const requireSync = () => void syncSession();

/**
 * The frame of signed-in pages: top bar, side drawer, contract bar, the screen's error alert, the page, the
 * footer and the route's action button. `children` stand for the route's outlet (the 404 page of a signed-in user,
 * which has no route of its own under the guard).
 */
export function AppFrame({ children }: { children?: ReactNode }) {
  useTrackLastUrl();
  const layout = useDrawerLayout();
  const expanded = useSystemState((state) => (layout === 'phone' ? state.menuOverlay : state.menuDrawer));
  const meta = useRouteMeta();
  const actions = useVisibleRouteActions(meta?.actions);
  // Beyond phones the first action is a labelled button at the head of the page; the rest stay floating.
  const headerAction = layout === 'phone' ? undefined : actions[0];
  const floatingActions = headerAction ? actions.slice(1) : actions;
  const { pathname } = useLocation();
  const synced = useSystemState((state) => state.sync);
  const authenticated = useSystemState((state) => state.authenticated);
  const initialUnread = useSession((state) => state.profile?.unread_notifications);
  useLiveConnection({ enabled: authenticated, initialUnread, onRequireSync: requireSync });
  const stale = useDataStale();

  // Medium and smaller screens collapse the menu at each navigation (and when the window becomes that narrow).
  useLayoutEffect(() => {
    if (layout === 'tablet') systemStore.setState({ menuDrawer: false });
    if (layout === 'phone') systemStore.setState({ menuOverlay: false });
  }, [pathname, layout]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppToolbar layout={layout} expanded={expanded} actions={actions} end={<NotificationBell />} />
      <AppDrawer layout={layout} expanded={expanded} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar sx={{ minHeight: APP_BAR_HEIGHT }} />
        <ContractBar />
        {stale && <DataUpdateBanner onReload={() => window.location.reload()} />}
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, pb: { xs: 10, md: 12 } }}>
          <HttpErrorAlert />
          {headerAction && <PageHeaderAction action={headerAction} />}
          {children ?? <Outlet />}
          {/* The page's floating actions belong to the page: in its landmark, though drawn fixed at the corner. */}
          <RouteActionButton actions={floatingActions} />
        </Box>
        <AppFooter />
      </Box>
      <AnnouncementDialog enabled={synced} />
    </Box>
  );
}

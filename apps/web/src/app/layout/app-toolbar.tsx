import CloudOff from '@mui/icons-material/CloudOff';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppInfo } from '../../lib/app-info';
import { useSession } from '../../lib/auth-store';
import { buildMenu, categoryOfPage } from '../../lib/menu';
import { registeredRoutes } from '../../lib/route-registry';
import type { RouteAction } from '../../lib/route-meta';
import { systemStore, useSystemState } from '../../lib/system-store';
import { AccountMenu } from './account-menu';
import { MENU_DRAWER_ID } from './app-drawer';
import { LanguageMenu } from './language-menu';
import { APP_BAR_HEIGHT, type DrawerLayout } from './use-drawer-layout';
import { useRouteMeta } from './use-route-meta';

export interface AppToolbarProps {
  layout: DrawerLayout;
  /** The menu is full (tablet, desktop) or open (phone). */
  expanded: boolean;
  /** The route's visible actions, also listed in the account menu. */
  actions?: readonly RouteAction[];
  /** More items before the lost-connection mark (the notification bell). */
  end?: ReactNode;
}

/**
 * The top bar (spec §2 Layout): drawer toggle, product name, route title, language menu, lost-connection mark and
 * account menu. On pages of the Administrative category, and the pages below its menu entries, it is red.
 */
export function AppToolbar({ layout, expanded, actions, end }: AppToolbarProps) {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const { data: info } = useAppInfo();
  const connected = useSystemState((state) => state.connected);
  const { pathname } = useLocation();
  const permissions = useSession((state) => state.permissions);
  // A page below a menu entry (a user's page under User Management) has the colour of that entry's category.
  const admin = categoryOfPage(buildMenu(registeredRoutes(), permissions), pathname, meta?.category) === 'admin';

  return (
    <AppBar
      position="fixed"
      color={admin ? 'error' : 'primary'}
      enableColorOnDark
      elevation={1}
      sx={(theme) => ({ zIndex: layout === 'phone' ? theme.zIndex.appBar : theme.zIndex.drawer + 1 })}
    >
      <Toolbar sx={{ gap: 1, minHeight: APP_BAR_HEIGHT, pl: { xs: 1, sm: 1.5 } }}>
        <Tooltip title={t('menu.toggle')}>
          <IconButton
            color="inherit"
            aria-label={t('menu.toggle')}
            aria-controls={MENU_DRAWER_ID}
            aria-expanded={expanded}
            onClick={() => systemStore.setState((state) => (layout === 'phone' ? { menuOverlay: !state.menuOverlay } : { menuDrawer: !state.menuDrawer }))}
            sx={{ ml: { md: 1 } }}
          >
            {expanded && layout !== 'phone' ? <MenuOpen /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Typography
          component="p"
          noWrap
          sx={{
            display: { xs: 'none', md: 'block' },
            fontWeight: 700,
            letterSpacing: '0.06em',
            fontSize: '1.05rem',
            textTransform: 'uppercase',
            ml: 1.5,
            // Line the route title up with the content next to a full drawer.
            width: expanded && layout !== 'phone' ? 220 : 'auto',
          }}
        >
          {info?.name || t('app.name')}
        </Typography>
        <Divider orientation="vertical" flexItem sx={{ display: { xs: 'none', md: 'block' }, my: 2, mx: 1, borderColor: 'rgba(255,255,255,0.35)' }} />
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}>
          {meta ? t(meta.title) : ''}
        </Typography>
        {end}
        <LanguageMenu />
        {!connected && (
          <Tooltip title={t('system.connectionLost')}>
            <Box role="status" aria-label={t('system.connectionLost')} sx={{ display: 'flex', px: 0.5 }}>
              <CloudOff />
            </Box>
          </Tooltip>
        )}
        <AccountMenu actions={actions} />
      </Toolbar>
    </AppBar>
  );
}

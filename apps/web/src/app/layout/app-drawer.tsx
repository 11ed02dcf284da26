import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../lib/app-info';
import { systemStore } from '../../lib/system-store';
import { NavMenu } from './nav-menu';
import { APP_BAR_HEIGHT, type DrawerLayout } from './use-drawer-layout';

export const MENU_DRAWER_ID = 'app-menu-drawer';

export interface AppDrawerProps {
  layout: DrawerLayout;
  /** Full width (or, on phones, the overlay open); otherwise mini (or, on phones, hidden). */
  expanded: boolean;
}

/** The width the drawer takes beside the content. */
export function drawerWidth(layout: DrawerLayout, expanded: boolean): number {
  if (layout === 'phone') return 0;
  return expanded ? LIMITS.drawerWidth : LIMITS.miniDrawerWidth;
}

/**
 * The side drawer (spec §2 Layout): 300 wide, mini 82 wide, permanent under the top bar from md up;
 * a temporary overlay on phones, with the product name at its top.
 */
export function AppDrawer({ layout, expanded }: AppDrawerProps) {
  const { t } = useTranslation();
  const { data: info } = useAppInfo();

  if (layout === 'phone') {
    return (
      <Drawer
        id={MENU_DRAWER_ID}
        variant="temporary"
        open={expanded}
        onClose={() => systemStore.setState({ menuOverlay: false })}
        slotProps={{ paper: { sx: { width: Math.min(LIMITS.drawerWidth, window.innerWidth - 56) } } }}
      >
        <Toolbar sx={{ minHeight: APP_BAR_HEIGHT }}>
          <Typography component="p" noWrap sx={{ fontWeight: 700, letterSpacing: '0.06em', fontSize: '1.05rem', textTransform: 'uppercase' }}>
            {info?.name || t('app.name')}
          </Typography>
        </Toolbar>
        <Box sx={{ overflowY: 'auto', pb: 2 }}>
          <NavMenu mini={false} />
        </Box>
      </Drawer>
    );
  }

  const width = drawerWidth(layout, expanded);
  return (
    <Drawer
      id={MENU_DRAWER_ID}
      variant="permanent"
      open
      sx={(theme) => ({
        width,
        flexShrink: 0,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      })}
    >
      <Toolbar sx={{ minHeight: APP_BAR_HEIGHT }} />
      <Box sx={{ overflowY: 'auto', overflowX: 'hidden', pb: 2 }}>
        <NavMenu mini={!expanded} />
      </Box>
    </Drawer>
  );
}

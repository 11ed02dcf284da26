import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import type { AppRoute } from '../../lib/route-meta';

/** The user manual: signed in, no task needed. */
export const manualRoutes: readonly AppRoute[] = [
  {
    path: '/user-manual',
    meta: { title: 'route.userManual', category: 'manual', icon: MenuBookOutlined },
    lazy: () => import('./components/user-manual-page').then((m) => ({ Component: m.UserManualPage })),
  },
];

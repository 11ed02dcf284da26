import type { AppRoute } from '../../lib/route-meta';

/** Pages about the system itself. */
export const systemRoutes: readonly AppRoute[] = [
  {
    // Open to everyone, signed in or not: security.txt's Policy points here.
    path: '/security',
    meta: { title: 'route.security', guard: false },
    lazy: () => import('./components/security-page').then((m) => ({ Component: m.SecurityPage })),
  },
];

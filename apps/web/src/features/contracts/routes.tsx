import type { AppRoute } from '../../lib/route-meta';

/** Routes of this feature (issue 6); rows are added as the screens are built. */
export const contractsRoutes: readonly AppRoute[] = [];

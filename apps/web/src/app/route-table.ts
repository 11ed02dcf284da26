import { accountRoutes } from '../features/account/routes';
import { alertsRoutes } from '../features/alerts/routes';
import { alertRulesRoutes } from '../features/alert-rules/routes';
import { actionLogRoutes } from '../features/action-log/routes';
import { adminRoutes } from '../features/admin/routes';
import { contractsRoutes } from '../features/contracts/routes';
import { instrumentsRoutes } from '../features/instruments/routes';
import { masterDataRoutes } from '../features/master-data/routes';
import { sitesRoutes } from '../features/sites/routes';
import { structuresRoutes } from '../features/structures/routes';
import { createDevToolsRoutes } from '../features/dev-tools/routes';
import { manualRoutes } from '../features/manual/routes';
import { systemRoutes } from '../features/system/routes';
import { workspaceRoutes } from '../features/workspace/routes';
import { uploadsRoutes } from '../features/uploads/routes';
import { filesRoutes } from '../features/files/routes';
import { reportingRoutes } from '../features/reporting/routes';
import type { AppRoute } from '../lib/route-meta';
import { NotFoundPage } from './not-found-page';

/** Every page of the app, collected from the features. The menu and the route actions are built from this. */
export const routeTable: readonly AppRoute[] = [
  ...workspaceRoutes,
  ...accountRoutes,
  ...adminRoutes,
  ...contractsRoutes,
  ...masterDataRoutes,
  ...instrumentsRoutes,
  ...sitesRoutes,
  ...structuresRoutes,
  ...uploadsRoutes,
  ...alertsRoutes,
  ...alertRulesRoutes,
  ...actionLogRoutes,
  ...filesRoutes,
  ...reportingRoutes,
  ...manualRoutes,
  ...systemRoutes,
  ...createDevToolsRoutes({ NotFound: NotFoundPage }),
];

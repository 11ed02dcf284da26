import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import type { AppRoute } from '../../lib/route-meta';
import { ACTION_LOG_PATH, INVESTIGATION_PATH, NEW_CASE_PATH } from './paths';
import { ACTION_LOG_EDIT_TASKS, ACTION_LOG_READ_TASKS } from './tasks';

/**
 * The Log of Actions Taken (spec §2.6, §6; issue 9): the log with a tab per case category, opening a case, one case,
 * and the log across every case (`/alerts/investigation`, in the Data Alert menu). Who may open what: `tasks.ts`.
 */
export const actionLogRoutes: readonly AppRoute[] = [
  {
    path: NEW_CASE_PATH,
    meta: { title: 'actionLog.route.newCase', tasks: ACTION_LOG_EDIT_TASKS, back: true },
    lazy: () => import('./new-case/new-case-page').then((m) => ({ Component: m.NewCasePage })),
  },
  {
    path: `${ACTION_LOG_PATH}/:category?`,
    meta: { title: 'actionLog.route.log', tasks: ACTION_LOG_READ_TASKS, back: true },
    lazy: () => import('./list/action-log-page').then((m) => ({ Component: m.ActionLogPage })),
  },
  {
    path: '/alert/action-detail/:id',
    meta: { title: 'actionLog.route.case', tasks: ACTION_LOG_READ_TASKS, back: true },
    lazy: () => import('./detail/case-detail-page').then((m) => ({ Component: m.CaseDetailPage })),
  },
  {
    path: INVESTIGATION_PATH,
    meta: { title: 'actionLog.route.investigation', tasks: ACTION_LOG_READ_TASKS, category: 'alert', icon: AssignmentOutlined, menuOrder: 40 },
    lazy: () => import('./investigation/investigation-page').then((m) => ({ Component: m.InvestigationPage })),
  },
];

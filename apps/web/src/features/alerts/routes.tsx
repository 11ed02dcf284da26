import Download from '@mui/icons-material/Download';
import FilterList from '@mui/icons-material/FilterList';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import type { RouteAction } from '../../lib/route-meta';
import type { AppRoute } from '../../lib/route-meta';
import {
  ALERT_LANDING_PATH,
  BREACHED_PATH,
  INSTRUMENT_ALERTS_PATH,
  INSTRUMENT_STATUS_PATH,
  MISSING_READINGS_PATH,
  MONITORING_GROUP_ALERTS_PATH,
  PROJECT_RISKS_PATH,
  SCENARIO_ALERTS_PATH,
} from './paths';
import { ALERT_CLOSE_TASKS, ALERT_LANDING_TASKS, ALERT_VIEW_TASKS, RISK_TASKS, STATUS_TASKS } from './tasks';
import { SITE_ALERTS_PATH } from './site/api';

const landing = () => import('./landing/alert-landing-page').then((m) => ({ Component: m.AlertLandingPage }));
const detail = () => import('./detail/alert-detail-page').then((m) => ({ Component: m.AlertDetailPage }));
const lists = () => import('./lists/alert-list-pages');

/** The alert page's actions (spec §2.6: QPS comment and QPD comment; closing the alert). */
const DETAIL_ACTIONS: readonly RouteAction[] = [
  { id: 'close-alert', title: 'alerts.action.close', icon: TaskAltOutlined, color: 'primary', acl: ALERT_CLOSE_TASKS, default: true },
  { id: 'qps-comment', title: 'alerts.action.qpsComment', icon: RateReviewOutlined, speedDial: true },
  { id: 'qpd-comment', title: 'alerts.action.qpdComment', icon: RateReviewOutlined, speedDial: true },
];

/** The same alert page under each list's path (`/alerts/instrument/{id}` …), with the document action where the spec has it. */
const DOWNLOAD_ACTION: RouteAction = { id: 'download-document', title: 'alerts.action.downloadDocument', icon: Download, speedDial: true };

/**
 * Alerts (spec §2.6, issue 9 "Screens"): the View Data Alerts landing, breached instruments (list and map), the
 * Monitoring Alerts lists, one alert's page, every instrument's status and the project risk rating. Under the Data
 * Alert menu. Who may open what: `tasks.ts` (the server's rules, decision 017).
 */
export const alertsRoutes: readonly AppRoute[] = [
  {
    path: ALERT_LANDING_PATH,
    meta: { title: 'alerts.route.landing', tasks: ALERT_LANDING_TASKS, category: 'alert', icon: NotificationsActiveOutlined, menuOrder: 10 },
    lazy: landing,
  },
  {
    path: BREACHED_PATH,
    meta: {
      title: 'alerts.route.breached',
      tasks: ALERT_VIEW_TASKS,
      back: true,
      actions: [{ id: 'filter', title: 'alerts.action.filter', icon: FilterList, default: true }],
    },
    lazy: () => import('./breached/breached-page').then((m) => ({ Component: m.BreachedPage })),
  },
  {
    path: INSTRUMENT_STATUS_PATH,
    meta: { title: 'alerts.route.instrumentStatus', tasks: STATUS_TASKS, category: 'alert', icon: FactCheckOutlined, menuOrder: 20 },
    lazy: () => import('./status/instrument-status-page').then((m) => ({ Component: m.InstrumentStatusPage })),
  },
  {
    path: PROJECT_RISKS_PATH,
    meta: { title: 'alerts.route.projectRisks', tasks: RISK_TASKS, category: 'alert', icon: SpeedOutlined, menuOrder: 30 },
    lazy: () => import('./risks/project-risks-page').then((m) => ({ Component: m.ProjectRisksPage })),
  },
  {
    path: INSTRUMENT_ALERTS_PATH,
    meta: { title: 'alerts.route.instrumentAlerts', tasks: ALERT_VIEW_TASKS, back: true },
    lazy: () => lists().then((m) => ({ Component: m.InstrumentAlertsPage })),
  },
  { path: '/alerts/instrument/:id', meta: { title: 'alerts.route.alert', tasks: ALERT_VIEW_TASKS, back: true, actions: DETAIL_ACTIONS }, lazy: detail },
  {
    path: MISSING_READINGS_PATH,
    meta: { title: 'alerts.route.missingReadings', tasks: ALERT_VIEW_TASKS, back: true },
    lazy: () => lists().then((m) => ({ Component: m.MissingReadingAlertsPage })),
  },
  { path: `${MISSING_READINGS_PATH}/:id`, meta: { title: 'alerts.route.alert', tasks: ALERT_VIEW_TASKS, back: true, actions: DETAIL_ACTIONS }, lazy: detail },
  {
    path: MONITORING_GROUP_ALERTS_PATH,
    meta: { title: 'alerts.route.groupAlerts', tasks: ALERT_VIEW_TASKS, back: true },
    lazy: () => lists().then((m) => ({ Component: m.GroupAlertsPage })),
  },
  {
    path: `${MONITORING_GROUP_ALERTS_PATH}/:id`,
    meta: { title: 'alerts.route.alert', tasks: ALERT_VIEW_TASKS, back: true, actions: [...DETAIL_ACTIONS, DOWNLOAD_ACTION] },
    lazy: detail,
  },
  {
    path: SCENARIO_ALERTS_PATH,
    meta: { title: 'alerts.route.scenarioAlerts', tasks: ALERT_VIEW_TASKS, back: true },
    lazy: () => lists().then((m) => ({ Component: m.ScenarioAlertsPage })),
  },
  {
    path: `${SCENARIO_ALERTS_PATH}/:id`,
    meta: { title: 'alerts.route.alert', tasks: ALERT_VIEW_TASKS, back: true, actions: [...DETAIL_ACTIONS, DOWNLOAD_ACTION] },
    lazy: detail,
  },
  {
    path: '/alerts/:type',
    meta: { title: 'alerts.route.monitoringAlerts', tasks: ALERT_VIEW_TASKS, back: true },
    lazy: () => lists().then((m) => ({ Component: m.MonitoringAlertsPage })),
  },
  {
    // Spec §2.9: a Civil table, a menu entry of Home like /civil/critical-interface (the menu has no Civil category).
    path: SITE_ALERTS_PATH,
    meta: { title: 'siteAlerts.route', category: 'home', icon: ConstructionOutlined, menuOrder: 39, tasks: ALERT_VIEW_TASKS },
    lazy: () => import('./site/site-alerts-page').then((m) => ({ Component: m.SiteAlertsPage })),
  },
  {
    path: '/alert-detail/:id',
    meta: { title: 'alerts.route.alert', tasks: ALERT_VIEW_TASKS, back: true, actions: [...DETAIL_ACTIONS, DOWNLOAD_ACTION] },
    lazy: detail,
  },
];

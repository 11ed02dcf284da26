import Add from '@mui/icons-material/Add';
import FilterList from '@mui/icons-material/FilterList';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import type { AppRoute } from '../../../lib/route-meta';
import { REPORTING_PATHS } from '../paths';
import { FULL_MONITORING_TASKS, PUBLISHED_TASKS, REPORT_APPROVAL_TASKS } from './tasks';

const reports = () => import('./reports/report-pages');

/**
 * Full monitoring reports (spec §2.7, issue 20): the landing, the monitoring templates, generation, build, the list,
 * approval and the published reports. The published page has no route task: Authority users see it without one, so
 * the page itself checks (`canSeePublished`) and the server decides.
 */
export const fullMonitoringRoutes: readonly AppRoute[] = [
  {
    path: REPORTING_PATHS.fullMonitoring,
    meta: { title: 'fullMonitoring.route.landing', tasks: PUBLISHED_TASKS, category: 'reports', icon: SummarizeOutlined, menuOrder: 20 },
    lazy: () => import('./landing-page').then((m) => ({ Component: m.FullMonitoringLandingPage })),
  },
  {
    path: REPORTING_PATHS.templateManager,
    meta: {
      title: 'fullMonitoring.route.templates',
      tasks: FULL_MONITORING_TASKS,
      back: true,
      actions: [
        { id: 'add-template', title: 'fullMonitoring.action.addTemplate', icon: Add, color: 'primary', acl: FULL_MONITORING_TASKS, default: true },
        { id: 'filter', title: 'fullMonitoring.action.filter', icon: FilterList, acl: FULL_MONITORING_TASKS, speedDial: true },
      ],
    },
    lazy: () => import('./templates/template-manager-page').then((m) => ({ Component: m.TemplateManagerPage })),
  },
  {
    path: REPORTING_PATHS.templateAdd,
    meta: { title: 'fullMonitoring.route.templateAdd', tasks: FULL_MONITORING_TASKS, back: true },
    lazy: () => import('./templates/template-editor-page').then((m) => ({ Component: m.NewTemplatePage })),
  },
  {
    path: REPORTING_PATHS.templateEdit,
    meta: { title: 'fullMonitoring.route.templateEdit', tasks: FULL_MONITORING_TASKS, back: true },
    lazy: () => import('./templates/template-editor-page').then((m) => ({ Component: m.EditTemplatePage })),
  },
  {
    path: REPORTING_PATHS.fullMonitoringGenerate,
    meta: { title: 'fullMonitoring.route.generate', tasks: FULL_MONITORING_TASKS, back: true },
    lazy: () => import('./generate/generate-page').then((m) => ({ Component: m.GenerateFullMonitoringPage })),
  },
  {
    path: REPORTING_PATHS.fullMonitoringBuild,
    meta: { title: 'fullMonitoring.route.build', tasks: FULL_MONITORING_TASKS, back: true },
    lazy: () => import('./generate/build-page').then((m) => ({ Component: m.BuildPage })),
  },
  {
    path: REPORTING_PATHS.fullMonitoringList,
    meta: { title: 'fullMonitoring.route.list', tasks: FULL_MONITORING_TASKS, back: true },
    lazy: () => reports().then((m) => ({ Component: m.MonitoringReportListPage })),
  },
  {
    path: REPORTING_PATHS.fullMonitoringApproval,
    meta: { title: 'fullMonitoring.route.approval', tasks: REPORT_APPROVAL_TASKS, back: true },
    lazy: () => reports().then((m) => ({ Component: m.ApprovalPage })),
  },
  {
    path: REPORTING_PATHS.fullMonitoringPublished,
    meta: { title: 'fullMonitoring.route.published', back: true },
    lazy: () => import('./published/published-page').then((m) => ({ Component: m.PublishedPage })),
  },
];

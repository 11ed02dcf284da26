import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import type { AppRoute } from '../../lib/route-meta';
import { customReportRoutes } from './custom-report-routes';
import { fullMonitoringRoutes } from './full-monitoring/routes';
import { REPORTING_PATHS } from './paths';
import { REPORT_TASKS } from './tasks';

const generation = () => import('./generate/generation-pages');

/**
 * Monitoring reports (spec §2.7, issue 20): the `/reporting` landing (its tiles and the user's recent reports), the
 * Monitoring Report Generation chooser, the generation pages of GEO, IMR, IMC, installation status and summary of
 * work done, the generated installation status reports, and one report's page (the background notification's link).
 * The full monitoring pages are `full-monitoring/routes.tsx`; custom templates, scheduled reports and the protection
 * setting (issue 21) `custom-report-routes.tsx`.
 */
export const reportingRoutes: readonly AppRoute[] = [
  {
    path: REPORTING_PATHS.landing,
    meta: { title: 'reporting.route.landing', tasks: REPORT_TASKS, category: 'reports', icon: AssessmentOutlined, menuOrder: 10 },
    lazy: () => import('./landing/reporting-landing-page').then((m) => ({ Component: m.ReportingLandingPage })),
  },
  {
    path: REPORTING_PATHS.monitoring,
    meta: { title: 'reporting.route.monitoring', tasks: REPORT_TASKS, back: true },
    lazy: () => import('./landing/reporting-landing-page').then((m) => ({ Component: m.MonitoringReportsPage })),
  },
  {
    path: REPORTING_PATHS.geotechnical,
    meta: { title: 'reporting.route.geotechnical', tasks: REPORT_TASKS, back: true },
    lazy: () => generation().then((m) => ({ Component: m.GeotechnicalReportPage })),
  },
  {
    path: REPORTING_PATHS.imr,
    meta: { title: 'reporting.route.imr', tasks: REPORT_TASKS, back: true },
    lazy: () => generation().then((m) => ({ Component: m.ImrReportPage })),
  },
  {
    path: REPORTING_PATHS.imc,
    meta: { title: 'reporting.route.imc', tasks: REPORT_TASKS, back: true },
    lazy: () => generation().then((m) => ({ Component: m.ImcReportPage })),
  },
  {
    path: REPORTING_PATHS.installationStatus,
    meta: { title: 'reporting.route.installationStatus', tasks: REPORT_TASKS, back: true },
    lazy: () => generation().then((m) => ({ Component: m.InstallationStatusPage })),
  },
  {
    path: REPORTING_PATHS.installationStatusGenerated,
    meta: { title: 'reporting.route.installationStatusGenerated', tasks: REPORT_TASKS, back: true },
    lazy: () => import('./history/installation-status-generated-page').then((m) => ({ Component: m.InstallationStatusGeneratedPage })),
  },
  {
    path: REPORTING_PATHS.summaryWorkDone,
    meta: { title: 'reporting.route.summaryWorkDone', tasks: REPORT_TASKS, back: true },
    lazy: () => generation().then((m) => ({ Component: m.SummaryWorkDonePage })),
  },
  {
    path: REPORTING_PATHS.report,
    meta: { title: 'reporting.route.report', tasks: REPORT_TASKS, back: true },
    lazy: () => import('./report/report-page').then((m) => ({ Component: m.ReportPage })),
  },
  ...fullMonitoringRoutes,
  ...customReportRoutes,
];

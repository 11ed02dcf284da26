import Add from '@mui/icons-material/Add';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { AppRoute } from '../../lib/route-meta';
import { REPORTING_PATHS } from './paths';
import { REPORT_SETTINGS_TASKS, SCHEDULE_TASKS, TEMPLATE_TASKS } from './tasks';

const templates = () => import('./custom/template-editor-page');
const schedules = () => import('./scheduler/schedule-editor-page');

/**
 * Custom reports (spec §2.8, issue 21): the custom report templates, the scheduled reports, and the Report and
 * Document Protection Setting. Each add action needs its create permission (spec §2.8).
 */
export const customReportRoutes: readonly AppRoute[] = [
  {
    path: REPORTING_PATHS.customTemplates,
    meta: {
      title: 'customReports.route.templates',
      tasks: TEMPLATE_TASKS.view,
      category: 'reports',
      icon: TuneOutlined,
      menuOrder: 30,
      actions: [{ id: 'add-custom-template', title: 'customReports.action.addTemplate', icon: Add, color: 'primary', acl: TEMPLATE_TASKS.create }],
    },
    lazy: () => import('./custom/template-list-page').then((m) => ({ Component: m.TemplateListPage })),
  },
  {
    path: REPORTING_PATHS.customTemplateAdd,
    meta: { title: 'customReports.route.templateAdd', tasks: TEMPLATE_TASKS.create, back: true },
    lazy: () => templates().then((m) => ({ Component: m.NewCustomTemplatePage })),
  },
  {
    path: REPORTING_PATHS.customTemplateEdit,
    meta: { title: 'customReports.route.templateEdit', tasks: TEMPLATE_TASKS.edit, back: true },
    lazy: () => templates().then((m) => ({ Component: m.EditCustomTemplatePage })),
  },
  {
    path: REPORTING_PATHS.schedules,
    meta: {
      title: 'customReports.route.schedules',
      tasks: SCHEDULE_TASKS.view,
      category: 'reports',
      icon: EventRepeatOutlined,
      menuOrder: 40,
      actions: [{ id: 'add-schedule', title: 'customReports.action.addSchedule', icon: Add, color: 'primary', acl: SCHEDULE_TASKS.create }],
    },
    lazy: () => import('./scheduler/schedule-list-page').then((m) => ({ Component: m.ScheduleListPage })),
  },
  {
    path: REPORTING_PATHS.scheduleAdd,
    meta: { title: 'customReports.route.scheduleAdd', tasks: SCHEDULE_TASKS.create, back: true },
    lazy: () => schedules().then((m) => ({ Component: m.NewSchedulePage })),
  },
  {
    path: REPORTING_PATHS.scheduleEdit,
    meta: { title: 'customReports.route.scheduleEdit', tasks: SCHEDULE_TASKS.edit, back: true },
    lazy: () => schedules().then((m) => ({ Component: m.EditSchedulePage })),
  },
  {
    path: REPORTING_PATHS.reportSettings,
    meta: { title: 'customReports.route.settings', tasks: REPORT_SETTINGS_TASKS, back: true },
    lazy: () => import('./settings/settings-page').then((m) => ({ Component: m.ReportSettingsPage })),
  },
];

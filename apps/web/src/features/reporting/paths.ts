/** The reporting pages (spec §2.7), below the language prefix. */
export const REPORTING_PATHS = {
  landing: '/reporting',
  monitoring: '/reporting/monitoring',
  geotechnical: '/reporting/geotechnical',
  imr: '/reporting/imr',
  imc: '/reporting/imc',
  installationStatus: '/reporting/installation-status',
  installationStatusGenerated: '/reporting/installation-status/generated',
  summaryWorkDone: '/reporting/summaryworkdone',
  report: '/reporting/report/:id',
  fullMonitoring: '/reporting/full-monitoring',
  templateManager: '/reporting/template-manager',
  templateAdd: '/reporting/monitoring-template/add',
  templateEdit: '/reporting/monitoring-template/edit/:template_id',
  fullMonitoringGenerate: '/reporting/full-monitoring/generate',
  fullMonitoringBuild: '/reporting/full-monitoring/build',
  fullMonitoringList: '/reporting/full-monitoring/list',
  fullMonitoringApproval: '/reporting/full-monitoring/approval',
  fullMonitoringPublished: '/reporting/full-monitoring/published',
  customTemplates: '/report/customize',
  customTemplateAdd: '/report/customize/add',
  customTemplateEdit: '/report/customize/edit/:id',
  schedules: '/report/scheduler',
  scheduleAdd: '/report/scheduler/add',
  scheduleEdit: '/report/scheduler/edit/:scheduler_id',
  reportSettings: '/report/setting',
} as const;

/** One report's page: the link of the background report's notification. */
export const reportPath = (reportId: number | string) => `/reporting/report/${reportId}`;

/** A monitoring template's edit page. */
export const templateEditPath = (templateId: number) => `/reporting/monitoring-template/edit/${templateId}`;

/** A custom report template's edit page (spec §2.8). */
export const customTemplateEditPath = (id: number) => `/report/customize/edit/${id}`;

/** A scheduled report's edit page (spec §2.8). */
export const scheduleEditPath = (schedulerId: number) => `/report/scheduler/edit/${schedulerId}`;

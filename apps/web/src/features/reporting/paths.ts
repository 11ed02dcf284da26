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
} as const;

/** One report's page: the link of the background report's notification. */
export const reportPath = (reportId: number | string) => `/reporting/report/${reportId}`;

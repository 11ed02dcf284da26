import type { PermissionCode } from '@strata/shared';

/**
 * Who may generate and open the monitoring reports of this session (GEO, IMR, IMC, installation status, summary of
 * work done): the Instrumentation Reporting task or Generate Full Monitoring Report (issue 20; the server decides).
 */
export const REPORT_TASKS: readonly PermissionCode[] = ['GenerateInstrumentationMonitoringReport', 'GenerateFullMonitoringReport'];

/** Spec §6 Customized Report: the template list and each action. */
export const TEMPLATE_TASKS = {
  view: ['SearchorViewReportTemplates'],
  create: ['CreateReportTemplates'],
  edit: ['EditReportTemplates'],
  remove: ['DeleteReportTemplates'],
} as const satisfies Record<string, readonly PermissionCode[]>;

/** Spec §6 Scheduled Report: the schedule list and each action. */
export const SCHEDULE_TASKS = {
  view: ['SearchorViewScheduledReports'],
  create: ['CreateScheduledReports'],
  edit: ['EditScheduledReports'],
  remove: ['DeleteScheduledReports'],
} as const satisfies Record<string, readonly PermissionCode[]>;

/** Spec §2.8 /report/setting: Manage System Settings. */
export const REPORT_SETTINGS_TASKS: readonly PermissionCode[] = ['ManageSystemSettings'];

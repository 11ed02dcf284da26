import { USER_TYPE, type PermissionCode, type TProfile } from '@strata/shared';

/** Templates, generation, build and the list of full monitoring reports (spec §6 Full Monitoring Reporting). */
export const FULL_MONITORING_TASKS: readonly PermissionCode[] = ['GenerateFullMonitoringReport'];
/** The checker's and approver's page. */
export const REPORT_APPROVAL_TASKS: readonly PermissionCode[] = ['ReportApproval'];
/** The published reports: any report task; Authority users see them without one (`canSeePublished`). */
export const PUBLISHED_TASKS: readonly PermissionCode[] = ['GenerateFullMonitoringReport', 'ReportApproval', 'GenerateInstrumentationMonitoringReport'];

/** Whether the published reports page is for this user: one of PUBLISHED_TASKS, or an Authority user. */
export function canSeePublished(permissions: readonly string[], profile: Pick<TProfile, 'user_type'> | null): boolean {
  return PUBLISHED_TASKS.some((code) => permissions.includes(code)) || profile?.user_type === USER_TYPE.Authority;
}

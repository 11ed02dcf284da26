import type { PermissionCode } from '@strata/shared';

/**
 * Who may generate and open the monitoring reports of this session (GEO, IMR, IMC, installation status, summary of
 * work done): the Instrumentation Reporting task or Generate Full Monitoring Report (issue 20; the server decides).
 */
export const REPORT_TASKS: readonly PermissionCode[] = ['GenerateInstrumentationMonitoringReport', 'GenerateFullMonitoringReport'];

import { REPORT_OUTPUTS, type PermissionCode, type ReportOutput } from '@strata/shared';

/** GEO, IMR, IMC, installation status and summary of work done: the Instrumentation Reporting task or the full one. */
export const INSTRUMENT_REPORT_PERMISSIONS: readonly PermissionCode[] = ['GenerateInstrumentationMonitoringReport', 'GenerateFullMonitoringReport'];
export const REPORT_OUTPUTS_ALL: readonly ReportOutput[] = REPORT_OUTPUTS;

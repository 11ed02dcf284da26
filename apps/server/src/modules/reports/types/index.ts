import type { ReportType } from '@strata/shared';
import type { ReportTypeDef } from '../report-types.js';
import { geoblank, geostatus, geosum } from './geo.js';
import { imcStatusInstrument, imcSummaryReport } from './imc.js';
import { imcQualityAudit } from './imc-quality.js';
import { breach, reading } from './imr.js';
import { installationStatus } from './installation.js';
import { map } from './map.js';
import { summaryWorkDone } from './work-done.js';

/**
 * The instrumentation and map report types by code (the engine registers them with `full-monitoring`,
 * types/full-monitoring/, which is made through its own route).
 */
export const REPORT_TYPE_DEFS: Record<Exclude<ReportType, 'full-monitoring'>, ReportTypeDef> = {
  geosum,
  geostatus,
  geoblank,
  reading,
  breach,
  'imc-status-instrument': imcStatusInstrument,
  'imc-quality-audit': imcQualityAudit,
  'imc-summary-report': imcSummaryReport,
  'installation-status': installationStatus,
  'summary-work-done': summaryWorkDone,
  map,
};

import type { ReportType } from '@strata/shared';
import type { ReportTypeDef } from '../report-types.js';
import { geoblank, geostatus, geosum } from './geo.js';
import { imcStatusInstrument } from './imc.js';
import { breach, reading } from './imr.js';

/**
 * The report types built so far, by code (the engine registers them). Still to come (decision 039):
 * `imc-quality-audit`, `imc-summary-report`, `installation-status`, `summary-work-done`; `map` is the map report's.
 */
export type BuiltReportType = Exclude<ReportType, 'map' | 'imc-quality-audit' | 'imc-summary-report' | 'installation-status' | 'summary-work-done'>;

export const REPORT_TYPE_DEFS: Record<BuiltReportType, ReportTypeDef> = {
  geosum,
  geostatus,
  geoblank,
  reading,
  breach,
  'imc-status-instrument': imcStatusInstrument,
};

import type { ReportOutput } from '@strata/shared';
import type { RenderReport } from './report-document.js';
import { renderCsv } from './report-render-csv.js';
import { renderHtml } from './report-render-html.js';
import { renderPdf } from './report-render-pdf.js';
import { renderXlsx } from './report-render-xlsx.js';
import { REPORT_TYPE_DEFS } from './types/index.js';
import { fullMonitoring } from './types/full-monitoring/index.js';
import type { ReportTypeDef } from './report-types.js';

/**
 * The report types the engine makes, by code (decision 039). Each type's module (`types/*.ts`) adds its definition
 * here; a code of ENGINE_REPORT_TYPES that is not here answers 404 on `POST /reports/{type}`.
 */
export type ReportRegistry = ReadonlyMap<string, ReportTypeDef>;

export function reportRegistry(defs: readonly ReportTypeDef[]): ReportRegistry {
  const map = new Map<string, ReportTypeDef>();
  for (const def of defs) {
    if (map.has(def.code)) throw new Error(`report type ${def.code} registered twice`);
    map.set(def.code, def);
  }
  return map;
}

/** The built-in report types (the report type modules register here). */
export const REPORT_TYPES_REGISTRY: ReportRegistry = reportRegistry([...Object.values(REPORT_TYPE_DEFS), fullMonitoring]);

/**
 * The renderer of each output (`report-render-pdf.ts`, `report-render-xlsx.ts`, `report-render-html.ts`,
 * `report-render-csv.ts`). An output
 * without one is refused at creation (400) rather than failing in the job.
 */
export type ReportRenderers = Partial<Record<ReportOutput, RenderReport>>;
export const REPORT_RENDERERS: ReportRenderers = { pdf: renderPdf, xls: renderXlsx, html: renderHtml, csv: renderCsv };

import { ZReportCheck, ZReportCreated, type TReportCheck, type TReportCreated, type TReportParamsInput } from '@strata/shared';
import { apiRequest } from './api-client';

/**
 * The report engine's calls (issue 20, decision 039), shared by the reporting pages and the work space's Map Reports:
 * create a report, check it. Every query of generated reports starts with this key (a report that ends refreshes them).
 */
export const REPORTS_QUERY_KEY = ['reports'] as const;

/** The browser's offset from UTC in hours (spec §9 "Timezone offset is sent in hours"): 8 in Singapore. */
export function browserTzoHours(now: Date = new Date()): number {
  return -now.getTimezoneOffset() / 60;
}

/** `POST /reports/{type}?tzo=<hours>` with the report parameters: the job's id and its access token. */
export function createReport(type: string, params: TReportParamsInput, tzo: number = browserTzoHours()): Promise<TReportCreated> {
  return apiRequest(`/reports/${encodeURIComponent(type)}`, {
    method: 'POST',
    query: { tzo },
    json: params,
    schema: ZReportCreated,
    // The page shows the failure where the report was asked for.
    emitHttpError: false,
  });
}

/** `GET /reports/{id}/check`: 1 in progress (with `progress`), 2 completed (with `url`), 3 failed, 4 too large. */
export function checkReport(reportId: string | number, signal?: AbortSignal): Promise<TReportCheck> {
  return apiRequest(`/reports/${encodeURIComponent(String(reportId))}/check`, { schema: ZReportCheck, signal, emitHttpError: false });
}

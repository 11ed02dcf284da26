import {
  REPORT_MESSAGES,
  ZInstrumentTypeList,
  ZReportCheck,
  ZReportCreated,
  ZReportList,
  ZZoneList,
  type TReportCheck,
  type TReportCreated,
  type TReportParamsInput,
  type TReportListQuery,
} from '@strata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Spec §9 "Zones fetch limit 100". */
export const ZONES_FETCH_LIMIT = 100;

/** Query keys of the reporting pages: the lists start with `['reports']` (a report that ends refreshes them); the form's choices do not. */
export const reportKeys = {
  all: ['reports'] as const,
  list: (query: Partial<TReportListQuery>) => [...reportKeys.all, 'list', query] as const,
  zones: (contractIds: readonly number[]) => ['reporting', 'zones', [...contractIds].sort((a, b) => a - b)] as const,
  instrumentTypes: () => ['reporting', 'instrument-types'] as const,
};

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

/** The spec's message (§8) of a report that ended without a file, or null. */
export function reportStatusMessage(status: number): string | null {
  if (status === 3) return REPORT_MESSAGES.failed;
  if (status === 4) return REPORT_MESSAGES.tooLarge;
  return null;
}

/** `GET /reports`: the caller's generated reports, newest first (`type` narrows to one report type). */
export function useReportList(query: Partial<TReportListQuery>) {
  return useQuery({
    queryKey: reportKeys.list(query),
    queryFn: ({ signal }) => apiRequest('/reports', { query: { ...query }, schema: ZReportList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /zones?is_report=true&filter=[ids]&skip=0&limit=100` (spec §7, §9): the report zones of the chosen contracts. */
export function useReportZones(contractIds: readonly number[]) {
  return useQuery({
    queryKey: reportKeys.zones(contractIds),
    queryFn: ({ signal }) =>
      apiRequest('/zones', {
        query: { is_report: 'true', filter: JSON.stringify(contractIds), skip: 0, limit: ZONES_FETCH_LIMIT },
        schema: ZZoneList,
        signal,
      }),
    enabled: contractIds.length > 0,
    select: (data) => data.records,
  });
}

/** `GET /instrument-types`: every instrument type (id, code, name), by code. */
export function useReportInstrumentTypes() {
  return useQuery({
    queryKey: reportKeys.instrumentTypes(),
    queryFn: ({ signal }) => apiRequest('/instrument-types', { schema: ZInstrumentTypeList, signal }),
    select: (data) => [...data.records].sort((a, b) => a.code.localeCompare(b.code)).map((t) => ({ id: t.type_id, code: t.code, name: t.name })),
    staleTime: 5 * 60_000,
  });
}

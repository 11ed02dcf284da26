import { REPORT_MESSAGES, ZInstrumentTypeList, ZReportList, ZZoneList, type TReportListQuery } from '@strata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { REPORTS_QUERY_KEY } from '../../lib/report-requests';

/** Spec §9 "Zones fetch limit 100". */
export const ZONES_FETCH_LIMIT = 100;

/** Query keys of the reporting pages: the lists start with `['reports']` (a report that ends refreshes them); the form's choices do not. */
export const reportKeys = {
  all: REPORTS_QUERY_KEY,
  list: (query: Partial<TReportListQuery>) => [...reportKeys.all, 'list', query] as const,
  zones: (contractIds: readonly number[]) => ['reporting', 'zones', [...contractIds].sort((a, b) => a - b)] as const,
  instrumentTypes: () => ['reporting', 'instrument-types'] as const,
};

// The engine's calls live in lib/ (the work space's Map Reports follow reports too).
export { browserTzoHours, checkReport, createReport } from '../../lib/report-requests';

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

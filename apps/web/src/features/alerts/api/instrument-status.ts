import { ZAlertInstrumentStatusList } from '@strata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { alertKeys } from './keys';

export interface InstrumentStatusFilters {
  /** A level code, `none` (no level), or '' (any). */
  level: string;
  /** An instrument type code, or '' (any). */
  type: string;
  keyword: string;
  /** The contracts (JSON list): the chosen one, or the active ones. */
  contracts: string;
}

function filterQuery(filters: InstrumentStatusFilters) {
  return {
    level: filters.level || undefined,
    type: filters.type || undefined,
    keyword: filters.keyword || undefined,
    contracts: filters.contracts,
  };
}

/** `GET /alerts/instrument-status`: every instrument's current level, last reading time and open alerts. */
export function useInstrumentStatus(filters: InstrumentStatusFilters | null, page: { limit: number; skip: number }) {
  return useQuery({
    queryKey: alertKeys.instrumentStatus(filters, page),
    queryFn: ({ signal }) =>
      apiRequest('/alerts/instrument-status', {
        query: { ...filterQuery(filters!), ...page },
        schema: ZAlertInstrumentStatusList,
        signal,
      }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

/** The whole filtered list as a file (`format=csv|xlsx`), saved under the server's name. */
export function exportInstrumentStatus(filters: InstrumentStatusFilters, format: 'csv' | 'xlsx'): Promise<string> {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filterQuery(filters))) if (value !== undefined) query.set(key, value);
  return downloadFile(`/alerts/instrument-status?${query.toString()}`, { fileName: `instrument-status.${format}` });
}

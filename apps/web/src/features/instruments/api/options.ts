import { ZAlertLevelList, ZZoneList } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OPTIONS_LIMIT } from '../../../lib/contract-options';
import { instrumentKeys } from './keys';

/** Zones of one contract, or of every visible contract (`GET /zones`, filter a JSON list of contract ids). */
export function useZoneOptions(contractId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: instrumentKeys.zones(contractId),
    queryFn: ({ signal }) =>
      apiRequest('/zones', {
        query: { limit: OPTIONS_LIMIT, skip: 0, filter: contractId ? JSON.stringify([contractId]) : undefined },
        schema: ZZoneList,
        signal,
      }),
    select: (data) => [...data.records].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })),
    enabled,
    staleTime: 60_000,
  });
}

/** The alert levels, in order (name, code, colour, severity): data, not code. */
export function useAlertLevels() {
  return useQuery({
    queryKey: instrumentKeys.levels(),
    queryFn: ({ signal }) => apiRequest('/alert-levels', { schema: ZAlertLevelList, signal }),
    select: (data) => data.records,
    staleTime: 60_000,
  });
}

import { ZAlertLevelList, ZContractList, ZZoneList, type TContract } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instrumentKeys } from './keys';

/** Option lists are read in one page this large (spec §9: contracts limit 1000). */
export const OPTIONS_LIMIT = 1000;

/** The contracts the user can see (`GET /contracts`), by number. */
export function useContractOptions() {
  return useQuery({
    queryKey: instrumentKeys.contracts(),
    queryFn: ({ signal }) => apiRequest('/contracts', { query: { limit: OPTIONS_LIMIT, skip: 0 }, schema: ZContractList, signal }),
    select: (data): TContract[] => [...data.records].sort((a, b) => a.no.localeCompare(b.no, undefined, { numeric: true })),
    staleTime: 60_000,
  });
}

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

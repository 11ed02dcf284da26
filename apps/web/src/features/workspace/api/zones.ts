import { ZZone, ZZoneList } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workspaceKeys } from './keys';

/** `GET /zones?filter=[…]` (limit 100, spec §9): the zones of the chosen contracts, for the filter and the gazetteer. */
export function useZones(contractIds: readonly number[]) {
  return useQuery({
    queryKey: workspaceKeys.zones(contractIds),
    queryFn: ({ signal }) =>
      apiRequest('/zones', { query: { filter: JSON.stringify(contractIds), limit: 100, skip: 0 }, schema: ZZoneList, signal }).then((l) => l.records),
    enabled: contractIds.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** `GET /zones/{id}`: the zone with its polygon (the location search centres on it). */
export function zoneOptions(zoneId: number) {
  return queryOptions({
    queryKey: workspaceKeys.zone(zoneId),
    queryFn: ({ signal }) => apiRequest(`/zones/${zoneId}`, { schema: ZZone, signal }),
    staleTime: 5 * 60_000,
  });
}

import { ZOk, ZZone, ZZoneList, type TCreateZoneRequest, type TUpdateZoneRequest, type TZone } from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CONFIG_QUERY_KEY } from '../../../lib/config';

/** Query keys of the zone screens: everything starts with `['zones']`, so one invalidation refreshes it all. */
export const zoneKeys = {
  all: ['zones'] as const,
  lists: () => [...zoneKeys.all, 'list'] as const,
  list: (params: ZoneListParams) => [...zoneKeys.lists(), params] as const,
  one: (zoneId: number | undefined) => [...zoneKeys.all, 'one', zoneId] as const,
};

export interface ZoneListParams {
  limit: number;
  skip: number;
  keyword?: string;
  contract_id?: number;
  is_report?: boolean;
}

/** `GET /zones` (spec §7): the zones of the caller's contracts; `filter` is a JSON list of contract ids. */
export function useZones(params: ZoneListParams) {
  return useQuery({
    queryKey: zoneKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest('/zones', {
        query: {
          limit: params.limit,
          skip: params.skip,
          keyword: params.keyword,
          filter: params.contract_id ? JSON.stringify([params.contract_id]) : undefined,
          is_report: params.is_report === undefined ? undefined : String(params.is_report),
        },
        schema: ZZoneList,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /zones/{id}`: one zone with its polygon (SVY21 and WGS84). */
export function useZone(zoneId: number | undefined) {
  return useQuery({
    queryKey: zoneKeys.one(zoneId),
    queryFn: ({ signal }) => apiRequest(`/zones/${zoneId}`, { schema: ZZone, signal }),
    enabled: zoneId !== undefined,
  });
}

/** Create (`POST /zones`) or edit (`PUT /zones/{id}`) a zone; field errors reach the form. */
export function useSaveZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { zoneId?: number; body: TCreateZoneRequest | TUpdateZoneRequest }): Promise<TZone> =>
      apiRequest(input.zoneId ? `/zones/${input.zoneId}` : '/zones', {
        method: input.zoneId ? 'PUT' : 'POST',
        json: input.body,
        schema: ZZone,
        emitHttpError: false,
      }),
    onSuccess: (saved) => {
      client.setQueryData(zoneKeys.one(saved.zone_id), saved);
      // The configuration lists the user's zones.
      void client.invalidateQueries({ queryKey: CONFIG_QUERY_KEY });
      return client.invalidateQueries({ queryKey: zoneKeys.lists() });
    },
  });
}

export function useDeleteZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (zoneId: number) => apiRequest(`/zones/${zoneId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: (_ok, zoneId) => {
      client.removeQueries({ queryKey: zoneKeys.one(zoneId) });
      void client.invalidateQueries({ queryKey: CONFIG_QUERY_KEY });
      return client.invalidateQueries({ queryKey: zoneKeys.lists() });
    },
  });
}

import {
  ZCivilSiteList,
  ZOk,
  ZSite,
  ZSiteDrawingList,
  ZSiteList,
  type SiteType,
  type TCreateSiteRequest,
  type TSite,
  type TSiteActivityRequest,
  type TUpdateSiteRequest,
} from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OPTIONS_LIMIT } from '../../../lib/contract-options';
import { SITES_QUERY_KEY } from '../../../lib/site-queries';

/** Query keys of the construction site screens: everything starts with `['sites']`, so one invalidation refreshes it all. */
export const siteKeys = {
  all: SITES_QUERY_KEY,
  lists: () => [...siteKeys.all, 'list'] as const,
  list: (params: SiteListParams) => [...siteKeys.lists(), params] as const,
  one: (siteId: number | undefined) => [...siteKeys.all, 'one', siteId] as const,
  civil: (type: SiteType | undefined) => [...siteKeys.all, 'civil', type ?? 'all'] as const,
  drawings: (params: DrawingListParams) => [...siteKeys.all, 'drawings', params] as const,
};

export interface SiteListParams {
  limit: number;
  skip: number;
  keyword?: string;
  type?: SiteType;
  contract_id?: number;
}

/** `GET /master-data/sites`: the construction sites of the caller's contracts, paged. */
export function useSites(params: SiteListParams) {
  return useQuery({
    queryKey: siteKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/master-data/sites', { query: { ...params }, schema: ZSiteList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /master-data/sites/{id}`: one site with its geometry, stages and design values. */
export function useSite(siteId: number | undefined) {
  return useQuery({
    queryKey: siteKeys.one(siteId),
    queryFn: ({ signal }) => apiRequest(`/master-data/sites/${siteId}`, { schema: ZSite, signal }),
    enabled: siteId !== undefined,
  });
}

/**
 * `GET /civil/sites`: every site of the caller's contracts (limit 1000), or of one type: the site selector of the
 * activity pages and the site filter of the upload history.
 */
export function useCivilSites(type?: SiteType) {
  return useQuery({
    queryKey: siteKeys.civil(type),
    queryFn: ({ signal }) => apiRequest('/civil/sites', { query: { type, limit: OPTIONS_LIMIT, skip: 0 }, schema: ZCivilSiteList, signal }),
  });
}

/** Create (`POST`) or edit (`PUT`, no type) a construction site. Field errors reach the form. */
export function useSaveSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { siteId: number; body: TUpdateSiteRequest } | { siteId?: undefined; body: TCreateSiteRequest }): Promise<TSite> =>
      apiRequest(input.siteId ? `/master-data/sites/${input.siteId}` : '/master-data/sites', {
        method: input.siteId ? 'PUT' : 'POST',
        json: input.body,
        schema: ZSite,
        emitHttpError: false,
      }),
    onSuccess: (saved) => {
      client.setQueryData(siteKeys.one(saved.site_id), saved);
      return client.invalidateQueries({ queryKey: siteKeys.all, predicate: (q) => q.queryKey[1] !== 'one' });
    },
  });
}

/** `PUT /master-data/sites/{id}/activity`: stages and design values. */
export function useSaveActivity(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSiteActivityRequest): Promise<TSite> =>
      apiRequest(`/master-data/sites/${siteId}/activity`, { method: 'PUT', json: body, schema: ZSite, emitHttpError: false }),
    onSuccess: (saved) => {
      client.setQueryData(siteKeys.one(saved.site_id), saved);
      return client.invalidateQueries({ queryKey: siteKeys.lists() });
    },
  });
}

export function useDeleteSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (siteId: number) => apiRequest(`/master-data/sites/${siteId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: (_ok, siteId) => {
      client.removeQueries({ queryKey: siteKeys.one(siteId) });
      return client.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}

export interface DrawingListParams {
  limit: number;
  skip: number;
  site_id?: number;
  contract_id?: number;
  type?: SiteType;
  keyword?: string;
  from?: string;
  to?: string;
}

/** `GET /master-data/sites/uploads`: drawings, newest first (one site's, or the upload history with filters). */
export function useDrawings(params: DrawingListParams) {
  return useQuery({
    queryKey: siteKeys.drawings(params),
    queryFn: ({ signal }) => apiRequest('/master-data/sites/uploads', { query: { ...params }, schema: ZSiteDrawingList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** After an upload: the drawing lists and the site's drawing count. */
export function useDrawingsChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: siteKeys.all });
}

export function useDeleteDrawing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (drawingId: number) => apiRequest(`/master-data/site-drawings/${drawingId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

import { CONSTRUCTION_TOPIC, ZConstructionProgressList, ZExcavationProgress, ZOk, ZSiteDrawingList, ZTunnelProgress, type SiteType } from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { liveEvents } from '../../../lib/live-connection';
import { SITES_QUERY_KEY } from '../../../lib/site-queries';
import { workspaceKeys } from '../api/keys';

/**
 * Query keys of the construction screens: under the work space's (a new contract choice refreshes them), all under
 * `all`, so a live `dataUpdated` of CONSTRUCTION_TOPIC (an approved upload, a deletion) or a deletion here refreshes
 * the lists, the map and an open site at once.
 */
export const constructionKeys = {
  all: [...workspaceKeys.all, 'construction'] as const,
  list: (type: SiteType, contractIds: readonly number[], keyword: string) => [...constructionKeys.all, 'list', type, [...contractIds], keyword] as const,
  excavation: (siteId: number) => [...constructionKeys.all, 'excavation', siteId] as const,
  tunnel: (siteId: number) => [...constructionKeys.all, 'tunnel', siteId] as const,
  // Under the sites' key, not the work space's: the drawing upload dialog refreshes every site query.
  drawings: (siteId: number) => [...SITES_QUERY_KEY, 'workspace-drawings', siteId] as const,
};

/** `GET /civil/progress?type&contracts=[…]&keyword`: the sites of a type with their current progress (list and map). */
export function useConstructionProgressList(type: SiteType, contractIds: readonly number[], keyword: string, enabled = true) {
  return useQuery({
    queryKey: constructionKeys.list(type, contractIds, keyword),
    queryFn: ({ signal }) =>
      apiRequest('/civil/progress', {
        query: { type, contracts: JSON.stringify(contractIds), keyword: keyword.trim() || undefined },
        schema: ZConstructionProgressList,
        signal,
      }),
    enabled: enabled && contractIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** `GET /civil/sites/{id}/excavation-progress`. */
export function useExcavationProgress(siteId: number | undefined) {
  return useQuery({
    queryKey: constructionKeys.excavation(siteId ?? 0),
    queryFn: ({ signal }) => apiRequest(`/civil/sites/${siteId}/excavation-progress`, { schema: ZExcavationProgress, signal }),
    enabled: siteId !== undefined,
  });
}

/** `GET /civil/sites/{id}/tunnel-progress`. */
export function useTunnelProgress(siteId: number | undefined) {
  return useQuery({
    queryKey: constructionKeys.tunnel(siteId ?? 0),
    queryFn: ({ signal }) => apiRequest(`/civil/sites/${siteId}/tunnel-progress`, { schema: ZTunnelProgress, signal }),
    enabled: siteId !== undefined,
  });
}

/** The progress rows that can be deleted, as the API names them. */
export type ConstructionRowKind = 'excavation-progress' | 'excavation-supports' | 'excavation-design' | 'tunnel-shifts';

/** `DELETE /civil/sites/{id}/{kind}/{rowId}`; then every construction answer is fetched again. */
export function useDeleteConstructionRow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, kind, rowId }: { siteId: number; kind: ConstructionRowKind; rowId: number }) =>
      apiRequest(`/civil/sites/${siteId}/${kind}/${rowId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: constructionKeys.all }),
  });
}

/**
 * While a construction page is open, a `dataUpdated` of topic `construction` on the live connection (an upload
 * approved, a row deleted by anyone) fetches the lists, the map and the open site again.
 */
export function useConstructionLive(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    return liveEvents.on('notification', (event) => {
      if (event.type === 'dataUpdated' && event.topic === CONSTRUCTION_TOPIC) void client.invalidateQueries({ queryKey: constructionKeys.all });
    });
  }, [client, enabled]);
}

/**
 * `GET /civil/sites/{id}/drawings`: a site's drawings with their progress dates and places on the map, newest date
 * first (any signed-in user who sees the site may read them; the master-data list needs a site task). The tunnel
 * panel's list and the map's progress drawing share it. Under the sites' key: the drawing dialogs refresh it.
 */
export function useSiteDrawings(siteId: number | undefined) {
  return useQuery({
    queryKey: constructionKeys.drawings(siteId ?? 0),
    queryFn: ({ signal }) => apiRequest(`/civil/sites/${siteId}/drawings`, { schema: ZSiteDrawingList, signal, emitHttpError: false }),
    enabled: siteId !== undefined,
  });
}

import { ZCivilSiteList, ZSite } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workspaceKeys } from './keys';

/**
 * `GET /civil/sites?contracts=[…]`: the construction sites of the chosen contracts (names only), for the gazetteer.
 * Under the sites' key: a site saved or deleted in this session is in the next search, not five minutes later.
 */
export function useWorkspaceSites(contractIds: readonly number[]) {
  return useQuery({
    queryKey: workspaceKeys.sites(contractIds),
    queryFn: ({ signal }) =>
      apiRequest('/civil/sites', { query: { contracts: JSON.stringify(contractIds), limit: 1000, skip: 0 }, schema: ZCivilSiteList, signal }).then(
        (l) => l.records,
      ),
    enabled: contractIds.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** `GET /civil/sites/{id}`: the site with its geometry (the location search centres on it); a saved outline replaces it. */
export function siteOptions(siteId: number) {
  return queryOptions({
    queryKey: workspaceKeys.site(siteId),
    queryFn: ({ signal }) => apiRequest(`/civil/sites/${siteId}`, { schema: ZSite, signal }),
    staleTime: 5 * 60_000,
  });
}

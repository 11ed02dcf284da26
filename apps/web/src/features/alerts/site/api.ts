import { SITE_ALERT_DEFAULT_DISTANCE, SITE_ALERT_MAX_DISTANCE, ZCivilSiteList, ZSite, ZSiteAlertList, type TSiteAlertList } from '@strata/shared';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useUrlFilters } from '../../../components/data-table';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { idOrUndefined } from '../../../lib/page-nav';
import type { AlertListParams } from '../api/alerts';
import { alertKeys } from '../api/keys';

/** `/civil/construction-site`: the chosen site and distance live in the URL. */
export const SITE_ALERTS_PATH = '/civil/construction-site';
export const SITE_URL_KEYS = ['site', 'distance'] as const;

/** The URL's distance (metres) when it is a number from 0 to 500; otherwise the default 50. */
export function distanceOf(value: string): number {
  if (value.trim() === '') return SITE_ALERT_DEFAULT_DISTANCE;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= SITE_ALERT_MAX_DISTANCE ? n : SITE_ALERT_DEFAULT_DISTANCE;
}

/** The site and distance the page shows (from the URL). */
export function useSiteChoice() {
  const [filters, setFilters] = useUrlFilters(SITE_URL_KEYS);
  return { siteId: idOrUndefined(filters.site), distance: distanceOf(filters.distance), setFilters };
}

const siteAlertKeys = {
  sites: (contracts: string | null) => [...alertKeys.all, 'construction-sites', contracts] as const,
  site: (siteId: number | undefined) => [...alertKeys.all, 'construction-site', siteId] as const,
  list: (siteId: number | undefined, distance: number, params: AlertListParams | null) =>
    [...alertKeys.lists(), 'construction-site', siteId, distance, params] as const,
};

/** `GET /civil/sites`: the construction sites (excavations and mined tunnels) of the active contracts, for the selector. */
export function useConstructionSites(contracts: string | null) {
  return useQuery({
    queryKey: siteAlertKeys.sites(contracts),
    queryFn: ({ signal }) => apiRequest('/civil/sites', { query: { contracts: contracts!, limit: 1000, skip: 0 }, schema: ZCivilSiteList, signal }),
    enabled: contracts !== null,
  });
}

/** `GET /civil/sites/{id}`: whether the site has a geometry to measure from (and 404 for a site the caller cannot see). */
export function useConstructionSite(siteId: number | undefined) {
  return useQuery({
    queryKey: siteAlertKeys.site(siteId),
    queryFn: ({ signal }) => apiRequest(`/civil/sites/${siteId}`, { schema: ZSite, signal, emitHttpError: false }),
    enabled: siteId !== undefined,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
  });
}

/**
 * `GET /civil/sites/{id}/alerts` for the alerts table (`AlertsTable`'s `useRows`): the URL's site and distance with
 * the table's page, status and keyword. The server picks the kinds (the scenario category).
 */
export function useSiteAlertRows(params: AlertListParams | null): UseQueryResult<TSiteAlertList> {
  const { siteId, distance } = useSiteChoice();
  const enabled = params !== null && siteId !== undefined;
  return useQuery({
    queryKey: siteAlertKeys.list(siteId, distance, params),
    queryFn: ({ signal }) =>
      apiRequest(`/civil/sites/${siteId}/alerts`, {
        query: {
          limit: params!.limit,
          skip: params!.skip,
          status: params!.status ?? 'all',
          keyword: params!.keyword || undefined,
          distance,
        },
        schema: ZSiteAlertList,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

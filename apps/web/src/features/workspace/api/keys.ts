import { CONTRACTS_QUERY_KEY } from '../../../lib/active-contracts';
import { BOOKMARKS_QUERY_KEY, PREFERENCES_QUERY_KEY } from '../../../lib/query-keys';
import { SITES_QUERY_KEY } from '../../../lib/site-queries';

/**
 * Query keys of the work space: everything but the sites, the bookmarks, the preferences and the geocoder's answers starts
 * with `['contracts', 'workspace']`, so a new active-contract choice (which invalidates every `['contracts']` query)
 * refreshes it all. The instrument id is always the fourth part of a
 * per-instrument key (`placeholderData` keeps the previous answer only for the same instrument).
 */
export const workspaceKeys = {
  all: [...CONTRACTS_QUERY_KEY, 'workspace'] as const,
  boundary: (contractId: number) => [...workspaceKeys.all, 'boundary', contractId] as const,
  instruments: (contractIds: readonly number[]) => [...workspaceKeys.all, 'instruments', [...contractIds]] as const,
  instrument: (instrumentId: number | undefined) => [...workspaceKeys.all, 'instrument', instrumentId] as const,
  thresholds: (instrumentId: number | undefined) => [...workspaceKeys.all, 'thresholds', instrumentId] as const,
  designValues: (instrumentId: number) => [...workspaceKeys.all, 'design-values', instrumentId] as const,
  readingRows: (instrumentId: number, ...rest: readonly unknown[]) => [...workspaceKeys.all, 'reading-rows', instrumentId, ...rest] as const,
  readings: (instrumentId: number | undefined, ...rest: readonly unknown[]) => [...workspaceKeys.all, 'readings', instrumentId, ...rest] as const,
  latest: (instrumentIds: readonly number[]) => [...workspaceKeys.all, 'latest', [...instrumentIds]] as const,
  profile: (instrumentId: number, ...rest: readonly unknown[]) => [...workspaceKeys.all, 'profile', instrumentId, ...rest] as const,
  // Sites start with the key every site query shares, so saving or deleting a site refreshes the location search too.
  sites: (contractIds: readonly number[]) => [...SITES_QUERY_KEY, 'workspace', [...contractIds]] as const,
  site: (siteId: number) => [...SITES_QUERY_KEY, 'workspace-site', siteId] as const,
  statuses: (contractIds: readonly number[]) => [...workspaceKeys.all, 'statuses', [...contractIds]] as const,
  zones: (contractIds: readonly number[]) => [...workspaceKeys.all, 'zones', [...contractIds]] as const,
  zone: (zoneId: number) => [...workspaceKeys.all, 'zone', zoneId] as const,
  // The account pages' entries (lib/query-keys.ts): a view saved or a layer chosen here shows there at once, and back.
  bookmarks: () => BOOKMARKS_QUERY_KEY,
  preferences: () => PREFERENCES_QUERY_KEY,
  // Addresses do not depend on the contracts: a new contract choice does not ask the (rate-limited) geocoder again.
  geocode: (q: string) => ['geocode', q] as const,
};

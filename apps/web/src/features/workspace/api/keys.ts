import { CONTRACTS_QUERY_KEY } from '../../../lib/active-contracts';

/**
 * Query keys of the work space: everything starts with `['contracts', 'workspace']`, so a new active-contract choice
 * (which invalidates every `['contracts']` query) refreshes it all. The instrument id is always the fourth part of a
 * per-instrument key (`placeholderData` keeps the previous answer only for the same instrument).
 */
export const workspaceKeys = {
  all: [...CONTRACTS_QUERY_KEY, 'workspace'] as const,
  boundary: (contractId: number) => [...workspaceKeys.all, 'boundary', contractId] as const,
  instruments: (contractIds: readonly number[]) => [...workspaceKeys.all, 'instruments', [...contractIds]] as const,
  instrument: (instrumentId: number | undefined) => [...workspaceKeys.all, 'instrument', instrumentId] as const,
  thresholds: (instrumentId: number | undefined) => [...workspaceKeys.all, 'thresholds', instrumentId] as const,
  readingRows: (instrumentId: number, ...rest: readonly unknown[]) => [...workspaceKeys.all, 'reading-rows', instrumentId, ...rest] as const,
  readings: (instrumentId: number | undefined, ...rest: readonly unknown[]) => [...workspaceKeys.all, 'readings', instrumentId, ...rest] as const,
  latest: (instrumentIds: readonly number[]) => [...workspaceKeys.all, 'latest', [...instrumentIds]] as const,
  profile: (instrumentId: number, ...rest: readonly unknown[]) => [...workspaceKeys.all, 'profile', instrumentId, ...rest] as const,
  sites: (contractIds: readonly number[]) => [...workspaceKeys.all, 'sites', [...contractIds]] as const,
  site: (siteId: number) => [...workspaceKeys.all, 'site', siteId] as const,
  statuses: (contractIds: readonly number[]) => [...workspaceKeys.all, 'statuses', [...contractIds]] as const,
  zones: (contractIds: readonly number[]) => [...workspaceKeys.all, 'zones', [...contractIds]] as const,
  zone: (zoneId: number) => [...workspaceKeys.all, 'zone', zoneId] as const,
};

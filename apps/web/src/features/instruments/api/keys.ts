/** Query keys of this feature: everything starts with `['instruments']`, so one invalidation refreshes it all. */
export const instrumentKeys = {
  all: ['instruments'] as const,
  lists: () => [...instrumentKeys.all, 'list'] as const,
  list: (params: object) => [...instrumentKeys.lists(), params] as const,
  one: (id: number | undefined) => [...instrumentKeys.all, 'one', id] as const,
  thresholds: (id: number | undefined) => [...instrumentKeys.all, 'thresholds', id] as const,
  types: () => [...instrumentKeys.all, 'types'] as const,
  type: (id: number | undefined) => [...instrumentKeys.all, 'type', id] as const,
  categories: () => [...instrumentKeys.all, 'categories'] as const,
  levels: () => [...instrumentKeys.all, 'levels'] as const,
  icons: () => [...instrumentKeys.all, 'icons'] as const,
  zones: (contractId: number | undefined) => [...instrumentKeys.all, 'options', 'zones', contractId ?? 'all'] as const,
};

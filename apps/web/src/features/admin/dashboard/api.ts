import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the dashboard's counts (read only: they are asked for again every 30 s). */
export const dashboardKeys = {
  all: ['admin', 'count'] as const,
  count: (path: string) => [...dashboardKeys.all, path] as const,
};

const ZTotal = z.object({ total_records: z.number().int() });

/** The total of a list endpoint (its `total_records`), read with a one-row page. */
export function useCount(path: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.count(path),
    queryFn: ({ signal }) => apiRequest(path, { query: { limit: 1, skip: 0 }, schema: ZTotal, signal }),
    select: (data) => data.total_records,
    enabled,
    refetchInterval: 30_000,
  });
}

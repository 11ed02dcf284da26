import type { UseQueryResult } from '@tanstack/react-query';

/** What a DataTable takes from a paged list query: rows, total, loading, error and retry. */
export function queryTableProps<T>(query: UseQueryResult<{ records: T[]; total_records: number }>) {
  return {
    rows: query.data?.records ?? [],
    total: query.data?.total_records ?? 0,
    loading: query.isFetching,
    error: query.error ?? undefined,
    onRetry: () => void query.refetch(),
  };
}

import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toLimitSkip, type TableQuery, type TableSort } from './data-table-types';
import { PAGE_PARAM, PAGE_SIZE_PARAM, usePageParams } from '../paginated-list';

/** Tables start at 25 rows (one of the spec's page options 5, 10, 25, 50). */
export const TABLE_PAGE_SIZE = 25;
const SORT_PARAM = 'sort';

/**
 * A server-paged table's state in the URL: `page-num` and `page-size` (spec §4) and `sort=<column>:<asc|desc>`,
 * so reload, back and shared links keep it.
 */
export function useTableParams(defaultPageSize = TABLE_PAGE_SIZE) {
  const { page, pageSize } = usePageParams(defaultPageSize);
  const [params, setParams] = useSearchParams();
  const sortParam = params.get(SORT_PARAM);
  const sort = useMemo((): TableSort | null => {
    const [by, direction] = (sortParam ?? '').split(':');
    return by && (direction === 'asc' || direction === 'desc') ? { by, direction } : null;
  }, [sortParam]);

  const onChange = useCallback(
    (query: TableQuery) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(PAGE_PARAM, String(query.page));
        next.set(PAGE_SIZE_PARAM, String(query.pageSize));
        if (query.sort) next.set(SORT_PARAM, `${query.sort.by}:${query.sort.direction}`);
        else next.delete(SORT_PARAM);
        return next;
      });
    },
    [setParams],
  );

  return { page, pageSize, sort, onChange, ...toLimitSkip({ page, pageSize }) };
}

/** Spec §4: when the page starts at or beyond the total (the list shrank), the page goes back to 1. */
export function useClampPage(total: number | undefined, page: number, pageSize: number): void {
  const [, setParams] = useSearchParams();
  useEffect(() => {
    if (total !== undefined && page > 1 && (page - 1) * pageSize >= total) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(PAGE_PARAM, '1');
          return next;
        },
        { replace: true },
      );
    }
  }, [total, page, pageSize, setParams]);
}

/**
 * Filters kept in the URL query (so a reload or the back button keeps them). Setting one goes back to page 1;
 * `replace` sets them without a new history entry (a default chosen for the user).
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const joined = keys.map((key) => params.get(key) ?? '').join('\u0000');
  const values = useMemo(() => {
    const parts = joined.split('\u0000');
    return Object.fromEntries(keys.map((key, i) => [key, parts[i] ?? ''])) as Record<K, string>;
  }, [joined]);
  const set = useCallback(
    (changes: Partial<Record<K, string>>, options?: { replace?: boolean }) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete(PAGE_PARAM);
        return next;
      }, options);
    },
    [setParams],
  );
  return [values, set] as const;
}

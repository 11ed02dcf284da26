import { LIMITS } from '@strata/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_PARAM = 'page-num';
export const PAGE_SIZE_PARAM = 'page-size';
const MAX_PAGE_SIZE = 1000;

function positiveInt(value: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

export interface PageParams {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Writes both to the URL; `replace` does not add a history entry. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** A new page size starts again at page 1. */
  setPageSize: (pageSize: number) => void;
}

/**
 * The page and page size of a list, mirrored in the URL query as `page-num` and `page-size` (spec §4), so a
 * reload, a shared link and the back button keep the page. Missing or invalid values mean page 1 and the
 * default size (20).
 */
export function usePageParams(defaultPageSize: number = LIMITS.listPageSize): PageParams {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get(PAGE_PARAM)) ?? 1;
  const pageSize = positiveInt(params.get(PAGE_SIZE_PARAM), MAX_PAGE_SIZE) ?? defaultPageSize;

  const write = useCallback(
    (nextPage: number, nextSize: number, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(PAGE_PARAM, String(nextPage));
          next.set(PAGE_SIZE_PARAM, String(nextSize));
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return {
    page,
    pageSize,
    setPage: useCallback((next, options) => write(next, pageSize, options?.replace), [write, pageSize]),
    setPageSize: useCallback((next) => write(1, next), [write]),
  };
}

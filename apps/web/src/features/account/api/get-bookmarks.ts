import { ZBookmarkList, type TBookmark } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const BOOKMARKS_KEY = ['account', 'bookmarks'] as const;

/** GET /bookmarks (limit 1000): the user's saved pages. Read errors are silent (the list says it failed). */
export function getBookmarks(): Promise<TBookmark[]> {
  return apiRequest('/bookmarks', { query: { limit: 1000 }, schema: ZBookmarkList, emitHttpError: false }).then((list) => list.records);
}

export function getBookmarksQueryOptions() {
  return queryOptions({ queryKey: BOOKMARKS_KEY, queryFn: getBookmarks });
}

export function useBookmarks() {
  return useQuery(getBookmarksQueryOptions());
}

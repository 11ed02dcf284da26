import { ZBookmarkList, type TBookmark } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** GET /bookmarks (limit 1000): the user's saved pages. Read errors are silent (the list says it failed). */
export function getBookmarks(): Promise<TBookmark[]> {
  return apiRequest('/bookmarks', { query: { limit: 1000 }, schema: ZBookmarkList, emitHttpError: false }).then((list) => list.records);
}

export function getBookmarksQueryOptions() {
  return queryOptions({ queryKey: accountKeys.bookmarks(), queryFn: getBookmarks });
}

export function useBookmarks() {
  return useQuery(getBookmarksQueryOptions());
}

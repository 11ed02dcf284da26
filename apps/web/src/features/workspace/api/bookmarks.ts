import { ZBookmark, ZBookmarkList, ZOk, type TBookmark, type TBookmarkRequest } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workspaceKeys } from './keys';

/**
 * `GET /bookmarks` (limit 1000, spec §9) under the account pages' cache entry, so a view saved here shows there at once.
 * Read errors are silent (spec §8): the menu says the list failed.
 */
export function useBookmarks(enabled = true) {
  return useQuery({
    queryKey: workspaceKeys.bookmarks(),
    queryFn: ({ signal }) =>
      apiRequest('/bookmarks', { query: { limit: 1000 }, schema: ZBookmarkList, emitHttpError: false, signal }).then((list) => list.records),
    enabled,
  });
}

/** `POST /bookmarks`: errors go to the caller (spec §8), which shows them in its form. */
export function createBookmark(body: TBookmarkRequest): Promise<TBookmark> {
  return apiRequest('/bookmarks', { method: 'POST', json: body, schema: ZBookmark, emitHttpError: false });
}

/** `DELETE /bookmarks/{id}`: errors go to the caller. */
export function useDeleteBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookmarkId: number) => apiRequest(`/bookmarks/${bookmarkId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.bookmarks() }),
  });
}

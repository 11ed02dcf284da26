import { ZBookmark, type TBookmark, type TBookmarkRequest } from '@strata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** POST /bookmarks: a page (path with its query string) under a name. Errors go to the caller. */
export function createBookmark(body: TBookmarkRequest): Promise<TBookmark> {
  return apiRequest('/bookmarks', { method: 'POST', json: body, schema: ZBookmark, emitHttpError: false });
}

export function useCreateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBookmark,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.bookmarks() }),
  });
}

import { ZBookmark, type TBookmark, type TBookmarkRequest } from '@strata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** PUT /bookmarks/{bookmark_id}: rename (the whole bookmark is sent). */
export function updateBookmark(id: number, body: TBookmarkRequest): Promise<TBookmark> {
  return apiRequest(`/bookmarks/${id}`, { method: 'PUT', json: body, schema: ZBookmark, emitHttpError: false });
}

export function useUpdateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TBookmarkRequest }) => updateBookmark(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.bookmarks() }),
  });
}

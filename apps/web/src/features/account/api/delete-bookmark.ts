import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** DELETE /bookmarks/{bookmark_id}. */
export async function deleteBookmark(id: number): Promise<void> {
  await apiRequest(`/bookmarks/${id}`, { method: 'DELETE', emitHttpError: false });
}

export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBookmark,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.bookmarks() }),
  });
}

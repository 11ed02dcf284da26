import { ZUnreadCount } from '@strata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noteUnread } from './get-notifications';
import { accountKeys } from './keys';

/** POST /notifications/{id}/read: answers the new unread count. */
export async function markNotificationRead(id: number): Promise<number> {
  const { unread } = await apiRequest(`/notifications/${id}/read`, { method: 'POST', schema: ZUnreadCount, emitHttpError: false });
  noteUnread(unread);
  return unread;
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.notifications() }),
  });
}

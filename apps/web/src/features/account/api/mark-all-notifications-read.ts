import { ZUnreadCount } from '@strata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noteUnread } from './get-notifications';
import { accountKeys } from './keys';

/** POST /notifications/read-all: answers the new unread count (0). */
export async function markAllNotificationsRead(): Promise<number> {
  const { unread } = await apiRequest('/notifications/read-all', { method: 'POST', schema: ZUnreadCount, emitHttpError: false });
  noteUnread(unread);
  return unread;
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.notifications() }),
  });
}

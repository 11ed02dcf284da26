import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { realtimeKeys } from './keys';

export function ackAnnouncement(id: number): Promise<unknown> {
  return apiRequest(`/announcement/${id}/ack`, { method: 'POST' });
}

/** Acknowledges the announcement; it is not shown to this user again. */
export function useAckAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ackAnnouncement,
    onSettled: () => client.setQueryData(realtimeKeys.announcement(), null),
  });
}

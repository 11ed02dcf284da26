import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCurrentAnnouncement, type TAnnouncement } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';
import { realtimeKeys } from './keys';

export function getAnnouncement(): Promise<TAnnouncement | null> {
  return apiRequest('/announcement', { schema: ZCurrentAnnouncement });
}

export function getAnnouncementQueryOptions() {
  return queryOptions({ queryKey: realtimeKeys.announcement(), queryFn: getAnnouncement, staleTime: 5 * 60_000, retry: false });
}

export function useAnnouncement(enabled: boolean) {
  return useQuery({ ...getAnnouncementQueryOptions(), enabled });
}

import {
  ZAnnouncement,
  ZClearAnnouncementResponse,
  ZCurrentAnnouncement,
  ZOutboxList,
  ZSystemLogList,
  ZSystemStatus,
  type TListSystemLogsQuery,
  type TPutAnnouncementRequest,
} from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Live pages refresh this often while open (spec issue 5: System Status "live"; Realtime Processes). */
export const LIVE_REFRESH_MS = 5000;

/** Query keys of the system pages. The announcement is written from its mutations' answers (no refetch). */
export const systemKeys = {
  all: ['admin', 'system'] as const,
  status: () => [...systemKeys.all, 'status'] as const,
  logs: (params: SystemLogParams) => [...systemKeys.all, 'logs', params] as const,
  outbox: (params: { limit: number; skip: number; to?: string }) => [...systemKeys.all, 'outbox', params] as const,
  announcement: () => ['admin', 'announcement'] as const,
};

export function useSystemStatus() {
  return useQuery({
    queryKey: systemKeys.status(),
    queryFn: ({ signal }) => apiRequest('/admin/system/status', { schema: ZSystemStatus, signal }),
    refetchInterval: LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export type SystemLogParams = Partial<Omit<TListSystemLogsQuery, 'limit' | 'skip'>> & { limit: number; skip: number };

export function useSystemLogs(params: SystemLogParams) {
  return useQuery({
    queryKey: systemKeys.logs(params),
    queryFn: ({ signal }) => apiRequest('/admin/system/logs', { query: { ...params }, schema: ZSystemLogList, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useOutbox(params: { limit: number; skip: number; to?: string }) {
  return useQuery({
    queryKey: systemKeys.outbox(params),
    queryFn: ({ signal }) => apiRequest('/admin/outbox', { query: params, schema: ZOutboxList, signal }),
    placeholderData: (previous) => previous,
  });
}

/** `GET /announcement`: the current announcement unless the caller acknowledged it. */
export function useCurrentAnnouncement() {
  return useQuery({
    queryKey: systemKeys.announcement(),
    queryFn: ({ signal }) => apiRequest('/announcement', { schema: ZCurrentAnnouncement, signal }),
  });
}

export function usePutAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPutAnnouncementRequest) => apiRequest('/announcement', { method: 'PUT', json: body, schema: ZAnnouncement }),
    onSuccess: (announcement) => client.setQueryData(systemKeys.announcement(), announcement),
  });
}

export function useClearAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/announcement', { method: 'DELETE', schema: ZClearAnnouncementResponse, emitHttpError: false }),
    onSuccess: () => client.setQueryData(systemKeys.announcement(), null),
  });
}

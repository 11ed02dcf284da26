import { ZNotificationList, type TNotificationList } from '@strata/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/auth-store';
import { accountKeys } from './keys';

export interface NotificationQuery {
  limit: number;
  skip: number;
  keyword?: string;
  type?: string;
  severity?: number;
  read?: boolean;
  /** ISO 8601 date-times (the date range's start of day and end of day). */
  from?: string;
  to?: string;
}

/** The unread count of the profile (the bell, and `/sync`) follows every answer that carries it. */
export function noteUnread(unread: number): void {
  sessionStore.setState(({ profile }) => (profile && profile.unread_notifications !== unread ? { profile: { ...profile, unread_notifications: unread } } : {}));
}

/** GET /notifications: the user's notifications, newest first, filtered and paged. */
export async function getNotifications(query: NotificationQuery): Promise<TNotificationList> {
  const list = await apiRequest('/notifications', {
    query: { ...query, read: query.read === undefined ? undefined : String(query.read) },
    schema: ZNotificationList,
    emitHttpError: false,
  });
  noteUnread(list.unread);
  return list;
}

export function getNotificationsQueryOptions(query: NotificationQuery) {
  return queryOptions({
    queryKey: accountKeys.notificationList(query),
    queryFn: () => getNotifications(query),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(query: NotificationQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getNotificationsQueryOptions(query), enabled });
}

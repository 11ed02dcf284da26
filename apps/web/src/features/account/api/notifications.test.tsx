import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { api, server } from '../../../test/server';
import { useNotifications } from './get-notifications';
import { useMarkAllNotificationsRead } from './mark-all-notifications-read';
import { useMarkNotificationRead } from './mark-notification-read';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

describe('the notification lists after a notification is marked read', () => {
  it('marking one read, then all, asks for every page of notifications again, whatever its filter', async () => {
    let unread = 3;
    let asked = 0;
    server.use(
      http.get(api('/notifications'), () => {
        asked += 1;
        return HttpResponse.json({ records: [], total_records: 0, unread });
      }),
      http.post(api('/notifications/:id/read'), () => {
        unread -= 1;
        return HttpResponse.json({ unread });
      }),
      http.post(api('/notifications/read-all'), () => {
        unread = 0;
        return HttpResponse.json({ unread });
      }),
    );
    const { result } = renderHook(
      () => ({
        all: useNotifications({ limit: 10, skip: 0 }),
        urgent: useNotifications({ limit: 10, skip: 0, severity: 4, read: false }),
        markOne: useMarkNotificationRead(),
        markAll: useMarkAllNotificationsRead(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.urgent.data?.unread).toBe(3));
    await waitFor(() => expect(result.current.all.data?.unread).toBe(3));

    await act(async () => void (await result.current.markOne.mutateAsync(12)));
    await waitFor(() => expect(result.current.all.data?.unread).toBe(2));
    await waitFor(() => expect(result.current.urgent.data?.unread).toBe(2));

    await act(async () => void (await result.current.markAll.mutateAsync()));
    await waitFor(() => expect(result.current.all.data?.unread).toBe(0));
    await waitFor(() => expect(result.current.urgent.data?.unread).toBe(0));
    expect(asked).toBe(6);
  });
});

import type { TAnnouncement, TRole, TSchedule } from '@strata/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { storeSyncData } from '../../lib/auth-store';
import { queryClient } from '../../lib/query-client';
import { syncResponse } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { useApproveUser, usePendingUsers, useRejectUser } from './approve/api';
import { useGeneratedFiles, useRefreshGeneratedFiles } from './files/api';
import { useDeleteRole, useRoles, useSaveRole } from './roles/api';
import { useDeleteSchedule, useRunSchedule, useSaveSchedule, useScheduleRuns, useSchedules } from './schedules/api';
import { useRoleOptions } from './shared/options-api';
import { useClearAnnouncement, useCurrentAnnouncement, usePutAnnouncement } from './system/api';
import { useUser, useUsers, useUserStatusAction } from './users/api';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

const PAGE = { limit: 10, skip: 0 };

/** A list endpoint whose `total_records` counts the times it was asked: a refetch shows as a new total. */
function countedList(path: string) {
  let asked = 0;
  server.use(
    http.get(api(path), () => {
      asked += 1;
      return HttpResponse.json({ records: [], total_records: asked });
    }),
  );
  return () => asked;
}

function role(role_id: number, name: string): TRole {
  return {
    role_id,
    name,
    description: '',
    permission_ids: [],
    permissions: [],
    user_count: 0,
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
  };
}

function schedule(schedule_id: number): TSchedule {
  return {
    schedule_id,
    name: 'Nightly rollups',
    description: '',
    type: 'daily',
    duration: null,
    minute: 0,
    hour: 2,
    dow: null,
    dom: null,
    job: 'rollups',
    params: {},
    enabled: true,
    timezone: 'Asia/Singapore',
    next_run: null,
    last_run: null,
    last_outcome: null,
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
  };
}

const ANNOUNCEMENT: TAnnouncement = {
  announcement_id: 4,
  title: 'Maintenance',
  message: 'Saturday 02:00 to 04:00',
  starts_at: '2026-03-07T18:00:00Z',
  ends_at: null,
  created: '2026-03-01T02:00:00Z',
};

describe('what the administration screens ask for again after a change', () => {
  it('a saved role refreshes the role lists, the role choice of the user forms included; a deleted one too', async () => {
    storeSyncData(syncResponse({ permissions: ['ManageRoles'] }));
    let records = [role(5, 'Site Engineer')];
    server.use(
      http.get(api('/roles'), () => HttpResponse.json({ records, total_records: records.length })),
      http.post(api('/roles'), () => {
        records = [...records, role(8, 'Surveyor')];
        return HttpResponse.json(role(8, 'Surveyor'));
      }),
      http.delete(api('/roles/:id'), ({ params }) => {
        records = records.filter((r) => r.role_id !== Number(params.id));
        return HttpResponse.json({ ok: true, moved_users: 0 });
      }),
    );
    const { result } = renderHook(
      () => ({ page: useRoles({ limit: 10, skip: 0, keyword: '' }), options: useRoleOptions(), save: useSaveRole(), remove: useDeleteRole() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.options.roles.map((r) => r.name)).toEqual(['Site Engineer']));

    await act(() => result.current.save.mutateAsync({ body: { name: 'Surveyor', description: '', permissions: [] } }));
    await waitFor(() => expect(result.current.options.roles.map((r) => r.name)).toEqual(['Site Engineer', 'Surveyor']));
    expect(result.current.page.data?.records.map((r) => r.name)).toEqual(['Site Engineer', 'Surveyor']);

    await act(() => result.current.remove.mutateAsync({ roleId: 5 }));
    await waitFor(() => expect(result.current.page.data?.records.map((r) => r.name)).toEqual(['Surveyor']));
    expect(result.current.options.roles.map((r) => r.name)).toEqual(['Surveyor']);
  });

  it('a saved, deleted or run schedule refreshes the list of schedules, and a run the list of its runs', async () => {
    const schedulesAsked = countedList('/schedules');
    const runsAsked = countedList('/schedules/3/logs');
    server.use(
      http.put(api('/schedules/:id'), () => HttpResponse.json(schedule(3))),
      http.delete(api('/schedules/:id'), () => HttpResponse.json({ ok: true })),
      http.post(api('/schedules/:id/run'), () =>
        HttpResponse.json({
          run_id: 1,
          schedule_id: 3,
          trigger: 'manual',
          started_at: '2026-03-01T02:00:00Z',
          finished_at: null,
          outcome: 'running',
          message: null,
        }),
      ),
    );
    const { result } = renderHook(
      () => ({ list: useSchedules(PAGE), runs: useScheduleRuns(3, PAGE), save: useSaveSchedule(), remove: useDeleteSchedule(), run: useRunSchedule() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.total_records).toBe(1));
    await waitFor(() => expect(result.current.runs.data?.total_records).toBe(1));

    await act(async () => void (await result.current.run.mutateAsync(3)));
    await waitFor(() => expect(result.current.runs.data?.total_records).toBe(2));
    await waitFor(() => expect(result.current.list.data?.total_records).toBe(2));

    const body = { name: 'Nightly rollups', description: '', job: 'rollups', params: {}, enabled: true, type: 'daily' as const, hour: 3, minute: 0 };
    await act(async () => void (await result.current.save.mutateAsync({ id: 3, body })));
    await waitFor(() => expect(schedulesAsked()).toBe(3));

    await act(async () => void (await result.current.remove.mutateAsync(3)));
    await waitFor(() => expect(schedulesAsked()).toBe(4));
    expect(runsAsked()).toBeGreaterThanOrEqual(2);
  });

  it('approving or rejecting a registration refreshes the pending list and the user list', async () => {
    const pendingAsked = countedList('/admin/users/pending');
    const usersAsked = countedList('/admin/users');
    server.use(
      http.post(api('/admin/users/:id/approve'), ({ params }) => HttpResponse.json({ user_id: Number(params.id), status: 'active' })),
      http.post(api('/admin/users/:id/reject'), ({ params }) => HttpResponse.json({ user_id: Number(params.id), status: 'deleted' })),
    );
    const { result } = renderHook(() => ({ pending: usePendingUsers(PAGE, true), users: useUsers(PAGE), approve: useApproveUser(), reject: useRejectUser() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.pending.data?.total_records).toBe(1));
    await waitFor(() => expect(result.current.users.data?.total_records).toBe(1));

    await act(async () => void (await result.current.approve.mutateAsync({ userId: 21 })));
    await waitFor(() => expect(result.current.pending.data?.total_records).toBe(2));
    await waitFor(() => expect(result.current.users.data?.total_records).toBe(2));

    await act(async () => void (await result.current.reject.mutateAsync({ userId: 22, reason: 'Unknown person' })));
    await waitFor(() => expect(pendingAsked()).toBe(3));
    expect(usersAsked()).toBe(3);
  });

  it("suspending a user refreshes the user's page and the user list", async () => {
    let status = 'active';
    const usersAsked = countedList('/admin/users');
    server.use(
      http.get(api('/admin/users/:id'), () =>
        HttpResponse.json({
          user_id: 7,
          login_name: 'alice',
          fullname: 'Alice Tan',
          email: 'alice@example.com',
          user_type: 0,
          role_id: 5,
          role_name: 'Site Engineer',
          contractor_id: null,
          contractor_name: null,
          status,
          source: 'admin',
          tfa_enabled: false,
          created: '2026-01-01T00:00:00Z',
          last_signin: null,
          description: '',
          contracts: [],
          live_sessions: 1,
        }),
      ),
      http.post(api('/admin/users/:id/suspend'), () => {
        status = 'suspended';
        return HttpResponse.json({ user_id: 7, status: 'suspended', ended_sessions: 1 });
      }),
    );
    const { result } = renderHook(() => ({ user: useUser(7), users: useUsers(PAGE), suspend: useUserStatusAction(7) }), { wrapper });
    await waitFor(() => expect(result.current.user.data?.status).toBe('active'));

    await act(async () => void (await result.current.suspend.mutateAsync('suspend')));
    await waitFor(() => expect(result.current.user.data?.status).toBe('suspended'));
    expect(usersAsked()).toBe(2);
  });

  it('a published or cleared announcement shows at once, from the answer, without asking again', async () => {
    let asked = 0;
    server.use(
      http.get(api('/announcement'), () => {
        asked += 1;
        return HttpResponse.json(null);
      }),
      http.put(api('/announcement'), () => HttpResponse.json(ANNOUNCEMENT)),
      http.delete(api('/announcement'), () => HttpResponse.json({ cleared: 1 })),
    );
    const { result } = renderHook(() => ({ current: useCurrentAnnouncement(), put: usePutAnnouncement(), clear: useClearAnnouncement() }), { wrapper });
    await waitFor(() => expect(result.current.current.isSuccess).toBe(true));
    expect(result.current.current.data).toBeNull();

    await act(
      async () => void (await result.current.put.mutateAsync({ title: 'Maintenance', message: 'Saturday 02:00 to 04:00', starts_at: '2026-03-07T18:00:00Z' })),
    );
    expect(result.current.current.data).toEqual(ANNOUNCEMENT);

    await act(async () => void (await result.current.clear.mutateAsync()));
    expect(result.current.current.data).toBeNull();
    expect(asked).toBe(1);
  });

  it('a report asked for on a report page refreshes the lists of generated files', async () => {
    countedList('/generated-files');
    const { result } = renderHook(() => ({ files: useGeneratedFiles({ kind: 'report', type: 'roles', ...PAGE }), refresh: useRefreshGeneratedFiles() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.files.data?.total_records).toBe(1));

    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.files.data?.total_records).toBe(2));
  });
});

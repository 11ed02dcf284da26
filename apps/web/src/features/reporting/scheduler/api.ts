import {
  ZCommentRecipientList,
  ZReportSchedule,
  ZReportScheduleList,
  ZReportScheduleRun,
  ZReportScheduleRunList,
  ZRoleList,
  type TCommentRecipient,
  type TReportSchedule,
  type TReportScheduleBody,
  type TReportScheduleRun,
} from '@strata/shared';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OPTIONS_LIMIT } from '../../../lib/contract-options';
import { useCan } from '../../../lib/use-can';

/** Query keys: under `['reports', 'schedules']`. */
export const scheduleKeys = {
  all: ['reports', 'schedules'] as const,
  list: (query: ScheduleListQuery) => [...scheduleKeys.all, 'list', query] as const,
  one: (id: number) => [...scheduleKeys.all, 'one', id] as const,
  runs: (id: number, query: { limit: number; skip: number }) => [...scheduleKeys.all, 'runs', id, query] as const,
  contractUsers: (contractId: number) => ['reporting', 'contract-users', contractId] as const,
  roles: ['reporting', 'roles'] as const,
};

export interface ScheduleListQuery {
  keyword?: string;
  report_type?: string;
  limit: number;
  skip: number;
}

/** `GET /reports/schedules?keyword=&report_type=&limit=&skip=`. */
export function useSchedules(query: ScheduleListQuery) {
  return useQuery({
    queryKey: scheduleKeys.list(query),
    queryFn: ({ signal }) => apiRequest('/reports/schedules', { query: { ...query }, schema: ZReportScheduleList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /reports/schedules/{scheduler_id}`. */
export function useSchedule(id: number | undefined) {
  return useQuery({
    queryKey: scheduleKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/reports/schedules/${id}`, { schema: ZReportSchedule, signal }),
    enabled: id !== undefined,
  });
}

/** `GET /reports/schedules/{scheduler_id}/runs?limit=&skip=`: the run history, newest first. */
export function useScheduleRuns(id: number, query: { limit: number; skip: number }) {
  return useQuery({
    queryKey: scheduleKeys.runs(id, query),
    queryFn: ({ signal }) => apiRequest(`/reports/schedules/${id}/runs`, { query: { ...query }, schema: ZReportScheduleRunList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /reports/schedules` (new) or `PUT /reports/schedules/{scheduler_id}`; the form shows a refusal. */
export function saveSchedule(body: TReportScheduleBody, id?: number): Promise<TReportSchedule> {
  return apiRequest(id === undefined ? '/reports/schedules' : `/reports/schedules/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    json: body,
    schema: ZReportSchedule,
    emitHttpError: false,
  });
}

/** `DELETE /reports/schedules/{scheduler_id}`. */
export async function deleteSchedule(id: number): Promise<void> {
  await apiRequest(`/reports/schedules/${id}`, { method: 'DELETE', emitHttpError: false });
}

/** `POST /reports/schedules/{scheduler_id}/run`: a run now (the recipients get it by e-mail). */
export function runScheduleNow(id: number): Promise<TReportScheduleRun> {
  return apiRequest(`/reports/schedules/${id}/run`, { method: 'POST', schema: ZReportScheduleRun, emitHttpError: false });
}

/**
 * The users who may see any of the contracts (`GET /users?topic=contract&ref_id=` per contract, the recipient
 * search of the record pages), merged and sorted by name.
 */
export function useContractUsers(contractIds: readonly number[]): { users: TCommentRecipient[]; pending: boolean; failed: boolean } {
  const results = useQueries({
    queries: contractIds.map((id) => ({
      queryKey: scheduleKeys.contractUsers(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest('/users', { query: { topic: 'contract', ref_id: id, limit: 1000, skip: 0 }, schema: ZCommentRecipientList, signal, emitHttpError: false }),
      staleTime: 60_000,
    })),
  });
  const byId = new Map<number, TCommentRecipient>();
  for (const result of results) for (const user of result.data?.records ?? []) byId.set(user.user_id, user);
  return {
    users: [...byId.values()].sort((a, b) => a.fullname.localeCompare(b.fullname)),
    pending: results.some((r) => r.isPending),
    failed: results.some((r) => r.isError),
  };
}

/** The roles to choose from (`GET /roles`); listing roles needs Manage Roles, so without it there are none (and no request). */
export function useScheduleRoles() {
  const allowed = useCan('ManageRoles');
  const query = useQuery({
    queryKey: scheduleKeys.roles,
    queryFn: ({ signal }) => apiRequest('/roles', { query: { limit: OPTIONS_LIMIT, skip: 0 }, schema: ZRoleList, signal }),
    enabled: allowed,
    select: (data) => data.records.map((r) => ({ id: r.role_id, label: r.name })),
  });
  return { allowed, roles: query.data ?? [] };
}

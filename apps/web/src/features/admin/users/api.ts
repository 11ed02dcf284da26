import {
  ZAdminUserDetail,
  ZAdminUserList,
  ZOk,
  ZUserContracts,
  ZUserSessionList,
  ZUserStatusChange,
  type TAdminUserDetail,
  type TCreateAdminUserRequest,
  type TUpdateAdminUserRequest,
} from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The query of `GET /admin/users`: paging, order and filters (empty filters are left out). */
export interface UserListParams {
  limit: number;
  skip: number;
  keyword?: string;
  user_type?: number;
  role_id?: number;
  status?: string;
  contract_id?: number;
  contractor_id?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/**
 * Query keys of the user screens: everything starts with `['admin', 'users']` (the pending registrations too, see
 * approve/api.ts), so a change of a user (saved, approved, suspended, given contracts …) refreshes every list, count
 * and detail of users.
 */
export const userKeys = {
  all: ['admin', 'users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  one: (userId: number | undefined) => [...userKeys.all, 'one', userId] as const,
  contracts: (userId: number | undefined) => [...userKeys.all, 'contracts', userId] as const,
  sessions: (userId: number, params: { limit: number; skip: number }) => [...userKeys.all, 'sessions', userId, params] as const,
};

export function useUsers(params: UserListParams, enabled = true) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/admin/users', { query: { ...params }, schema: ZAdminUserList, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useUser(userId: number | undefined) {
  return useQuery({
    queryKey: userKeys.one(userId),
    queryFn: ({ signal }) => apiRequest(`/admin/users/${userId}`, { schema: ZAdminUserDetail, signal }),
    enabled: userId !== undefined,
  });
}

function useUserMutation<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) });
}

/** `POST /admin/users`: an active user without a password; the activation mail is sent. */
export function useCreateUser() {
  return useUserMutation((body: TCreateAdminUserRequest): Promise<TAdminUserDetail> =>
    apiRequest('/admin/users', { method: 'POST', json: body, schema: ZAdminUserDetail }),
  );
}

/** `PUT /admin/users/{id}`: Edit User Information. */
export function useUpdateUser(userId: number) {
  return useUserMutation((body: TUpdateAdminUserRequest): Promise<TAdminUserDetail> =>
    apiRequest(`/admin/users/${userId}`, { method: 'PUT', json: body, schema: ZAdminUserDetail }),
  );
}

export type StatusAction = 'suspend' | 'reactivate' | 'terminate' | 'reset';

/** Suspend, reactivate, terminate or reset (`POST /admin/users/{id}/{action}`). */
export function useUserStatusAction(userId: number) {
  return useUserMutation((action: StatusAction) =>
    apiRequest(`/admin/users/${userId}/${action}`, { method: 'POST', schema: ZUserStatusChange, emitHttpError: false }),
  );
}

export function useUserContracts(userId: number | undefined) {
  return useQuery({
    queryKey: userKeys.contracts(userId),
    queryFn: ({ signal }) => apiRequest(`/admin/users/${userId}/contracts`, { schema: ZUserContracts, signal }),
    enabled: userId !== undefined,
  });
}

export function useSetUserContracts(userId: number) {
  return useUserMutation((contractIds: number[]) =>
    apiRequest(`/admin/users/${userId}/contracts`, { method: 'PUT', json: { contract_ids: contractIds }, schema: ZUserContracts }),
  );
}

export function useUserSessions(userId: number, params: { limit: number; skip: number }, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.sessions(userId, params),
    queryFn: ({ signal }) => apiRequest(`/admin/users/${userId}/sessions`, { query: params, schema: ZUserSessionList, signal }),
    enabled,
  });
}

export function useEndSession(userId: number) {
  return useUserMutation((sessionId: number) =>
    apiRequest(`/admin/users/${userId}/sessions/${sessionId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
  );
}

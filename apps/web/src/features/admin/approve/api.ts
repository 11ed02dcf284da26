import { ZPendingUserList, ZUserImportResult, ZUserStatusResponse, type TUserImportResult } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sendFiles } from '../../../components/upload-button';
import { userKeys } from '../users/api';

/** Under the users' key: a change of any user (an approval here, an edit there) refreshes the pending list too. */
export const pendingUserKeys = {
  all: [...userKeys.all, 'pending'] as const,
  list: (params: { limit: number; skip: number; keyword?: string }) => [...pendingUserKeys.all, params] as const,
};

/** `GET /admin/users/pending` (ApproveUserUpload): registrations and uploads waiting, oldest first; `keyword` narrows. */
export function usePendingUsers(params: { limit: number; skip: number; keyword?: string }, enabled: boolean) {
  return useQuery({
    queryKey: pendingUserKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/admin/users/pending', { query: params, schema: ZPendingUserList, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** Approve (optionally giving a role) or reject with a reason; both refresh the user lists. */
export function useApproveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleId }: { userId: number; roleId?: number }) =>
      apiRequest(`/admin/users/${userId}/approve`, {
        method: 'POST',
        json: roleId ? { role_id: roleId } : {},
        schema: ZUserStatusResponse,
        emitHttpError: false,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useRejectUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: number; reason: string }) =>
      apiRequest(`/admin/users/${userId}/reject`, { method: 'POST', json: { reason }, schema: ZUserStatusResponse, emitHttpError: false }),
    onSettled: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** `POST /admin/users/import[?dry_run=true]` with one CSV or XLSX file: the per-row report. */
export async function importUsers(file: File, dryRun: boolean): Promise<TUserImportResult> {
  const answer = await sendFiles({ path: `/admin/users/import?dry_run=${dryRun}`, files: [file], emitHttpError: false });
  return ZUserImportResult.parse(answer);
}

export function useImportUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importUsers(file, dryRun),
    onSuccess: (result) => {
      if (!result.dry_run) return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

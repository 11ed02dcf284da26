import { ZMonitoringGroup, ZMonitoringGroupList, ZOk, type TMonitoringGroup, type TMonitoringGroupBody, type TMonitoringGroupUpdate } from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { retryServerErrors, ruleKeys } from './keys';

export interface GroupListParams {
  /** A JSON list of contract ids, or undefined: every contract of the caller. */
  contracts?: string;
  keyword?: string;
  limit: number;
  skip: number;
}

/**
 * `GET /monitoring-groups` of some contracts. `quiet`: a picker's options, whose failure (a user who may not read
 * groups) the picker says itself.
 */
export function useGroups(params: GroupListParams | null, quiet = false) {
  return useQuery({
    queryKey: ruleKeys.groupList(params),
    queryFn: ({ signal }) =>
      apiRequest('/monitoring-groups', {
        query: { contracts: params!.contracts, keyword: params!.keyword || undefined, limit: params!.limit, skip: params!.skip },
        schema: ZMonitoringGroupList,
        signal,
        emitHttpError: !quiet,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: quiet ? false : undefined,
  });
}

/** `GET /monitoring-groups/{id}`. */
export function useGroup(id: number | undefined) {
  return useQuery({
    queryKey: ruleKeys.group(id),
    queryFn: ({ signal }) => apiRequest(`/monitoring-groups/${id}`, { schema: ZMonitoringGroup, signal, emitHttpError: false }),
    enabled: id !== undefined,
    retry: retryServerErrors,
  });
}

export type SaveGroup = { id: undefined; body: TMonitoringGroupBody } | { id: number; body: TMonitoringGroupUpdate };

/** `POST /monitoring-groups` or `PUT /monitoring-groups/{id}` (the contract is fixed after create). */
export function useSaveGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveGroup): Promise<TMonitoringGroup> =>
      apiRequest(id === undefined ? '/monitoring-groups' : `/monitoring-groups/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        json: body,
        schema: ZMonitoringGroup,
        emitHttpError: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

/** `DELETE /monitoring-groups/{id}`. */
export function useDeleteGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/monitoring-groups/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

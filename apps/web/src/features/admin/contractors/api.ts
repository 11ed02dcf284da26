import { ZContractorContracts, ZContractorDetail, ZContractorList, ZOk, type TContractorBody, type TContractorDetail } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Query keys of the contractor screens: everything starts with `['admin', 'contractors']`, so one invalidation
 * refreshes it all (the admin option list of contractors reads `list` with the option page, see shared/options-api.ts).
 */
export const contractorKeys = {
  all: ['admin', 'contractors'] as const,
  lists: () => [...contractorKeys.all, 'list'] as const,
  list: (params: { limit: number; skip: number; keyword: string }) => [...contractorKeys.lists(), params] as const,
  one: (contractorId: number | undefined) => [...contractorKeys.all, 'one', contractorId] as const,
  contracts: (contractorId: number | undefined) => [...contractorKeys.all, 'contracts', contractorId] as const,
};

export function useContractors(params: { limit: number; skip: number; keyword: string }) {
  return useQuery({
    queryKey: contractorKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest('/contractors', {
        query: { limit: params.limit, skip: params.skip, keyword: params.keyword || undefined },
        schema: ZContractorList,
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

/** `GET /contractors/{id}`: the contractor with its users and contracts. */
export function useContractor(contractorId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: contractorKeys.one(contractorId),
    queryFn: ({ signal }) => apiRequest(`/contractors/${contractorId}`, { schema: ZContractorDetail, signal }),
    enabled: enabled && contractorId !== undefined,
  });
}

/** Create (no id) or edit a contractor. */
export function useSaveContractor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contractorId, body }: { contractorId?: number; body: TContractorBody }): Promise<TContractorDetail> =>
      apiRequest(contractorId ? `/contractors/${contractorId}` : '/contractors', {
        method: contractorId ? 'PUT' : 'POST',
        json: body,
        schema: ZContractorDetail,
      }),
    onSuccess: (saved) => {
      client.setQueryData(contractorKeys.one(saved.contractor_id), saved);
      return client.invalidateQueries({ queryKey: contractorKeys.lists() });
    },
  });
}

export function useDeleteContractor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contractorId: number) => apiRequest(`/contractors/${contractorId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: contractorKeys.all }),
  });
}

/** `GET /contractors/{id}/contracts` (ManageContractorContracts). */
export function useContractorContracts(contractorId: number | undefined) {
  return useQuery({
    queryKey: contractorKeys.contracts(contractorId),
    queryFn: ({ signal }) => apiRequest(`/contractors/${contractorId}/contracts`, { schema: ZContractorContracts, signal }),
    enabled: contractorId !== undefined,
  });
}

export function useSetContractorContracts(contractorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contractIds: number[]) =>
      apiRequest(`/contractors/${contractorId}/contracts`, {
        method: 'PUT',
        json: { contract_ids: contractIds },
        schema: ZContractorContracts,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: contractorKeys.all }),
  });
}

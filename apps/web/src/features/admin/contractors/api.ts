import {
  ZContractorContracts,
  ZContractorDetail,
  ZContractorList,
  ZOk,
  type TContractorBody,
  type TContractorDetail,
} from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const contractorsKey = ['admin', 'contractors'] as const;

export function useContractors(params: { limit: number; skip: number; keyword: string }) {
  return useQuery({
    queryKey: [...contractorsKey, 'list', params],
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
    queryKey: [...contractorsKey, 'one', contractorId],
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
      client.setQueryData([...contractorsKey, 'one', saved.contractor_id], saved);
      return client.invalidateQueries({ queryKey: [...contractorsKey, 'list'] });
    },
  });
}

export function useDeleteContractor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contractorId: number) =>
      apiRequest(`/contractors/${contractorId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: contractorsKey }),
  });
}

/** `GET /contractors/{id}/contracts` (ManageContractorContracts). */
export function useContractorContracts(contractorId: number | undefined) {
  return useQuery({
    queryKey: [...contractorsKey, 'contracts', contractorId],
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
    onSuccess: () => client.invalidateQueries({ queryKey: contractorsKey }),
  });
}

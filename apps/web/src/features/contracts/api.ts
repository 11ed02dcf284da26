import {
  ZContractDetail,
  ZContractorList,
  ZContractUserCandidates,
  ZContractUsers,
  ZManagedContractList,
  ZOk,
  ZRegisterContractors,
  type TContractBoundaryRequest,
  type TContractDetail,
  type TCreateContractRequest,
  type TPolygon,
  type TUpdateContractRequest,
} from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { useCan } from '../../lib/use-can';

/**
 * Contracts management (`/contracts/management`). Keys start with `['contracts', 'manage']`, so the contract toolbar's
 * "invalidate every ['contracts'] query" after a change of the active contracts refreshes these too.
 */
export const manageKey = ['contracts', 'manage'] as const;

export interface ContractListParams {
  limit: number;
  skip: number;
  keyword: string;
  /** Type bits: contracts with any of them. */
  type: number | undefined;
  active: boolean | undefined;
}

/** `GET /contracts/manage` (SearchContracts). */
export function useManagedContracts(params: ContractListParams) {
  return useQuery({
    queryKey: [...manageKey, 'list', params],
    queryFn: ({ signal }) =>
      apiRequest('/contracts/manage', {
        query: {
          limit: params.limit,
          skip: params.skip,
          keyword: params.keyword || undefined,
          type: params.type || undefined,
          active: params.active,
        },
        schema: ZManagedContractList,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /contracts/{id}`: the contract with its boundary (SVY21 and WGS84). */
export function useContract(contractId: number | undefined) {
  return useQuery({
    queryKey: [...manageKey, 'one', contractId],
    queryFn: ({ signal }) => apiRequest(`/contracts/${contractId}`, { schema: ZContractDetail, signal }),
    enabled: contractId !== undefined,
  });
}

function useStoreContract() {
  const client = useQueryClient();
  return (saved: TContractDetail) => {
    client.setQueryData([...manageKey, 'one', saved.contract_id], saved);
    // Lists, and the shell's own contract list (`['contracts', 'mine']`): a number, title or state may have changed.
    return client.invalidateQueries({ queryKey: ['contracts'], predicate: (q) => !(q.queryKey[1] === 'manage' && q.queryKey[2] === 'one') });
  };
}

/** Create (no id: `POST /contracts`) or edit (`PUT /contracts/{id}`); the form shows the errors itself. */
export function useSaveContract() {
  const store = useStoreContract();
  return useMutation({
    mutationFn: ({ contractId, body }: { contractId?: number; body: TCreateContractRequest | TUpdateContractRequest }) =>
      apiRequest(contractId ? `/contracts/${contractId}` : '/contracts', {
        method: contractId ? 'PUT' : 'POST',
        json: body,
        schema: ZContractDetail,
        emitHttpError: false,
      }),
    onSuccess: store,
  });
}

/** `DELETE /contracts/{id}` (409 while it has instruments or construction sites: the page says so). */
export function useDeleteContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contractId: number) => apiRequest(`/contracts/${contractId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: (_ok, contractId) => {
      client.removeQueries({ queryKey: [...manageKey, 'one', contractId] });
      return client.invalidateQueries({ queryKey: ['contracts'] });
    },
  });
}

/** `PUT /contracts/{id}/boundary` with a polygon in SVY21 metres, or null to clear it. */
export function useSetBoundary(contractId: number) {
  const store = useStoreContract();
  return useMutation({
    mutationFn: (geojson: TPolygon | null) => {
      const body: TContractBoundaryRequest = { geojson, crs: 'svy21' };
      return apiRequest(`/contracts/${contractId}/boundary`, { method: 'PUT', json: body, schema: ZContractDetail, emitHttpError: false });
    },
    onSuccess: store,
  });
}

const usersKey = (contractId: number) => [...manageKey, 'users', contractId] as const;

/** `GET /contracts/{id}/users` (ManageProjectAssignment). */
export function useContractUsers(contractId: number) {
  return useQuery({
    queryKey: usersKey(contractId),
    queryFn: ({ signal }) => apiRequest(`/contracts/${contractId}/users`, { schema: ZContractUsers, signal }),
  });
}

/** `PUT /contracts/{id}/users`: the whole list of assigned users (the caller's visible ones). */
export function useSetContractUsers(contractId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      apiRequest(`/contracts/${contractId}/users`, { method: 'PUT', json: { user_ids: userIds }, schema: ZContractUsers, emitHttpError: false }),
    onSuccess: (users) => {
      client.setQueryData(usersKey(contractId), users);
      return client.invalidateQueries({ queryKey: manageKey, predicate: (q) => q.queryKey[2] !== 'users' });
    },
  });
}

/** `GET /contracts/{id}/users/candidates`: users who may be assigned and are not yet (the assign dialog). */
export function useUserCandidates(contractId: number, keyword: string) {
  return useQuery({
    queryKey: [...usersKey(contractId), 'candidates', keyword],
    queryFn: ({ signal }) =>
      apiRequest(`/contracts/${contractId}/users/candidates`, { query: { keyword: keyword || undefined, limit: 50 }, schema: ZContractUserCandidates, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface ContractorOption {
  contractor_id: number;
  name: string;
}

/**
 * Contractors to choose from: the directory (`GET /contractors`) with SearchContractors, else the id-and-name list
 * every user may read (`GET /account/register/contractors`, decision 009).
 */
export function useContractorOptions() {
  const directory = useCan('SearchContractors');
  return useQuery({
    queryKey: [...manageKey, 'contractor-options', directory],
    queryFn: async ({ signal }): Promise<ContractorOption[]> => {
      const records = directory
        ? (await apiRequest('/contractors', { query: { limit: 1000, skip: 0 }, schema: ZContractorList, signal })).records
        : (await apiRequest('/account/register/contractors', { schema: ZRegisterContractors, signal })).records;
      return records.map((c) => ({ contractor_id: c.contractor_id, name: c.name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
  });
}

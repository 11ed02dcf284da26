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
import { CONTRACTS_QUERY_KEY } from '../../lib/active-contracts';
import { apiRequest } from '../../lib/api-client';
import { useCan } from '../../lib/use-can';

/**
 * Contracts management (`/contracts/management`). Keys start with `['contracts', 'manage']`, so the contract toolbar's
 * "invalidate every ['contracts'] query" after a change of the active contracts refreshes these too.
 */
export const contractKeys = {
  /** Every contract-scoped query of the app (the shell's own list, options, management). */
  contracts: CONTRACTS_QUERY_KEY,
  all: [...CONTRACTS_QUERY_KEY, 'manage'] as const,
  lists: () => [...contractKeys.all, 'list'] as const,
  list: (params: ContractListParams) => [...contractKeys.lists(), params] as const,
  one: (contractId: number | undefined) => [...contractKeys.all, 'one', contractId] as const,
  users: (contractId: number) => [...contractKeys.all, 'users', contractId] as const,
  candidates: (contractId: number, keyword: string) => [...contractKeys.users(contractId), 'candidates', keyword] as const,
  contractorOptions: (directory: boolean) => [...contractKeys.all, 'contractor-options', directory] as const,
};

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
    queryKey: contractKeys.list(params),
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
    queryKey: contractKeys.one(contractId),
    queryFn: ({ signal }) => apiRequest(`/contracts/${contractId}`, { schema: ZContractDetail, signal }),
    enabled: contractId !== undefined,
  });
}

function useStoreContract() {
  const client = useQueryClient();
  return (saved: TContractDetail) => {
    client.setQueryData(contractKeys.one(saved.contract_id), saved);
    // Lists, and the shell's own contract list (`['contracts', 'mine']`): a number, title or state may have changed.
    return client.invalidateQueries({ queryKey: contractKeys.contracts, predicate: (q) => !(q.queryKey[1] === 'manage' && q.queryKey[2] === 'one') });
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
      client.removeQueries({ queryKey: contractKeys.one(contractId) });
      return client.invalidateQueries({ queryKey: contractKeys.contracts });
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

/** `GET /contracts/{id}/users` (ManageProjectAssignment). */
export function useContractUsers(contractId: number) {
  return useQuery({
    queryKey: contractKeys.users(contractId),
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
      client.setQueryData(contractKeys.users(contractId), users);
      return client.invalidateQueries({ queryKey: contractKeys.all, predicate: (q) => q.queryKey[2] !== 'users' });
    },
  });
}

/** `GET /contracts/{id}/users/candidates`: users who may be assigned and are not yet (the assign dialog). */
export function useUserCandidates(contractId: number, keyword: string) {
  return useQuery({
    queryKey: contractKeys.candidates(contractId, keyword),
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
    queryKey: contractKeys.contractorOptions(directory),
    queryFn: async ({ signal }): Promise<ContractorOption[]> => {
      const records = directory
        ? (await apiRequest('/contractors', { query: { limit: 1000, skip: 0 }, schema: ZContractorList, signal })).records
        : (await apiRequest('/account/register/contractors', { schema: ZRegisterContractors, signal })).records;
      return records.map((c) => ({ contractor_id: c.contractor_id, name: c.name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
  });
}

import {
  ZInstrumentStatuses,
  ZOk,
  ZStructure,
  ZStructureList,
  ZStructureMonitoring,
  type TCreateStructureRequest,
  type TStructure,
  type TStructureKind,
  type TUpdateStructureRequest,
} from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { fetchAllInstruments } from '../../lib/instruments';
import { KINDS } from './kinds';

/** Query keys of critical interfaces and mining works: `['structures', kind, …]`; one invalidation per kind refreshes it all. */
export const structureKeys = {
  all: ['structures'] as const,
  kind: (kind: TStructureKind) => [...structureKeys.all, kind] as const,
  lists: (kind: TStructureKind) => [...structureKeys.kind(kind), 'list'] as const,
  list: (kind: TStructureKind, params: StructureListParams) => [...structureKeys.lists(kind), params] as const,
  one: (kind: TStructureKind, id: number | undefined) => [...structureKeys.kind(kind), 'one', id] as const,
  monitoring: (kind: TStructureKind, id: number | undefined) => [...structureKeys.kind(kind), 'monitoring', id] as const,
  instrumentsOf: (contractId: number | undefined) => [...structureKeys.all, 'contract-instruments', contractId] as const,
  statusesOf: (contractId: number | undefined) => [...structureKeys.all, 'contract-statuses', contractId] as const,
};

export interface StructureListParams {
  limit: number;
  skip: number;
  keyword?: string | undefined;
  contract_id?: number | undefined;
}

/** `GET /critical-interfaces` or `GET /mining-works`: a page of the kind's records within the caller's contracts. */
export function useStructures(kind: TStructureKind, params: StructureListParams) {
  return useQuery({
    queryKey: structureKeys.list(kind, params),
    queryFn: ({ signal }) =>
      apiRequest(KINDS[kind].api, {
        query: {
          limit: params.limit,
          skip: params.skip,
          keyword: params.keyword || undefined,
          filter: params.contract_id ? JSON.stringify([params.contract_id]) : undefined,
        },
        schema: ZStructureList,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStructure(kind: TStructureKind, id: number | undefined) {
  return useQuery({
    queryKey: structureKeys.one(kind, id),
    queryFn: ({ signal }) => apiRequest(`${KINDS[kind].api}/${id}`, { schema: ZStructure, signal }),
    enabled: id !== undefined,
  });
}

/** `GET /{kind}/{id}/monitoring`: status, latest values and trend of each linked instrument; alerts, cases, sites nearby. */
export function useStructureMonitoring(kind: TStructureKind, id: number | undefined) {
  return useQuery({
    queryKey: structureKeys.monitoring(kind, id),
    queryFn: ({ signal }) => apiRequest(`${KINDS[kind].api}/${id}/monitoring`, { schema: ZStructureMonitoring, signal }),
    enabled: id !== undefined,
  });
}

/** Every instrument of a contract (the picker's list and map). */
export function useContractInstruments(contractId: number | undefined) {
  return useQuery({
    queryKey: structureKeys.instrumentsOf(contractId),
    queryFn: ({ signal }) => fetchAllInstruments({ contracts: JSON.stringify([contractId]) }, signal),
    enabled: contractId !== undefined,
  });
}

/** The status levels of a contract's instruments (the picker colours them); needs a readings permission, else none. */
export function useContractStatuses(contractId: number | undefined) {
  return useQuery({
    queryKey: structureKeys.statusesOf(contractId),
    queryFn: ({ signal }) =>
      apiRequest('/instruments/status', { query: { contracts: JSON.stringify([contractId]) }, schema: ZInstrumentStatuses, signal, emitHttpError: false }),
    enabled: contractId !== undefined,
    retry: false,
  });
}

/** Create (`POST`) or edit (`PUT`) a record of the kind; field errors reach the form. */
export function useSaveStructure(kind: TStructureKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; body: TCreateStructureRequest | TUpdateStructureRequest }): Promise<TStructure> =>
      apiRequest(input.id ? `${KINDS[kind].api}/${input.id}` : KINDS[kind].api, {
        method: input.id ? 'PUT' : 'POST',
        json: input.body,
        schema: ZStructure,
        emitHttpError: false,
      }),
    onSuccess: (saved) => {
      client.setQueryData(structureKeys.one(kind, saved.structure_id), saved);
      void client.invalidateQueries({ queryKey: structureKeys.monitoring(kind, saved.structure_id) });
      return client.invalidateQueries({ queryKey: structureKeys.lists(kind) });
    },
  });
}

export function useDeleteStructure(kind: TStructureKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${KINDS[kind].api}/${id}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    onSuccess: (_ok, id) => {
      client.removeQueries({ queryKey: structureKeys.one(kind, id) });
      client.removeQueries({ queryKey: structureKeys.monitoring(kind, id) });
      return client.invalidateQueries({ queryKey: structureKeys.lists(kind) });
    },
  });
}

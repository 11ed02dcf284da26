import { ZAdminUserDetail, ZAdminUserList, ZAlertInstrumentStatusList, ZInstrument, ZInstrumentList, ZRoleList } from '@strata/shared';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchAllInstruments, fetchAllPages } from '../../../lib/instruments';
import { ruleKeys } from './keys';

/*
 * What the forms choose from. Each call here is quiet (no alert of the frame): a picker whose options the user may
 * not read says so itself and keeps the ids it has.
 */
const LONG = 5 * 60_000;

/** `GET /instruments?contract_id`: every instrument of a contract (every page), with its position. */
export function useContractInstruments(contractId: number | undefined) {
  return useQuery({
    queryKey: ruleKeys.contractInstruments(contractId),
    queryFn: ({ signal }) => fetchAllInstruments({ contract_id: contractId }, signal),
    enabled: contractId !== undefined,
    staleTime: LONG,
  });
}

/** `GET /instruments?keyword`: the first 20 instruments matching, in the given contracts (a JSON list) or all. */
export function useInstrumentSearch(keyword: string, contracts: string | undefined) {
  return useQuery({
    queryKey: ruleKeys.instrumentSearch(keyword, contracts),
    queryFn: ({ signal }) =>
      apiRequest('/instruments', {
        query: { keyword: keyword || undefined, contracts, limit: 20, skip: 0 },
        schema: ZInstrumentList,
        signal,
        emitHttpError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: LONG,
  });
}

/** The names of chosen instruments (`GET /instruments/{id}` each), for a saved template's narrowing. */
export function useInstrumentNames(ids: readonly number[]): Map<number, string> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ruleKeys.instrument(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(`/instruments/${id}`, { schema: ZInstrument, signal, emitHttpError: false }),
      staleTime: LONG,
      retry: false,
    })),
  });
  return new Map(results.flatMap((r) => (r.data ? [[r.data.instrument_id, r.data.name] as const] : [])));
}

/** `GET /alerts/instrument-status` of one contract: each instrument's current level (null when the user may not read it). */
export function useInstrumentLevels(contractId: number | undefined) {
  return useQuery({
    queryKey: ruleKeys.instrumentLevels(contractId),
    queryFn: ({ signal }) =>
      fetchAllPages((skip, limit) =>
        apiRequest('/alerts/instrument-status', {
          query: { contracts: JSON.stringify([contractId]), limit, skip },
          schema: ZAlertInstrumentStatusList,
          signal,
          emitHttpError: false,
        }),
      ),
    enabled: contractId !== undefined,
    retry: false,
    select: (records) => new Map(records.map((r) => [r.instrument_id, r.level_code])),
  });
}

/** `GET /roles` (Manage Roles): every role. */
export function useRoles() {
  return useQuery({
    queryKey: ruleKeys.roles(),
    queryFn: ({ signal }) => apiRequest('/roles', { query: { limit: 1000, skip: 0 }, schema: ZRoleList, signal, emitHttpError: false }),
    retry: false,
    staleTime: LONG,
  });
}

/** `GET /admin/users?keyword` (Search Users): the first 20 users matching. */
export function useUserSearch(keyword: string) {
  return useQuery({
    queryKey: ruleKeys.userSearch(keyword),
    queryFn: ({ signal }) =>
      apiRequest('/admin/users', { query: { keyword: keyword || undefined, limit: 20, skip: 0 }, schema: ZAdminUserList, signal, emitHttpError: false }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: LONG,
  });
}

/** The names of chosen users (`GET /admin/users/{id}` each). */
export function useUserNames(ids: readonly number[]): Map<number, string> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ruleKeys.user(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(`/admin/users/${id}`, { schema: ZAdminUserDetail, signal, emitHttpError: false }),
      staleTime: LONG,
      retry: false,
    })),
  });
  return new Map(results.flatMap((r) => (r.data ? [[r.data.user_id, `${r.data.fullname} (${r.data.login_name})`] as const] : [])));
}

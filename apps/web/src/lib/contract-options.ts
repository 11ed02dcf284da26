import { ZContractList, type TContract } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { CONTRACTS_QUERY_KEY } from './active-contracts';

/** Option lists are read in one page this large (spec §9: contracts and sites lists, limit 1000). */
export const OPTIONS_LIMIT = 1000;

/**
 * The one key of the contract option list. It starts with `['contracts']`, so a saved contract (the contracts
 * feature invalidates every `['contracts']` query) or a new active-contract choice refreshes the options too.
 */
export const CONTRACT_OPTIONS_KEY = [...CONTRACTS_QUERY_KEY, 'options'] as const;

/**
 * The contracts the signed-in user may see (`GET /contracts`; the server scopes a Contractor user to their own), sorted
 * by number: what the admin, site, zone and instrument screens offer to choose from or filter by.
 */
export function contractOptionsQuery() {
  return queryOptions({
    queryKey: CONTRACT_OPTIONS_KEY,
    queryFn: ({ signal }) => apiRequest('/contracts', { query: { limit: OPTIONS_LIMIT, skip: 0 }, schema: ZContractList, signal }),
    select: (data): TContract[] => [...data.records].sort((a, b) => a.no.localeCompare(b.no, undefined, { numeric: true })),
    staleTime: 60_000,
  });
}

export function useContractOptions() {
  return useQuery(contractOptionsQuery());
}

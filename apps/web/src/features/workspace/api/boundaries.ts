import { ZContractDetail, type TContractDetail, type TPolygon } from '@strata/shared';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { workspaceKeys } from './keys';

export interface ContractBoundary {
  contractId: number;
  no: string;
  /** SVY21 metres. */
  polygon: TPolygon;
}

export interface ContractBoundaries {
  boundaries: ContractBoundary[];
  /** Some contract's boundary is still being fetched (false where the user may not fetch them). */
  loading: boolean;
}

// Outside the hook: a stable `combine` keeps its result (and so `boundaries`) the same object while the data is.
function combine(results: UseQueryResult<TContractDetail>[]): ContractBoundaries {
  return {
    boundaries: results.flatMap((r) => (r.data?.boundary ? [{ contractId: r.data.contract_id, no: r.data.no, polygon: r.data.boundary }] : [])),
    loading: results.some((r) => r.isLoading),
  };
}

/**
 * The boundaries of the chosen contracts, from `GET /contracts/{id}` — the only call that returns them, and it needs
 * Search Contracts or View/Edit Contracts: users without either see no boundaries (the map works without them).
 */
export function useContractBoundaries(contractIds: readonly number[]): ContractBoundaries {
  const allowed = useCan('SearchContracts', 'VieworEditContracts');
  return useQueries({
    queries: contractIds.map((id) => ({
      queryKey: workspaceKeys.boundary(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(`/contracts/${id}`, { schema: ZContractDetail, signal, emitHttpError: false }),
      enabled: allowed,
      staleTime: 5 * 60_000,
      retry: false,
    })),
    combine,
  });
}

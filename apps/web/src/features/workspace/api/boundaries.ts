import { ZContractDetail, type TPolygon } from '@strata/shared';
import { useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { workspaceKeys } from './keys';

export interface ContractBoundary {
  contractId: number;
  no: string;
  /** SVY21 metres. */
  polygon: TPolygon;
}

/**
 * The boundaries of the chosen contracts, from `GET /contracts/{id}` — the only call that returns them, and it needs
 * Search Contracts or View/Edit Contracts: users without either see no boundaries (the map works without them).
 */
export function useContractBoundaries(contractIds: readonly number[]): ContractBoundary[] {
  const allowed = useCan('SearchContracts', 'VieworEditContracts');
  const results = useQueries({
    queries: contractIds.map((id) => ({
      queryKey: workspaceKeys.boundary(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(`/contracts/${id}`, { schema: ZContractDetail, signal, emitHttpError: false }),
      enabled: allowed,
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  return results.flatMap((r) => (r.data?.boundary ? [{ contractId: r.data.contract_id, no: r.data.no, polygon: r.data.boundary }] : []));
}

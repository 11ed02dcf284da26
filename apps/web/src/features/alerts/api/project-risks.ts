import { ZProjectRisks } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './keys';

/** `GET /alerts/project-risks`: per contract (then its zones) the score, rating and 30-day trend. */
export function useProjectRisks(contracts: string | null) {
  return useQuery({
    queryKey: alertKeys.projectRisks(contracts),
    queryFn: ({ signal }) => apiRequest('/alerts/project-risks', { query: { contracts: contracts! }, schema: ZProjectRisks, signal, emitHttpError: false }),
    enabled: contracts !== null,
  });
}

import { ZAlertSummary } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ALERTS_KEY } from './keys';

/** The landing's counts are asked for again this often too, in case a live event was missed (socket down). */
export const SUMMARY_POLL_MS = 60_000;

/** `GET /alerts/summary`: open alerts per landing tile and breached per level, in the active contracts. */
export function useAlertSummary(contracts: string | null) {
  return useQuery({
    queryKey: [...ALERTS_KEY, 'summary', contracts],
    queryFn: ({ signal }) => apiRequest('/alerts/summary', { query: { contracts: contracts! }, schema: ZAlertSummary, signal, emitHttpError: false }),
    enabled: contracts !== null,
    refetchInterval: SUMMARY_POLL_MS,
  });
}

import { ZActionCaseSummary, ZAlertSummary, type TActionCaseSummary } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './keys';

/** The landing's counts are asked for again this often too, in case a live event was missed (socket down). */
export const SUMMARY_POLL_MS = 60_000;

/** `GET /alerts/summary`: open alerts per landing tile and breached per level, in the active contracts. */
export function useAlertSummary(contracts: string | null) {
  return useQuery({
    queryKey: alertKeys.summary(contracts),
    queryFn: ({ signal }) => apiRequest('/alerts/summary', { query: { contracts: contracts! }, schema: ZAlertSummary, signal, emitHttpError: false }),
    enabled: contracts !== null,
    refetchInterval: SUMMARY_POLL_MS,
  });
}

/** The open cases of the Log of Actions Taken the user may read: the sum over its categories; null when none may be read. */
export function openCaseCount(summary: TActionCaseSummary): number | null {
  const counts = Object.values(summary.open).filter((n): n is number => n !== null);
  return counts.length === 0 ? null : counts.reduce((a, b) => a + b, 0);
}

/**
 * `GET /action-cases/summary` for the "Logs of Action Taken" tile (the action-log feature asks the same under the same
 * key, lib/query-keys.ts, so either page's answer serves both): the open cases in the active contracts, or null.
 */
export function useOpenCaseCount(contracts: string | null) {
  return useQuery({
    queryKey: alertKeys.openCases(contracts),
    queryFn: ({ signal }) =>
      apiRequest('/action-cases/summary', { query: { contracts: contracts! }, schema: ZActionCaseSummary, signal, emitHttpError: false }),
    enabled: contracts !== null,
    refetchInterval: SUMMARY_POLL_MS,
    select: openCaseCount,
  });
}

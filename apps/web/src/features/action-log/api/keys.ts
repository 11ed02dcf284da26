import { ACTION_LOG_TOPIC, ALERTS_TOPIC } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useActiveContractIds } from '../../../lib/active-contracts';
import { liveEvents } from '../../../lib/live-connection';
import { ACTION_LOG_QUERY_KEY, actionCaseSummaryKey } from '../../../lib/query-keys';
import type { CaseListParams, CaseTarget } from './cases';

/**
 * Query keys of the log. Every key starts with `all`: under `contracts` (a new contract choice refetches them) and
 * `action-log` (a change of a case, or a live `dataUpdated` of topic `action-log` or `alerts`, refetches them). The
 * summary is the key the alert landing's tile shares (lib/query-keys.ts).
 */
export const actionLogKeys = {
  all: ACTION_LOG_QUERY_KEY,
  lists: () => [...actionLogKeys.all, 'list'] as const,
  list: (params: CaseListParams | null) => [...actionLogKeys.lists(), params] as const,
  summary: (contracts: string | null) => actionCaseSummaryKey(contracts),
  one: (caseId: number | undefined) => [...actionLogKeys.all, 'one', caseId] as const,
  target: (target: CaseTarget | null) => [...actionLogKeys.all, 'target', target] as const,
  candidates: (params: { category: 'breached' | 'scenario'; keyword: string; contracts: string } | null) =>
    [...actionLogKeys.all, 'candidates', params] as const,
  instruments: (params: { keyword: string; contracts: string } | null) => [...actionLogKeys.all, 'instruments', params] as const,
};

/** The `contracts` query parameter of the active choice (JSON list), or null when no contract is active. */
export function useCaseContracts(): string | null {
  const ids = useActiveContractIds();
  return ids.length > 0 ? JSON.stringify([...ids].sort((a, b) => a - b)) : null;
}

/** While a page of the log is open, a live change of cases (or alerts) refetches what it shows. */
export function useActionLogLive(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      liveEvents.on('notification', (event) => {
        if (event.type === 'dataUpdated' && (event.topic === ACTION_LOG_TOPIC || event.topic === ALERTS_TOPIC)) {
          void client.invalidateQueries({ queryKey: actionLogKeys.all });
        }
      }),
    [client],
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { ALERT_COMMENT_TOPIC, ALERTS_TOPIC } from '@strata/shared';
import { useEffect } from 'react';
import { commentKeys } from '../../../components/record-comments/api';
import { CONTRACTS_QUERY_KEY, useActiveContractIds } from '../../../lib/active-contracts';
import { liveEvents } from '../../../lib/live-connection';
import { actionCaseSummaryKey } from '../../../lib/query-keys';
import type { AlertListParams } from './alerts';
import type { BreachedParams } from './breached';
import type { InstrumentStatusFilters } from './instrument-status';

/**
 * Query keys of the alert screens. Every alert query's key starts with `all`: under `contracts` (a new contract choice
 * refetches them) and `alerts` (closing an alert, or a live `dataUpdated` of topic `alerts` or `instruments`, refetches
 * them). An alert's comments are the record comments' entry (so the comment list and the QP comments refresh together),
 * and the open cases are the Log of Actions Taken's summary (lib/query-keys.ts: a change of a case refreshes the tile).
 */
export const alertKeys = {
  all: [...CONTRACTS_QUERY_KEY, 'alerts'] as const,
  lists: () => [...alertKeys.all, 'list'] as const,
  list: (params: AlertListParams | null) => [...alertKeys.lists(), params] as const,
  one: (alertId: number | undefined) => [...alertKeys.all, 'one', alertId] as const,
  breached: (params: BreachedParams | null) => [...alertKeys.all, 'breached', params] as const,
  instrumentStatus: (filters: InstrumentStatusFilters | null, page: { limit: number; skip: number }) =>
    [...alertKeys.all, 'instrument-status', filters, page] as const,
  projectRisks: (contracts: string | null) => [...alertKeys.all, 'project-risks', contracts] as const,
  readings: (instrumentId: number | null, code: string | null, from: string, to: string, maxPoints: number) =>
    [...alertKeys.all, 'readings', instrumentId, code, from, to, maxPoints] as const,
  summary: (contracts: string | null) => [...alertKeys.all, 'summary', contracts] as const,
  openCases: (contracts: string | null) => actionCaseSummaryKey(contracts),
  comments: (alertId: number) => commentKeys.record(ALERT_COMMENT_TOPIC, alertId),
  qpComments: (alertId: number) => [...alertKeys.comments(alertId), 'qp'] as const,
};

/** Live topics after which alert data is asked for again: the engine's own, and new readings. */
export const ALERT_LIVE_TOPICS: readonly string[] = [ALERTS_TOPIC, 'instruments'];

/** The `contracts` query parameter of the active choice (JSON list), or null when no contract is active. */
export function contractsParam(ids: readonly number[]): string | null {
  return ids.length > 0 ? JSON.stringify([...ids].sort((a, b) => a - b)) : null;
}

/** The active contracts as the alert calls send them (null: none active, nothing to ask). */
export function useAlertContracts(): string | null {
  return contractsParam(useActiveContractIds());
}

/**
 * While an alert screen is open, a live `dataUpdated` of the alerts (or new readings) refetches what it shows — no
 * reload, no banner: alert counts and lists are expected to move on their own.
 */
export function useAlertsLive(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      liveEvents.on('notification', (event) => {
        if (event.type === 'dataUpdated' && ALERT_LIVE_TOPICS.includes(event.topic)) void client.invalidateQueries({ queryKey: alertKeys.all });
      }),
    [client],
  );
}

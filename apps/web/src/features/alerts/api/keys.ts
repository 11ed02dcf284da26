import { useQueryClient } from '@tanstack/react-query';
import { ALERTS_TOPIC } from '@strata/shared';
import { useEffect } from 'react';
import { CONTRACTS_QUERY_KEY, useActiveContractIds } from '../../../lib/active-contracts';
import { liveEvents } from '../../../lib/live-connection';

/**
 * Every alert query's key starts here: under `contracts` (a new contract choice refetches them) and `alerts` (a live
 * `dataUpdated` of topic `alerts` or `instruments` refetches them).
 */
export const ALERTS_KEY = [...CONTRACTS_QUERY_KEY, 'alerts'] as const;

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
        if (event.type === 'dataUpdated' && ALERT_LIVE_TOPICS.includes(event.topic)) void client.invalidateQueries({ queryKey: ALERTS_KEY });
      }),
    [client],
  );
}

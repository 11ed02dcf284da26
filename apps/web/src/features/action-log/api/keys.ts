import { ACTION_LOG_TOPIC, ALERTS_TOPIC } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CONTRACTS_QUERY_KEY, useActiveContractIds } from '../../../lib/active-contracts';
import { liveEvents } from '../../../lib/live-connection';

/**
 * Every query of the log starts here: under `contracts` (a new contract choice refetches them) and `action-log` (a
 * live `dataUpdated` of topic `action-log` or `alerts` refetches them).
 */
export const ACTION_LOG_KEY = [...CONTRACTS_QUERY_KEY, 'action-log'] as const;

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
          void client.invalidateQueries({ queryKey: ACTION_LOG_KEY });
        }
      }),
    [client],
  );
}

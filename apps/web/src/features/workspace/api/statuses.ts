import { ZInstrumentStatuses } from '@strata/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { liveEvents } from '../../../lib/live-connection';
import type { LevelLookup } from '../list/filter-instruments';
import { useCanViewReadings } from './readings';
import { workspaceKeys } from './keys';

/** The `dataUpdated` topic of new readings (uploads publish it after loading): the status levels are fetched again. */
export const STATUS_TOPIC = 'instruments';

const NO_LEVEL: LevelLookup = () => undefined;

/**
 * `GET /instruments/status?contracts=[…]`: the status level of every instrument of the chosen contracts (the most
 * severe alert level its latest readings pass; null = normal), as a map instrument id -> level code. Asked only with
 * View Instrument Data or View Instrument Charts (the server's rule); without them, or on a failure, the instruments
 * are drawn at their normal colour and no error is shown (the map and list work without levels).
 */
export function instrumentStatusesOptions(contractIds: readonly number[]) {
  return queryOptions({
    queryKey: workspaceKeys.statuses(contractIds),
    queryFn: ({ signal }) =>
      apiRequest('/instruments/status', {
        query: { contracts: JSON.stringify(contractIds) },
        schema: ZInstrumentStatuses,
        signal,
        emitHttpError: false,
      }).then((answer) => new Map(answer.records.flatMap((r) => (r.level_code ? [[r.instrument_id, r.level_code] as const] : [])))),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * The status levels of the chosen contracts' instruments as a lookup for the map, list and filter (`levelOf`), and
 * whether they are known. Refreshed when a `dataUpdated` event of topic `instruments` arrives on the live connection
 * (an upload was loaded), besides react-query's usual refetch on focus once a minute old.
 */
export function useInstrumentStatuses(contractIds: readonly number[]): { levelOf: LevelLookup; known: boolean } {
  const client = useQueryClient();
  const options = instrumentStatusesOptions(contractIds);
  // The server's rule (the levels come from readings): without it nothing is asked (a refusal would be audited).
  const canRead = useCanViewReadings();
  const statuses = useQuery({ ...options, enabled: canRead && contractIds.length > 0 });
  const contractsKey = contractIds.join(',');
  useEffect(
    () =>
      liveEvents.on('notification', (event) => {
        if (event.type === 'dataUpdated' && event.topic === STATUS_TOPIC) {
          void client.invalidateQueries({ queryKey: workspaceKeys.statuses(contractsKey === '' ? [] : contractsKey.split(',').map(Number)) });
        }
      }),
    [client, contractsKey],
  );
  const data = statuses.data;
  const levelOf = useMemo<LevelLookup>(() => (data ? (id) => data.get(id) : NO_LEVEL), [data]);
  return { levelOf, known: data !== undefined };
}

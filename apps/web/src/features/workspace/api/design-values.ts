import { CONSTRUCTION_TOPIC, DESIGN_VALUES_TOPIC, ZInstrumentDesignValues } from '@strata/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { liveEvents } from '../../../lib/live-connection';
import { workspaceKeys } from './keys';

/** The live topics that move an instrument's predicted line: its design values, the sites' progress (their stage). */
const DESIGN_VALUE_LIVE_TOPICS: readonly string[] = [DESIGN_VALUES_TOPIC, CONSTRUCTION_TOPIC];

/**
 * `GET /instruments/{id}/design-values`: the QP(D)'s predictions of an instrument by site, with each site's current
 * stage and its rows (the charts' predicted lines). Asked only when `enabled` (the readings' permissions); a failure is
 * not retried and leaves the charts without predicted lines (the caller reads `data` only). An approved design value
 * upload or new construction progress asks again.
 */
export function useInstrumentDesignValues(instrumentId: number, enabled: boolean) {
  const client = useQueryClient();
  useEffect(
    () =>
      liveEvents.on('notification', (event) => {
        if (event.type === 'dataUpdated' && DESIGN_VALUE_LIVE_TOPICS.includes(event.topic))
          void client.invalidateQueries({ queryKey: workspaceKeys.designValues(instrumentId) });
      }),
    [client, instrumentId],
  );
  return useQuery({
    queryKey: workspaceKeys.designValues(instrumentId),
    queryFn: ({ signal }) => apiRequest(`/instruments/${instrumentId}/design-values`, { schema: ZInstrumentDesignValues, signal, emitHttpError: false }),
    enabled,
    retry: false,
  });
}

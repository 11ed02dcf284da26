import { ZInstrumentReadings } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { alertKeys } from './keys';

/** Readings need View Instrument Data or View Instrument Charts (the server's rule). */
export function useCanViewReadings(): boolean {
  return useCan('ViewInstrumentData', 'ViewInstrumentCharts');
}

export interface AlertReadingsRange {
  from: string;
  to: string;
  maxPoints: number;
  /** Only this reading code (the alert's), when it has one. */
  code?: string | null;
}

/** `GET /instruments/{id}/readings` over the range: every series of the instrument, downsampled on the server. */
export function useAlertReadings(instrumentId: number | null, range: AlertReadingsRange, enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.readings(instrumentId, range.code ?? null, range.from, range.to, range.maxPoints),
    queryFn: ({ signal }) =>
      apiRequest(`/instruments/${instrumentId}/readings`, {
        query: { codes: range.code ?? undefined, from: range.from, to: range.to, max_points: range.maxPoints },
        schema: ZInstrumentReadings,
        signal,
        emitHttpError: false,
      }),
    enabled: enabled && instrumentId !== null,
  });
}

import { ZInstrumentReadings, ZLatestReadings, type TLatestReading } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';

/** Readings need View Instrument Data or View Instrument Charts (the server's rule for both calls). */
export function useCanViewReadings(): boolean {
  return useCan('ViewInstrumentData', 'ViewInstrumentCharts');
}

export interface ReadingsRange {
  /** ISO instants; null = no bound. */
  from: string | null;
  to: string | null;
  /** Points per series (about the chart's width); the server caps it at chart.instrument_detail_limit. */
  maxPoints: number;
}

/** `GET /instruments/{id}/readings`: every series of the instrument in the range, downsampled on the server. */
export function useInstrumentReadings(instrumentId: number | undefined, range: ReadingsRange, enabled = true) {
  return useQuery({
    queryKey: ['contracts', 'workspace', 'readings', instrumentId, range.from, range.to, range.maxPoints],
    queryFn: ({ signal }) =>
      apiRequest(`/instruments/${instrumentId}/readings`, {
        query: { from: range.from ?? undefined, to: range.to ?? undefined, max_points: range.maxPoints },
        schema: ZInstrumentReadings,
        signal,
      }),
    enabled: enabled && instrumentId !== undefined,
    placeholderData: (previous, query) => (query?.queryKey[3] === instrumentId ? previous : undefined),
  });
}

/** `GET /instruments/latest?ids=[…]` (at most 1000 ids): the latest reading of every series of these instruments. */
export function latestReadingsOptions(ids: readonly number[]) {
  return queryOptions({
    queryKey: ['contracts', 'workspace', 'latest', [...ids]],
    queryFn: ({ signal }) =>
      apiRequest('/instruments/latest', { query: { ids: JSON.stringify(ids) }, schema: ZLatestReadings, signal, emitHttpError: false }).then(
        (answer) => new Map<number, TLatestReading[]>(answer.records.map((r) => [r.instrument_id, r.readings])),
      ),
    staleTime: 60_000,
  });
}

export function useLatestReadings(ids: readonly number[], enabled = true) {
  return useQuery({ ...latestReadingsOptions(ids), enabled: enabled && ids.length > 0 });
}

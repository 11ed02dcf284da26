import { ZInstrumentProfile, ZInstrumentReadings, ZLatestReadings, type TLatestReading, type TReadingsExportFormat } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { useCan } from '../../../lib/use-can';
import { workspaceKeys } from './keys';

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
  /** Only the series at these depths (an inclinometer's time series at chosen depths); empty or absent = every series. */
  depths?: readonly number[];
}

/** `GET /instruments/{id}/readings`: every series of the instrument in the range, downsampled on the server. */
export function useInstrumentReadings(instrumentId: number | undefined, range: ReadingsRange, enabled = true) {
  return useQuery({
    queryKey: workspaceKeys.readings(instrumentId, range.from, range.to, range.maxPoints, range.depths?.join(',') ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/instruments/${instrumentId}/readings`, {
        query: {
          from: range.from ?? undefined,
          to: range.to ?? undefined,
          max_points: range.maxPoints,
          depths: range.depths?.length ? range.depths.join(',') : undefined,
        },
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
    queryKey: workspaceKeys.latest(ids),
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

/**
 * `GET /instruments/{id}/profile?codes&at=…`: per date and code, the value at each depth (the latest reading at or
 * before the date). `at` holds 1–6 ISO instants.
 */
export function useInstrumentProfile(instrumentId: number, at: readonly string[], codes?: readonly string[]) {
  return useQuery({
    queryKey: workspaceKeys.profile(instrumentId, at.join(','), codes?.join(',') ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/instruments/${instrumentId}/profile`, {
        query: { at: at.join(','), codes: codes?.length ? codes.join(',') : undefined },
        schema: ZInstrumentProfile,
        signal,
      }),
    enabled: at.length > 0,
    placeholderData: (previous, query) => (query?.queryKey[3] === instrumentId ? previous : undefined),
  });
}

export interface ReadingsExport {
  format: TReadingsExportFormat;
  codes: readonly string[];
  from: string | null;
  to: string | null;
  depths?: readonly number[];
}

/** The address of `GET /instruments/{id}/readings/export` (an attachment) for the codes, period and depths shown. */
export function readingsExportPath(instrumentId: number, e: ReadingsExport): string {
  const query = new URLSearchParams({ format: e.format });
  if (e.codes.length) query.set('codes', e.codes.join(','));
  if (e.from) query.set('from', e.from);
  if (e.to) query.set('to', e.to);
  if (e.depths?.length) query.set('depths', e.depths.join(','));
  return `/instruments/${instrumentId}/readings/export?${query.toString()}`;
}

/** Downloads the readings as CSV or XLSX (the bearer header; the server's file name). Resolves with the saved name. */
export function downloadReadings(instrumentId: number, e: ReadingsExport, fallbackName: string): Promise<string> {
  return downloadFile(readingsExportPath(instrumentId, e), { fileName: `${fallbackName}.${e.format}` });
}

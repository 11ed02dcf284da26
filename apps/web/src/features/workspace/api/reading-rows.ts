import { ZReadingRowList } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workspaceKeys } from './keys';

export interface ReadingRowsRequest {
  /** ISO instants; null = no bound. */
  from: string | null;
  to: string | null;
  /** Only these reading codes; empty or absent = every code. */
  codes?: readonly string[];
  /** Only the series at these depths (inclinometers); empty or absent = every series. */
  depths?: readonly number[];
  limit: number;
  skip: number;
}

/**
 * `GET /instruments/{id}/reading-rows`: one page of the stored readings of the period (not the chart's downsampled
 * points), newest first, with the period's count. The page shown stays while the next one loads.
 */
export function useReadingRows(instrumentId: number, r: ReadingRowsRequest, enabled = true) {
  const codes = r.codes?.length ? r.codes.join(',') : undefined;
  const depths = r.depths?.length ? r.depths.join(',') : undefined;
  return useQuery({
    queryKey: workspaceKeys.readingRows(instrumentId, r.from, r.to, codes ?? '', depths ?? '', r.skip, r.limit),
    queryFn: ({ signal }) =>
      apiRequest(`/instruments/${instrumentId}/reading-rows`, {
        query: { from: r.from ?? undefined, to: r.to ?? undefined, codes, depths, skip: r.skip, limit: r.limit },
        schema: ZReadingRowList,
        signal,
      }),
    enabled,
    placeholderData: (previous, query) => (query?.queryKey[3] === instrumentId ? previous : undefined),
  });
}

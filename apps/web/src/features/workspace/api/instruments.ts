import { ZInstrument, ZInstrumentThresholds, type TInstrument } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchAllInstruments } from '../../../lib/instruments';
import { workspaceKeys } from './keys';

/**
 * Every instrument of the given contracts (`GET /instruments?contracts=[…]`, every page: `lib/instruments`). The map
 * draws them all; the list, its filters and its pages are computed from the same set (see ../README.md).
 */
export async function fetchWorkspaceInstruments(contractIds: readonly number[], signal?: AbortSignal): Promise<TInstrument[]> {
  if (contractIds.length === 0) return [];
  return fetchAllInstruments({ contracts: JSON.stringify(contractIds) }, signal);
}

/** Keyed under ['contracts', …]: a change of the contract bar refetches it. */
export function workspaceInstrumentsOptions(contractIds: readonly number[]) {
  return queryOptions({
    queryKey: workspaceKeys.instruments(contractIds),
    queryFn: ({ signal }) => fetchWorkspaceInstruments(contractIds, signal),
    staleTime: 60_000,
  });
}

export function useWorkspaceInstruments(contractIds: readonly number[]) {
  return useQuery({ ...workspaceInstrumentsOptions(contractIds), enabled: contractIds.length > 0 });
}

/** `GET /instruments/{id}` (SVY21 and WGS84). */
export function useInstrument(instrumentId: number | undefined) {
  return useQuery({
    queryKey: workspaceKeys.instrument(instrumentId),
    queryFn: ({ signal }) => apiRequest(`/instruments/${instrumentId}`, { schema: ZInstrument, signal }),
    enabled: instrumentId !== undefined,
  });
}

/** `GET /instruments/{id}/thresholds`: per reading code and level, upper and/or lower. */
export function thresholdsOptions(instrumentId: number) {
  return queryOptions({
    queryKey: workspaceKeys.thresholds(instrumentId),
    queryFn: ({ signal }) => apiRequest(`/instruments/${instrumentId}/thresholds`, { schema: ZInstrumentThresholds, signal }),
    staleTime: 60_000,
  });
}

export function useInstrumentThresholds(instrumentId: number | undefined) {
  return useQuery({ ...thresholdsOptions(instrumentId ?? 0), enabled: instrumentId !== undefined });
}

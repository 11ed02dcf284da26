import type { TInstrument } from '@strata/shared';
import { useMemo } from 'react';
import { useSystemState } from '../../../lib/system-store';
import type { ContractBoundaries, ContractBoundary } from '../api/boundaries';
import type { Svy21Extent } from '../state/url-state';

/**
 * Where the map opens without a `pos` (and where "Reset map location" goes): the extent to fit, null for the
 * configured home view (the centre of `map_bounds` at zoom 10), or 'pending' while the chosen contracts' boundaries
 * and instruments are still loading (the map waits rather than open on the home view and jump).
 */
export type HomeFit = Svy21Extent | null | 'pending';

/** The SVY21 extent of the contracts' boundaries and instruments together, or null when there is neither. */
export function contractsExtent(
  boundaries: readonly ContractBoundary[],
  instruments: readonly Pick<TInstrument, 'easting' | 'northing'>[],
): Svy21Extent | null {
  let extent: Svy21Extent | null = null;
  const add = (e: number, n: number) => {
    if (!Number.isFinite(e) || !Number.isFinite(n)) return;
    extent = extent ? [Math.min(extent[0], e), Math.min(extent[1], n), Math.max(extent[2], e), Math.max(extent[3], n)] : [e, n, e, n];
  };
  for (const b of boundaries) for (const [e, n] of b.polygon.coordinates[0] ?? []) add(e!, n!);
  for (const i of instruments) add(i.easting, i.northing);
  return extent;
}

export interface HomeFitInput {
  contractIds: readonly number[];
  /** The chosen contracts' instruments query (all of them: the filter and keyword do not move the home view). */
  instruments: { data?: readonly TInstrument[]; isLoading: boolean };
  boundaries: ContractBoundaries;
}

/** The home view of the work-space map: the chosen contracts, fitted (issue 16). */
export function useHomeFit({ contractIds, instruments, boundaries }: HomeFitInput): HomeFit {
  const synced = useSystemState((s) => s.sync);
  const pending = !synced || (contractIds.length > 0 && (instruments.isLoading || boundaries.loading));
  const extent = useMemo(
    () => (contractIds.length === 0 ? null : contractsExtent(boundaries.boundaries, instruments.data ?? [])),
    [contractIds.length, boundaries.boundaries, instruments.data],
  );
  return pending ? 'pending' : extent;
}

import type { TInstrument } from '@strata/shared';
import { useEffect, useRef, type RefObject } from 'react';
import type { WorkspaceUpdate } from '../state/use-workspace-url';
import type { MapPosition, Svy21Extent } from '../state/url-state';

/**
 * An instrument opened outside the map's view is brought into it (once per instrument; a reload keeps the URL's view).
 * `instrumentId` is the instrument whose detail is shown, undefined on the other panels.
 */
export function useBringIntoView(
  instrumentId: number | undefined,
  instruments: readonly TInstrument[] | undefined,
  lastExtent: RefObject<Svy21Extent | null>,
  pos: MapPosition | null,
  update: WorkspaceUpdate,
): void {
  const broughtIntoView = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (instrumentId === undefined || broughtIntoView.current === instrumentId) return;
    const instrument = instruments?.find((i) => i.instrument_id === instrumentId);
    const extent = lastExtent.current;
    if (!instrument || !extent) return;
    broughtIntoView.current = instrumentId;
    const inside = instrument.easting >= extent[0] && instrument.easting <= extent[2] && instrument.northing >= extent[1] && instrument.northing <= extent[3];
    if (!inside) update({ pos: { x: instrument.easting, y: instrument.northing, zoom: Math.max(pos?.zoom ?? 0, 16) } }, { replace: true });
  }, [instrumentId, instruments, lastExtent, pos, update]);
}

import { useCallback, useRef, type RefObject } from 'react';
import { samePosition } from '../map/view-sync';
import type { WorkspaceUpdate } from '../state/use-workspace-url';
import { parseWorkspaceParams, sameExtent, type MapPosition, type Svy21Extent, type WorkspaceUrlState } from '../state/url-state';

export interface MapReportsInput {
  /** The URL state as rendered. */
  state: Pick<WorkspaceUrlState, 'pos' | 'mapBounds'>;
  update: WorkspaceUpdate;
  /** The query string as last written (it runs ahead of `state` while a navigation renders). */
  currentSearch: () => string;
  /** Kept up to date with the extent the map shows. */
  lastExtent: RefObject<Svy21Extent | null>;
}

/**
 * The work-space map's reports (ViewSync's `onMoved`), written into the URL's `pos` (and `map-bounds` while "Only
 * what the map shows" is on) — unless a `pos` asked for by something else (Show on map, the location search, Reset map
 * location) is still on its way to the map: a navigation renders as a transition, later than it was written, and the
 * map meanwhile coming to rest (its home view placed once the contracts loaded) would otherwise replace that request
 * before the map ever saw it. The map goes there once it renders, and reports from there.
 */
export function useMapReports({ state, update, currentSearch, lastExtent }: MapReportsInput): (pos: MapPosition, extent: Svy21Extent | null) => void {
  // The last `pos` the map's reports wrote.
  const written = useRef<MapPosition | null>(null);
  return useCallback(
    (pos: MapPosition, extent: Svy21Extent | null) => {
      lastExtent.current = extent;
      const ahead = parseWorkspaceParams(new URLSearchParams(currentSearch())).pos;
      if (!samePosition(ahead, state.pos) && !samePosition(ahead, written.current)) return;
      if (samePosition(pos, ahead)) return;
      const changes: Parameters<WorkspaceUpdate>[0] = { pos };
      // "Only what the map shows": the list follows the view.
      if (state.mapBounds && extent && !sameExtent(extent, state.mapBounds)) changes.mapBounds = extent;
      written.current = pos;
      update(changes, { replace: true });
    },
    [state.pos, state.mapBounds, update, currentSearch, lastExtent],
  );
}

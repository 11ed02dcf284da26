import type OlMap from 'ol/Map';
import { useEffect, useRef } from 'react';
import { svy21ToView, useOlMap, viewToSvy21 } from '../../../components/map';
import { transformExtent } from 'ol/proj';
import { SVY21, VIEW_PROJECTION } from '../../../components/map';
import { INITIAL_ZOOM, type MapPosition, type Svy21Extent } from '../state/url-state';
import type { HomeFit } from './home-view';

/** The map's view as the URL keeps it: centre in whole SVY21 metres and the zoom to 2 decimals. */
export function viewPosition(map: OlMap): MapPosition | null {
  const view = map.getView();
  const center = view.getCenter();
  const zoom = view.getZoom();
  if (!center || zoom === undefined) return null;
  const [x, y] = viewToSvy21(center);
  return { x: Math.round(x), y: Math.round(y), zoom: Math.round(zoom * 100) / 100 };
}

/** The extent the map shows, SVY21. */
export function viewExtent(map: OlMap): Svy21Extent | null {
  const size = map.getSize();
  if (!size || size[0] === 0 || size[1] === 0) return null;
  const extent = transformExtent(map.getView().calculateExtent(size), VIEW_PROJECTION, SVY21);
  return [extent[0]!, extent[1]!, extent[2]!, extent[3]!];
}

/** Equal as the URL keeps them (1 m, 0.01 zoom). */
export function samePosition(a: MapPosition | null, b: MapPosition | null): boolean {
  if (!a || !b) return a === b;
  return Math.round(a.x) === Math.round(b.x) && Math.round(a.y) === Math.round(b.y) && Math.abs(a.zoom - b.zoom) < 0.01;
}

/** Padding of a fit, CSS pixels `[top, right, bottom, left]`, as OpenLayers takes it. */
export type FitPadding = [number, number, number, number];
export const FIT_PADDING: FitPadding = [40, 40, 40, 40];

/** The home view fits the contracts up to this zoom (a contract of one instrument is not shown at 19). */
const HOME_MAX_ZOOM = 18;

/**
 * Fits the view to an SVY21 extent, padded on screen by `padding` (a single point or a tiny area is first widened to
 * 100 m, or the view would zoom in as far as it can).
 */
export function fitSvy21(map: OlMap, extent: readonly number[], options: { padding: FitPadding; maxZoom: number; duration?: number }): void {
  const [minE, minN, maxE, maxN] = extent as [number, number, number, number];
  const widen = (min: number, max: number) => (max - min < 100 ? [(min + max) / 2 - 50, (min + max) / 2 + 50] : [min, max]);
  const [e0, e1] = widen(minE, maxE);
  const [n0, n1] = widen(minN, maxN);
  map.getView().fit(transformExtent([e0!, n0!, e1!, n1!], SVY21, VIEW_PROJECTION), options);
}

export interface ViewSyncProps {
  /** The `pos` of the URL; null: the home view. */
  pos: MapPosition | null;
  /** The configured map bounds: without a `pos` and `homeFit` null, the map opens on their centre at zoom 10. */
  home: readonly number[];
  /** Without a `pos`: the extent to fit (the chosen contracts'), null for `home`, 'pending' to wait for it. */
  homeFit: HomeFit;
  /** The padding of the home fit, asked for when it is made (room for the legend). */
  padding?: () => FitPadding;
  /** Tells when MapView fitted its extent again (its value changed): the position is put back after it. */
  extentKey: string;
  /** The view came to rest somewhere else (pan, zoom, fit): its position and extent. */
  onMoved: (pos: MapPosition, extent: Svy21Extent | null) => void;
}

/** How many of the map's own reports are remembered while their way back through the URL is pending. */
const REPORTS_KEPT = 16;

/**
 * Keeps the map's view and the URL's `pos` in step: a new `pos` (reload, shared link, location search, back button)
 * moves the map; without one the map shows its home view (the chosen contracts, fitted; issue 16); a move of the map
 * reports its new position — from the first placing on: what the map shows before (MapView's own fit, while the home
 * view waits for the contracts) is not a position to keep.
 *
 * A reported position comes back as `pos` once the navigation that writes it has rendered. That can be long after the
 * report (React Router renders navigations as transitions, which other renders hold back: the work space's data
 * arriving took 1.3 s in one CI run) and after the map has moved on — a fit under way (the location search), a pan.
 * Such an echo is not a request to move: applied, it pulled the map back and cancelled the fit (issue 15). So a `pos`
 * equal to one of the map's own reports still on its way is taken as read; any other `pos` moves the map.
 */
export function ViewSync({ pos, home, homeFit, padding, extentKey, onMoved }: ViewSyncProps) {
  const map = useOlMap();
  const latest = useRef({ onMoved, padding });
  useEffect(() => {
    latest.current = { onMoved, padding };
  });
  const homeKey = home.join(',');
  const fitKey = homeFit === 'pending' ? 'pending' : (homeFit?.join(',') ?? '');
  // The map's reports not yet seen back as `pos`, oldest first.
  const reported = useRef<MapPosition[]>([]);
  // What the view was last placed for: a new map or extent (MapView fitted it again) needs the position put back even
  // when the URL's `pos` is the map's own.
  const placedFor = useRef<{ map: OlMap; extentKey: string } | null>(null);

  // Where the URL says (after MapView's own fit, which runs in the same commit: hence the microtask).
  const posKey = pos ? `${pos.x},${pos.y},${pos.zoom}` : '';
  useEffect(() => {
    if (!map) return;
    const fit = homeFit;
    let cancelled = false;
    queueMicrotask(() => {
      if (cancelled) return;
      if (!pos && fit === 'pending') return; // the home view is not known yet: wait for it
      const refitted = placedFor.current?.map !== map || placedFor.current.extentKey !== extentKey;
      placedFor.current = { map, extentKey };
      const view = map.getView();
      if (pos) {
        const echo = reported.current.findIndex((p) => samePosition(p, pos));
        // Reports older than this one will not come back (a later navigation replaced them).
        reported.current = echo >= 0 ? reported.current.slice(echo + 1) : [];
        if ((echo >= 0 && !refitted) || samePosition(viewPosition(map), pos)) return;
        view.setCenter(svy21ToView([pos.x, pos.y]));
        view.setZoom(pos.zoom);
      } else if (fit && fit !== 'pending') {
        reported.current = [];
        fitSvy21(map, fit, { padding: latest.current.padding?.() ?? FIT_PADDING, maxZoom: HOME_MAX_ZOOM });
      } else {
        reported.current = [];
        const [minE, minN, maxE, maxN] = home as [number, number, number, number];
        view.setCenter(svy21ToView([(minE + maxE) / 2, (minN + maxN) / 2]));
        view.setZoom(INITIAL_ZOOM);
      }
    });
    return () => {
      cancelled = true;
    };
    // The values, not their identities (pos and home are new objects on each render).
  }, [map, posKey, homeKey, fitKey, extentKey]);

  // Every rest of the view from the first placing on is reported.
  useEffect(() => {
    if (!map) return;
    const onMoveEnd = () => {
      const now = viewPosition(map);
      if (!now || placedFor.current?.map !== map) return;
      reported.current = [...reported.current.slice(1 - REPORTS_KEPT), now];
      latest.current.onMoved(now, viewExtent(map));
    };
    map.on('moveend', onMoveEnd);
    return () => map.un('moveend', onMoveEnd);
  }, [map]);

  return null;
}

/** A request to show an SVY21 extent (a zone, a contract's instruments); a new `nonce` repeats it. */
export interface FitRequest {
  extent: readonly number[];
  nonce: number;
}

/** Fits the view to the requested extent (at most zoom 19), leaving `padding` (room for the legend); the move is then reported like any other. */
export function FitToExtent({ request, padding }: { request: FitRequest | null; padding?: () => FitPadding }) {
  const map = useOlMap();
  const latest = useRef(padding);
  useEffect(() => {
    latest.current = padding;
  });
  useEffect(() => {
    if (!map || !request) return;
    fitSvy21(map, request.extent, { padding: latest.current?.() ?? FIT_PADDING, maxZoom: 19, duration: 300 });
  }, [map, request]);
  return null;
}

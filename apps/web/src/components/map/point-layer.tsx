import Feature from 'ol/Feature';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import type Style from 'ol/style/Style';
import { useEffect, useMemo, useRef } from 'react';
import { useOlMap } from './map-view';
import { svy21ToView } from './projection';

/** The share of the points' extent added on each side, so names drawn beside the dots at the edges stay in view. */
const MARGIN_SHARE = 0.12;

/**
 * The SVY21 extent of some points with a margin of `marginM` metres plus 12 % of the extent on each side (one point
 * alone is not zoomed in to a dot), or null when there are none: what a map of them fits.
 */
export function pointsExtent(points: readonly { easting: number; northing: number }[], marginM: number): number[] | null {
  if (points.length === 0) return null;
  const es = points.map((p) => p.easting);
  const ns = points.map((p) => p.northing);
  const [minE, minN, maxE, maxN] = [Math.min(...es), Math.min(...ns), Math.max(...es), Math.max(...ns)];
  const e = marginM + (maxE - minE) * MARGIN_SHARE;
  const n = marginM + (maxN - minN) * MARGIN_SHARE;
  return [minE - e, minN - n, maxE + e, maxN + n];
}

export interface PointLayerProps<T> {
  items: readonly T[];
  /** An item's SVY21 position. */
  position: (item: T) => { easting: number; northing: number };
  /** An item's look; keep the function stable (useCallback) — a new one draws every point again. */
  style: (item: T) => Style;
  /** A click on an item's point; the cursor is a pointer over them. */
  onPick: (item: T) => void;
  /** The class of the layer's canvas (tests look for it). */
  className: string;
}

/** Points of a MapView (as its child): one per item, drawn by `style`, picked by a click. */
export function PointLayer<T>({ items, position, style, onPick, className }: PointLayerProps<T>) {
  const map = useOlMap();
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  const layer = useMemo(() => new VectorLayer({ source: new VectorSource<Feature<Point>>(), zIndex: 10, className }), [className]);

  useEffect(() => {
    const source = layer.getSource()!;
    source.clear();
    source.addFeatures(
      items.map((item) => {
        const { easting, northing } = position(item);
        const feature = new Feature(new Point(svy21ToView([easting, northing])));
        feature.set('item', item);
        feature.setStyle(style(item));
        return feature;
      }),
    );
  }, [layer, items, position, style]);

  useEffect(() => {
    if (!map) return;
    map.addLayer(layer);
    const hit = (pixel: number[]) => map.forEachFeatureAtPixel(pixel, (f) => f, { layerFilter: (l) => l === layer, hitTolerance: 4 });
    const onClick = (event: MapBrowserEvent) => {
      const feature = hit(event.pixel);
      if (feature) pick.current(feature.get('item') as T);
    };
    const onMove = (event: MapBrowserEvent) => {
      if (event.dragging) return;
      const target = map.getTargetElement();
      if (target) target.style.cursor = hit(event.pixel) ? 'pointer' : '';
    };
    map.on('singleclick', onClick);
    map.on('pointermove', onMove);
    return () => {
      map.un('singleclick', onClick);
      map.un('pointermove', onMove);
      map.removeLayer(layer);
    };
  }, [map, layer]);
  return null;
}

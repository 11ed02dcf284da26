import { useTheme } from '@mui/material/styles';
import Feature from 'ol/Feature';
import { mouseActionButton, platformModifierKeyOnly } from 'ol/events/condition';
import { fromExtent } from 'ol/geom/Polygon';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import DragBox from 'ol/interaction/DragBox';
import DragPan from 'ol/interaction/DragPan';
import VectorLayer from 'ol/layer/Vector';
import { transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { useEffect, useMemo, useRef } from 'react';
import { svy21ExtentToView, svy21ToView, SVY21, useMapLayer, useOlMap, VIEW_PROJECTION } from '../../../components/map';
import type { ContractBoundary } from '../api/boundaries';
import type { Svy21Extent } from '../state/url-state';
import { MAP_DECLUTTER } from './instrument-layer-parts';

/** The northernmost vertex of a polygon's outline (map coordinates): where its label stands, outside the area. */
export function labelPoint(polygon: Polygon): Point {
  const ring = polygon.getLinearRing(0)?.getCoordinates() ?? [];
  const top = ring.reduce<number[] | undefined>((best, c) => (!best || c[1]! > best[1]! ? c : best), undefined);
  return new Point(top ?? polygon.getInteriorPoint().getCoordinates().slice(0, 2));
}

/**
 * The chosen contracts' boundaries, outlined, each labelled with its contract number just above its northernmost
 * corner (outside the area, where the instruments are not). The label gives way to the instruments (MAP_DECLUTTER):
 * it is drawn whole where it is clear of them, or not at all. At the polygon's centre, under the clusters, only its
 * ends showed: the stray "3" of "C303" (issue 16).
 */
export function BoundaryLayer({ boundaries }: { boundaries: readonly ContractBoundary[] }) {
  const theme = useTheme();
  const layer = useMemo(
    () => new VectorLayer({ source: new VectorSource(), zIndex: 5, className: 'ws-areas', declutter: MAP_DECLUTTER, properties: { id: 'boundaries' } }),
    [],
  );
  useMapLayer(layer);
  useEffect(() => {
    const color = theme.palette.primary.main;
    const outline = new Style({ stroke: new Stroke({ color, width: 2, lineDash: [8, 6] }), fill: new Fill({ color: 'rgba(4, 113, 209, 0.04)' }) });
    layer.setStyle((feature) => [
      outline,
      new Style({
        geometry: (f) => labelPoint(f.getGeometry() as Polygon),
        text: new Text({
          text: feature.get('label') as string,
          font: '700 13px Roboto, Arial, sans-serif',
          textBaseline: 'bottom',
          offsetY: -4,
          fill: new Fill({ color }),
          stroke: new Stroke({ color: '#ffffff', width: 3 }),
        }),
      }),
    ]);
  }, [layer, theme.palette.primary.main]);
  useEffect(() => {
    const source = layer.getSource()!;
    source.clear();
    source.addFeatures(
      boundaries.map(
        (b) =>
          new Feature({
            geometry: new Polygon(b.polygon.coordinates.map((ring) => ring.map((p) => svy21ToView(p)))),
            label: b.no,
          }),
      ),
    );
  }, [layer, boundaries]);
  return null;
}

export interface AreaSelectProps {
  /** The area kept in the URL (`map-bounds-selected`): drawn as a dashed box. */
  selected: Svy21Extent | null;
  /** Select mode: a drag draws a box (mouse or touch) instead of moving the map. Ctrl/⌘+drag always does. */
  active: boolean;
  onSelect: (extent: Svy21Extent) => void;
}

/** Drag-box area selection (spec §2.5 `map-bounds-selected`): the instrument list then shows the instruments inside. */
export function AreaSelect({ selected, active, onSelect }: AreaSelectProps) {
  const map = useOlMap();
  const latest = useRef(onSelect);
  useEffect(() => {
    latest.current = onSelect;
  });
  const layer = useMemo(
    () =>
      new VectorLayer({
        source: new VectorSource(),
        zIndex: 6,
        className: 'ws-areas',
        style: new Style({ stroke: new Stroke({ color: '#db170d', width: 2, lineDash: [6, 4] }), fill: new Fill({ color: 'rgba(219, 23, 13, 0.06)' }) }),
      }),
    [],
  );

  useEffect(() => {
    if (!map) return;
    map.addLayer(layer);
    const box = new DragBox({
      condition: (event) => mouseActionButton(event) && (active || platformModifierKeyOnly(event)),
      className: 'ol-dragbox ws-dragbox',
    });
    box.on('boxend', () => {
      const extent = transformExtent(box.getGeometry().getExtent(), VIEW_PROJECTION, SVY21);
      latest.current([extent[0]!, extent[1]!, extent[2]!, extent[3]!]);
    });
    map.addInteraction(box);
    // While selecting, a drag must not also move the map.
    const pans = map
      .getInteractions()
      .getArray()
      .filter((i) => i instanceof DragPan);
    if (active) pans.forEach((i) => i.setActive(false));
    return () => {
      map.removeInteraction(box);
      map.removeLayer(layer);
      pans.forEach((i) => i.setActive(true));
    };
  }, [map, layer, active]);

  useEffect(() => {
    const source = layer.getSource()!;
    source.clear();
    if (selected) source.addFeature(new Feature({ geometry: fromExtent(svy21ExtentToView(selected)) }));
  }, [layer, selected]);

  return null;
}

/** A pin where the location search found a position. */
export function PointMarker({ position }: { position: readonly [number, number] | null }) {
  const layer = useMemo(
    () =>
      new VectorLayer({
        source: new VectorSource(),
        zIndex: 20,
        className: 'ws-areas',
        style: [
          new Style({
            image: new CircleStyle({ radius: 9, fill: new Fill({ color: 'rgba(219, 23, 13, 0.25)' }), stroke: new Stroke({ color: '#db170d', width: 2 }) }),
          }),
          new Style({ image: new CircleStyle({ radius: 3, fill: new Fill({ color: '#db170d' }) }) }),
        ],
      }),
    [],
  );
  useMapLayer(layer);
  useEffect(() => {
    const source = layer.getSource()!;
    source.clear();
    if (position) source.addFeature(new Feature({ geometry: new Point(svy21ToView(position)) }));
  }, [layer, position]);
  return null;
}

import type { TStructureOutline } from '@strata/shared';
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect, useMemo, useRef } from 'react';
import { svy21ToView, useOlMap } from '../../../components/map';

export interface OutlineItem {
  id: number;
  name: string;
  /** SVY21 metres. */
  outline: TStructureOutline;
  selected?: boolean;
}

const styleOf = (item: OutlineItem) =>
  new Style({
    stroke: new Stroke({ color: item.selected ? '#d32f2f' : '#7b1fa2', width: item.selected ? 4 : 3 }),
    fill: new Fill({ color: item.selected ? 'rgba(211,47,47,0.15)' : 'rgba(123,31,162,0.12)' }),
    text: new Text({
      text: item.name,
      font: '12px sans-serif',
      overflow: true,
      fill: new Fill({ color: '#222' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });

/** The outline geometry in the map's projection. */
export function outlineGeometry(outline: TStructureOutline) {
  return outline.type === 'Polygon'
    ? new Polygon(outline.coordinates.map((ring) => ring.map((p) => svy21ToView(p))))
    : new LineString(outline.coordinates.map((p) => svy21ToView(p)));
}

/** The SVY21 extent of some outlines, with a margin (m): what a map of them fits; null when there are none. */
export function outlinesExtent(outlines: readonly TStructureOutline[], marginM = 60): number[] | null {
  const positions = outlines.flatMap((o) => (o.type === 'Polygon' ? o.coordinates.flat() : o.coordinates));
  if (positions.length === 0) return null;
  const es = positions.map((p) => p[0]!);
  const ns = positions.map((p) => p[1]!);
  return [Math.min(...es) - marginM, Math.min(...ns) - marginM, Math.max(...es) + marginM, Math.max(...ns) + marginM];
}

/** Outlines of structures on the enclosing MapView, named; a click on one picks it. */
export function OutlineLayer({ items, onPick }: { items: readonly OutlineItem[]; onPick?: (item: OutlineItem) => void }) {
  const map = useOlMap();
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  const layer = useMemo(() => new VectorLayer({ source: new VectorSource(), zIndex: 5, className: 'structure-outlines' }), []);
  useEffect(() => {
    const source = layer.getSource()!;
    source.clear();
    source.addFeatures(
      items.map((item) => {
        const feature = new Feature(outlineGeometry(item.outline));
        feature.set('item', item);
        feature.setStyle(styleOf(item));
        return feature;
      }),
    );
  }, [layer, items]);
  useEffect(() => {
    if (!map) return;
    map.addLayer(layer);
    const onClick = (event: { pixel: number[] }) => {
      map.forEachFeatureAtPixel(
        event.pixel,
        (feature) => {
          const item = feature.get('item') as OutlineItem | undefined;
          if (item && pick.current) pick.current(item);
          return true;
        },
        { layerFilter: (l) => l === layer, hitTolerance: 4 },
      );
    };
    map.on('singleclick', onClick);
    return () => {
      map.un('singleclick', onClick);
      map.removeLayer(layer);
    };
  }, [map, layer]);
  return null;
}

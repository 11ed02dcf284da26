import type { TBreachedInstrument } from '@strata/shared';
import Feature from 'ol/Feature';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { useEffect, useMemo, useRef } from 'react';
import { MapView, svy21ToView, useOlMap } from '../../../components/map';

/** Metres around the breached instruments when the map fits them (one instrument alone is not zoomed in to a point). */
const FIT_MARGIN_M = 150;
/** And a share of the extent's size on each side, so the names drawn beside the dots at the edges stay in view. */
const FIT_MARGIN_SHARE = 0.12;

/** The SVY21 extent of the instruments with a margin, or null when there are none. */
export function breachedExtent(records: readonly Pick<TBreachedInstrument, 'easting' | 'northing'>[]): number[] | null {
  if (records.length === 0) return null;
  const es = records.map((r) => r.easting);
  const ns = records.map((r) => r.northing);
  const [minE, minN, maxE, maxN] = [Math.min(...es), Math.min(...ns), Math.max(...es), Math.max(...ns)];
  const e = FIT_MARGIN_M + (maxE - minE) * FIT_MARGIN_SHARE;
  const n = FIT_MARGIN_M + (maxN - minN) * FIT_MARGIN_SHARE;
  return [minE - e, minN - n, maxE + e, maxN + n];
}

function styleOf(instrument: TBreachedInstrument): Style {
  return new Style({
    image: new CircleStyle({ radius: 8, fill: new Fill({ color: instrument.level_color }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    text: new Text({
      text: instrument.name,
      offsetY: -16,
      font: '600 12px system-ui, sans-serif',
      fill: new Fill({ color: '#212121' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });
}

function BreachedLayer({ records, onOpen }: { records: readonly TBreachedInstrument[]; onOpen: (instrument: TBreachedInstrument) => void }) {
  const map = useOlMap();
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });
  const layer = useMemo(() => new VectorLayer({ source: new VectorSource<Feature<Point>>(), zIndex: 10, className: 'alert-breached' }), []);

  useEffect(() => {
    const source = layer.getSource()!;
    source.clear();
    source.addFeatures(
      records.map((instrument) => {
        const feature = new Feature(new Point(svy21ToView([instrument.easting, instrument.northing])));
        feature.set('instrument', instrument);
        feature.setStyle(styleOf(instrument));
        return feature;
      }),
    );
  }, [layer, records]);

  useEffect(() => {
    if (!map) return;
    map.addLayer(layer);
    const hit = (pixel: number[]) => map.forEachFeatureAtPixel(pixel, (f) => f, { layerFilter: (l) => l === layer, hitTolerance: 4 });
    const onClick = (event: MapBrowserEvent) => {
      const feature = hit(event.pixel);
      if (feature) open.current(feature.get('instrument') as TBreachedInstrument);
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

export interface BreachedMapProps {
  label: string;
  records: readonly TBreachedInstrument[];
  onOpen: (instrument: TBreachedInstrument) => void;
}

/** The breached instruments on the map, each a dot in its level's colour with its name; a click opens its alert. */
export function BreachedMap({ label, records, onOpen }: BreachedMapProps) {
  const extent = useMemo(() => breachedExtent(records), [records]);
  return (
    <MapView label={label} extent={extent} height={{ xs: 300, sm: 420, md: 520 }}>
      <BreachedLayer records={records} onOpen={onOpen} />
    </MapView>
  );
}

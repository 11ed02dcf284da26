import { useTheme } from '@mui/material/styles';
import type { TFileSearchResult } from '@strata/shared';
import Feature from 'ol/Feature';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { boundingExtent } from 'ol/extent';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { useEffect, useMemo, useRef } from 'react';
import { svy21ToView, useOlMap, viewToSvy21 } from '../../../components/map';

/** The files of one record with a location: one marker. */
export interface RecordSpot {
  key: string;
  title: string;
  easting: number;
  northing: number;
  count: number;
}

/** `category:ref_id`, the key of a record. */
export const recordKey = (file: Pick<TFileSearchResult, 'record'>) => `${file.record.category}:${file.record.ref_id}`;

/** One spot per record that has a location, with how many of the files belong to it. */
export function spotsOf(files: readonly TFileSearchResult[]): RecordSpot[] {
  const spots = new Map<string, RecordSpot>();
  for (const file of files) {
    if (!file.location) continue;
    const key = recordKey(file);
    const spot = spots.get(key);
    if (spot) spot.count += 1;
    else spots.set(key, { key, title: file.record.title, easting: file.location.easting, northing: file.location.northing, count: 1 });
  }
  return [...spots.values()];
}

export interface FileMarkersProps {
  spots: readonly RecordSpot[];
  selected: string | null;
  onSelect: (key: string | null) => void;
  /** Changes when the map should show every spot again (a new search). */
  fitKey: string;
  /** The map's view as SVY21 `[minE, minN, maxE, maxN]`, after every move. */
  onExtent?: (extent: [number, number, number, number]) => void;
}

/**
 * The records holding the found files, on the map of the enclosing MapView: a numbered marker per record (how many
 * files), the chosen one larger. A click chooses a record (the list then shows its files); a click beside clears.
 */
export function FileMarkers({ spots, selected, onSelect, fitKey, onExtent }: FileMarkersProps) {
  const map = useOlMap();
  const theme = useTheme();
  const handlers = useRef({ onSelect, onExtent });
  useEffect(() => {
    handlers.current = { onSelect, onExtent };
  });
  const layer = useMemo(() => new VectorLayer({ source: new VectorSource<Feature<Point>>(), zIndex: 10, className: 'file-markers' }), []);

  useEffect(() => {
    if (!map) return;
    map.addLayer(layer);
    const onClick = (event: MapBrowserEvent) => {
      const feature = map.forEachFeatureAtPixel(event.pixel, (f) => f, { layerFilter: (l) => l === layer, hitTolerance: 4 });
      handlers.current.onSelect(feature ? (feature.get('key') as string) : null);
    };
    const onMove = (event: MapBrowserEvent) => {
      if (event.dragging) return;
      const hit = map.hasFeatureAtPixel(event.pixel, { layerFilter: (l) => l === layer, hitTolerance: 4 });
      const target = map.getTargetElement();
      if (target) target.style.cursor = hit ? 'pointer' : '';
    };
    const onMoveEnd = () => {
      const size = map.getSize();
      if (!size) return;
      const [minX, minY, maxX, maxY] = map.getView().calculateExtent(size);
      const [minE, minN] = viewToSvy21([minX!, minY!]);
      const [maxE, maxN] = viewToSvy21([maxX!, maxY!]);
      handlers.current.onExtent?.([Math.floor(minE!), Math.floor(minN!), Math.ceil(maxE!), Math.ceil(maxN!)]);
    };
    map.on('singleclick', onClick);
    map.on('pointermove', onMove);
    map.on('moveend', onMoveEnd);
    return () => {
      map.un('singleclick', onClick);
      map.un('pointermove', onMove);
      map.un('moveend', onMoveEnd);
      map.removeLayer(layer);
    };
  }, [map, layer]);

  useEffect(() => {
    const primary = theme.palette.primary.main;
    const accent = theme.palette.secondary.main;
    layer.setStyle((feature) => {
      const chosen = feature.get('key') === selected;
      return new Style({
        image: new CircleStyle({
          radius: chosen ? 15 : 12,
          fill: new Fill({ color: chosen ? accent : primary }),
          stroke: new Stroke({ color: '#ffffff', width: 2 }),
        }),
        text: new Text({
          text: String(feature.get('count')),
          font: '700 12px Roboto, Arial, sans-serif',
          fill: new Fill({ color: '#ffffff' }),
        }),
        zIndex: chosen ? 2 : 1,
      });
    });
  }, [layer, selected, theme.palette.primary.main, theme.palette.secondary.main]);

  useEffect(() => {
    const source = layer.getSource()!;
    source.clear();
    source.addFeatures(
      spots.map((spot) => {
        const feature = new Feature({ geometry: new Point(svy21ToView([spot.easting, spot.northing])), key: spot.key, count: spot.count, title: spot.title });
        feature.setId(spot.key);
        return feature;
      }),
    );
  }, [layer, spots]);

  // A new search: show every spot (once they are there).
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!map || spots.length === 0 || fitted.current === fitKey) return;
    fitted.current = fitKey;
    const extent = boundingExtent(spots.map((s) => svy21ToView([s.easting, s.northing])));
    map.getView().fit(extent, { padding: [48, 48, 48, 48], maxZoom: 17, duration: 250 });
  }, [map, spots, fitKey]);

  return null;
}

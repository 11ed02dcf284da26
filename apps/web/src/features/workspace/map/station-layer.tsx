import type { TConfig, TMapLayer, TStation } from '@strata/shared';
import Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import KML from 'ol/format/KML';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import RegularShape from 'ol/style/RegularShape';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { useEffect, useMemo } from 'react';
import { svy21ToView, useMapLayer, VIEW_PROJECTION } from '../../../components/map';
import { MAP_DECLUTTER } from './instrument-layer-parts';

/** The station symbol's colours (the legend draws the same). */
export const STATION_COLOR = '#1a3c8f';
export const STATION_FILL = '#ffffff';
/** Above the contract boundaries (5, 6), below the instruments (9, 10). */
const STATION_Z = 7;

/** What the work-space map draws as stations: the points the server read from the station layers' files, and the layers given only by an address (the browser loads those). */
export interface StationsShown {
  points: readonly TStation[];
  remote: readonly TMapLayer[];
}

/**
 * The stations to draw: none unless the user's `show_stations` preference is on; then the configuration's `stations`
 * (from the station layers' uploaded files) and the station layers that have only an address.
 */
export function stationsShown(config: Pick<TConfig, 'stations' | 'map_layers'> | undefined, showStations: boolean): StationsShown | null {
  if (!showStations || !config) return null;
  const remote = config.map_layers.filter((l) => l.kind === 'stations' && !l.file_url && l.url && (l.source === 'geojson' || l.source === 'kml'));
  return { points: config.stations, remote };
}

// A white diamond outlined in the station colour, a dot at its heart: readable on any base map. Symbols are always
// drawn (declutterMode none); only the names give way, to one another and to the instruments (MAP_DECLUTTER).
const symbol = [
  new Style({
    image: new RegularShape({
      points: 4,
      radius: 8,
      angle: 0,
      fill: new Fill({ color: STATION_FILL }),
      stroke: new Stroke({ color: STATION_COLOR, width: 2.5 }),
      declutterMode: 'none',
    }),
  }),
  new Style({ image: new CircleStyle({ radius: 2.5, fill: new Fill({ color: STATION_COLOR }), declutterMode: 'none' }) }),
];

function stationStyle(feature: FeatureLike): Style[] {
  const name = feature.get('name') as unknown;
  if (typeof name !== 'string' || !name) return symbol;
  return [
    ...symbol,
    new Style({
      text: new Text({
        text: name,
        font: '600 12px Roboto, Arial, sans-serif',
        textAlign: 'left',
        offsetX: 11,
        fill: new Fill({ color: STATION_COLOR }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
      }),
    }),
  ];
}

function remoteLayer(layer: TMapLayer): VectorLayer {
  const format = layer.source === 'kml' ? new KML({ extractStyles: false }) : new GeoJSON({ featureProjection: VIEW_PROJECTION });
  return new VectorLayer({
    source: new VectorSource({ url: layer.url ?? undefined, format, attributions: layer.attribution || undefined }),
    zIndex: STATION_Z,
    className: 'ws-stations',
    style: stationStyle,
    declutter: MAP_DECLUTTER,
    properties: { id: `stations-${layer.layer_id}` },
  });
}

/**
 * The stations on the work-space map (a child of MapView): a station symbol and the station's name, above the base
 * map and boundaries and below the instruments. Points of layers given by an address load in the browser. Keep
 * `stations` stable (useMemo): a new object draws them again.
 */
export function StationLayer({ stations }: { stations: StationsShown }) {
  const layer = useMemo(
    () =>
      new VectorLayer({
        source: new VectorSource<Feature<Point>>(),
        zIndex: STATION_Z,
        className: 'ws-stations',
        style: stationStyle,
        declutter: MAP_DECLUTTER,
        properties: { id: 'stations' },
      }),
    [],
  );
  const map = useMapLayer(layer);

  useEffect(() => {
    const source = layer.getSource()!;
    source.clear();
    source.addFeatures(
      stations.points.map((s) => new Feature({ geometry: new Point(svy21ToView([s.easting, s.northing])), name: s.name, layerId: s.layer_id })),
    );
  }, [layer, stations.points]);

  useEffect(() => {
    if (!map) return;
    const added = stations.remote.map(remoteLayer);
    added.forEach((l) => map.addLayer(l));
    return () => added.forEach((l) => map.removeLayer(l));
  }, [map, stations.remote]);

  return null;
}

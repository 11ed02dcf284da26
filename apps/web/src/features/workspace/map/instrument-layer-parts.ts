import type { TInstrument } from '@strata/shared';
import Feature, { type FeatureLike } from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { svy21ToView } from '../../../components/map/projection';

/**
 * The work-space map's declutter group (OpenLayers `declutter`): the instruments, the contract boundaries' labels and
 * the stations' names are placed together, the instruments first (they are highest). Instruments are obstacles, always
 * drawn; a boundary label or a station name that would fall under one is left out whole. Drawn on a lower layer, a
 * label showed its ends beside the clusters above it: the stray "3" of "C303" (issue 16).
 */
export const MAP_DECLUTTER = 'workspace-map';

/** Clusters break up from this zoom on: every instrument is drawn on its own. */
export const UNCLUSTER_ZOOM = 17;
export const CLUSTER_DISTANCE = 36;

/**
 * The OpenLayers pieces of the work-space instrument layer, without React (InstrumentLayer puts them on the map; the
 * map benchmark, bench/map.ts, draws them on a bare map): the instruments' source, its clustering, the clustered
 * layer (styled with createInstrumentStyle) and the ring of the open instrument.
 */
export function createInstrumentLayerParts() {
  const source = new VectorSource<Feature<Point>>();
  const cluster = new Cluster<Feature<Point>>({ source, distance: CLUSTER_DISTANCE, minDistance: 8 });
  const layer = new VectorLayer<VectorSource<Feature>>({
    source: cluster,
    zIndex: 10,
    className: 'ws-instruments',
    declutter: MAP_DECLUTTER,
    properties: { id: 'instruments' },
  });
  const selected = new VectorLayer({
    source: new VectorSource<Feature<Point>>(),
    zIndex: 9,
    className: 'ws-instruments',
    style: new Style({ image: new CircleStyle({ radius: 17, stroke: new Stroke({ color: '#0471d1', width: 3 }) }) }),
  });
  return { source, cluster, layer, selected };
}

export type InstrumentLayerParts = ReturnType<typeof createInstrumentLayerParts>;

/** The cluster distance at a zoom: none from UNCLUSTER_ZOOM on. */
export function clusterDistanceAt(zoom: number): number {
  return zoom >= UNCLUSTER_ZOOM ? 0 : CLUSTER_DISTANCE;
}

/**
 * Follows the map's zoom: below UNCLUSTER_ZOOM the layer draws the clusters; from it on, the instruments' own source
 * (clustering at distance 0 would still group every instrument of the source at each render — 2–4× the drawing time
 * of the plain source close up, docs/benchmarks.md). Features of either source are styled and hit-tested alike (a
 * plain feature is its own single member).
 */
export function followZoom(parts: InstrumentLayerParts, zoom: number): void {
  const distance = clusterDistanceAt(zoom);
  const source = distance === 0 ? parts.source : parts.cluster;
  if (parts.layer.getSource() !== source) parts.layer.setSource(source);
  if (distance > 0 && parts.cluster.getDistance() !== distance) parts.cluster.setDistance(distance);
}

/** The instruments a feature of the layer stands for: a cluster's members, or the instrument itself. */
export function membersOf(feature: FeatureLike): TInstrument[] {
  const members = (feature.get('features') as FeatureLike[] | undefined) ?? [feature];
  return members.map((m) => m.get('instrument') as TInstrument);
}

/** One point feature per instrument (id = instrument id, `instrument` = the record), in the map's projection. */
export function instrumentFeatures(instruments: readonly TInstrument[]): Feature<Point>[] {
  return instruments.map((instrument) => {
    const feature = new Feature({ geometry: new Point(svy21ToView([instrument.easting, instrument.northing])), instrument });
    feature.setId(instrument.instrument_id);
    return feature;
  });
}

import type { TBoreholeListItem } from '@strata/shared';
import Feature from 'ol/Feature';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import DrawInteraction, { type DrawEvent } from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, getPointResolution, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import { useEffect, useMemo, useRef } from 'react';
import { svy21ToView, useOlMap, VIEW_PROJECTION } from '../../../components/map';
import { svy21Position } from './position';
import type { SectionPick } from './section-state';

const BLUE = '#0471d1';

/** A picked borehole: a ring and its place in the order (1, 2, 3 …) beside it. */
export function pickStyle(order: number): Style {
  return new Style({
    image: new CircleStyle({ radius: 15, stroke: new Stroke({ color: BLUE, width: 3 }), fill: new Fill({ color: 'rgba(4, 113, 209, 0.12)' }) }),
    text: new Text({
      text: String(order),
      font: '700 12px Roboto, Arial, sans-serif',
      offsetX: 15,
      offsetY: -15,
      fill: new Fill({ color: '#ffffff' }),
      backgroundFill: new Fill({ color: BLUE }),
      padding: [1, 4, 0, 4],
    }),
  });
}

/** The picked boreholes as ringed, numbered points (in pick order; those not on the map left out). */
export function pickFeatures(boreholes: readonly TBoreholeListItem[], ids: readonly number[]): Feature<Point>[] {
  const byId = new Map(boreholes.map((b) => [b.borehole_id, b]));
  return ids.flatMap((id, index) => {
    const borehole = byId.get(id);
    const position = borehole ? svy21Position(borehole) : null;
    if (!position) return [];
    const feature = new Feature({ geometry: new Point(svy21ToView(position)), order: index + 1 });
    feature.setId(id);
    return [feature];
  });
}

/** The drawn line (WGS84 points) in the map's projection. */
export function lineFeature(points: readonly (readonly [number, number])[]): Feature<LineString> {
  return new Feature(new LineString(points.map((p) => fromLonLat([p[0], p[1]], VIEW_PROJECTION))));
}

export interface SectionMapLayerProps {
  boreholes: readonly TBoreholeListItem[];
  pick: SectionPick;
  /** A line drawn (WGS84 [lon, lat] points). */
  onLine: (points: [number, number][]) => void;
}

/**
 * The section mode on the map (issue 18): the picked boreholes ringed and numbered in order; in line mode the line
 * drawn with its buffer as a band either side, or, while there is none, the map's drawing interaction (ol Draw, as
 * the polygon editor uses it: click the points, double-click to finish; Esc cancels, Backspace removes the last point).
 */
export function SectionMapLayer({ boreholes, pick, onLine }: SectionMapLayerProps) {
  const map = useOlMap();
  const onLineRef = useRef(onLine);
  useEffect(() => {
    onLineRef.current = onLine;
  });
  const bufferRef = useRef(pick.buffer);
  const layers = useMemo(() => {
    const picks = new VectorLayer({
      source: new VectorSource<Feature<Point>>(),
      zIndex: 12,
      className: 'ws-boreholes',
      style: (feature: FeatureLike) => pickStyle(feature.get('order') as number),
    });
    const line = new VectorLayer({ source: new VectorSource<Feature<LineString>>(), zIndex: 8, className: 'ws-areas' });
    return { picks, line };
  }, []);

  useEffect(() => {
    if (!map) return;
    map.addLayer(layers.line);
    map.addLayer(layers.picks);
    // The band is the buffer either side of the line, in pixels at the line's latitude.
    layers.line.setStyle((feature: FeatureLike, resolution: number) => {
      const geometry = feature.getGeometry() as LineString;
      const metresPerPixel = getPointResolution(VIEW_PROJECTION, resolution, geometry.getFirstCoordinate());
      const band = Math.max(2, (2 * bufferRef.current) / metresPerPixel);
      return [
        new Style({ stroke: new Stroke({ color: 'rgba(4, 113, 209, 0.15)', width: band, lineCap: 'round', lineJoin: 'round' }) }),
        new Style({ stroke: new Stroke({ color: BLUE, width: 2.5 }) }),
      ];
    });
    return () => {
      map.removeLayer(layers.line);
      map.removeLayer(layers.picks);
    };
  }, [map, layers]);

  const ids = pick.mode === 'pick' ? pick.ids : [];
  const idsKey = ids.join(',');
  useEffect(() => {
    const source = layers.picks.getSource()!;
    source.clear();
    source.addFeatures(pickFeatures(boreholes, idsKey === '' ? [] : idsKey.split(',').map(Number)));
  }, [layers, boreholes, idsKey]);

  const line = pick.mode === 'line' ? pick.line : null;
  const lineKey = line ? line.flat().join(',') : '';
  useEffect(() => {
    const source = layers.line.getSource()!;
    source.clear();
    if (lineKey !== '') {
      const nums = lineKey.split(',').map(Number);
      const points: [number, number][] = [];
      for (let i = 0; i < nums.length; i += 2) points.push([nums[i]!, nums[i + 1]!]);
      source.addFeature(lineFeature(points));
    }
  }, [layers, lineKey]);
  useEffect(() => {
    bufferRef.current = pick.buffer;
    layers.line.changed();
  }, [layers, pick.buffer]);

  const drawing = pick.mode === 'line' && line === null;
  useEffect(() => {
    if (!map || !drawing) return;
    const draw = new DrawInteraction({
      type: 'LineString',
      style: new Style({
        stroke: new Stroke({ color: BLUE, width: 2.5, lineDash: [6, 4] }),
        image: new CircleStyle({ radius: 5, fill: new Fill({ color: '#fff' }), stroke: new Stroke({ color: BLUE, width: 2 }) }),
      }),
    });
    draw.on('drawend', (event: DrawEvent) => {
      const geometry = event.feature.getGeometry();
      if (!(geometry instanceof LineString)) return;
      const points = geometry.getCoordinates().map((c) => toLonLat(c, VIEW_PROJECTION) as [number, number]);
      if (points.length >= 2) onLineRef.current(points);
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') draw.abortDrawing();
      else if (event.key === 'Backspace' && !(event.target instanceof HTMLInputElement)) draw.removeLastPoint();
    };
    // While drawing, a click is a point of the line: it must not also open or zoom to an instrument or a borehole.
    // The map calls its click listeners in order and stops at one that stops the event: this one goes first.
    const swallow = (event: MapBrowserEvent) => event.stopPropagation();
    map.on('singleclick', swallow);
    const listeners = map.getListeners('singleclick') as unknown[] | undefined;
    const at = listeners?.indexOf(swallow) ?? -1;
    if (listeners && at > 0) listeners.unshift(...listeners.splice(at, 1));
    map.addInteraction(draw);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      map.un('singleclick', swallow);
      map.removeInteraction(draw);
    };
  }, [map, drawing]);

  return null;
}

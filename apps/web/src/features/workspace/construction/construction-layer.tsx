import { SITE_COLORS, type TConstructionProgressItem, type TSiteGeometry, type SiteType } from '@strata/shared';
import Feature from 'ol/Feature';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import type { Geometry } from 'ol/geom';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { useEffect, useMemo, useRef } from 'react';
import { svy21ToView, useMapLayer } from '../../../components/map';
import { MAP_DECLUTTER } from '../map/instrument-layer-parts';

/** The colours of the construction layers (shared with the report maps): excavations orange, mined tunnels violet. */
export { SITE_COLORS };

/** A site's geometry in the map's projection. */
export function siteGeometry(geometry: TSiteGeometry): Geometry {
  if (geometry.type === 'Point') return new Point(svy21ToView(geometry.coordinates));
  if (geometry.type === 'LineString') return new LineString(geometry.coordinates.map((p) => svy21ToView(p)));
  return new Polygon(geometry.coordinates.map((ring) => ring.map((p) => svy21ToView(p))));
}

/** One feature per site with a geometry (id = site id, `site` = the record). */
export function siteFeatures(sites: readonly Pick<TConstructionProgressItem, 'site_id' | 'site_name' | 'type' | 'geometry'>[]): Feature[] {
  return sites.flatMap((site) => {
    if (!site.geometry) return [];
    const feature = new Feature({ geometry: siteGeometry(site.geometry), site });
    feature.setId(site.site_id);
    return [feature];
  });
}

function siteStyle(type: SiteType, selected: boolean, name: string): Style[] {
  const color = selected ? SITE_COLORS.selected : SITE_COLORS[type];
  const width = selected ? 5 : 3;
  return [
    new Style({
      stroke: new Stroke({ color, width }),
      fill: new Fill({ color: selected ? 'rgba(4, 113, 209, 0.12)' : 'rgba(230, 81, 0, 0.08)' }),
      image: new CircleStyle({ radius: selected ? 9 : 7, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
      text: new Text({
        text: name,
        font: `${selected ? 700 : 600} 12px Roboto, Arial, sans-serif`,
        overflow: true,
        placement: type === 'MT' ? 'line' : 'point',
        fill: new Fill({ color }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
      }),
      zIndex: selected ? 2 : 1,
    }),
  ];
}

export interface ConstructionLayerProps {
  sites: readonly TConstructionProgressItem[];
  /** The open site: drawn highlighted (and drawn even when the list's sites do not hold it). */
  selected?: Pick<TConstructionProgressItem, 'site_id' | 'site_name' | 'type' | 'geometry'> | null;
  onOpen: (site: Pick<TConstructionProgressItem, 'site_id' | 'type'>) => void;
}

/**
 * The excavation sites (outlines) or mined tunnels (alignments) on the work-space map (spec §2.2, issue 19), labelled
 * with their names; the open one highlighted. Clicking a site opens its detail.
 */
export function ConstructionLayer({ sites, selected, onOpen }: ConstructionLayerProps) {
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });
  const layer = useMemo(
    () =>
      new VectorLayer({ source: new VectorSource(), zIndex: 8, className: 'ws-construction', declutter: MAP_DECLUTTER, properties: { id: 'construction' } }),
    [],
  );
  const map = useMapLayer(layer);
  const selectedId = selected?.site_id ?? null;

  useEffect(() => {
    if (!map) return undefined;
    const onClick = (event: MapBrowserEvent) => {
      const feature = map.forEachFeatureAtPixel(event.pixel, (f) => f, { layerFilter: (l) => l === layer, hitTolerance: 6 });
      const site = feature?.get('site') as Pick<TConstructionProgressItem, 'site_id' | 'type'> | undefined;
      if (site) open.current(site);
    };
    map.on('singleclick', onClick);
    return () => map.un('singleclick', onClick);
  }, [map, layer]);

  useEffect(() => {
    const source = layer.getSource()!;
    source.clear(true);
    const shown = selected && !sites.some((s) => s.site_id === selected.site_id) ? [...sites, selected] : sites;
    source.addFeatures(siteFeatures(shown));
  }, [layer, sites, selected]);

  useEffect(() => {
    layer.setStyle((feature) => {
      const site = feature.get('site') as Pick<TConstructionProgressItem, 'site_id' | 'site_name' | 'type'>;
      return siteStyle(site.type, site.site_id === selectedId, site.site_name);
    });
  }, [layer, selectedId]);

  return null;
}

export interface TunnelProgressLayerProps {
  /** The part excavated, SVY21 positions (portal to the top heading). */
  excavated: readonly (readonly number[])[];
  /** The faces: SVY21 position and label. */
  faces: readonly { x: number; y: number; label: string }[];
}

/** A mined tunnel's excavated part over its alignment, and a marker at each face part (the tunnel detail). */
export function TunnelProgressLayer({ excavated, faces }: TunnelProgressLayerProps) {
  const layer = useMemo(
    () => new VectorLayer({ source: new VectorSource(), zIndex: 12, className: 'ws-tunnel-progress', properties: { id: 'tunnel-progress' } }),
    [],
  );
  useMapLayer(layer);
  useEffect(() => {
    const source = layer.getSource()!;
    source.clear(true);
    const features: Feature[] = [];
    if (excavated.length >= 2) {
      const line = new Feature({ geometry: new LineString(excavated.map((p) => svy21ToView(p))) });
      line.setStyle(new Style({ stroke: new Stroke({ color: SITE_COLORS.excavated, width: 7 }) }));
      features.push(line);
    }
    faces.forEach((face, i) => {
      const marker = new Feature({ geometry: new Point(svy21ToView([face.x, face.y])) });
      marker.setStyle(
        new Style({
          image: new CircleStyle({ radius: 6, fill: new Fill({ color: SITE_COLORS.face }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
          text: new Text({
            text: face.label,
            font: '600 12px Roboto, Arial, sans-serif',
            offsetY: -14 - 14 * i,
            fill: new Fill({ color: SITE_COLORS.face }),
            stroke: new Stroke({ color: '#ffffff', width: 3 }),
          }),
        }),
      );
      features.push(marker);
    });
    source.addFeatures(features);
  }, [layer, excavated, faces]);
  return null;
}

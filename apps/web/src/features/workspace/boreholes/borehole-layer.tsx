import { useTheme } from '@mui/material/styles';
import type { TBoreholeListItem } from '@strata/shared';
import Feature from 'ol/Feature';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { boundingExtent } from 'ol/extent';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { useEffect, useMemo, useRef } from 'react';
import { svy21ToView, useOlMap } from '../../../components/map';
import { CLUSTER_DISTANCE, MAP_DECLUTTER, UNCLUSTER_ZOOM } from '../map/instrument-layer-parts';
import { boreholesOf, createBoreholeStyle } from './borehole-style';
import { svy21Position, type Located } from './position';
import { SectionMapLayer } from './section-map-layer';
import { togglePick, useSectionPick, type SectionPick } from './section-state';

export interface BoreholeLayerProps {
  boreholes: readonly TBoreholeListItem[];
  showLabels: boolean;
  /** The borehole whose detail is open: ringed, and drawn even when the contracts chosen do not hold it. */
  selected?: Located | null;
  onOpen: (borehole: TBoreholeListItem) => void;
}

/** One point feature per located borehole (id = borehole id, `borehole` = the record), in the map's projection. */
export function boreholeFeatures(boreholes: readonly TBoreholeListItem[]): Feature<Point>[] {
  return boreholes.flatMap((borehole) => {
    const position = svy21Position(borehole);
    if (!position) return [];
    const feature = new Feature({ geometry: new Point(svy21ToView(position)), borehole });
    feature.setId(borehole.borehole_id);
    return [feature];
  });
}

function createParts() {
  const source = new VectorSource<Feature<Point>>();
  const cluster = new Cluster<Feature<Point>>({ source, distance: CLUSTER_DISTANCE, minDistance: 8 });
  const layer = new VectorLayer<VectorSource<Feature>>({
    source: cluster,
    zIndex: 11,
    className: 'ws-boreholes',
    declutter: MAP_DECLUTTER,
    properties: { id: 'boreholes' },
  });
  const selected = new VectorLayer({
    source: new VectorSource<Feature<Point>>(),
    zIndex: 9,
    className: 'ws-boreholes',
    style: new Style({ image: new CircleStyle({ radius: 15, stroke: new Stroke({ color: '#0471d1', width: 3 }) }) }),
  });
  return { source, cluster, layer, selected };
}

/**
 * The boreholes on the work-space map (spec §2.2 borehole/list): clustered as the instruments are (every borehole on
 * its own from zoom 17), a symbol in the colour of the borehole's type, the number as label. Clicking a borehole
 * opens its detail; clicking a cluster zooms to its members.
 */
export function BoreholeLayer({ boreholes, showLabels, selected, onOpen }: BoreholeLayerProps) {
  const map = useOlMap();
  const theme = useTheme();
  const open = useRef(onOpen);
  // The list's Section mode: a click picks or unpicks a borehole instead of opening it; none while a line is drawn.
  const { pick, change } = useSectionPick();
  const section = useRef<{ pick: SectionPick; change: typeof change }>({ pick, change });
  useEffect(() => {
    open.current = onOpen;
    section.current = { pick, change };
  });
  const parts = useMemo(createParts, []);

  useEffect(() => {
    if (!map) return;
    map.addLayer(parts.selected);
    map.addLayer(parts.layer);
    const view = map.getView();
    const onZoom = () => {
      const source = (view.getZoom() ?? 0) >= UNCLUSTER_ZOOM ? parts.source : parts.cluster;
      if (parts.layer.getSource() !== source) parts.layer.setSource(source);
    };
    onZoom();
    view.on('change:resolution', onZoom);
    const onClick = (event: MapBrowserEvent) => {
      const feature = map.forEachFeatureAtPixel(event.pixel, (f) => f, { layerFilter: (l) => l === parts.layer, hitTolerance: 4 });
      const current = section.current;
      if (!feature || (current.pick.mode === 'line' && current.pick.line === null)) return;
      const members = boreholesOf(feature);
      if (members.length === 1 && current.pick.mode === 'pick') current.change({ ids: togglePick(current.pick.ids, members[0]!.borehole_id) });
      else if (members.length === 1) open.current(members[0]!);
      else if (members.length > 1) {
        const extent = boundingExtent(((feature.get('features') as Feature<Point>[]) ?? []).map((m) => m.getGeometry()!.getCoordinates()));
        view.fit(extent, { padding: [60, 60, 60, 60], maxZoom: 19, duration: 250 });
      }
    };
    map.on('singleclick', onClick);
    return () => {
      view.un('change:resolution', onZoom);
      map.un('singleclick', onClick);
      map.removeLayer(parts.layer);
      map.removeLayer(parts.selected);
    };
  }, [map, parts]);

  useEffect(() => {
    parts.source.clear(true);
    parts.source.addFeatures(boreholeFeatures(boreholes));
  }, [parts, boreholes]);

  useEffect(() => {
    if (!map) return;
    parts.layer.setStyle(
      createBoreholeStyle({
        showLabels,
        zoom: () => map.getView().getZoom() ?? 0,
        textColor: theme.palette.mode === 'dark' ? '#ffffff' : '#263238',
        haloColor: theme.palette.mode === 'dark' ? '#263238' : '#ffffff',
      }),
    );
  }, [map, parts, showLabels, theme.palette.mode]);

  useEffect(() => {
    const source = parts.selected.getSource()!;
    source.clear();
    const position = selected ? svy21Position(selected) : null;
    if (position) source.addFeature(new Feature({ geometry: new Point(svy21ToView(position)) }));
  }, [parts, selected]);

  return pick.mode === null ? null : <SectionMapLayer boreholes={boreholes} pick={pick} onLine={(line) => change({ line })} />;
}

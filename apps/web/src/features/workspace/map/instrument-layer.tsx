import { useTheme } from '@mui/material/styles';
import type { TInstrument } from '@strata/shared';
import Feature from 'ol/Feature';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { boundingExtent } from 'ol/extent';
import Point from 'ol/geom/Point';
import { useEffect, useMemo, useRef } from 'react';
import { svy21ToView, useOlMap } from '../../../components/map';
import { createInstrumentLayerParts, followZoom, instrumentFeatures, membersOf } from './instrument-layer-parts';
import { createInstrumentStyle, type InstrumentLook } from './instrument-style';

export interface HoveredInstruments {
  instruments: TInstrument[];
  /** Map coordinate of the symbol (EPSG:3857). */
  coordinate: number[];
}

export interface InstrumentLayerProps {
  instruments: readonly TInstrument[];
  look: InstrumentLook;
  levelOf: (instrumentId: number) => string | undefined;
  showLabels: boolean;
  /** The instrument whose detail is open: ringed. */
  selectedId?: number | null;
  /** A click on one instrument. */
  onOpen: (instrument: TInstrument) => void;
  /** The pointer is over an instrument or a cluster (null when it leaves). */
  onHover: (hovered: HoveredInstruments | null) => void;
}

/**
 * The instruments on the work-space map (OpenLayers, on the map of the enclosing MapView): clustered when dense
 * (ol/source/Cluster, each cluster in the colour of its most severe member), every instrument on its own from zoom 17.
 * Clicking an instrument opens it; clicking a cluster zooms to its members; hovering reports what is under the pointer.
 */
export function InstrumentLayer({ instruments, look, levelOf, showLabels, selectedId, onOpen, onHover }: InstrumentLayerProps) {
  const map = useOlMap();
  const theme = useTheme();
  const handlers = useRef({ onOpen, onHover });
  useEffect(() => {
    handlers.current = { onOpen, onHover };
  });

  const parts = useMemo(createInstrumentLayerParts, []);

  // On the map while mounted.
  useEffect(() => {
    if (!map) return;
    map.addLayer(parts.selected);
    map.addLayer(parts.layer);
    const view = map.getView();
    const onZoom = () => followZoom(parts, view.getZoom() ?? 0);
    onZoom();
    view.on('change:resolution', onZoom);

    const hit = (pixel: number[]) =>
      map.forEachFeatureAtPixel(pixel, (f) => f, { layerFilter: (l) => l === parts.layer, hitTolerance: 4 }) as Feature | undefined;

    const onClick = (event: MapBrowserEvent) => {
      const feature = hit(event.pixel);
      if (!feature) return;
      const members = membersOf(feature);
      if (members.length === 1) {
        handlers.current.onOpen(members[0]!);
      } else if (members.length > 1) {
        const extent = boundingExtent(((feature.get('features') as Feature<Point>[]) ?? []).map((m) => m.getGeometry()!.getCoordinates()));
        view.fit(extent, { padding: [60, 60, 60, 60], maxZoom: 19, duration: 250 });
      }
    };
    let last: Feature | undefined;
    const onMove = (event: MapBrowserEvent) => {
      if (event.dragging) return;
      const feature = hit(event.pixel);
      const target = map.getTargetElement();
      if (target) target.style.cursor = feature ? 'pointer' : '';
      if (feature === last) return;
      last = feature;
      if (!feature) {
        handlers.current.onHover(null);
        return;
      }
      const geometry = feature.getGeometry() as Point;
      handlers.current.onHover({ instruments: membersOf(feature), coordinate: geometry.getCoordinates() });
    };
    const onLeave = () => {
      last = undefined;
      handlers.current.onHover(null);
    };
    map.on('singleclick', onClick);
    map.on('pointermove', onMove);
    const viewport = map.getViewport();
    viewport?.addEventListener('mouseleave', onLeave);
    return () => {
      view.un('change:resolution', onZoom);
      map.un('singleclick', onClick);
      map.un('pointermove', onMove);
      viewport?.removeEventListener('mouseleave', onLeave);
      map.removeLayer(parts.layer);
      map.removeLayer(parts.selected);
    };
  }, [map, parts]);

  // The instruments.
  useEffect(() => {
    parts.source.clear(true);
    parts.source.addFeatures(instrumentFeatures(instruments));
  }, [parts, instruments]);

  // Their look: icons, colours, labels.
  useEffect(() => {
    if (!map) return;
    parts.layer.setStyle(
      createInstrumentStyle({
        look,
        levelOf,
        showLabels,
        zoom: () => map.getView().getZoom() ?? 0,
        textColor: theme.palette.mode === 'dark' ? '#ffffff' : '#263238',
        haloColor: theme.palette.mode === 'dark' ? '#263238' : '#ffffff',
      }),
    );
  }, [map, parts, look, levelOf, showLabels, theme.palette.mode]);

  // The open instrument, ringed.
  useEffect(() => {
    const source = parts.selected.getSource()!;
    source.clear();
    const instrument = selectedId == null ? undefined : instruments.find((i) => i.instrument_id === selectedId);
    if (instrument) source.addFeature(new Feature({ geometry: new Point(svy21ToView([instrument.easting, instrument.northing])) }));
  }, [parts, selectedId, instruments]);

  return null;
}

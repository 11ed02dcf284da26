import Typography from '@mui/material/Typography';
import type { TBoreholeListItem, TInstrument } from '@strata/shared';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, type MapViewProps, type OverlayChoices } from '../../../components/map';
import type { ContractBoundary } from '../api/boundaries';
import type { MapPosition, Svy21Extent } from '../state/url-state';
import { AreaSelect, BoundaryLayer, PointMarker } from './area-layers';
import { HoverTooltip } from './hover-tooltip';
import { InstrumentLayer, type HoveredInstruments } from './instrument-layer';
import type { InstrumentLook } from './instrument-style';
import type { HomeFit } from './home-view';
import { boreholeLegend, legendData, MapLegend, roomForLegend } from './map-legend';
import { boreholeTypeColor } from '../boreholes/borehole-style';
import { StationLayer, type StationsShown } from './station-layer';
import { FitToExtent, ViewSync, type FitRequest } from './view-sync';

export interface WorkspaceMapProps {
  instruments: readonly TInstrument[];
  boundaries: readonly ContractBoundary[];
  look: InstrumentLook;
  levelOf: (instrumentId: number) => string | undefined;
  showLabels: boolean;
  showLegend: boolean;
  /** The stations to draw (`stationsShown`: null unless the user's `show_stations` preference is on). */
  stations?: StationsShown | null;
  /** The user's overlay choices (preferences `layers`): given, the map has a Layers menu to turn overlays on and off. */
  overlays?: OverlayChoices;
  /** SVY21: the configured map bounds (MapView's first fit; without a `pos` and `homeFit`, their centre at zoom 10). */
  home: readonly number[];
  /** Where the map opens without a `pos`, and where "Reset map location" goes: see `useHomeFit`. */
  homeFit: HomeFit;
  pos: MapPosition | null;
  onMoved: (pos: MapPosition, extent: Svy21Extent | null) => void;
  selectedId?: number | null;
  onOpen: (instrument: TInstrument) => void;
  selectedArea: Svy21Extent | null;
  selecting: boolean;
  onSelectArea: (extent: Svy21Extent) => void;
  height: MapViewProps['height'];
  /** Show this extent (location search: a zone, a contract). */
  fit?: FitRequest | null;
  /** A pin at a searched position. */
  marker?: readonly [number, number] | null;
  /** The SI boreholes drawn (the borehole pages): listed in the legend by type. */
  boreholes?: readonly TBoreholeListItem[] | null;
  /** More tools on the map (they reach it with `useOlMap()`). */
  children?: ReactNode;
}

/**
 * The work-space map: the configured base map and overlays (MapView, with its offline background and the Layers
 * menu), contract boundaries, stations (per preference), the instruments (clustered, coloured, labelled per
 * preference), hover details, area selection and the legend.
 */
export function WorkspaceMap(props: WorkspaceMapProps) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState<HoveredInstruments | null>(null);
  // Fits (the home view, the location search's) keep what they show clear of the legend.
  const legend = useRef<HTMLDivElement>(null);
  const padding = useCallback(() => roomForLegend(legend.current), []);
  return (
    <MapView
      label={t('workspace.map.label')}
      description={t('workspace.map.description')}
      extent={props.home}
      height={props.height}
      overlays={props.overlays}
      sx={{ position: 'relative' }}
      footer={
        <Typography variant="caption" color="text.secondary" component="p" data-testid="map-count" sx={{ mt: 0.5 }}>
          {t('workspace.map.count', { count: props.instruments.length })}
        </Typography>
      }
    >
      <ViewSync pos={props.pos} home={props.home} homeFit={props.homeFit} padding={padding} extentKey={props.home.join(',')} onMoved={props.onMoved} />
      <BoundaryLayer boundaries={props.boundaries} />
      {props.stations && <StationLayer stations={props.stations} />}
      <InstrumentLayer
        instruments={props.instruments}
        look={props.look}
        levelOf={props.levelOf}
        showLabels={props.showLabels}
        selectedId={props.selectedId}
        onOpen={props.onOpen}
        onHover={setHovered}
      />
      <AreaSelect selected={props.selectedArea} active={props.selecting} onSelect={props.onSelectArea} />
      <FitToExtent request={props.fit ?? null} padding={padding} />
      <PointMarker position={props.marker ?? null} />
      <HoverTooltip hovered={hovered} />
      {props.showLegend && (
        <MapLegend
          ref={legend}
          data={{
            ...legendData(props.instruments, props.look),
            stations: props.stations ? { count: props.stations.points.length } : null,
            boreholes: props.boreholes ? boreholeLegend(props.boreholes, boreholeTypeColor) : null,
          }}
        />
      )}
      {props.children}
    </MapView>
  );
}

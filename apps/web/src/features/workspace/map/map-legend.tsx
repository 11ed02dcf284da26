import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TInstrument } from '@strata/shared';
import { useEffect, useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { InstrumentIcon } from '../../../components/instrument-icon';
import { useOlMap } from '../../../components/map';
import type { InstrumentLook } from './instrument-style';
import { STATION_COLOR, STATION_FILL } from './station-layer';
import { FIT_PADDING, type FitPadding } from './view-sync';

export interface LegendData {
  types: { code: string; name: string; icon: string; color: string; count: number }[];
  levels: { code: string; name: string; color: string }[];
  /** Stations are drawn (`show_stations`): how many the configuration lists (layers given by an address add theirs unseen). */
  stations?: { count: number } | null;
  /** SI boreholes are drawn (the borehole pages): each type with its colour and count. */
  boreholes?: { type: string; color: string; count: number }[] | null;
}

/** What the legend lists: the types of the instruments shown (in their normal colour, with counts) and every level. */
export function legendData(instruments: readonly TInstrument[], look: InstrumentLook): LegendData {
  const counts = new Map<string, number>();
  for (const i of instruments) counts.set(i.type_code, (counts.get(i.type_code) ?? 0) + 1);
  const types = [...counts.entries()]
    .map(([code, count]) => {
      const type = look.types.get(code);
      return { code, name: type?.name ?? code, icon: type?.icon ?? 'circle', color: type?.color ?? '#9e9e9e', count };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const levels = [...look.levels.values()].sort((a, b) => a.severity - b.severity).map((l) => ({ code: l.code, name: l.name, color: l.color }));
  return { types, levels };
}

/** The borehole types of the boreholes drawn, each in its map colour, with counts (untyped ones as "-"). */
export function boreholeLegend(boreholes: readonly { borehole_type: string | null }[], colorOf: (type: string | null) => string): LegendData['boreholes'] {
  const counts = new Map<string | null, number>();
  for (const b of boreholes) counts.set(b.borehole_type, (counts.get(b.borehole_type) ?? 0) + 1);
  return [...counts.entries()].map(([type, count]) => ({ type: type ?? '-', color: colorOf(type), count })).sort((a, b) => a.type.localeCompare(b.type));
}

/** The station symbol the map draws: a white diamond outlined in the station colour with a dot at its heart. */
function StationSymbol() {
  return (
    <Box component="svg" viewBox="0 0 16 16" aria-hidden sx={{ width: 16, height: 16, flexShrink: 0 }}>
      <rect x="3.5" y="3.5" width="9" height="9" rx="1" transform="rotate(45 8 8)" fill={STATION_FILL} stroke={STATION_COLOR} strokeWidth="2" />
      <circle cx="8" cy="8" r="2" fill={STATION_COLOR} />
    </Box>
  );
}

/** Clear of the zoom buttons on the map's left, touch-sized ones too (OpenLayers draws those 1.5× larger). */
const LEGEND_LEFT = 48;
const LEGEND_TOP = 8;
/** How far the legend keeps from the map's centre, where Show on map and the location search put what they show. */
const CENTRE_MARGIN = 24;
/** Room kept at the right for the Layers button, and at the bottom for the offline note and the attribution. */
const LAYERS_BUTTON = 56;
const BOTTOM_ROOM = 40;
/** The narrowest column worth keeping beside the centre: on maps narrower than that, the legend is a strip above it. */
const MIN_COLUMN = 200;

export interface LegendBox {
  maxWidth: number;
  maxHeight: number;
  /** Open at first: the map is large enough for the open legend to leave most of it free. */
  openAtFirst: boolean;
}

/**
 * Where the legend may reach on a map of this size (CSS pixels): never over the map's centre — a column at the left
 * of it on wide maps, a strip above it on narrow ones (phones, the desktop's equal layout) — and open at first only on
 * large maps (issue 16: open, it covered some 40 % of the equal layout's map and what Show on map centred).
 */
export function legendBox([width, height]: readonly [number, number]): LegendBox {
  const column = width / 2 - LEGEND_LEFT - CENTRE_MARGIN;
  const openAtFirst = width >= 720 && height >= 400;
  if (column >= MIN_COLUMN) return { maxWidth: column, maxHeight: height - LEGEND_TOP - BOTTOM_ROOM, openAtFirst };
  return { maxWidth: width - LEGEND_LEFT - LAYERS_BUTTON, maxHeight: height / 2 - LEGEND_TOP - CENTRE_MARGIN, openAtFirst };
}

/** Space kept between the legend and what a fit shows. */
const LEGEND_GAP = 8;
/** The least of the map a fit keeps for what it shows: past that, the legend's room is not kept. */
const MIN_SHOWN = 120;

/**
 * The padding of a fit that keeps what it shows clear of the legend (`legend`: its box, in the map's box): the base
 * padding, widened on the side that costs the view less — at the left, past a column; at the top, below a strip or
 * the folded legend's title.
 */
export function roomForLegend(legend: HTMLElement | null, base: FitPadding = FIT_PADDING): FitPadding {
  const padding: FitPadding = [...base];
  const mapBox = legend?.offsetParent as HTMLElement | null | undefined;
  if (!legend || !mapBox || legend.offsetWidth === 0 || legend.offsetHeight === 0) return padding;
  const [width, height] = [mapBox.clientWidth, mapBox.clientHeight];
  const left = legend.offsetLeft + legend.offsetWidth + LEGEND_GAP;
  const top = legend.offsetTop + legend.offsetHeight + LEGEND_GAP;
  const leftFits = width - left - base[1] >= MIN_SHOWN;
  const topFits = height - top - base[2] >= MIN_SHOWN;
  if (leftFits && (!topFits || left * height <= top * width)) padding[3] = Math.max(base[3], left);
  else if (topFits) padding[0] = Math.max(base[0], top);
  return padding;
}

/** The map's size in CSS pixels (null until it is laid out), following it. */
function useMapSize(): readonly [number, number] | null {
  const map = useOlMap();
  const [size, setSize] = useState<readonly [number, number] | null>(null);
  useEffect(() => {
    if (!map) return;
    const follow = () => {
      const s = map.getSize();
      setSize((old) => (s && s[0]! > 0 && s[1]! > 0 ? (old && old[0] === s[0] && old[1] === s[1] ? old : [s[0]!, s[1]!]) : null));
    };
    follow();
    map.on('change:size', follow);
    return () => map.un('change:size', follow);
  }, [map]);
  return size;
}

/**
 * The map legend (shown when the user's `show_legend` preference is on): instrument types, stations (when drawn)
 * and level colours. At the map's top left, beside the zoom buttons, never over the map's centre (see `legendBox`);
 * folded at first on small maps. `ref` reaches its box (the work-space map leaves room for it when it fits a view).
 */
export function MapLegend({ data, ref }: { data: LegendData; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const size = useMapSize();
  const box = size ? legendBox(size) : null;
  // The user's choice, once made; until then the map's size decides.
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? box?.openAtFirst ?? false;
  const bodyId = useId();
  if (data.types.length === 0 && data.levels.length === 0 && !data.stations && !data.boreholes?.length) return null;
  return (
    <Paper
      ref={ref}
      elevation={2}
      data-testid="map-legend"
      sx={{
        position: 'absolute',
        left: LEGEND_LEFT,
        top: LEGEND_TOP,
        zIndex: 2,
        maxWidth: box ? Math.min(240, box.maxWidth) : 160,
        maxHeight: box?.maxHeight ?? 40,
        overflow: 'auto',
        opacity: 0.95,
      }}
    >
      <ButtonBase
        onClick={() => setChoice(!open)}
        aria-expanded={open}
        aria-controls={bodyId}
        sx={{ width: '100%', justifyContent: 'space-between', px: 1, py: 0.5, typography: 'subtitle2' }}
      >
        {t('workspace.map.legend')}
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ButtonBase>
      <Collapse in={open} id={bodyId}>
        <Box sx={{ px: 1, pb: 1 }}>
          {data.types.map((type) => (
            <Box key={type.code} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, py: 0.25 }}>
              <InstrumentIcon icon={type.icon} color={type.color} size={16} />
              <Typography variant="caption" sx={{ flexGrow: 1 }}>
                {type.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {type.count}
              </Typography>
            </Box>
          ))}
          {data.stations && (
            <Box data-testid="legend-stations" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, py: 0.25 }}>
              <StationSymbol />
              <Typography variant="caption" sx={{ flexGrow: 1 }}>
                {t('workspace.map.stations')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {data.stations.count}
              </Typography>
            </Box>
          )}
          {data.boreholes && data.boreholes.length > 0 && (
            <Box data-testid="legend-boreholes">
              <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
                {t('boreholes.tab')}
              </Typography>
              {data.boreholes.map((b) => (
                <Box key={b.type} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, py: 0.25 }}>
                  <Box
                    sx={{
                      width: 12,
                      height: 12,
                      borderRadius: '50%',
                      bgcolor: b.color,
                      border: '2px solid #ffffff',
                      outline: '1px solid #263238',
                      flexShrink: 0,
                    }}
                  />
                  <Typography variant="caption" sx={{ flexGrow: 1 }}>
                    {b.type}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {b.count}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          {data.levels.length > 0 && (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
              {t('workspace.map.levels')}
            </Typography>
          )}
          {data.levels.map((level) => (
            <Box key={level.code} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, py: 0.25 }}>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: level.color, border: '1px solid #263238', flexShrink: 0 }} />
              <Typography variant="caption">
                {level.code} — {level.name}
              </Typography>
            </Box>
          ))}
        </Box>
      </Collapse>
    </Paper>
  );
}

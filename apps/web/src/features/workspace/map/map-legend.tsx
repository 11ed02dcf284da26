import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TInstrument } from '@strata/shared';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InstrumentIcon } from '../../../components/instrument-icon';
import type { InstrumentLook } from './instrument-style';
import { STATION_COLOR, STATION_FILL } from './station-layer';

export interface LegendData {
  types: { code: string; name: string; icon: string; color: string; count: number }[];
  levels: { code: string; name: string; color: string }[];
  /** Stations are drawn (`show_stations`): how many the configuration lists (layers given by an address add theirs unseen). */
  stations?: { count: number } | null;
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

/** The station symbol the map draws: a white diamond outlined in the station colour with a dot at its heart. */
function StationSymbol() {
  return (
    <Box component="svg" viewBox="0 0 16 16" aria-hidden sx={{ width: 16, height: 16, flexShrink: 0 }}>
      <rect x="3.5" y="3.5" width="9" height="9" rx="1" transform="rotate(45 8 8)" fill={STATION_FILL} stroke={STATION_COLOR} strokeWidth="2" />
      <circle cx="8" cy="8" r="2" fill={STATION_COLOR} />
    </Box>
  );
}

/**
 * The map legend (shown when the user's `show_legend` preference is on): instrument types, stations (when drawn)
 * and level colours.
 */
export function MapLegend({ data }: { data: LegendData }) {
  const { t } = useTranslation();
  const theme = useTheme();
  // On phones the map is small: the legend starts folded.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(!phone);
  const bodyId = useId();
  if (data.types.length === 0 && data.levels.length === 0 && !data.stations) return null;
  return (
    <Paper
      elevation={2}
      data-testid="map-legend"
      sx={{
        position: 'absolute',
        left: { xs: 8, sm: 44 },
        top: { xs: 64, sm: 8 },
        zIndex: 2,
        maxWidth: { xs: 220, sm: 240 },
        maxHeight: { xs: 'calc(100% - 112px)', sm: 'calc(100% - 56px)' },
        overflow: 'auto',
        opacity: 0.95,
      }}
    >
      <ButtonBase
        onClick={() => setOpen((v) => !v)}
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

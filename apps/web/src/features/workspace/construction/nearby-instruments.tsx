import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TInstrument, TSite } from '@strata/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChartPanel, hasPoints, type ChartLine, type ChartView } from '../../../components/chart';
import type { DataTableColumn } from '../../../components/data-table';
import { LoadError, Loading } from '../../../components/query-states';
import { useConfig, useTimezone } from '../../../lib/config';
import { textOn } from '../../../lib/text-on';
import { useWorkspaceInstruments } from '../api/instruments';
import { useCanViewReadings, useInstrumentReadings } from '../api/readings';
import { useInstrumentStatuses } from '../api/statuses';
import { instrumentLook } from '../map/instrument-style';
import { instrumentPath } from '../paths';
import { useWorkspaceNav } from '../shared/use-workspace-nav';
import { combinedOption } from './excavation-chart';
import { formatNumber } from './format';
import { itemsNearSite, type NearSite } from './geometry';
import { ClientTable, Part } from './parts';

/** Query-string parameters of the excavation detail: the distance (m; 50 left out) and the instrument charted. */
export const DISTANCE_PARAM = 'distance';
export const COMPARE_PARAM = 'compare';
export const DEFAULT_DISTANCE = 50;
const MAX_DISTANCE = 5000;

/** The distance of the URL: a number from 0 to 5000 m, else the default. */
export function distanceOf(params: URLSearchParams): number {
  const raw = params.get(DISTANCE_PARAM);
  const n = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= MAX_DISTANCE ? n : DEFAULT_DISTANCE;
}

export interface NearbyInstrumentsProps {
  site: Pick<TSite, 'site_id' | 'site_name' | 'contract_id' | 'contract_no' | 'geometry'>;
  contractIds: readonly number[];
  /** The excavated level lines of the progress chart (the combined chart draws them against a reading). */
  levelLines: readonly ChartLine[];
}

/**
 * The instruments inside the site's outline or within a distance of it (planar SVY21; the distance in the URL,
 * default 50 m), with their status level — from the work space's own instrument set and status query (the chosen
 * contracts and the site's) — and the combined chart of excavation level against a chosen instrument's reading.
 */
export function NearbyInstruments({ site, contractIds, levelLines }: NearbyInstrumentsProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const tz = useTimezone();
  const config = useConfig();
  const { go } = useWorkspaceNav();
  const [params, setParams] = useSearchParams();
  const distance = distanceOf(params);
  const [text, setText] = useState(String(distance));
  useEffect(() => setText(String(distance)), [distance]);
  const ids = useMemo(() => [...new Set([...contractIds, site.contract_id])].sort((a, b) => a - b), [contractIds, site.contract_id]);
  const instruments = useWorkspaceInstruments(ids);
  const { levelOf } = useInstrumentStatuses(ids);
  const look = useMemo(() => instrumentLook(config.data), [config.data]);
  const near = useMemo(
    () => (site.geometry && instruments.data ? itemsNearSite(instruments.data, site.geometry, distance) : []),
    [site.geometry, instruments.data, distance],
  );

  const compareRaw = Number(params.get(COMPARE_PARAM));
  const compared = near.find((n) => n.item.instrument_id === compareRaw)?.item;
  const canRead = useCanViewReadings();
  const firstLevel = levelLines.reduce<number | null>((m, l) => (l.points[0] && (m === null || l.points[0][0] < m) ? l.points[0][0] : m), null);
  const readings = useInstrumentReadings(
    compared?.instrument_id,
    { from: firstLevel === null ? null : new Date(firstLevel).toISOString(), to: null, maxPoints: 1000 },
    canRead && compared !== undefined,
  );
  const [code, setCode] = useState('');
  const seriesList = readings.data?.series ?? [];
  const series = seriesList.find((s) => `${s.code}|${s.depth ?? ''}` === code) ?? seriesList[0];

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const bad = text.trim() === '' || !Number.isFinite(Number(text)) || Number(text) < 0 || Number(text) > MAX_DISTANCE;
  const applyDistance = () => {
    if (bad) return;
    const n = Number(text);
    if (n !== distance) setParam(DISTANCE_PARAM, n === DEFAULT_DISTANCE ? null : String(n));
  };

  const readingName = series && compared ? `${compared.name} ${series.code}${series.depth === null ? '' : ` @ ${series.depth} m`}` : '';
  const buildOption = useCallback(
    ({ display, axis }: ChartView) =>
      combinedOption({
        levels: levelLines,
        levelName: t('construction.chart.levelAxis'),
        reading: series ? { name: readingName, unit: series.unit, precision: series.precision, points: series.points } : null,
        timezone: tz,
        display,
        axis,
        textColor: theme.palette.text.secondary,
        gridColor: theme.palette.divider,
      }),
    [levelLines, series, readingName, tz, t, theme],
  );

  const columns: DataTableColumn<NearSite<TInstrument>>[] = [
    {
      id: 'name',
      label: t('construction.nearby.instrument'),
      render: (n) => (
        <Button size="small" sx={{ textTransform: 'none', p: 0, minWidth: 0 }} onClick={() => go(instrumentPath(n.item.instrument_id))}>
          {n.item.name}
        </Button>
      ),
    },
    { id: 'type', label: t('construction.nearby.type'), render: (n) => n.item.type_name },
    {
      id: 'distance',
      label: t('construction.nearby.distance'),
      align: 'right',
      render: (n) => (n.inside ? t('construction.nearby.inside') : t('construction.nearby.metres', { distance: formatNumber(n.distance, 1) })),
    },
    {
      id: 'status',
      label: t('construction.nearby.status'),
      render: (n) => {
        const level = levelOf(n.item.instrument_id);
        const info = level ? look.levels.get(level) : undefined;
        return level ? (
          <Chip size="small" label={level} title={info?.name} sx={{ bgcolor: info?.color, color: textOn(info?.color) }} />
        ) : (
          t('construction.nearby.normal')
        );
      },
    },
  ];

  let body;
  if (!site.geometry) body = <Typography color="text.secondary">{t('construction.nearby.noGeometry')}</Typography>;
  else if (instruments.isError) body = <LoadError error={instruments.error} onRetry={() => void instruments.refetch()} />;
  else if (!instruments.data) body = <Loading />;
  else {
    body = (
      <ClientTable
        label={t('construction.nearby.title')}
        columns={columns}
        rows={near}
        getRowId={(n) => n.item.instrument_id}
        emptyText={t('construction.nearby.none', { distance })}
      />
    );
  }

  return (
    <>
      <Part title={t('construction.nearby.title')}>
        <Stack spacing={1.5}>
          <TextField
            size="small"
            label={t('construction.nearby.within')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={applyDistance}
            onKeyDown={(event) => {
              if (event.key === 'Enter') applyDistance();
            }}
            error={bad}
            helperText={bad ? t('construction.nearby.distanceRule', { max: MAX_DISTANCE }) : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ maxWidth: 240 }}
          />
          {body}
        </Stack>
      </Part>
      <Part title={t('construction.combined.title')}>
        <Stack spacing={1.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              select
              size="small"
              label={t('construction.combined.instrument')}
              value={compared ? String(compared.instrument_id) : ''}
              onChange={(event) => {
                setCode('');
                setParam(COMPARE_PARAM, event.target.value === '' ? null : event.target.value);
              }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('construction.combined.none')}</MenuItem>
              {near.map((n) => (
                <MenuItem key={n.item.instrument_id} value={String(n.item.instrument_id)}>
                  {n.item.name}
                </MenuItem>
              ))}
            </TextField>
            {seriesList.length > 1 && (
              <TextField
                select
                size="small"
                label={t('construction.combined.series')}
                value={series ? `${series.code}|${series.depth ?? ''}` : ''}
                onChange={(event) => setCode(event.target.value)}
                sx={{ minWidth: 160 }}
              >
                {seriesList.map((s) => (
                  <MenuItem key={s.series_id} value={`${s.code}|${s.depth ?? ''}`}>
                    {s.depth === null ? s.code : `${s.code} @ ${s.depth} m`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
          {compared && !canRead && <Typography color="text.secondary">{t('construction.combined.noReadings')}</Typography>}
          {compared && canRead && readings.isError && <LoadError error={readings.error} onRetry={() => void readings.refetch()} />}
          <ChartPanel
            buildOption={buildOption}
            empty={!hasPoints(levelLines) && !(series && series.points.length > 0)}
            height={300}
            label={t('construction.combined.label', { name: site.site_name })}
            description={compared ? t('construction.combined.description', { instrument: compared.name }) : t('construction.combined.levelsOnly')}
            fileName={`${site.contract_no}-${site.site_name}-${compared?.name ?? 'levels'}`}
          />
        </Stack>
      </Part>
    </>
  );
}

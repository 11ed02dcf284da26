import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_TIMEZONE,
  formatCell,
  type TConfig,
  type TInstrumentReadings,
  type TReadingRow,
  type TReadingSeriesData,
  type TThreshold,
} from '@strata/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChartPanel, thresholdLines, type ChartLine } from '../../../components/chart';
import { DataTable, toLimitSkip, type DataTableColumn } from '../../../components/data-table';
import { DateRange } from '../../../components/date-range';
import { useCan } from '../../../lib/use-can';
import { useInstrumentDesignValues } from '../api/design-values';
import { useCanViewReadings, useInstrumentReadings } from '../api/readings';
import { useReadingRows } from '../api/reading-rows';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { DepthChips } from './depth-chips';
import { predictedLines, predictedProfiles, type PredictedLabel } from './predicted-lines';
import { ProfileSection, startOfDay } from './profile-section';
import { ReadingsDownload } from './readings-download';
import type { WorkspaceUpdate } from '../state/use-workspace-url';
import type { WorkspaceUrlState } from '../state/url-state';

/** The detail charts' height: the spec's default is 150 px (CHART.defaultHeight); these hold a title, legend and threshold labels. */
export const DETAIL_CHART_HEIGHT = 260;
const SERIES_COLORS = ['#0471d1', '#6a1b9a', '#00838f', '#ef6c00', '#2e7d32', '#ad1457', '#37474f', '#558b2f'];

/** One chart per reading code: its series (one per depth for inclinometers). */
export interface CodeChart {
  code: string;
  description: string;
  unit: string;
  precision: number;
  series: TReadingSeriesData[];
}

export function chartsByCode(data: TInstrumentReadings | undefined): CodeChart[] {
  const byCode = new Map<string, CodeChart>();
  for (const series of data?.series ?? []) {
    let chart = byCode.get(series.code);
    if (!chart) {
      chart = { code: series.code, description: series.description, unit: series.unit, precision: series.precision, series: [] };
      byCode.set(series.code, chart);
    }
    chart.series.push(series);
  }
  for (const chart of byCode.values()) chart.series.sort((a, b) => (a.depth ?? -Infinity) - (b.depth ?? -Infinity));
  return [...byCode.values()];
}

function seriesName(series: TReadingSeriesData, depthWord: string): string {
  return series.depth === null ? series.code : `${series.code} ${depthWord} ${series.depth} m`;
}

/** Points per series: about the chart's width in pixels (the server caps it at chart.instrument_detail_limit). */
function pointsFor(width: number, limit: number): number {
  const rounded = Math.round(Math.max(200, width) / 100) * 100;
  return Math.min(limit, rounded);
}

/** The readings table's page size (spec: 20 rows a page), and the sizes offered. */
export const READINGS_PAGE_SIZE = 20;
const READINGS_PAGE_SIZES = [10, 20, 50, 100] as const;

export interface ReadingsSectionProps {
  instrumentId: number;
  instrumentName: string;
  thresholds: readonly TThreshold[];
  config: TConfig | undefined;
  state: WorkspaceUrlState;
  update: WorkspaceUpdate;
  /** The type reads at depths (an inclinometer): a profile plot, and depth chips for the time series. */
  hasDepth?: boolean;
}

/** The depths of some series, shallowest first. */
function depthsOf(data: TInstrumentReadings | undefined): number[] {
  return [...new Set((data?.series ?? []).flatMap((s) => (s.depth === null ? [] : [s.depth])))].sort((a, b) => a - b);
}

/** The days (start, ISO) of the first and of the latest point of some series: the profile's default dates. */
function firstAndLatestDays(data: TInstrumentReadings | undefined, tz: string | undefined): string[] {
  let first = Infinity;
  let last = -Infinity;
  for (const s of data?.series ?? []) {
    if (s.points.length === 0) continue;
    first = Math.min(first, s.points[0]![0]);
    last = Math.max(last, s.points[s.points.length - 1]![0]);
  }
  if (!Number.isFinite(first)) return [];
  const zone = tz ?? DEFAULT_TIMEZONE;
  return [...new Set([startOfDay(first, zone), startOfDay(last, zone)])];
}

/**
 * The readings of an instrument (issue 7 detail): the date-range selector (`date-range` in the URL), a time-series
 * chart per reading code with its threshold levels as lines in their colours and the QP(D)'s predictions of the sites'
 * current stages as dashed lines (an inclinometer's by depth on its profile), and a paged table of the readings.
 */
export function ReadingsSection({ instrumentId, instrumentName, thresholds, config, state, update, hasDepth = false }: ReadingsSectionProps) {
  const { t } = useTranslation();
  const canExport = useCan('ExportInstrumentCharts');
  // Raw readings leave the system: View Instrument Data (the server's rule for the export).
  const canDownload = useCan('ViewInstrumentData');
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  useEffect(() => {
    if (box.current?.clientWidth) setWidth(box.current.clientWidth);
  }, []);
  const limit = config?.chart.instrument_detail_limit ?? 50_000;
  const [depths, setDepths] = useState<number[]>([]);
  const range = { from: state.dateRange.start, to: state.dateRange.end, maxPoints: pointsFor(width, limit), depths };
  const readings = useInstrumentReadings(instrumentId, range);
  const charts = useMemo(() => chartsByCode(readings.data), [readings.data]);
  // The predicted lines: asked with the readings' permissions; a failure leaves the charts without them.
  const designValues = useInstrumentDesignValues(instrumentId, useCanViewReadings()).data;
  const predictedLabel = useCallback<PredictedLabel>((words) => t('workspace.detail.predicted', words), [t]);
  // The depths offered: those of the series of all depths (the answer without a depth choice).
  const [knownDepths, setKnownDepths] = useState<number[]>([]);
  const allDepths = depths.length === 0 && readings.data && !readings.isPlaceholderData ? depthsOf(readings.data) : null;
  const allDepthsKey = allDepths?.join(',');
  useEffect(() => {
    if (allDepthsKey !== undefined) setKnownDepths(allDepthsKey === '' ? [] : allDepthsKey.split(',').map(Number));
  }, [allDepthsKey]);
  const profileDates = useMemo(() => firstAndLatestDays(readings.data, config?.timezone), [readings.data, config?.timezone]);
  const profileCodes = useMemo(
    () =>
      charts
        .filter((c) => c.series.some((s) => s.depth !== null))
        .map((c) => ({ code: c.code, description: c.description, unit: c.unit, precision: c.precision })),
    [charts],
  );
  const levels = config?.thresholds;
  const depthWord = t('workspace.detail.at');
  // Memoised: a new option would reset the chart's zoom.
  const chartInputs = useMemo(() => {
    const words = { upper: t('workspace.detail.upper'), lower: t('workspace.detail.lower') };
    return charts.map((chart) => ({
      code: chart.code,
      unit: chart.unit,
      precision: chart.precision,
      title: `${chart.code} — ${chart.description}`,
      subtitle: t('workspace.detail.chartSubtitle', {
        shown: chart.series.reduce((n, s) => n + s.points.length, 0),
        raw: chart.series.reduce((n, s) => n + s.raw_count, 0),
      }),
      lines: chart.series.map<ChartLine>((series, i) => ({
        name: seriesName(series, depthWord),
        points: series.points,
        color: SERIES_COLORS[i % SERIES_COLORS.length],
      })),
      thresholds: thresholdLines(thresholds, chart.code, levels ?? [], words),
      predictions: predictedLines(designValues, chart.code, chart.precision, predictedLabel),
    }));
  }, [charts, thresholds, levels, depthWord, designValues, predictedLabel, t]);
  const profileThresholds = useMemo(() => Object.fromEntries(chartInputs.map((c) => [c.code, c.thresholds])), [chartInputs]);
  const profilePredictions = useMemo(
    () => Object.fromEntries(charts.map((c) => [c.code, predictedProfiles(designValues, c.code, (words) => t('workspace.detail.predictedProfile', words))])),
    [charts, designValues, t],
  );

  // The readings table: the stored readings of the period (codes, depths as chosen), newest first, a page at a time.
  const [tableCode, setTableCode] = useState<string | null>(null);
  const chosen = charts.find((c) => c.code === tableCode);
  const tableCodes = chosen ? [chosen.code] : [];
  // A new period, code or depth choice starts again at page 1 (the page is kept per selection).
  const selection = [state.dateRange.start, state.dateRange.end, tableCodes.join(','), depths.join(',')].join('|');
  const [paging, setPaging] = useState({ selection, page: 1, pageSize: READINGS_PAGE_SIZE });
  const page = paging.selection === selection ? paging.page : 1;
  const rows = useReadingRows(instrumentId, {
    from: state.dateRange.start,
    to: state.dateRange.end,
    codes: tableCodes,
    depths,
    ...toLimitSkip({ page, pageSize: paging.pageSize }),
  });
  const shownCharts = chosen ? [chosen] : charts;
  const precisionOf = useMemo(() => new Map(charts.map((c) => [c.code, c.precision])), [charts]);
  const unitOf = useMemo(() => new Map(charts.map((c) => [c.code, c.unit])), [charts]);
  const units = [...new Set(shownCharts.map((c) => c.unit))];
  // One unit: in the heading; several (codes of different units): beside each value.
  const oneUnit = units.length === 1 ? units[0] : undefined;
  const columns: DataTableColumn<TReadingRow>[] = [
    { id: 'taken_at', label: t('workspace.detail.takenAt'), format: 'datetime', noWrap: true },
    { id: 'code', label: t('workspace.detail.readingCode') },
    ...(hasDepth
      ? [
          {
            id: 'depth',
            label: t('workspace.detail.depthM'),
            align: 'right',
            render: (row) => (row.depth === null ? '' : String(row.depth)),
          } satisfies DataTableColumn<TReadingRow>,
        ]
      : []),
    {
      id: 'value',
      label: oneUnit ? t('workspace.detail.valueUnit', { unit: oneUnit }) : t('workspace.detail.value'),
      align: 'right',
      render: (row) => {
        const value = formatCell(row.value, precisionOf.get(row.code) ?? 2);
        const unit = oneUnit === undefined ? unitOf.get(row.code) : undefined;
        return unit ? `${value} ${unit}` : value;
      },
    },
  ];

  let body;
  if (readings.isPending) body = <Loading />;
  else if (readings.isError) body = <LoadError error={readings.error} onRetry={() => void readings.refetch()} />;
  else if (charts.length === 0) body = <EmptyText>{t('workspace.detail.noReadings')}</EmptyText>;
  else
    body = (
      <Stack spacing={2}>
        {hasDepth && (
          <>
            <ProfileSection
              key={`${state.dateRange.start}|${state.dateRange.end}`}
              instrumentId={instrumentId}
              instrumentName={instrumentName}
              codes={profileCodes}
              defaultDates={profileDates}
              timezone={config?.timezone}
              thresholds={profileThresholds}
              predictions={profilePredictions}
            />
            <Typography variant="subtitle1" component="h3">
              {t('workspace.profile.timeSeries')}
            </Typography>
            {knownDepths.length > 0 && <DepthChips depths={knownDepths} chosen={depths} onChange={setDepths} />}
          </>
        )}
        {chartInputs.map((chart) => (
          <Box key={chart.code} data-testid={`chart-${chart.code}`}>
            <LineChartPanel
              title={chart.title}
              subtitle={chart.subtitle}
              lines={chart.lines}
              thresholds={chart.thresholds}
              predictions={chart.predictions}
              yName={chart.unit}
              precision={chart.precision}
              height={DETAIL_CHART_HEIGHT}
              label={t('workspace.detail.chartLabel', { name: instrumentName, code: chart.code })}
              dataNote={t('workspace.detail.chartDataNote')}
              fileName={`${instrumentName}-${chart.code}`}
              canExport={canExport}
              timezone={config?.timezone}
            />
          </Box>
        ))}
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="subtitle1" component="h3">
                {t('workspace.detail.readingsTable')}
              </Typography>
              {canDownload && (
                <ReadingsDownload
                  instrumentId={instrumentId}
                  instrumentName={instrumentName}
                  selection={{ codes: charts.map((c) => c.code), from: state.dateRange.start, to: state.dateRange.end, depths }}
                />
              )}
            </Stack>
            {charts.length > 1 && (
              <TextField
                select
                size="small"
                label={t('workspace.detail.readingCode')}
                value={chosen?.code ?? ''}
                onChange={(event) => setTableCode(event.target.value === '' ? null : event.target.value)}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 180 }}
              >
                <MenuItem value="">{t('workspace.detail.allCodes')}</MenuItem>
                {charts.map((c) => (
                  <MenuItem key={c.code} value={c.code}>
                    {c.code} — {c.description}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
          <DataTable
            label={t('workspace.detail.readingsTable')}
            columns={columns}
            rows={rows.data?.records ?? []}
            total={rows.data?.total_records ?? 0}
            page={page}
            pageSize={paging.pageSize}
            pageSizeOptions={READINGS_PAGE_SIZES}
            onChange={(q) => setPaging({ selection, page: q.page, pageSize: q.pageSize })}
            loading={rows.isFetching}
            error={rows.isError ? rows.error : undefined}
            onRetry={() => void rows.refetch()}
            emptyText={t('workspace.detail.noReadings')}
            getRowId={(row) => `${row.code}|${row.depth ?? ''}|${row.taken_at}`}
            timezone={config?.timezone}
          />
        </Stack>
      </Stack>
    );

  return (
    <Stack spacing={1.5} ref={box}>
      <DateRange label={t('workspace.detail.period')} value={state.dateRange} onChange={(dateRange) => update({ dateRange })} />
      {readings.isFetching && !readings.isPending && (
        <Typography variant="caption" color="text.secondary">
          {t('common.loading')}
        </Typography>
      )}
      {body}
    </Stack>
  );
}

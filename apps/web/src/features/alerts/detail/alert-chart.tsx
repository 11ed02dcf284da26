import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAlertDetail, TInstrumentReadings, TReadingSeriesData } from '@strata/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChartPanel, thresholdLines, type ChartLine } from '../../../components/chart';
import { AppAlert } from '../../../components/feedback';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { useConfig } from '../../../lib/config';
import { useCan } from '../../../lib/use-can';
import { useAlertReadings, useCanViewReadings } from '../api/readings';

const DAY_MS = 86_400_000;
/** Readings shown before the alert opened. */
export const DAYS_BEFORE = 14;
/** After the alert closed (an open alert: up to now). */
export const DAYS_AFTER = 2;
const MAX_POINTS = 600;
export const ALERT_CHART_HEIGHT = 300;
const SERIES_COLORS = ['#0471d1', '#6a1b9a', '#00838f', '#ef6c00', '#2e7d32', '#ad1457'];

/** The time range around an alert: two weeks before it opened, to two days after it closed (or now). */
export function chartRange(alert: TAlertDetail['alert'], now = Date.now()): { from: string; to: string } {
  const opened = Date.parse(alert.opened_at);
  const first = Math.min(opened, alert.reading_at ? Date.parse(alert.reading_at) : opened);
  const end = alert.closed_at ? Math.min(now, Date.parse(alert.closed_at) + DAYS_AFTER * DAY_MS) : now;
  const last = Math.max(end, Date.parse(alert.last_triggered_at), alert.reading_at ? Date.parse(alert.reading_at) : 0);
  // Whole minutes: the key stays the same between renders.
  const minute = 60_000;
  return {
    from: new Date(Math.floor((first - DAYS_BEFORE * DAY_MS) / minute) * minute).toISOString(),
    to: new Date(Math.ceil((last + minute) / minute) * minute).toISOString(),
  };
}

/** The series the chart shows: the alert's own series when it has one, else every series of its reading code (or all). */
export function alertSeries(readings: TInstrumentReadings | undefined, alert: TAlertDetail['alert']): TReadingSeriesData[] {
  const series = readings?.series ?? [];
  if (alert.series_id !== null) {
    const own = series.filter((s) => s.series_id === alert.series_id);
    if (own.length > 0) return own;
  }
  if (alert.reading_code !== null) return series.filter((s) => s.code === alert.reading_code);
  return series;
}

function seriesName(series: TReadingSeriesData): string {
  return series.depth === null ? series.code : `${series.code} @ ${series.depth} m`;
}

/**
 * The readings around an alert (two weeks before it opened to now, or shortly after it closed) with the threshold
 * levels of its reading code as lines in the levels' colours: one chart per reading code.
 */
export function AlertChart({ detail }: { detail: TAlertDetail }) {
  const { t } = useTranslation();
  const config = useConfig();
  const canRead = useCanViewReadings();
  const canExport = useCan('ExportInstrumentCharts');
  const { alert, thresholds, instrument } = detail;
  const range = useMemo(() => chartRange(alert), [alert]);
  const readings = useAlertReadings(instrument?.instrument_id ?? null, { ...range, code: alert.reading_code, maxPoints: MAX_POINTS }, canRead);
  const charts = useMemo(() => {
    const byCode = new Map<string, TReadingSeriesData[]>();
    for (const s of alertSeries(readings.data, alert)) byCode.set(s.code, [...(byCode.get(s.code) ?? []), s]);
    const levels = thresholds.map((th) => ({ code: th.level_code, name: th.level_name, color: th.color, severity: th.severity }));
    const words = { upper: t('alerts.chart.upper'), lower: t('alerts.chart.lower') };
    return [...byCode.entries()].map(([code, series]) => ({
      code,
      title: `${code} — ${series[0]!.description}`,
      unit: series[0]!.unit,
      precision: series[0]!.precision,
      lines: series.map<ChartLine>((s, i) => ({ name: seriesName(s), points: s.points, color: SERIES_COLORS[i % SERIES_COLORS.length] })),
      thresholds: thresholdLines(thresholds, code, levels, words),
    }));
  }, [readings.data, alert, thresholds, t]);

  if (!instrument) return <EmptyText>{t('alerts.chart.noInstrument')}</EmptyText>;
  if (!canRead) return <AppAlert type="info" message={t('alerts.chart.noPermission')} />;
  if (readings.isPending) return <Loading />;
  if (readings.isError) return <LoadError error={readings.error} onRetry={() => void readings.refetch()} />;
  if (charts.length === 0) return <EmptyText>{t('alerts.chart.noReadings')}</EmptyText>;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('alerts.chart.range', { days: DAYS_BEFORE })}
      </Typography>
      {charts.map((chart) => (
        <Box key={chart.code} data-testid={`alert-chart-${chart.code}`}>
          <LineChartPanel
            title={chart.title}
            lines={chart.lines}
            thresholds={chart.thresholds}
            yName={chart.unit}
            precision={chart.precision}
            height={ALERT_CHART_HEIGHT}
            label={t('alerts.chart.label', { name: instrument.name, code: chart.code })}
            fileName={`${instrument.name}-${chart.code}-alert-${alert.alert_id}`}
            canExport={canExport}
            timezone={config.data?.timezone}
          />
          {chart.thresholds.length > 0 && (
            <Typography variant="caption" color="text.secondary" component="p" data-testid="threshold-legend">
              {t('alerts.chart.thresholds', { lines: chart.thresholds.map((line) => `${line.label} ${line.value}`).join(' · ') })}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}

import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimezone } from '../../lib/config';
import { formatDateTime } from '../../lib/display-time';
import { buildLineChartOption, CHART, hasPoints, type ChartLine, type PredictionLine, type ThresholdLine } from '@strata/shared';
import { ChartPanel, type ChartView } from './chart-panel';
import type { EChartProps } from './echart';

export interface LineChartPanelProps {
  title?: string;
  subtitle?: string;
  lines: readonly ChartLine[];
  thresholds?: readonly ThresholdLine[];
  /** Predicted values (QP(D)): dashed lines beside the thresholds, in the legend. */
  predictions?: readonly PredictionLine[];
  xType?: 'time' | 'value';
  yName?: string;
  precision?: number;
  /** Default 150 (spec §9). */
  height?: EChartProps['height'];
  /** The chart's accessible name. */
  label: string;
  /**
   * After the chart's summary in words (its accessible description), where else its data is, e.g. "The readings
   * table below has the same data."
   */
  dataNote?: string;
  /** Export file name, without extension. */
  fileName: string;
  /** Offer the exports (e.g. the user holds Export Instrument Charts). */
  canExport?: boolean;
  /** The zone of the time axis, the tooltip and the Xmin/Xmax fields; default the configured one (never the browser's). */
  timezone?: string;
}

/** A line chart with its toolbar (spec §2.15): axis bounds, reset, display switches and exports. */
export function LineChartPanel({
  title,
  subtitle,
  lines,
  thresholds,
  predictions,
  xType = 'time',
  yName,
  precision,
  height = CHART.defaultHeight,
  label,
  dataNote,
  fileName,
  canExport = true,
  timezone,
}: LineChartPanelProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const configured = useTimezone();
  const tz = timezone ?? configured;
  const buildOption = useCallback(
    ({ display, axis }: ChartView) =>
      buildLineChartOption({
        title,
        subtitle,
        lines,
        thresholds,
        predictions,
        xType,
        timezone: tz,
        yName,
        precision,
        display,
        axis,
        textColor: theme.palette.text.secondary,
        gridColor: theme.palette.divider,
      }),
    [title, subtitle, lines, thresholds, predictions, xType, tz, yName, precision, theme],
  );

  const description = useMemo(() => {
    if (xType !== 'time') return dataNote;
    const parts = lines.flatMap((line) => {
      if (line.points.length === 0) return [];
      let first = line.points[0]!;
      let last = first;
      for (const point of line.points) {
        if (point[0] < first[0]) first = point;
        if (point[0] >= last[0]) last = point;
      }
      return [
        t('workspace.chart.seriesSummary', {
          name: line.name,
          count: line.points.length,
          first: formatDateTime(first[0], tz),
          last: formatDateTime(last[0], tz),
          value: [precision === undefined ? String(last[1]) : last[1].toFixed(precision), yName].filter(Boolean).join(' '),
        }),
      ];
    });
    const predicted = (predictions ?? []).map((p) => `${p.label}.`);
    return [...parts, ...predicted, dataNote].filter(Boolean).join(' ') || undefined;
  }, [xType, lines, predictions, dataNote, t, tz, precision, yName]);

  return (
    <Box data-threshold-lines={thresholds?.length ?? 0} data-predicted-lines={predictions?.length ?? 0}>
      <ChartPanel
        buildOption={buildOption}
        empty={!hasPoints(lines)}
        xType={xType}
        height={height}
        label={label}
        description={description}
        fileName={fileName}
        canExport={canExport}
        timezone={tz}
      />
    </Box>
  );
}

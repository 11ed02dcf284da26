import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useCallback } from 'react';
import { useTimezone } from '../../lib/config';
import { buildLineChartOption, CHART, hasPoints, type ChartLine, type ThresholdLine } from './chart-option';
import { ChartPanel, type ChartView } from './chart-panel';
import type { EChartProps } from './echart';

export interface LineChartPanelProps {
  title?: string;
  subtitle?: string;
  lines: readonly ChartLine[];
  thresholds?: readonly ThresholdLine[];
  xType?: 'time' | 'value';
  yName?: string;
  precision?: number;
  /** Default 150 (spec §9). */
  height?: EChartProps['height'];
  /** The chart's accessible name. */
  label: string;
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
  xType = 'time',
  yName,
  precision,
  height = CHART.defaultHeight,
  label,
  fileName,
  canExport = true,
  timezone,
}: LineChartPanelProps) {
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
        xType,
        timezone: tz,
        yName,
        precision,
        display,
        axis,
        textColor: theme.palette.text.secondary,
        gridColor: theme.palette.divider,
      }),
    [title, subtitle, lines, thresholds, xType, tz, yName, precision, theme],
  );

  return (
    <Box data-threshold-lines={thresholds?.length ?? 0}>
      <ChartPanel
        buildOption={buildOption}
        empty={!hasPoints(lines)}
        xType={xType}
        height={height}
        label={label}
        fileName={fileName}
        canExport={canExport}
        timezone={tz}
      />
    </Box>
  );
}

import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../feedback';
import {
  AUTO_AXIS,
  buildLineChartOption,
  CHART,
  DEFAULT_DISPLAY,
  hasPoints,
  type AxisRange,
  type ChartDisplay,
  type ChartLine,
  type ThresholdLine,
} from './chart-option';
import { ChartToolbar } from './chart-toolbar';
import { EChart, type EChartProps } from './echart';
import type { ECharts } from './echarts-core';
import { exportChart, type ExportFormat } from './export';

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
  const { t } = useTranslation();
  const theme = useTheme();
  const toast = useToast();
  const [axis, setAxis] = useState<AxisRange>(AUTO_AXIS);
  const [display, setDisplay] = useState<ChartDisplay>(DEFAULT_DISPLAY);
  const chart = useRef<ECharts | null>(null);
  const empty = !hasPoints(lines);
  const option = useMemo(
    () =>
      buildLineChartOption({
        title,
        subtitle,
        lines,
        thresholds,
        xType,
        yName,
        precision,
        display,
        axis,
        textColor: theme.palette.text.secondary,
        gridColor: theme.palette.divider,
      }),
    [title, subtitle, lines, thresholds, xType, yName, precision, display, axis, theme],
  );

  const onExport = (format: ExportFormat) => {
    if (!chart.current) return;
    try {
      const name = exportChart(chart.current, option, format, fileName);
      toast({ message: t('workspace.chart.exported', { name }), color: 'success' });
    } catch {
      toast({ message: t('workspace.chart.exportFailed'), color: 'error' });
    }
  };

  return (
    <Box data-threshold-lines={thresholds?.length ?? 0}>
      <ChartToolbar
        axis={axis}
        onAxisChange={setAxis}
        onResetAxis={() => {
          setAxis(AUTO_AXIS);
          chart.current?.dispatchAction({ type: 'dataZoom', start: 0, end: 100 });
        }}
        display={display}
        onDisplayChange={setDisplay}
        onExport={canExport && !empty ? onExport : undefined}
        xType={xType}
        timezone={timezone}
        disabled={empty}
      />
      <EChart option={option} empty={empty} height={height} label={label} onInstance={(instance) => (chart.current = instance)} />
    </Box>
  );
}

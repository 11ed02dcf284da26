import Box from '@mui/material/Box';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimezone } from '../../lib/config';
import { useToast } from '../feedback';
import { AUTO_AXIS, CHART, DEFAULT_DISPLAY, type AxisRange, type ChartDisplay } from '@strata/shared';
import { ChartToolbar } from './chart-toolbar';
import { EChart, type EChartProps } from './echart';
import type { ECharts, EChartsCoreOption } from './echarts-core';
import { exportChart, type ExportFormat } from './export';

/** What the toolbar decides about a chart: its display switches and its axis bounds. */
export interface ChartView {
  display: ChartDisplay;
  axis: AxisRange;
}

export interface ChartPanelProps {
  /**
   * The chart's option for the toolbar's view. Keep it stable (useCallback on the data): a new function draws the chart
   * again, which resets its zoom.
   */
  buildOption: (view: ChartView) => EChartsCoreOption;
  /** Nothing to draw: "No data to display", the toolbar off. */
  empty: boolean;
  /** The x axis: `time` gives the Xmin/Xmax fields date-times, `value` plain numbers. */
  xType?: 'time' | 'value';
  /** Default 150 (spec §9). */
  height?: EChartProps['height'];
  /** The chart's accessible name. */
  label: string;
  /** What the chart shows, in words (its accessible description). */
  description?: string;
  /** Export file name, without extension. */
  fileName: string;
  /** Offer the exports (e.g. the user holds Export Instrument Charts). */
  canExport?: boolean;
  /** The zone of the Xmin/Xmax date-times; default the configured one. */
  timezone?: string;
}

/**
 * Any chart with the toolbar of spec §2.15: reset axis, Xmin/Xmax/Ymin/Ymax, the Labels, Subtitle, Legends and Grid
 * switches, and the PNG, JPG, PDF and SVG exports. The option comes from `buildOption`, so the same toolbar drives a
 * time series (LineChartPanel) or an x/y chart such as an inclinometer profile.
 */
export function ChartPanel({
  buildOption,
  empty,
  xType = 'time',
  height = CHART.defaultHeight,
  label,
  description,
  fileName,
  canExport = true,
  timezone,
}: ChartPanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const configured = useTimezone();
  const [axis, setAxis] = useState<AxisRange>(AUTO_AXIS);
  const [display, setDisplay] = useState<ChartDisplay>(DEFAULT_DISPLAY);
  const chart = useRef<ECharts | null>(null);
  const option = useMemo(() => buildOption({ display, axis }), [buildOption, display, axis]);

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
    <Box>
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
        timezone={timezone ?? configured}
        disabled={empty}
      />
      <EChart option={option} empty={empty} height={height} label={label} description={description} onInstance={(instance) => (chart.current = instance)} />
    </Box>
  );
}

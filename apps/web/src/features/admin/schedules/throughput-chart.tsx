import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { type TPipelineStats } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ThroughputChartProps {
  stats: TPipelineStats;
  labels: { completed: string; failed: string };
  /** The chart's accessible name. */
  label: string;
}

/** Completed and failed jobs per time bucket, as two lines (ECharts). Follows its box's size. */
export function ThroughputChart({ stats, labels, label }: ThroughputChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const theme = useTheme();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const text = theme.palette.text.secondary;
    chart.current?.setOption(
      {
        animation: false,
        textStyle: { color: text },
        tooltip: { trigger: 'axis' },
        legend: { data: [labels.completed, labels.failed], top: 0, left: 'center', textStyle: { color: text } },
        grid: { left: 48, right: 24, top: 40, bottom: 32 },
        xAxis: {
          type: 'time',
          axisLabel: { color: text, hideOverlap: true },
        },
        yAxis: { type: 'value', minInterval: 1, axisLabel: { color: text }, splitLine: { lineStyle: { color: theme.palette.divider } } },
        series: [
          {
            name: labels.completed,
            type: 'line',
            showSymbol: false,
            color: theme.palette.success.main,
            data: stats.buckets.map((b) => [b.at, b.completed]),
          },
          {
            name: labels.failed,
            type: 'line',
            showSymbol: false,
            color: theme.palette.error.main,
            data: stats.buckets.map((b) => [b.at, b.failed]),
          },
        ],
      },
      { notMerge: true },
    );
  }, [stats, labels.completed, labels.failed, theme]);

  const first = stats.buckets[0]?.at;
  const last = stats.buckets.at(-1)?.at;
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={first && last ? `${label}: ${formatDateTime(first)} – ${formatDateTime(last)}` : label}
      sx={{ width: '100%', height: { xs: 280, md: 380 } }}
    />
  );
}

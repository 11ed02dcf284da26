import type { TTunnelProgress } from '@strata/shared';
import type { EChartsCoreOption } from 'echarts/core';
import { formatDay } from './format';

/**
 * The advance-per-day bar chart of a mined tunnel (issue 19): one bar per calendar day with a shift, the top heading's
 * advance that day (m). Days are calendar days of the shift reports, so the axis is a category of DD/MM/YYYY dates.
 */
export function advanceOption(
  days: TTunnelProgress['advance_per_day'],
  words: { axis: string; series: string },
  colors: { text: string; grid: string; bar: string } = { text: '#555', grid: '#e0e0e0', bar: '#6a1b9a' },
): EChartsCoreOption {
  return {
    animation: false,
    textStyle: { color: colors.text },
    tooltip: { trigger: 'axis', confine: true, valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(1)} m` : '') },
    grid: { left: 48, right: 16, top: 32, bottom: 40, containLabel: false },
    xAxis: { type: 'category', data: days.map((d) => formatDay(d.date)), axisLabel: { color: colors.text, hideOverlap: true } },
    yAxis: {
      type: 'value',
      name: words.axis,
      nameTextStyle: { color: colors.text, align: 'left' },
      axisLabel: { color: colors.text },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    dataZoom: days.length > 60 ? [{ type: 'inside', startValue: days.length - 60 }] : [],
    series: [{ name: words.series, type: 'bar', color: colors.bar, data: days.map((d) => d.advance) }],
  };
}

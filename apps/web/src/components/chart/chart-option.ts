import type { EChartsCoreOption } from 'echarts/core';

/** Spec §9 chart constants. */
export const CHART = {
  /** Zoom scale extent 0 to 1000: at most 1000× in, i.e. a window of 0.1 % of the data. */
  zoomScaleExtent: [0, 1000] as const,
  resizeDebounceMs: 500,
  defaultHeight: 150,
  exportScale: 2,
} as const;

/** What the toolbar's menu switches (§2.15): value labels, the subtitle, the legend and the grid lines. */
export interface ChartDisplay {
  labels: boolean;
  subtitle: boolean;
  legend: boolean;
  grid: boolean;
}

export const DEFAULT_DISPLAY: ChartDisplay = { labels: true, subtitle: true, legend: true, grid: true };

/** Fixed axis bounds from the toolbar's Xmin/Xmax/Ymin/Ymax fields; null = automatic. X is epoch ms on a time axis. */
export interface AxisRange {
  xMin: number | null;
  xMax: number | null;
  yMin: number | null;
  yMax: number | null;
}

export const AUTO_AXIS: AxisRange = { xMin: null, xMax: null, yMin: null, yMax: null };

export interface ChartLine {
  name: string;
  /** `[x, y]`: x is epoch ms on a time axis. */
  points: readonly (readonly [number, number])[];
  color?: string;
}

/** A horizontal line at a threshold value, drawn in its level's colour. */
export interface ThresholdLine {
  /** e.g. "AL (upper)" (the line's name, in the tooltip). */
  label: string;
  /** What the line shows beside its value, e.g. "AL"; default the label. */
  short?: string;
  value: number;
  color: string;
}

export interface LineChartInput {
  title?: string;
  subtitle?: string;
  lines: readonly ChartLine[];
  thresholds?: readonly ThresholdLine[];
  xType?: 'time' | 'value';
  /** The y axis name (the unit). */
  yName?: string;
  /** Decimals of values in labels and the tooltip. */
  precision?: number;
  display?: ChartDisplay;
  axis?: AxisRange;
  /** Text colours (theme). */
  textColor?: string;
  gridColor?: string;
}

export function hasPoints(lines: readonly ChartLine[]): boolean {
  return lines.some((l) => l.points.length > 0);
}

const round = (value: number, precision: number) => {
  const f = 10 ** precision;
  return Math.round(value * f) / f;
};

/** The y range that shows every point and every threshold line (thresholds far off the data stay visible). */
export function valueExtent(lines: readonly ChartLine[], thresholds: readonly ThresholdLine[]): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (const line of lines)
    for (const [, y] of line.points) {
      if (y < min) min = y;
      if (y > max) max = y;
    }
  for (const t of thresholds) {
    if (t.value < min) min = t.value;
    if (t.value > max) max = t.value;
  }
  return Number.isFinite(min) && Number.isFinite(max) ? [min, max] : null;
}

/**
 * The ECharts option of a line chart (time series or x/y): one line per series, threshold levels as horizontal
 * mark lines in their level colours (on the first series, labelled with level and value), zoom by wheel/pinch down to
 * 0.1 % of the data (§9 zoom scale extent 0 to 1000), and the toolbar's display switches and axis bounds.
 */
export function buildLineChartOption(input: LineChartInput): EChartsCoreOption {
  const display = input.display ?? DEFAULT_DISPLAY;
  const axis = input.axis ?? AUTO_AXIS;
  const precision = input.precision ?? 2;
  const thresholds = input.thresholds ?? [];
  const text = input.textColor ?? '#555';
  const gridColor = input.gridColor ?? '#e0e0e0';
  const extent = valueExtent(input.lines, thresholds);
  const pad = extent ? Math.max((extent[1] - extent[0]) * 0.05, Math.abs(extent[1]) * 0.01, 10 ** -precision) : 0;
  const legendShown = display.legend && input.lines.length > 0;
  const titleShown = Boolean(input.title);

  const markLine = thresholds.length
    ? {
        silent: true,
        symbol: 'none',
        animation: false,
        data: thresholds.map((t) => ({
          name: t.label,
          yAxis: t.value,
          lineStyle: { color: t.color, type: 'dashed', width: 1.5 },
          label: {
            show: display.labels,
            position: t.value >= 0 ? 'insideEndTop' : 'insideEndBottom',
            color: t.color,
            // Short (level and value): the lines of four levels lie close together.
            formatter: `${t.short ?? t.label} ${round(t.value, precision)}`,
          },
        })),
      }
    : undefined;

  return {
    animation: false,
    textStyle: { color: text },
    title: {
      show: titleShown,
      text: input.title ?? '',
      subtext: display.subtitle ? (input.subtitle ?? '') : '',
      left: 8,
      top: 4,
      textStyle: { fontSize: 14, color: text },
      subtextStyle: { color: text },
    },
    legend: { show: legendShown, type: 'scroll', top: titleShown ? (display.subtitle && input.subtitle ? 44 : 26) : 4, right: 8, textStyle: { color: text } },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? String(round(value, precision)) : String(value ?? '')),
    },
    grid: {
      left: 56,
      right: 24,
      top: (titleShown ? (display.subtitle && input.subtitle ? 48 : 30) : 8) + (legendShown ? 24 : 0),
      bottom: 28,
      containLabel: false,
    },
    xAxis: {
      type: input.xType ?? 'time',
      min: axis.xMin ?? undefined,
      max: axis.xMax ?? undefined,
      scale: true,
      axisLabel: { color: text, hideOverlap: true },
      splitLine: { show: display.grid, lineStyle: { color: gridColor } },
    },
    yAxis: {
      type: 'value',
      name: input.yName ?? '',
      nameTextStyle: { color: text, align: 'left' },
      scale: true,
      min: axis.yMin ?? (extent ? round(extent[0] - pad, precision + 1) : undefined),
      max: axis.yMax ?? (extent ? round(extent[1] + pad, precision + 1) : undefined),
      axisLabel: { color: text },
      splitLine: { show: display.grid, lineStyle: { color: gridColor } },
    },
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none', minSpan: 100 / CHART.zoomScaleExtent[1] }],
    series: input.lines.map((line, i) => ({
      name: line.name,
      type: 'line',
      showSymbol: line.points.length <= 60,
      symbolSize: 4,
      sampling: 'lttb',
      color: line.color,
      data: line.points.map((p) => [p[0], p[1]]),
      label: { show: display.labels && line.points.length <= 30, formatter: (p: { value: [number, number] }) => String(round(p.value[1], precision)) },
      endLabel: { show: display.labels && line.points.length > 30, formatter: (p: { value: [number, number] }) => String(round(p.value[1], precision)) },
      ...(i === 0 && markLine ? { markLine } : {}),
    })),
  };
}

/** Threshold lines of one reading code: each level's upper and lower values, in the level's colour. */
export function thresholdLines(
  thresholds: readonly { reading_code: string; level_code: string; upper: number | null; lower: number | null }[],
  code: string,
  levels: readonly { code: string; name?: string; color: string; severity?: number }[],
  words: { upper: string; lower: string } = { upper: 'upper', lower: 'lower' },
): ThresholdLine[] {
  const colorOf = new Map(levels.map((l) => [l.code, l.color]));
  const order = new Map(levels.map((l, i) => [l.code, l.severity ?? i]));
  return thresholds
    .filter((t) => t.reading_code === code)
    .sort((a, b) => (order.get(a.level_code) ?? 99) - (order.get(b.level_code) ?? 99))
    .flatMap((t) => {
      const color = colorOf.get(t.level_code) ?? '#757575';
      const out: ThresholdLine[] = [];
      if (t.upper !== null) out.push({ label: `${t.level_code} (${words.upper})`, short: t.level_code, value: t.upper, color });
      if (t.lower !== null) out.push({ label: `${t.level_code} (${words.lower})`, short: t.level_code, value: t.lower, color });
      return out;
    });
}

/**
 * The option with its title and subtitle cut to the chart's width (an ellipsis at the end) instead of running off the
 * canvas: a long reading code description in a narrow chart (two profiles side by side, a phone). `width` in CSS px.
 */
export function fitTitle(option: EChartsCoreOption, width: number): EChartsCoreOption {
  const title = option.title as { textStyle?: object; subtextStyle?: object } | undefined;
  if (!title || Array.isArray(title) || width <= 0) return option;
  const fit = { width: Math.max(40, Math.floor(width - 16)), overflow: 'truncate', ellipsis: '…' };
  return { ...option, title: { ...title, textStyle: { ...title.textStyle, ...fit }, subtextStyle: { ...title.subtextStyle, ...fit } } };
}

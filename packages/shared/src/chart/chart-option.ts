import { DEFAULT_TIMEZONE } from '../constants.js';
import type { EChartsCoreOption } from 'echarts/core';
import { chooseThresholds, dataExtent, decimalsOf, niceRange, withThresholds, type NiceRange, type ThresholdLine } from './chart-scale.js';
import { timeTickLabel, timeTooltip, wallClock } from './chart-time.js';
import { MARGIN_FONT_SIZE, marginWidth, stackMarginLabels } from './margin-labels.js';

export type { ThresholdLine } from './chart-scale.js';

/** Spec §9 chart constants. */
export const CHART = {
  /** Zoom scale extent 0 to 1000: at most 1000× in, i.e. a window of 0.1 % of the data. */
  zoomScaleExtent: [0, 1000] as const,
  resizeDebounceMs: 500,
  defaultHeight: 150,
  exportScale: 2,
} as const;

/**
 * What the toolbar's menu switches (§2.15): value labels, the subtitle, the legend and the grid lines; and whether every
 * threshold level is drawn or only those near the data (decision 026).
 */
export interface ChartDisplay {
  labels: boolean;
  subtitle: boolean;
  legend: boolean;
  grid: boolean;
  allLevels: boolean;
}

export const DEFAULT_DISPLAY: ChartDisplay = { labels: true, subtitle: true, legend: true, grid: true, allLevels: false };

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

/**
 * A predicted value (the QP(D)'s design value of the current stage): a dashed horizontal line across the data's time
 * span, on the value axis of the readings, named in the legend and the tooltip by its label.
 */
export interface PredictionLine {
  /** e.g. "Predicted (QP(D)) · MARINA-S stage 3: -15 mm". */
  label: string;
  value: number;
  color?: string;
}

/** The predicted lines' colours (one per line, in turn): apart from the level colours and the series palette. */
export const PREDICTION_COLORS = ['#5d4037', '#7b1fa2', '#455a64'];

export interface LineChartInput {
  title?: string;
  subtitle?: string;
  lines: readonly ChartLine[];
  thresholds?: readonly ThresholdLine[];
  /** Predicted values, drawn beside the thresholds (dashed, in the legend); the value axis spans them. */
  predictions?: readonly PredictionLine[];
  xType?: 'time' | 'value';
  /** The zone a time axis and its tooltip show (default Asia/Singapore): the configured one, never the browser's. */
  timezone?: string;
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

/** The lines of the predictions: two points each, at the earliest and the latest x of the data (none without data). */
export function predictionChartLines(lines: readonly ChartLine[], predictions: readonly PredictionLine[]): ChartLine[] {
  const span = dataExtent(lines, 0);
  if (!span) return [];
  return predictions.map((p, i) => ({
    name: p.label,
    points: [
      [span[0], p.value],
      [span[1], p.value],
    ],
    color: p.color ?? PREDICTION_COLORS[i % PREDICTION_COLORS.length],
  }));
}

/** A mark line drawn for its label only (opacity 0 would hide the label too). */
const HIDDEN_LINE = { color: 'rgba(0,0,0,0)', width: 0 };

const round = (value: number, precision: number) => {
  const f = 10 ** precision;
  return Math.round(value * f) / f;
};

/** The y range that shows every point and every threshold line (what "All levels" spans). */
export function valueExtent(lines: readonly ChartLine[], thresholds: readonly ThresholdLine[]): [number, number] | null {
  return withThresholds(dataExtent(lines), thresholds);
}

export interface ValueAxis {
  /** The axis ends and tick step; null without data. */
  range: NiceRange | null;
  /** The levels drawn. */
  shown: ThresholdLine[];
  /** The nearest level left out above the axis, and below it. */
  above: ThresholdLine | null;
  below: ThresholdLine | null;
}

/**
 * The value axis of a line chart (decision 026): the data with a margin, stretched to the levels inside or near it
 * (every level with `allLevels`), to nice ends. Toolbar bounds replace the ends; the levels between them are drawn.
 */
export function lineValueAxis(
  lines: readonly ChartLine[],
  thresholds: readonly ThresholdLine[],
  allLevels: boolean,
  precision: number,
  axis: AxisRange,
): ValueAxis {
  const resolution = 10 ** -precision;
  const choice = chooseThresholds(dataExtent(lines), thresholds, { all: allLevels, resolution });
  const extent = withThresholds(dataExtent(lines), choice.shown);
  const auto = extent ? niceRange(extent[0], extent[1], 5, resolution * 10) : null;
  if (axis.yMin === null && axis.yMax === null) return { range: auto, ...choice };
  const min = axis.yMin ?? auto?.min ?? null;
  const max = axis.yMax ?? auto?.max ?? null;
  if (min === null || max === null) return { range: null, ...choice };
  const inside = (t: ThresholdLine) => t.value >= Math.min(min, max) && t.value <= Math.max(min, max);
  const nearest = (list: ThresholdLine[], pick: (a: ThresholdLine, b: ThresholdLine) => boolean) =>
    list.reduce<ThresholdLine | null>((m, t) => (m && pick(m, t) ? m : t), null);
  return {
    range: { min, max, interval: 0 },
    shown: thresholds.filter(inside),
    above: nearest(
      thresholds.filter((t) => t.value > Math.max(min, max)),
      (m, t) => m.value < t.value,
    ),
    below: nearest(
      thresholds.filter((t) => t.value < Math.min(min, max)),
      (m, t) => m.value > t.value,
    ),
  };
}

/**
 * The ECharts option of a line chart (time series or x/y), laid out for dense reading (decision 026):
 * - a time axis in the configured zone: drawn in UTC on the zone's wall clock (`chart-time.ts`), ticks labelled
 *   DD/MM/YYYY or HH:mm:ss, the tooltip's time DD/MM/YYYY HH:mm:ss;
 * - the value axis follows the data to nice ends; the threshold levels inside or near it are dashed lines in their
 *   colours (every level with the toolbar's "All levels"); predicted values are dashed series of their own across the
 *   data's span, named in the legend, and the axis spans them;
 * - the levels' names and values, the nearest level off the axis and each series' latest value are labels in the right
 *   margin, stacked apart once the height is known (`margin-labels.ts`); the legend is below the plot;
 * - zoom by wheel/pinch down to 0.1 % of the data (§9 zoom scale extent 0 to 1000), and the toolbar's switches and
 *   axis bounds.
 */
export function buildLineChartOption(input: LineChartInput): EChartsCoreOption {
  const display = input.display ?? DEFAULT_DISPLAY;
  const axis = input.axis ?? AUTO_AXIS;
  const precision = input.precision ?? 2;
  const thresholds = input.thresholds ?? [];
  const text = input.textColor ?? '#555';
  const gridColor = input.gridColor ?? '#e0e0e0';
  const time = (input.xType ?? 'time') === 'time';
  const tz = input.timezone ?? DEFAULT_TIMEZONE;
  const x = (ms: number) => (time ? wallClock(ms, tz) : ms);
  const legendShown = display.legend && input.lines.length > 0;
  const titleShown = Boolean(input.title);
  const subtitleShown = titleShown && display.subtitle && Boolean(input.subtitle);
  const predicted = predictionChartLines(input.lines, input.predictions ?? []);
  const value = lineValueAxis([...input.lines, ...predicted], thresholds, display.allLevels, precision, axis);
  const range = value.range;
  const fmt = (v: number) => String(round(v, precision));

  // The right margin's labels: levels (kept first), the nearest level off the axis, the latest values.
  const marks: { name: string; yAxis: number; color: string; text: string; priority: number; line: boolean }[] = [];
  if (display.labels && range) {
    for (const t of value.shown)
      marks.push({ name: t.label, yAxis: t.value, color: t.color, text: `${t.short ?? t.label} ${fmt(t.value)}`, priority: 0, line: true });
    if (value.above)
      marks.push({
        name: value.above.label,
        yAxis: range.max,
        color: value.above.color,
        text: `▲ ${value.above.short ?? value.above.label} ${fmt(value.above.value)}`,
        priority: 1,
        line: false,
      });
    if (value.below)
      marks.push({
        name: value.below.label,
        yAxis: range.min,
        color: value.below.color,
        text: `▼ ${value.below.short ?? value.below.label} ${fmt(value.below.value)}`,
        priority: 1,
        line: false,
      });
  } else for (const t of value.shown) marks.push({ name: t.label, yAxis: t.value, color: t.color, text: '', priority: 0, line: true });
  const latest = input.lines.map((line) => (display.labels && line.points.length > 30 ? line.points[line.points.length - 1]![1] : null));
  const marginTexts = [...marks.map((m) => m.text), ...latest.flatMap((v) => (v === null ? [] : [fmt(v)]))];

  const markLine = marks.length
    ? {
        silent: true,
        symbol: 'none',
        animation: false,
        data: marks.map((m) => ({
          name: m.name,
          yAxis: m.yAxis,
          priority: m.priority,
          lineStyle: m.line ? { color: m.color, type: 'dashed', width: 1.5 } : HIDDEN_LINE,
          label: { show: m.text !== '', position: 'end', distance: 4, color: m.color, fontSize: MARGIN_FONT_SIZE, formatter: m.text },
        })),
      }
    : undefined;
  const latestMark = (v: number | null, color: string | undefined) =>
    v === null || !range
      ? undefined
      : {
          silent: true,
          symbol: 'none',
          animation: false,
          data: [
            {
              yAxis: v,
              priority: 2,
              lineStyle: HIDDEN_LINE,
              label: { show: true, position: 'end', distance: 4, color, fontSize: MARGIN_FONT_SIZE, fontWeight: 'bold', formatter: fmt(v) },
            },
          ],
        };

  // The title (and subtitle), then the value axis's name (the unit) above the plot.
  const top = (titleShown ? (subtitleShown ? 50 : 28) : 4) + 24;
  return {
    animation: false,
    useUTC: true,
    textStyle: { color: text },
    title: {
      show: titleShown,
      text: input.title ?? '',
      subtext: subtitleShown ? input.subtitle : '',
      left: 8,
      top: 4,
      textStyle: { fontSize: 14, color: text },
      subtextStyle: { color: text },
    },
    legend: { show: legendShown, type: 'scroll', bottom: 0, left: 8, right: 8, textStyle: { color: text } },
    tooltip: {
      trigger: 'axis',
      confine: true,
      ...(time ? { formatter: timeTooltip(tz, fmt) } : { valueFormatter: (v: unknown) => (typeof v === 'number' ? fmt(v) : String(v ?? '')) }),
    },
    grid: { left: 56, right: marginWidth(marginTexts), top, bottom: 28 + (legendShown ? 24 : 0), containLabel: false },
    xAxis: {
      type: time ? 'time' : 'value',
      // A little room at both ends: the first point's label clears the value axis's labels, the last the margin's.
      boundaryGap: ['4%', '4%'],
      min: axis.xMin === null ? undefined : x(axis.xMin),
      max: axis.xMax === null ? undefined : x(axis.xMax),
      scale: true,
      axisLabel: { color: text, hideOverlap: true, ...(time ? { formatter: timeTickLabel } : {}) },
      splitLine: { show: display.grid, lineStyle: { color: gridColor } },
    },
    yAxis: {
      type: 'value',
      name: input.yName ?? '',
      nameTextStyle: { color: text, align: 'right' },
      scale: true,
      min: range?.min,
      max: range?.max,
      ...(range && range.interval > 0 ? { interval: range.interval } : {}),
      axisLabel: {
        color: text,
        ...(range && range.interval > 0 ? { formatter: (v: number) => v.toFixed(decimalsOf(range.interval)) } : {}),
      },
      splitLine: { show: display.grid, lineStyle: { color: gridColor } },
    },
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none', minSpan: 100 / CHART.zoomScaleExtent[1] }],
    series: [
      ...input.lines.map((line, i) => {
        const own = latestMark(latest[i] ?? null, line.color);
        const lines = i === 0 && markLine ? { ...markLine, data: [...markLine.data, ...(own?.data ?? [])] } : own;
        return {
          name: line.name,
          type: 'line',
          showSymbol: line.points.length <= 60,
          symbolSize: 4,
          sampling: 'lttb',
          color: line.color,
          data: line.points.map((p) => (time ? [x(p[0]), p[1], p[0]] : [p[0], p[1]])),
          label: { show: display.labels && line.points.length <= 30, formatter: (p: { value: number[] }) => fmt(p.value[1]!) },
          labelLayout: { hideOverlap: true },
          ...(lines ? { markLine: lines } : {}),
        };
      }),
      ...predicted.map((line) => ({
        name: line.name,
        type: 'line',
        color: line.color,
        showSymbol: false,
        symbol: 'none',
        silent: true,
        lineStyle: { type: 'dashed', width: 2 },
        data: line.points.map((p) => (time ? [x(p[0]), p[1], p[0]] : [p[0], p[1]])),
        label: { show: false },
      })),
    ],
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

/** The option fitted to the chart's box (CSS px): the title cut to its width, the margin labels stacked for its height. */
export function fitToBox(option: EChartsCoreOption, width: number, height: number): EChartsCoreOption {
  return stackMarginLabels(fitTitle(option, width), height);
}

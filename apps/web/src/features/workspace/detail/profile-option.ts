import type { TReadingProfile } from '@strata/shared';
import {
  AUTO_AXIS,
  CHART,
  chooseThresholds,
  DEFAULT_DISPLAY,
  type AxisRange,
  type ChartDisplay,
  type EChartProps,
  type ThresholdLine,
} from '../../../components/chart';

type EChartsCoreOption = EChartProps['option'];

/** Line colours of the profile dates (up to 6), oldest to newest. */
export const PROFILE_COLORS = ['#90a4ae', '#0471d1', '#00838f', '#6a1b9a', '#ef6c00', '#c62828'];

/** One profile line: a date's values by depth. */
export interface ProfileLine {
  name: string;
  color: string;
  /** [value, depth], shallowest first. */
  points: [number, number][];
  /** A predicted profile (the QP(D)'s values by depth): dashed, without value labels. */
  dashed?: boolean;
}

export interface ProfileChartInput {
  /** e.g. "A — Displacement A axis" (in the chart, so that exports carry it). */
  title?: string;
  /** e.g. the instrument's name and the dates; hidden with the toolbar's Subtitle switch. */
  subtitle?: string;
  unit: string;
  depthName: string;
  lines: readonly ProfileLine[];
  precision: number;
  /**
   * The code's threshold levels: vertical dashed lines in their colours, those inside or near the values drawn (every
   * one with the toolbar's All levels), labelled along the line at the top.
   */
  thresholds?: readonly ThresholdLine[];
  /** The toolbar's switches: value labels at the points, the subtitle, the legend, the grid lines. */
  display?: ChartDisplay;
  /** The toolbar's bounds: X is the value (displacement), Y the depth (Ymin is the top: the axis runs downward). */
  axis?: AxisRange;
  textColor?: string;
  gridColor?: string;
}

/** The lines of one reading code: one per date, in the order of `profiles` (each holds that code's profile per date). */
export function profileLines(profiles: readonly TReadingProfile[], code: string, names: (p: TReadingProfile) => string): ProfileLine[] {
  return profiles
    .filter((p) => p.code === code)
    .map((p, i) => ({
      name: names(p),
      color: PROFILE_COLORS[i % PROFILE_COLORS.length]!,
      points: [...p.points].sort((a, b) => a.depth - b.depth).map((pt) => [pt.value, pt.depth] as [number, number]),
    }));
}

const round = (value: number, precision: number) => Number(value.toFixed(Math.max(0, Math.min(10, precision))));

/** The smallest "nice" number (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × a power of ten) at least `value` (> 0). */
export function niceCeil(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((n) => n * power >= value * (1 - 1e-9)) ?? 10;
  return Number((step * power).toPrecision(12));
}

/**
 * The ECharts option of an inclinometer profile: displacement on the horizontal axis (symmetric about zero, to a nice
 * bound), depth on the vertical axis increasing downward (0 at the top), one line per date with a marker per depth,
 * a zero line and the code's threshold levels near the values (vertical dashed lines; decision 026); a predicted
 * profile (`dashed`, the QP(D)'s values of the current stage) is a dashed line against depth, in the legend. The toolbar's switches and bounds apply (spec §2.15): value labels at the points (overlapping ones
 * hidden), the subtitle, the legend, the grid lines; Xmin/Xmax replace the symmetric bound, Ymin/Ymax the depth range.
 * Wheel or pinch zooms both axes, down to 1/1000 of them (spec §9).
 */
export function buildProfileOption(input: ProfileChartInput): EChartsCoreOption {
  const display = input.display ?? DEFAULT_DISPLAY;
  const axis = input.axis ?? AUTO_AXIS;
  const text = input.textColor ?? '#555';
  const grid = input.gridColor ?? '#e0e0e0';
  const values = input.lines.flatMap((l) => l.points.map((p) => p[0]));
  const extent: [number, number] | null = values.length ? [Math.min(...values), Math.max(...values)] : null;
  const levels = chooseThresholds(extent, input.thresholds ?? [], { all: display.allLevels, resolution: 10 ** -input.precision }).shown;
  const spread = Math.max(0, ...values.map(Math.abs), ...levels.map((t) => Math.abs(t.value)));
  const bound = spread > 0 ? niceCeil(spread * 1.1) : 1;
  const xMin = axis.xMin ?? -bound;
  const xMax = axis.xMax ?? bound;
  const drawn = levels.filter((t) => t.value >= Math.min(xMin, xMax) && t.value <= Math.max(xMin, xMax));
  const legendShown = display.legend && input.lines.length > 0;
  const titleShown = Boolean(input.title);
  const subtitleShown = titleShown && display.subtitle && Boolean(input.subtitle);
  // Title (and subtitle), then the x axis's name and labels above the plot.
  const top = (titleShown ? (subtitleShown ? 48 : 28) : 0) + 44;
  const zoom = { type: 'inside', filterMode: 'none', minSpan: 100 / CHART.zoomScaleExtent[1] };
  const label = (p: { value: [number, number] }) => String(round(p.value[0], input.precision));
  return {
    animation: false,
    textStyle: { color: text },
    title: {
      show: titleShown,
      text: input.title ?? '',
      subtext: subtitleShown ? input.subtitle : '',
      left: 'center',
      top: 4,
      textStyle: { fontSize: 14, color: text },
      subtextStyle: { color: text },
    },
    legend: { show: legendShown, type: 'scroll', bottom: 0, left: 'center', textStyle: { color: text } },
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; value: [number, number] }) =>
        `${p.seriesName}<br/>${p.value[1]} m: ${round(p.value[0], input.precision)} ${input.unit}`,
    },
    grid: { left: 44, right: 20, top, bottom: legendShown ? 52 : 28, containLabel: false },
    xAxis: {
      type: 'value',
      name: input.unit,
      nameLocation: 'middle',
      nameGap: 22,
      position: 'top',
      min: xMin,
      max: xMax,
      axisLabel: { color: text, hideOverlap: true },
      splitLine: { show: display.grid, lineStyle: { color: grid } },
    },
    yAxis: {
      type: 'value',
      name: input.depthName,
      nameLocation: 'end',
      nameTextStyle: { color: text, align: 'right' },
      inverse: true,
      min: axis.yMin ?? 0,
      max: axis.yMax ?? undefined,
      axisLabel: { color: text },
      splitLine: { show: display.grid, lineStyle: { color: grid } },
    },
    dataZoom: [
      { ...zoom, xAxisIndex: 0 },
      { ...zoom, yAxisIndex: 0 },
    ],
    series: input.lines.map((line, i) => ({
      name: line.name,
      type: 'line',
      color: line.color,
      symbolSize: 5,
      data: line.points,
      ...(line.dashed ? { lineStyle: { type: 'dashed', width: 2 }, symbol: 'emptyCircle' } : {}),
      label: { show: display.labels && !line.dashed && line.points.length <= 30, position: 'right', fontSize: 10, color: line.color, formatter: label },
      labelLayout: { hideOverlap: true },
      ...(i === 0
        ? {
            markLine: {
              silent: true,
              symbol: 'none',
              animation: false,
              lineStyle: { color: text, type: 'solid', width: 1 },
              label: { show: false },
              data: [
                { xAxis: 0 },
                ...drawn.map((t) => ({
                  name: t.label,
                  xAxis: t.value,
                  lineStyle: { color: t.color, type: 'dashed', width: 1.5 },
                  // Along the line, at its top: lines a few pixels apart do not overlap their labels.
                  label: {
                    show: display.labels,
                    position: 'insideStartTop',
                    color: t.color,
                    fontSize: 11,
                    formatter: `${t.short ?? t.label} ${round(t.value, input.precision)}`,
                  },
                })),
              ],
            },
          }
        : {}),
    })),
  };
}

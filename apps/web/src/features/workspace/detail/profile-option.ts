import type { TReadingProfile } from '@strata/shared';
import type { EChartProps } from '../../../components/chart';

type EChartsCoreOption = EChartProps['option'];

/** Line colours of the profile dates (up to 6), oldest to newest. */
export const PROFILE_COLORS = ['#90a4ae', '#0471d1', '#00838f', '#6a1b9a', '#ef6c00', '#c62828'];

/** One profile line: a date's values by depth. */
export interface ProfileLine {
  name: string;
  color: string;
  /** [value, depth], shallowest first. */
  points: [number, number][];
}

export interface ProfileChartInput {
  unit: string;
  depthName: string;
  lines: readonly ProfileLine[];
  precision: number;
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
 * and a zero line. The title is the page's (HTML above the chart), so a long description wraps.
 */
export function buildProfileOption(input: ProfileChartInput): EChartsCoreOption {
  const text = input.textColor ?? '#555';
  const grid = input.gridColor ?? '#e0e0e0';
  const values = input.lines.flatMap((l) => l.points.map((p) => p[0]));
  const spread = values.length ? Math.max(...values.map(Math.abs)) : 0;
  const bound = spread > 0 ? niceCeil(spread * 1.1) : 1;
  return {
    animation: false,
    textStyle: { color: text },
    legend: { type: 'scroll', bottom: 0, left: 'center', textStyle: { color: text } },
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; value: [number, number] }) =>
        `${p.seriesName}<br/>${p.value[1]} m: ${round(p.value[0], input.precision)} ${input.unit}`,
    },
    grid: { left: 44, right: 20, top: 44, bottom: input.lines.length > 0 ? 52 : 28, containLabel: false },
    xAxis: {
      type: 'value',
      name: input.unit,
      nameLocation: 'middle',
      nameGap: 22,
      position: 'top',
      min: -bound,
      max: bound,
      axisLabel: { color: text, hideOverlap: true },
      splitLine: { lineStyle: { color: grid } },
    },
    yAxis: {
      type: 'value',
      name: input.depthName,
      nameLocation: 'end',
      nameTextStyle: { color: text, align: 'right' },
      inverse: true,
      min: 0,
      axisLabel: { color: text },
      splitLine: { lineStyle: { color: grid } },
    },
    series: input.lines.map((line, i) => ({
      name: line.name,
      type: 'line',
      color: line.color,
      symbolSize: 5,
      data: line.points,
      ...(i === 0 ? { markLine: { silent: true, symbol: 'none', animation: false, lineStyle: { color: text, type: 'solid', width: 1 }, label: { show: false }, data: [{ xAxis: 0 }] } } : {}),
    })),
  };
}

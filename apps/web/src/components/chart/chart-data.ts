import type { EChartsCoreOption } from './echarts-core';

/**
 * What a chart plots, read from the option it is given (for the `data-*` attributes of its element, so that tests and
 * people can check the data without reading pixels): the number of points across its series, and the smallest and
 * largest x — ISO 8601 instants on a time axis, numbers otherwise; null when there is no point.
 */
export interface ChartDataSummary {
  points: number;
  firstX: string | null;
  lastX: string | null;
}

type Datum = unknown;

/**
 * The x of one datum: `[x, y]` or `{ value: [x, y] }`; on a time axis drawn on a zone's wall clock (`chart-time.ts`)
 * the instant `[wall, y, instant]` carries; a scalar datum (a category chart) has none.
 */
function xOf(datum: Datum, time: boolean): unknown {
  const value = Array.isArray(datum)
    ? datum
    : datum && typeof datum === 'object' && Array.isArray((datum as { value?: unknown }).value)
      ? (datum as { value: unknown[] }).value
      : null;
  if (!value) return undefined;
  return time && typeof value[2] === 'number' ? value[2] : value[0];
}

/** An x as a comparable number: epoch ms on a time axis (numbers, ISO strings, dates), the number itself otherwise. */
function xNumber(x: unknown, time: boolean): number | null {
  if (typeof x === 'number') return Number.isFinite(x) ? x : null;
  if (time && (typeof x === 'string' || x instanceof Date)) {
    const ms = new Date(x).getTime();
    return Number.isNaN(ms) ? null : ms;
  }
  if (typeof x === 'string' && x.trim() !== '' && Number.isFinite(Number(x))) return Number(x);
  return null;
}

function firstOf<T>(value: T | readonly T[] | undefined): T | undefined {
  return Array.isArray(value) ? (value as readonly T[])[0] : (value as T | undefined);
}

export function summariseChartData(option: EChartsCoreOption): ChartDataSummary {
  const xAxis = firstOf(option.xAxis as { type?: string } | { type?: string }[] | undefined);
  const time = xAxis?.type === 'time';
  const series = option.series === undefined ? [] : Array.isArray(option.series) ? option.series : [option.series];
  let points = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const s of series as { data?: unknown }[]) {
    if (!Array.isArray(s?.data)) continue;
    points += s.data.length;
    for (const datum of s.data as Datum[]) {
      const x = xNumber(xOf(datum, time), time);
      if (x === null) continue;
      if (x < min) min = x;
      if (x > max) max = x;
    }
  }
  const show = (x: number) => (Number.isFinite(x) ? (time ? new Date(x).toISOString() : String(x)) : null);
  return { points, firstX: show(min), lastX: show(max) };
}

/**
 * The labels in a chart's right margin — threshold levels, the nearest level off the axis, each series' latest value —
 * stacked so that none overlaps another (decision 026). Each is the label of a horizontal mark line (`label.position`
 * `end`: just right of the plot, level with its value); once the chart's height is known, `fitToBox` moves each label
 * up or down (`label.offset`) as little as needed, and leaves out the least important when the column is full.
 */
import type { EChartsCoreOption } from 'echarts/core';

/** Height of one margin label (font size 11) with a pixel between labels. */
export const MARGIN_LABEL_HEIGHT = 14;
export const MARGIN_FONT_SIZE = 11;

/** Width of the right margin for these label texts (an estimate of the font's advance, digits and capitals). */
export function marginWidth(texts: readonly string[]): number {
  const longest = texts.reduce((n, s) => Math.max(n, s.length), 0);
  return longest === 0 ? 16 : Math.ceil(longest * 7) + 12;
}

/**
 * Where labels go, from where they would be (px, top down): in the same order, each at least `height` below the one
 * above, all within [top, bottom], each moved as little as that allows. When more than fit, those of the highest
 * `priority` number are left out (null) — later ones first among equals.
 */
export function stackLabels(
  natural: readonly number[],
  priority: readonly number[],
  top: number,
  bottom: number,
  height = MARGIN_LABEL_HEIGHT,
): (number | null)[] {
  const capacity = Math.max(0, Math.floor((bottom - top) / height) + 1);
  const kept = natural.map((_, i) => i);
  if (kept.length > capacity) {
    const dropOrder = [...kept].sort((a, b) => priority[b]! - priority[a]! || b - a);
    const dropped = new Set(dropOrder.slice(0, kept.length - capacity));
    kept.splice(0, kept.length, ...kept.filter((i) => !dropped.has(i)));
  }
  const order = [...kept].sort((a, b) => natural[a]! - natural[b]! || a - b);
  const pos = new Map<number, number>();
  let prev = -Infinity;
  for (const i of order) {
    const y = Math.max(natural[i]!, prev + height, top);
    pos.set(i, y);
    prev = y;
  }
  let next = Infinity;
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k]!;
    const y = Math.min(pos.get(i)!, next - height, bottom);
    pos.set(i, y);
    next = y;
  }
  return natural.map((_, i) => pos.get(i) ?? null);
}

interface MarkDatum {
  yAxis?: unknown;
  /** Lower is kept first when the margin is full: 0 levels, 1 levels off the axis, 2 latest values. */
  priority?: number;
  label?: { show?: boolean; position?: string; offset?: number[] };
}
interface SeriesLike {
  markLine?: { data?: MarkDatum[] };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The option with its margin labels stacked for a chart `height` px high (its grid's top and bottom, and its value
 * axis's ends, as numbers). Options without such labels come back as they are.
 */
export function stackMarginLabels(option: EChartsCoreOption, height: number): EChartsCoreOption {
  const grid = option.grid as { top?: unknown; bottom?: unknown } | undefined;
  const yAxis = option.yAxis as { min?: unknown; max?: unknown; inverse?: boolean } | undefined;
  const series = option.series as SeriesLike[] | undefined;
  const top = num(grid?.top);
  const bottom = num(grid?.bottom);
  const min = num(yAxis?.min);
  const max = num(yAxis?.max);
  if (!Array.isArray(series) || top === null || bottom === null || min === null || max === null || max <= min || height <= 0) return option;
  const plotBottom = height - bottom;
  const refs: { s: number; d: number; y: number; priority: number }[] = [];
  series.forEach((s, si) =>
    s.markLine?.data?.forEach((d, di) => {
      const v = num(d.yAxis);
      if (v === null || d.label?.position !== 'end' || d.label.show === false) return;
      const y = top + ((max - v) / (max - min)) * (plotBottom - top);
      refs.push({ s: si, d: di, y, priority: d.priority ?? 0 });
    }),
  );
  if (refs.length === 0) return option;
  const half = MARGIN_LABEL_HEIGHT / 2;
  const placed = stackLabels(
    refs.map((r) => r.y),
    refs.map((r) => r.priority),
    Math.max(half, top - half),
    Math.min(height - half, plotBottom + half),
  );
  const copy = series.map((s) => (s.markLine?.data ? { ...s, markLine: { ...s.markLine, data: [...s.markLine.data] } } : s));
  refs.forEach((r, k) => {
    const data = copy[r.s]!.markLine!.data!;
    const d = data[r.d]!;
    const at = placed[k] ?? null;
    data[r.d] = at === null ? { ...d, label: { ...d.label, show: false } } : { ...d, label: { ...d.label, offset: [0, Math.round(at - r.y)] } };
  });
  return { ...option, series: copy };
}

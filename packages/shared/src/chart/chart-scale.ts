/**
 * The value axis of a chart with threshold levels (decision 026): the axis follows the data, with a margin, to nice
 * ends (1, 2, 2.5 or 5 × a power of ten); a level is drawn only when it lies inside or near the data — "near" is within
 * half the data's spread, 15 % of its largest magnitude or ten steps of its resolution, whichever is most — and the
 * axis stretches to hold the levels drawn. "All levels" draws every level. The nearest level left out on each side is
 * named at the edge of the plot, so an engineer knows what lies beyond.
 */

/** A horizontal (or, on a profile, vertical) line at a threshold value, drawn in its level's colour. */
export interface ThresholdLine {
  /** e.g. "AL (upper)" (the line's name, in the tooltip). */
  label: string;
  /** What the line shows beside its value, e.g. "AL"; default the label. */
  short?: string;
  value: number;
  color: string;
}

export interface NiceRange {
  min: number;
  max: number;
  /** The distance between ticks: the ends are multiples of it. */
  interval: number;
}

const clean = (x: number) => Number(x.toPrecision(12));

/** The smallest step of 1, 2, 2.5 or 5 × a power of ten at least `raw` (> 0). */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((n) => n * power >= raw * (1 - 1e-9)) ?? 10;
  return clean(step * power);
}

/**
 * Nice axis ends around [lo, hi]: a 2 % margin on each side, then outward to multiples of a nice step. Of the steps
 * giving 4 to `maxTicks` intervals (about `ticks`), the one with the least empty axis wins (0 to 30 by 5, not −10 to 30
 * by 10). A single value gets a margin of a tenth of its magnitude (or `minSpan`).
 */
export function niceRange(lo: number, hi: number, ticks = 5, minSpan = 1e-6, maxTicks = 8): NiceRange {
  let span = hi - lo;
  if (!(span > 0)) span = Math.max(Math.abs(hi) * 0.2, minSpan);
  const margin = span * 0.02;
  const low = hi - lo > 0 ? lo - margin : lo - span / 2;
  const high = hi - lo > 0 ? hi + margin : hi + span / 2;
  const ends = (interval: number): NiceRange => ({
    min: clean(Math.floor(low / interval) * interval),
    max: clean(Math.ceil(high / interval) * interval),
    interval,
  });
  let best = ends(niceStep((high - low) / ticks));
  for (let n = 4; n <= maxTicks; n++) {
    const r = ends(niceStep((high - low) / n));
    const count = Math.round((r.max - r.min) / r.interval);
    if (count <= maxTicks && r.max - r.min < best.max - best.min - 1e-9) best = r;
  }
  return best;
}

/** The decimals a tick of this interval needs (2.5 -> 1, 0.05 -> 2, 20 -> 0). */
export function decimalsOf(interval: number): number {
  for (let d = 0; d <= 10; d++) if (Math.abs(Math.round(interval * 10 ** d) - interval * 10 ** d) < 1e-6) return d;
  return 10;
}

/** The smallest and largest value of some series' points (`[x, y]`, or `[y, x]` with `index` 0). */
export function dataExtent(lines: readonly { points: readonly (readonly number[])[] }[], index = 1): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (const line of lines)
    for (const p of line.points) {
      const v = p[index]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  return Number.isFinite(min) && Number.isFinite(max) ? [min, max] : null;
}

/** How far beyond the data a level still counts as near it. */
export function nearDistance([lo, hi]: readonly [number, number], resolution: number): number {
  return Math.max((hi - lo) / 2, Math.max(Math.abs(lo), Math.abs(hi)) * 0.15, resolution * 10);
}

export interface ThresholdChoice {
  /** Drawn: inside or near the data (every level with `all`). */
  shown: ThresholdLine[];
  /** The nearest level left out above the data, and below it. */
  above: ThresholdLine | null;
  below: ThresholdLine | null;
}

/** Which levels a chart of data spanning `extent` draws (see the file's comment). */
export function chooseThresholds(
  extent: readonly [number, number] | null,
  thresholds: readonly ThresholdLine[],
  options: { all?: boolean; resolution?: number } = {},
): ThresholdChoice {
  if (options.all || extent === null) return { shown: [...thresholds], above: null, below: null };
  const near = nearDistance(extent, options.resolution ?? 0.01);
  const [lo, hi] = extent;
  const shown: ThresholdLine[] = [];
  let above: ThresholdLine | null = null;
  let below: ThresholdLine | null = null;
  for (const t of thresholds) {
    if (t.value >= lo - near && t.value <= hi + near) shown.push(t);
    else if (t.value > hi) {
      if (!above || t.value < above.value) above = t;
    } else if (!below || t.value > below.value) below = t;
  }
  return { shown, above, below };
}

/** The extent of the data and of the levels drawn. */
export function withThresholds(extent: readonly [number, number] | null, shown: readonly ThresholdLine[]): [number, number] | null {
  let range: [number, number] | null = extent ? [extent[0], extent[1]] : null;
  for (const t of shown) range = range ? [Math.min(range[0], t.value), Math.max(range[1], t.value)] : [t.value, t.value];
  return range;
}

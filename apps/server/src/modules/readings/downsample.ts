/**
 * Server-side downsampling of a series for charts (issue 7). A series with at most `maxPoints` readings in the range
 * comes back whole. Above that, the range is cut into `floor(maxPoints / 2)` time buckets and each bucket gives its
 * minimum and its maximum reading (the earliest of equal ones), in time order — so spikes survive and the answer
 * never holds more than `maxPoints` points.
 *
 * Where the buckets come from (both exact for the buckets chosen):
 * - a bucket at least one rollup grain (6 h) wide: whole grains from `reading_rollups` (the bucket width is rounded
 *   up to whole grains, aligned on grain boundaries), the partial grains at both ends of the range from `readings`;
 * - narrower buckets (the range is shorter than `buckets` grains): from `readings`, buckets of (last - first) / n.
 */
import type { Executor } from '../../db/client.js';
import { bucketsFromReadings, bucketsFromRollups, rangeStats, rawPoints, type BucketExtremes, type RangeStats } from './readings-chart.repository.js';
import { ROLLUP_GRAIN_MS } from './reading-keys.js';

export type BucketPlan =
  | { mode: 'raw' }
  /** Buckets of `width` ms from `first`; the last reading falls in bucket `buckets - 1`. */
  | { mode: 'readings'; first: number; width: number; buckets: number }
  /** Buckets of `width` ms (whole grains) from `origin` (a grain boundary). */
  | { mode: 'rollups'; origin: number; width: number; buckets: number };

/** How to answer a range holding `count` readings from `first` to `last` (epoch ms) with at most `maxPoints` points. */
export function planBuckets(count: number, first: number, last: number, maxPoints: number): BucketPlan {
  if (count <= maxPoints || last <= first) return { mode: 'raw' };
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const span = last - first;
  if (span / buckets < ROLLUP_GRAIN_MS) return { mode: 'readings', first, width: span / buckets, buckets };
  const origin = Math.floor(first / ROLLUP_GRAIN_MS) * ROLLUP_GRAIN_MS;
  // The smallest whole number of grains that puts `last` in a bucket below `buckets`.
  const grains = Math.floor((last - origin) / (buckets * ROLLUP_GRAIN_MS)) + 1;
  const width = grains * ROLLUP_GRAIN_MS;
  return { mode: 'rollups', origin, width, buckets: Math.floor((last - origin) / width) + 1 };
}

/** The bucket of a reading under a plan (the same arithmetic as the SQL). */
export function bucketOf(plan: Exclude<BucketPlan, { mode: 'raw' }>, t: number): number {
  if (plan.mode === 'readings') return Math.min(Math.floor((t - plan.first) / plan.width), plan.buckets - 1);
  return Math.floor((t - plan.origin) / plan.width);
}

/** Each bucket's minimum and maximum as points in time order (one point when they are the same reading). */
export function pointsOf(extremes: BucketExtremes[]): [number, number][] {
  const out: [number, number][] = [];
  for (const e of extremes) {
    if (e.min[0] === e.max[0]) out.push(e.min);
    else if (e.min[0] < e.max[0]) out.push(e.min, e.max);
    else out.push(e.max, e.min);
  }
  return out;
}

export interface DownsampledSeries {
  rawCount: number;
  downsampled: boolean;
  points: [number, number][];
}

/**
 * A series in [from, to] (epoch ms, inclusive; null = open) with at most `maxPoints` points. `stats`: the range's
 * count, first and last when the caller has them already (the chart API reads them with the series lookup).
 */
export async function downsampleSeries(
  db: Executor,
  seriesId: number,
  from: number | null,
  to: number | null,
  maxPoints: number,
  stats?: RangeStats,
): Promise<DownsampledSeries> {
  const { count: rawCount, first, last } = stats ?? (await rangeStats(db, seriesId, from, to));
  if (first === null || last === null) return { rawCount: 0, downsampled: false, points: [] };
  const plan = planBuckets(rawCount, first, last, maxPoints);
  if (plan.mode === 'raw') return { rawCount, downsampled: false, points: await rawPoints(db, seriesId, first, last) };
  const extremes =
    plan.mode === 'readings'
      ? await bucketsFromReadings(db, seriesId, first, last, plan.width, plan.buckets)
      : await bucketsFromRollups(db, seriesId, first, last, plan.origin, plan.width);
  return { rawCount, downsampled: true, points: pointsOf(extremes) };
}

/**
 * The range queries of the chart API (issue 7; `downsample.ts` decides which): counts and ends of a range, raw
 * points, bucket extremes from readings or from rollups; and the inclinometer profiles (latest at or before instants).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { type ContractScope } from '../../db/scope.js';
import { ROLLUP_GRAIN_MS } from './reading-keys.js';
import { seriesLookupSql, seriesViewOf, type SeriesRow, type SeriesView } from './readings.repository.js';

// ---- the chart queries ----

export interface RangeStats {
  count: number;
  /** Epoch ms of the first and last reading in the range (null when none). */
  first: number | null;
  last: number | null;
}

const floorGrain = (ms: number) => Math.floor(ms / ROLLUP_GRAIN_MS) * ROLLUP_GRAIN_MS;
const ceilGrain = (ms: number) => Math.ceil(ms / ROLLUP_GRAIN_MS) * ROLLUP_GRAIN_MS;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One row `(n, first, last)`: how many readings the series `seriesRef` (a value or a column of an outer query) has in
 * [from, to] (inclusive, both given), and the epoch ms of the first and the last — the grains wholly inside from the
 * rollups, the two partial grains at the ends from the readings. Every time bound is a value, so the planner keeps
 * only the partitions of the two end grains (planning over every monthly partition would cost more than the query).
 */
function statsSql(seriesRef: SQL, from: number, to: number): SQL {
  const ga = floorGrain(from);
  const gb = floorGrain(to);
  const readingsPart = (lo: number, hi: number) =>
    sql`(select count(*)::int as n, min(e) as first, max(e) as last from (select round(date_part('epoch', taken_at) * 1000)::float8 as e from readings
          where series_id = ${seriesRef} and taken_at >= ${iso(lo)}::timestamptz and taken_at <= ${iso(hi)}::timestamptz) x)`;
  if (ga === gb) return sql`select a.n, a.first, a.last from ${readingsPart(from, to)} a`;
  return sql`select a.n + m.n + b.n as n, coalesce(a.first, m.first, b.first) as first, coalesce(b.last, m.last, a.last) as last
          from ${readingsPart(from, ga + ROLLUP_GRAIN_MS - 1)} a,
               (select coalesce(sum(n), 0)::int as n, min(g + first_offset)::float8 as first, max(g + last_offset)::float8 as last
                  from (select round(date_part('epoch', bucket) * 1000) as g, n, first_offset, last_offset from reading_rollups
                         where series_id = ${seriesRef} and bucket > ${iso(ga)}::timestamptz and bucket < ${iso(gb)}::timestamptz) y) m,
               ${readingsPart(gb, to)} b`;
}

const statsOf = (row: { n: number | null; first: number | null; last: number | null }): RangeStats => ({
  count: Number(row.n ?? 0),
  first: row.first == null ? null : Number(row.first),
  last: row.last == null ? null : Number(row.last),
});

/**
 * How many readings a series has in [from, to] (inclusive; null = open), and the first and the last (`statsSql`; an
 * open bound is first set from the series' rollups).
 */
export async function rangeStats(db: Executor, seriesId: number, from: number | null, to: number | null): Promise<RangeStats> {
  if (from === null || to === null) {
    const [b] = await rows<{ lo: number | null; hi: number | null }>(
      db,
      sql`select round(date_part('epoch', min(bucket)) * 1000)::float8 as lo, round(date_part('epoch', max(bucket)) * 1000)::float8 as hi from reading_rollups where series_id = ${seriesId}`,
    );
    if (b?.lo == null || b.hi == null) return { count: 0, first: null, last: null };
    from ??= Number(b.lo);
    to ??= Number(b.hi) + ROLLUP_GRAIN_MS - 1;
  }
  if (from > to) return { count: 0, first: null, last: null };
  const [row] = await rows<{ n: number; first: number | null; last: number | null }>(db, statsSql(sql`${seriesId}`, from, to));
  return row ? statsOf(row) : { count: 0, first: null, last: null };
}

/**
 * `instrumentSeries` and, in the same statement, `rangeStats` of each series over [from, to] (both given): the chart
 * API's lookup and first step in one round trip.
 */
export async function instrumentSeriesWithStats(
  db: Executor,
  scope: ContractScope,
  instrumentId: number,
  codes: string[] | undefined,
  depths: number[] | undefined,
  from: number,
  to: number,
): Promise<{ name: string; series: (SeriesView & { stats: RangeStats })[] } | undefined> {
  const found = await rows<SeriesRow & { n: number | null; first: number | null; last: number | null }>(
    db,
    sql`select l.*, st.n, st.first, st.last from (${seriesLookupSql(scope, instrumentId, codes, depths)}) l
          left join lateral (${statsSql(sql`l.series_id`, from, to)}) st on l.series_id is not null
         order by l.sort_order, l.code, l.depth nulls first`,
  );
  const first = found[0];
  if (!first) return undefined;
  return {
    name: first.name,
    series: found
      .filter((r) => r.series_id !== null)
      .map((r) => ({ ...seriesViewOf(r), stats: from > to ? { count: 0, first: null, last: null } : statsOf(r) })),
  };
}

/** Every reading of a series in [first, last], as [epoch ms, value], in time order. */
export async function rawPoints(db: Executor, seriesId: number, first: number, last: number): Promise<[number, number][]> {
  const found = await rows<{ t: number; v: number }>(
    db,
    sql`select round(date_part('epoch', taken_at) * 1000)::float8 as t, value as v from readings
      where series_id = ${seriesId} and taken_at >= ${new Date(first).toISOString()}::timestamptz and taken_at <= ${new Date(last).toISOString()}::timestamptz
      order by taken_at`,
  );
  return found.map((row) => [Number(row.t), Number(row.v)]);
}

/** One bucket: its index, its minimum and its maximum point (epoch ms, value). */
export interface BucketExtremes {
  b: number;
  min: [number, number];
  max: [number, number];
}

/** A bucket's row: its min and max as plain numbers (arrays would cost a text parse per row on node-postgres). */
type BucketRow = { b: number; mnv: number; mnt: number; mxv: number; mxt: number };

function extremes(rows: BucketRow[]): BucketExtremes[] {
  return rows.map((row) => ({ b: Number(row.b), min: [Number(row.mnt), Number(row.mnv)], max: [-Number(row.mxt), Number(row.mxv)] }));
}

/** Picks the pair apart: min(array[value, t]) is the smallest value, earliest first (arrays compare element-wise). */
const SPLIT = sql.raw('b, (mn)[1] as mnv, (mn)[2] as mnt, (mx)[1] as mxv, (mx)[2] as mxt');

/**
 * Min and max of each bucket of `widthMs` from the readings themselves: bucket = floor((t - first) / width), the
 * last one clamped to `buckets - 1`. For ranges shorter than `buckets` grains (at most that many grains of readings).
 */
export async function bucketsFromReadings(
  db: Executor,
  seriesId: number,
  first: number,
  last: number,
  widthMs: number,
  buckets: number,
): Promise<BucketExtremes[]> {
  const found = await rows<BucketRow>(
    db,
    sql`select ${SPLIT} from (select b, min(array[value, e]) as mn, max(array[value, -e]) as mx from (
        select value, e, least(floor((e - ${first}::float8) / ${widthMs}::float8)::int, ${buckets - 1}::int) as b
          from (select value, round(date_part('epoch', taken_at) * 1000) as e from readings where series_id = ${seriesId} and taken_at >= ${new Date(first).toISOString()}::timestamptz and taken_at <= ${new Date(last).toISOString()}::timestamptz) r
      ) x group by b) g order by b`,
  );
  return extremes(found);
}

/**
 * Min and max of each bucket of `widthMs` (a whole number of grains) counted from `origin` (a grain boundary): whole
 * grains from the rollups, the partial grains at both ends of [first, last] from the readings.
 */
export async function bucketsFromRollups(
  db: Executor,
  seriesId: number,
  first: number,
  last: number,
  origin: number,
  widthMs: number,
): Promise<BucketExtremes[]> {
  const a = ceilGrain(first);
  const b = floorGrain(last);
  const found = await rows<BucketRow>(
    db,
    sql`select ${SPLIT} from (select b, min(array[mnv, mnt]) as mn, max(array[mxv, -mxt]) as mx from (
        select floor((g - ${origin}::float8) / ${widthMs}::float8)::int as b, min_value as mnv, g + min_offset as mnt, max_value as mxv, g + max_offset as mxt
          from (select round(date_part('epoch', bucket) * 1000) as g, min_value, min_offset, max_value, max_offset from reading_rollups
                 where series_id = ${seriesId} and bucket >= ${iso(a)}::timestamptz and bucket < ${iso(b)}::timestamptz) u
        union all
        select floor((e - ${origin}::float8) / ${widthMs}::float8)::int, value, e, value, e
          from (select value, round(date_part('epoch', taken_at) * 1000) as e from readings where series_id = ${seriesId}
                 and ((taken_at >= ${iso(first)}::timestamptz and taken_at < ${iso(a)}::timestamptz) or (taken_at >= ${iso(b)}::timestamptz and taken_at <= ${iso(last)}::timestamptz))) r
      ) x group by b) g order by b`,
  );
  return extremes(found);
}

// ---- inclinometer profiles ----

/**
 * For each of these series and each instant, the latest reading at or before it (one statement: an index probe per
 * series and instant). `k` is the instant's index; pairs without a reading are left out.
 */
export async function latestAtOrBefore(db: Executor, seriesIds: number[], untilMs: number[]): Promise<{ k: number; seriesId: number; t: number; v: number }[]> {
  if (seriesIds.length === 0 || untilMs.length === 0) return [];
  const found = await rows<{ k: number; series_id: number; t: number; v: number }>(
    db,
    sql`select u.k::int as k, s.sid as series_id, r.t, r.v
          from unnest(${`{${seriesIds.join(',')}}`}::int[]) as s(sid)
          cross join unnest(${`{${untilMs.map((ms) => `"${iso(ms)}"`).join(',')}}`}::timestamptz[]) with ordinality as u(until, k)
          join lateral (select round(date_part('epoch', taken_at) * 1000)::float8 as t, value as v from readings
                         where series_id = s.sid and taken_at <= u.until order by taken_at desc limit 1) r on true`,
  );
  return found.map((r) => ({ k: Number(r.k) - 1, seriesId: Number(r.series_id), t: Number(r.t), v: Number(r.v) }));
}

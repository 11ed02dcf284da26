/**
 * The readings table of the instrument detail (`GET /instruments/{id}/reading-rows`): one page of the stored readings
 * of some series, newest first. The series, the range and the exact count come from the chart's lookup
 * (`readings.repository.ts`); this file only pages.
 */
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';

export interface ReadingRowsPage {
  /** The series, in the order that breaks ties between readings of the same instant. */
  seriesIds: number[];
  /** Inclusive epoch-ms bounds; both given (the first and the last reading of the range when the caller left it open). */
  fromMs: number;
  toMs: number;
  /** Readings of those series in the range: exact (the rollups' counts), used to read late pages from the oldest end. */
  total: number;
  skip: number;
  limit: number;
}

export interface ReadingRowHit {
  /** Index into `seriesIds`. */
  index: number;
  /** Epoch ms. */
  t: number;
  v: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Readings `skip`…`skip + limit - 1` of the range, newest first (ties: the series' order). One statement: per series a
 * lateral probe of the (series_id, taken_at) primary key that walks the range from one end and stops after the rows
 * the page can need (an index range scan per month partition the range touches; the bounds are values, so the
 * planner keeps only those partitions), then a sort of at most `series × (skip + limit)` rows.
 *
 * A page in the older half is read from the oldest end instead (ascending, OFFSET `total - skip - limit`, then turned
 * round), so the last page costs what the first does; that needs `total` to be exact.
 */
export async function readingRowsPage(db: Executor, p: ReadingRowsPage): Promise<ReadingRowHit[]> {
  const end = Math.min(p.total, p.skip + p.limit);
  if (p.seriesIds.length === 0 || end <= p.skip) return [];
  const fromOldest = p.skip + end > p.total; // the page's middle lies in the older half
  const offset = fromOldest ? p.total - end : p.skip;
  const count = end - p.skip;
  const direction = sql.raw(fromOldest ? 'asc' : 'desc');
  const tieBreak = sql.raw(fromOldest ? 'desc' : 'asc');
  const found = await rows<{ k: number; t: number; v: number }>(
    db,
    sql`select s.k::int as k, r.t, r.v
          from unnest(${`{${p.seriesIds.join(',')}}`}::int[]) with ordinality as s(sid, k)
          cross join lateral (select taken_at, round(date_part('epoch', taken_at) * 1000)::float8 as t, value as v from readings
                               where series_id = s.sid and taken_at >= ${iso(p.fromMs)}::timestamptz and taken_at <= ${iso(p.toMs)}::timestamptz
                               order by taken_at ${direction} limit ${offset + count}) r
         order by r.taken_at ${direction}, s.k ${tieBreak}
         limit ${count} offset ${offset}`,
  );
  const hits = found.map((r) => ({ index: Number(r.k) - 1, t: Number(r.t), v: Number(r.v) }));
  return fromOldest ? hits.reverse() : hits;
}

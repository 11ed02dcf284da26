/**
 * Readings storage (issue 7): series, the partitioned `readings` table, per-grain rollups and the latest reading of
 * each series. This file: the series of an instrument as the API shows them, their counts and deletion, the latest
 * values, status levels and the pages of a download. The load is `readings-load.repository.ts`, the partitions
 * `readings-partitions.repository.ts`, the chart queries `readings-chart.repository.ts`.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { changed, rows, type Executor } from '../../db/client.js';
import { instruments, readingCodes, readingLatest, readingSeries } from '../../db/schema/index.js';
import { inScope, type ContractScope } from '../../db/scope.js';

export interface SeriesView {
  seriesId: number;
  code: string;
  description: string;
  unit: string;
  precision: number;
  depth: number | null;
}

export type SeriesRow = {
  name: string;
  series_id: number | null;
  code: string;
  description: string;
  unit: string;
  precision: number;
  depth: number | null;
  sort_order: number;
};

/** The scoped instrument with its series (a row with null series when it has none; no row when not the caller's). */
export function seriesLookupSql(scope: ContractScope, instrumentId: number, codes?: string[], depths?: number[]): SQL {
  const codeFilter = codes?.length
    ? sql`and upper(c.code) = any(${`{${codes.map((c) => `"${c.toUpperCase().replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`
    : sql``;
  const depthFilter = depths ? sql`where s.depth = any(${`{${depths.join(',')}}`}::float8[])` : sql``;
  return sql`select i.name, x.series_id, x.code, x.description, x.unit, x.precision, x.depth, x.sort_order
          from ${instruments} i
          left join (select s.instrument_id, s.series_id, s.depth, c.code, c.description, c.unit, c.precision, c.sort_order
                       from ${readingSeries} s join ${readingCodes} c on c.reading_code_id = s.reading_code_id ${codeFilter} ${depthFilter}) x on x.instrument_id = i.instrument_id
         where i.instrument_id = ${instrumentId} and ${inScope(scope, sql`i.contract_id`)}`;
}

export const seriesViewOf = (r: SeriesRow): SeriesView => ({
  seriesId: Number(r.series_id),
  code: r.code,
  description: r.description,
  unit: r.unit,
  precision: Number(r.precision),
  depth: r.depth === null ? null : Number(r.depth),
});

/**
 * An instrument of the scope with its series (optionally only these reading codes, only these depths), in one query:
 * undefined when the instrument is not there or not the caller's (the chart API's lookup).
 */
export async function instrumentSeries(
  db: Executor,
  scope: ContractScope,
  instrumentId: number,
  codes?: string[],
  depths?: number[],
): Promise<{ name: string; series: SeriesView[] } | undefined> {
  const found = await rows<SeriesRow>(db, sql`${seriesLookupSql(scope, instrumentId, codes, depths)} order by x.sort_order, x.code, x.depth nulls first`);
  const first = found[0];
  if (!first) return undefined;
  return { name: first.name, series: found.filter((r) => r.series_id !== null).map(seriesViewOf) };
}

/** How many series use a reading code (a reading code with readings cannot be deleted). */
export async function seriesCountOfReadingCode(db: Executor, readingCodeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(readingSeries)
    .where(eq(readingSeries.readingCodeId, readingCodeId));
  return row?.n ?? 0;
}

/** How many series an instrument has (its type cannot change while it has readings). */
export async function seriesCountOfInstrument(db: Executor, instrumentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(readingSeries)
    .where(eq(readingSeries.instrumentId, instrumentId));
  return row?.n ?? 0;
}

/** Deletes an instrument's readings and rollups (its series and latest values go with the instrument); returns how many readings. */
export async function deleteReadingsOfInstrument(tx: Executor, instrumentId: number): Promise<number> {
  await changed(tx, sql`delete from reading_rollups where series_id in (select series_id from reading_series where instrument_id = ${instrumentId})`);
  return changed(tx, sql`delete from readings where series_id in (select series_id from reading_series where instrument_id = ${instrumentId})`);
}

// ---- latest ----

export interface LatestView {
  instrumentId: number;
  seriesId: number;
  code: string;
  depth: number | null;
  unit: string;
  takenAt: Date;
  value: number;
}

/** The latest reading of every series of these instruments, within the scope (others are left out). */
export async function latestOf(db: Executor, scope: ContractScope, instrumentIds: number[]): Promise<LatestView[]> {
  if (instrumentIds.length === 0) return [];
  return db
    .select({
      instrumentId: readingSeries.instrumentId,
      seriesId: readingSeries.seriesId,
      code: readingCodes.code,
      depth: readingSeries.depth,
      unit: readingCodes.unit,
      takenAt: readingLatest.takenAt,
      value: readingLatest.value,
    })
    .from(readingLatest)
    .innerJoin(readingSeries, eq(readingSeries.seriesId, readingLatest.seriesId))
    .innerJoin(readingCodes, eq(readingCodes.readingCodeId, readingSeries.readingCodeId))
    .innerJoin(instruments, eq(instruments.instrumentId, readingSeries.instrumentId))
    .where(and(inArray(readingSeries.instrumentId, instrumentIds), inScope(scope, instruments.contractId)))
    .orderBy(asc(readingSeries.instrumentId), asc(readingCodes.sortOrder), asc(readingCodes.code), asc(readingSeries.depth));
}

// ---- status levels ----

export interface StatusRow {
  instrumentId: number;
  levelCode: string | null;
  severity: number;
  lastReadingAt: Date | null;
}

/**
 * The status level of every instrument of the scope (optionally of these contracts only), in one statement: per
 * instrument the most severe alert level that the latest reading of one of its series passes — above the threshold's
 * upper value or below its lower value; a threshold is per (instrument, reading code), so it applies to every depth
 * of that code — and the time of its newest reading. Equal severities: the level later in the levels' order, then
 * the code. Instruments without readings or without a passed threshold are normal (null, 0).
 */
export async function instrumentStatuses(db: Executor, scope: ContractScope, contractIds?: number[]): Promise<StatusRow[]> {
  const contractFilter = (col: SQL) => (contractIds ? sql`and ${col} = any(${`{${contractIds.join(',')}}`}::int[])` : sql``);
  const found = await rows<{ instrument_id: number; level_code: string | null; severity: number; last_at: Date | string | null }>(
    db,
    sql`with lat as (
          select s.instrument_id, s.reading_code_id, l.value, l.taken_at
            from reading_latest l
            join reading_series s on s.series_id = l.series_id
            join instruments si on si.instrument_id = s.instrument_id
           where ${inScope(scope, sql`si.contract_id`)} ${contractFilter(sql`si.contract_id`)}
        ), hit as (
          select distinct on (lat.instrument_id) lat.instrument_id, a.code, a.severity
            from lat
            join thresholds t on t.instrument_id = lat.instrument_id and t.reading_code_id = lat.reading_code_id
            join alert_levels a on a.level_id = t.level_id
           where (t.upper is not null and lat.value > t.upper) or (t.lower is not null and lat.value < t.lower)
           order by lat.instrument_id, a.severity desc, a.sort_order desc, a.code
        ), newest as (
          select instrument_id, max(taken_at) as at from lat group by instrument_id
        )
        select i.instrument_id, hit.code as level_code, coalesce(hit.severity, 0)::int as severity, newest.at as last_at
          from instruments i
          left join hit on hit.instrument_id = i.instrument_id
          left join newest on newest.instrument_id = i.instrument_id
         where ${inScope(scope, sql`i.contract_id`)} ${contractFilter(sql`i.contract_id`)}
         order by i.instrument_id`,
  );
  return found.map((r) => ({
    instrumentId: Number(r.instrument_id),
    levelCode: r.level_code,
    severity: Number(r.severity),
    lastReadingAt: r.last_at === null ? null : new Date(r.last_at),
  }));
}

// ---- raw readings (downloads) ----

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Up to `limit` readings of a series in time order, after `afterMs` (exclusive; null: from `fromMs` inclusive) up to
 * `toMs` (inclusive; null: open): one page of a download, by key so each page is an index range scan.
 */
export async function readingsPage(
  db: Executor,
  seriesId: number,
  bounds: { fromMs: number | null; afterMs: number | null; toMs: number | null },
  limit: number,
): Promise<{ t: number; v: number }[]> {
  const lower =
    bounds.afterMs !== null
      ? sql`and taken_at > ${iso(bounds.afterMs)}::timestamptz`
      : bounds.fromMs !== null
        ? sql`and taken_at >= ${iso(bounds.fromMs)}::timestamptz`
        : sql``;
  const upper = bounds.toMs !== null ? sql`and taken_at <= ${iso(bounds.toMs)}::timestamptz` : sql``;
  const found = await rows<{ t: number; v: number }>(
    db,
    sql`select round(date_part('epoch', taken_at) * 1000)::float8 as t, value as v from readings
         where series_id = ${seriesId} ${lower} ${upper} order by taken_at limit ${limit}`,
  );
  return found.map((r) => ({ t: Number(r.t), v: Number(r.v) }));
}

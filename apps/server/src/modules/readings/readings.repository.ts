/**
 * Readings storage (issue 7): series, the partitioned `readings` table, per-grain rollups and the latest reading of
 * each series. The one write path is `loadReadings` (COPY, on PGlite and on PostgreSQL); reads are the range
 * queries of the chart API (`downsample.ts` decides how), the latest values and the duplicate check of uploads.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { copyIn, type Executor, type Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { patchSeriesRefs } from './copy-binary.js';
import { instruments, readingCodes, readingLatest, readingSeries } from '../../db/schema/index.js';
import { inScope, type ContractScope } from '../contracts/contracts.repository.js';

/** Rollup grain: 6 hours, aligned on UTC midnight (`date_bin('6 hours', t, epoch)`). */
export const ROLLUP_GRAIN_MS = 6 * 3_600_000;
const GRAIN_SQL = `interval '6 hours'`;

export interface SeriesKey {
  instrumentId: number;
  readingCodeId: number;
  depth: number | null;
}

/** Rows of a raw statement (the two drivers' results differ; both have `rows`). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** Rows a raw statement changed (`rowCount` on node-postgres, `affectedRows` on PGlite). */
async function run(db: Executor, query: SQL): Promise<number> {
  const r = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

export const seriesKeyOf = (k: SeriesKey) => `${k.instrumentId}|${k.readingCodeId}|${k.depth ?? ''}`;

/** A test seam of the load: called inside its transaction (`tx`), with the readings copied so far. */
export type LoadHook = (info: { uploadId: number | null; rows: number; tx: Tx }) => void | Promise<void>;

/**
 * Test seams, each inside the load transaction: `afterCopy` once the readings are copied, `afterRollups` once the
 * rollups are written too, `afterLatest` once the latest values are (the end of `loadReadings`). A test makes one
 * throw to prove that a failure at that point leaves nothing behind. Never set outside tests.
 */
export const loadHooks: { afterCopy?: LoadHook; afterRollups?: LoadHook; afterLatest?: LoadHook } = {};

// ---- partitions ----

/** The first day (YYYY-MM-01, UTC) of each month holding one of these instants. */
export function monthsOf(epochMs: Iterable<number>): string[] {
  const months = new Set<string>();
  for (const ms of epochMs) months.add(new Date(ms).toISOString().slice(0, 7));
  return [...months].sort().map((m) => `${m}-01`);
}

/** Every month from the one of `fromMs` to the one of `toMs`. */
export function monthsBetween(fromMs: number, toMs: number): string[] {
  const out: string[] = [];
  const d = new Date(fromMs);
  let y = d.getUTCFullYear();
  let m = d.getUTCMonth();
  const end = new Date(toMs);
  while (y < end.getUTCFullYear() || (y === end.getUTCFullYear() && m <= end.getUTCMonth())) {
    out.push(`${y}-${String(m + 1).padStart(2, '0')}-01`);
    if (++m === 12) {
      m = 0;
      y++;
    }
  }
  return out;
}

/**
 * Creates the monthly partitions of `readings` these months need (idempotent). Call it outside the load transaction:
 * creating a partition locks the parent table until commit.
 */
export async function ensurePartitions(db: Executor, months: string[]): Promise<number> {
  if (months.length === 0) return 0;
  const rows = await rowsOf<{ n: number }>(db, sql`select ensure_reading_partitions(${`{${months.join(',')}}`}::date[]) as n`);
  return Number(rows[0]?.n ?? 0);
}

/** The partitions of `readings` (name, lower bound), oldest first. */
export async function partitions(db: Executor): Promise<{ name: string; bound: string }[]> {
  const rows = await rowsOf<{ name: string; bound: string }>(
    db,
    sql`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'public.readings'::regclass order by c.relname`,
  );
  return rows;
}

// ---- series ----

/** Existing series of these instruments, by key. */
export async function seriesOfInstruments(db: Executor, instrumentIds: number[]): Promise<Map<string, number>> {
  if (instrumentIds.length === 0) return new Map();
  const rows = await db.select().from(readingSeries).where(inArray(readingSeries.instrumentId, instrumentIds));
  return new Map(rows.map((r) => [seriesKeyOf(r), r.seriesId]));
}

/** The ids of these series, created when missing; in the order given. */
export async function ensureSeries(tx: Executor, keys: SeriesKey[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const arr = (values: (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
  const inst = arr(keys.map((k) => k.instrumentId));
  const codes = arr(keys.map((k) => k.readingCodeId));
  const depths = arr(keys.map((k) => k.depth));
  await tx.execute(sql`insert into reading_series (instrument_id, reading_code_id, depth)
    select i, c, d from unnest(${inst}::int[], ${codes}::int[], ${depths}::float8[]) as u(i, c, d)
    on conflict do nothing`);
  const rows = await rowsOf<{ ord: number; series_id: number }>(
    tx,
    sql`select u.ord::int as ord, s.series_id
      from unnest(${inst}::int[], ${codes}::int[], ${depths}::float8[]) with ordinality as u(i, c, d, ord)
      join reading_series s on s.instrument_id = u.i and s.reading_code_id = u.c and s.depth is not distinct from u.d`,
  );
  const ids = new Array<number>(keys.length);
  for (const row of rows) ids[Number(row.ord) - 1] = Number(row.series_id);
  if (ids.some((id) => id === undefined)) throw new Error('ensureSeries: a series could not be created');
  return ids;
}

export interface SeriesView {
  seriesId: number;
  code: string;
  description: string;
  unit: string;
  precision: number;
  depth: number | null;
}

type SeriesRow = {
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
function seriesLookupSql(scope: ContractScope, instrumentId: number, codes?: string[], depths?: number[]): SQL {
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

const seriesViewOf = (r: SeriesRow): SeriesView => ({
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
  const rows = await rowsOf<SeriesRow>(db, sql`${seriesLookupSql(scope, instrumentId, codes, depths)} order by x.sort_order, x.code, x.depth nulls first`);
  const first = rows[0];
  if (!first) return undefined;
  return { name: first.name, series: rows.filter((r) => r.series_id !== null).map(seriesViewOf) };
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
  await run(tx, sql`delete from reading_rollups where series_id in (select series_id from reading_series where instrument_id = ${instrumentId})`);
  return run(tx, sql`delete from readings where series_id in (select series_id from reading_series where instrument_id = ${instrumentId})`);
}

// ---- duplicates against stored readings ----

/** Stored reading times (epoch ms) of each series within [lo, hi] (inclusive): `ranges` by caller's index. */
export async function storedTimes(
  db: Executor,
  ranges: { index: number; seriesId: number; lo: number; hi: number }[],
): Promise<{ index: number; t: number }[]> {
  if (ranges.length === 0) return [];
  const out: { index: number; t: number }[] = [];
  for (let i = 0; i < ranges.length; i += 5000) {
    const part = ranges.slice(i, i + 5000);
    const rows = await rowsOf<{ idx: number; t: number }>(
      db,
      sql`select u.idx, round(date_part('epoch', r.taken_at) * 1000)::float8 as t
        from unnest(${`{${part.map((p) => p.index).join(',')}}`}::int[], ${`{${part.map((p) => p.seriesId).join(',')}}`}::int[],
                    ${`{${part.map((p) => p.lo).join(',')}}`}::float8[], ${`{${part.map((p) => p.hi).join(',')}}`}::float8[]) as u(idx, sid, lo, hi)
        join readings r on r.series_id = u.sid and r.taken_at >= to_timestamp(u.lo / 1000) and r.taken_at <= to_timestamp(u.hi / 1000)`,
    );
    for (const row of rows) out.push({ index: Number(row.idx), t: Number(row.t) });
  }
  return out;
}

// ---- the load ----

export interface LoadInput {
  uploadId: number | null;
  /** The series of the batch. */
  series: SeriesKey[];
  /**
   * How the texts name each series (default: its index). The upload validation names them by id when they all exist
   * already; when the ids are still those, the readings are copied as they are, without rewriting a byte.
   */
  refs?: number[];
  /** Binary COPY data (`copy-binary.ts`): per reading the series ref, the upload id, the time and the value. */
  readings: Buffer;
  /** COPY text, one rollup a line: `<series ref>\t<grain ISO>\t<n>\t<min>\t<max>\t<min at>\t<max at>\t<first at>\t<last at>\n` (times: ms after the grain). */
  rollups: string | Buffer;
  /** The newest reading of each series in the batch (`index` into `series`). */
  latest: { index: number; takenAt: string; value: number }[];
  /** `direct`: COPY into readings; `staging`: COPY into a temporary table, then INSERT … SELECT (measured in bench/). */
  via?: 'direct' | 'staging';
}

/** Replaces the leading series ref of each line by its id (`idOf`). */
export function withSeriesIds(text: string, idOf: (ref: number) => number | undefined): string {
  const parts: string[] = [];
  let pos = 0;
  const n = text.length;
  while (pos < n) {
    const tab = text.indexOf('\t', pos);
    if (tab < 0) break;
    let nl = text.indexOf('\n', tab);
    if (nl < 0) nl = n - 1;
    const id = idOf(Number(text.slice(pos, tab)));
    if (id === undefined) throw new Error('withSeriesIds: a line names an unknown series');
    parts.push(`${id}${text.slice(tab, nl + 1)}`);
    pos = nl + 1;
  }
  return parts.join('');
}

const textOf = (data: string | Buffer) => (typeof data === 'string' ? data : data.toString('utf8'));

const ROLLUP_COLUMNS = '(series_id, bucket, n, min_value, max_value, min_offset, max_offset, first_offset, last_offset)';

/**
 * Writes rollup lines (`<series id>\t<grain ISO>\t…`): grains new to the table by COPY straight in; grains that
 * already hold readings (an upload adding to a grain another one wrote) merged through a temporary table. Should a
 * concurrent load have created one of the "new" grains meanwhile, the COPY (in a savepoint) fails and everything goes
 * through the merge.
 */
async function writeRollups(tx: Tx, text: string): Promise<void> {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const ranges = new Map<string, [string, string]>();
  for (const line of lines) {
    const a = line.indexOf('\t');
    const b = line.indexOf('\t', a + 1);
    const sid = line.slice(0, a);
    const grain = line.slice(a + 1, b);
    const r = ranges.get(sid);
    if (!r) ranges.set(sid, [grain, grain]);
    else if (grain < r[0]) r[0] = grain;
    else if (grain > r[1]) r[1] = grain;
  }
  const sids = [...ranges.keys()];
  const existing = new Set(
    (
      await rowsOf<{ k: string }>(
        tx,
        sql`select r.series_id || '|' || (round(date_part('epoch', r.bucket) * 1000))::bigint as k
          from unnest(${`{${sids.join(',')}}`}::int[], ${`{${sids.map((x) => ranges.get(x)![0]).join(',')}}`}::timestamptz[], ${`{${sids.map((x) => ranges.get(x)![1]).join(',')}}`}::timestamptz[]) as u(s, lo, hi)
          join reading_rollups r on r.series_id = u.s and r.bucket >= u.lo and r.bucket <= u.hi`,
      )
    ).map((r) => r.k),
  );
  const fresh: string[] = [];
  const merge: string[] = [];
  for (const line of lines) {
    if (existing.size === 0) {
      fresh.push(line);
      continue;
    }
    const a = line.indexOf('\t');
    const grain = Date.parse(line.slice(a + 1, line.indexOf('\t', a + 1)));
    (existing.has(`${line.slice(0, a)}|${grain}`) ? merge : fresh).push(line);
  }
  if (fresh.length > 0) {
    try {
      await tx.transaction((sp) => copyIn(sp, `reading_rollups ${ROLLUP_COLUMNS}`, `${fresh.join('\n')}\n`));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      merge.push(...fresh);
    }
  }
  if (merge.length === 0) return;
  await tx.execute(
    sql.raw(
      'create temp table _load_rollups (series_id int not null, bucket timestamptz not null, n int not null, min_value float8 not null, max_value float8 not null, min_offset int not null, max_offset int not null, first_offset int not null, last_offset int not null) on commit drop',
    ),
  );
  await copyIn(tx, `_load_rollups ${ROLLUP_COLUMNS}`, `${merge.join('\n')}\n`);
  await tx.execute(sql`insert into reading_rollups as r ${sql.raw(ROLLUP_COLUMNS)}
      select series_id, bucket, n, min_value, max_value, min_offset, max_offset, first_offset, last_offset from _load_rollups
      on conflict (series_id, bucket) do update set
        n = r.n + excluded.n,
        min_value = case when (excluded.min_value, excluded.min_offset) < (r.min_value, r.min_offset) then excluded.min_value else r.min_value end,
        min_offset = case when (excluded.min_value, excluded.min_offset) < (r.min_value, r.min_offset) then excluded.min_offset else r.min_offset end,
        max_value = case when excluded.max_value > r.max_value or (excluded.max_value = r.max_value and excluded.max_offset < r.max_offset) then excluded.max_value else r.max_value end,
        max_offset = case when excluded.max_value > r.max_value or (excluded.max_value = r.max_value and excluded.max_offset < r.max_offset) then excluded.max_offset else r.max_offset end,
        first_offset = least(r.first_offset, excluded.first_offset),
        last_offset = greatest(r.last_offset, excluded.last_offset)`);
  await tx.execute(sql.raw('drop table _load_rollups'));
}

/**
 * Writes a batch of readings in the caller's transaction: series (created when missing), the readings by COPY, the
 * rollups, the latest values upserted. Partitions must exist (`ensurePartitions`, before the transaction). A reading
 * already stored (same series and time) aborts the whole batch (unique violation).
 */
export async function loadReadings(tx: Tx, input: LoadInput): Promise<{ rows: number; seriesIds: number[] }> {
  const ids = await ensureSeries(tx, input.series);
  const refs = input.refs ?? ids.map((_, i) => i);
  const same = refs.every((r, i) => r === ids[i]);
  const idByRef = new Map(refs.map((r, i) => [r, ids[i]!]));
  const idOf = (ref: number) => idByRef.get(ref);
  let rows: number;
  if ((input.via ?? 'direct') === 'direct') {
    let data = input.readings;
    if (!same) {
      data = Buffer.from(data); // the caller's buffer stays as it was
      patchSeriesRefs(data, idOf);
    }
    rows = await copyIn(tx, 'readings (series_id, upload_id, taken_at, value)', data, 'FORMAT binary');
  } else {
    await tx.execute(
      sql.raw('create temp table _load_readings (ref int not null, upload_id int, taken_at timestamptz not null, value float8 not null) on commit drop'),
    );
    await copyIn(tx, '_load_readings (ref, upload_id, taken_at, value)', input.readings, 'FORMAT binary');
    rows = await run(
      tx,
      sql`insert into readings (series_id, upload_id, taken_at, value)
        select m.id, l.upload_id, l.taken_at, l.value from _load_readings l
          join unnest(${`{${refs.join(',')}}`}::int[], ${`{${ids.join(',')}}`}::int[]) as m(ref, id) on m.ref = l.ref`,
    );
    await tx.execute(sql.raw('drop table _load_readings'));
  }
  await loadHooks.afterCopy?.({ uploadId: input.uploadId, rows, tx });
  const rollups = textOf(input.rollups);
  if (rollups.length > 0) await writeRollups(tx, same ? rollups : withSeriesIds(rollups, idOf));
  await loadHooks.afterRollups?.({ uploadId: input.uploadId, rows, tx });
  if (input.latest.length > 0) {
    const sids = `{${input.latest.map((l) => ids[l.index]).join(',')}}`;
    const times = `{${input.latest.map((l) => `"${l.takenAt}"`).join(',')}}`;
    const values = `{${input.latest.map((l) => l.value).join(',')}}`;
    await tx.execute(sql`insert into reading_latest as l (series_id, taken_at, value, upload_id)
        select s, t, v, ${input.uploadId}::int from unnest(${sids}::int[], ${times}::timestamptz[], ${values}::float8[]) as u(s, t, v)
        on conflict (series_id) do update set taken_at = excluded.taken_at, value = excluded.value, upload_id = excluded.upload_id
        where excluded.taken_at > l.taken_at`);
  }
  await loadHooks.afterLatest?.({ uploadId: input.uploadId, rows, tx });
  return { rows, seriesIds: ids };
}

/** Recomputes the rollups of these series (all: none given) from their readings, e.g. after readings were written by SQL. */
export async function rebuildRollups(db: Executor, seriesIds?: number[]): Promise<void> {
  const where = seriesIds ? sql`where series_id = any(${`{${seriesIds.join(',')}}`}::int[])` : sql``;
  await db.execute(sql`delete from reading_rollups ${where}`);
  await db.execute(sql`insert into reading_rollups ${sql.raw(ROLLUP_COLUMNS)}
      select series_id, b, count(*)::int, (min(array[value, e]))[1], (max(array[value, -e]))[1],
             ((min(array[value, e]))[2] - round(date_part('epoch', b) * 1000))::int, (-(max(array[value, -e]))[2] - round(date_part('epoch', b) * 1000))::int,
             (min(e) - round(date_part('epoch', b) * 1000))::int, (max(e) - round(date_part('epoch', b) * 1000))::int
        from (select series_id, value, round(date_part('epoch', taken_at) * 1000) as e, date_bin(${sql.raw(GRAIN_SQL)}, taken_at, timestamptz '1970-01-01 00:00:00+00') as b from readings ${where}) x
       group by series_id, b`);
}

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
    const [b] = await rowsOf<{ lo: number | null; hi: number | null }>(
      db,
      sql`select round(date_part('epoch', min(bucket)) * 1000)::float8 as lo, round(date_part('epoch', max(bucket)) * 1000)::float8 as hi from reading_rollups where series_id = ${seriesId}`,
    );
    if (b?.lo == null || b.hi == null) return { count: 0, first: null, last: null };
    from ??= Number(b.lo);
    to ??= Number(b.hi) + ROLLUP_GRAIN_MS - 1;
  }
  if (from > to) return { count: 0, first: null, last: null };
  const [row] = await rowsOf<{ n: number; first: number | null; last: number | null }>(db, statsSql(sql`${seriesId}`, from, to));
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
  const rows = await rowsOf<SeriesRow & { n: number | null; first: number | null; last: number | null }>(
    db,
    sql`select l.*, st.n, st.first, st.last from (${seriesLookupSql(scope, instrumentId, codes, depths)}) l
          left join lateral (${statsSql(sql`l.series_id`, from, to)}) st on l.series_id is not null
         order by l.sort_order, l.code, l.depth nulls first`,
  );
  const first = rows[0];
  if (!first) return undefined;
  return {
    name: first.name,
    series: rows.filter((r) => r.series_id !== null).map((r) => ({ ...seriesViewOf(r), stats: from > to ? { count: 0, first: null, last: null } : statsOf(r) })),
  };
}

/** Every reading of a series in [first, last], as [epoch ms, value], in time order. */
export async function rawPoints(db: Executor, seriesId: number, first: number, last: number): Promise<[number, number][]> {
  const rows = await rowsOf<{ t: number; v: number }>(
    db,
    sql`select round(date_part('epoch', taken_at) * 1000)::float8 as t, value as v from readings
      where series_id = ${seriesId} and taken_at >= ${new Date(first).toISOString()}::timestamptz and taken_at <= ${new Date(last).toISOString()}::timestamptz
      order by taken_at`,
  );
  return rows.map((row) => [Number(row.t), Number(row.v)]);
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
  const rows = await rowsOf<BucketRow>(
    db,
    sql`select ${SPLIT} from (select b, min(array[value, e]) as mn, max(array[value, -e]) as mx from (
        select value, e, least(floor((e - ${first}::float8) / ${widthMs}::float8)::int, ${buckets - 1}::int) as b
          from (select value, round(date_part('epoch', taken_at) * 1000) as e from readings where series_id = ${seriesId} and taken_at >= ${new Date(first).toISOString()}::timestamptz and taken_at <= ${new Date(last).toISOString()}::timestamptz) r
      ) x group by b) g order by b`,
  );
  return extremes(rows);
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
  const rows = await rowsOf<BucketRow>(
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
  return extremes(rows);
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
  const rows = await rowsOf<{ instrument_id: number; level_code: string | null; severity: number; last_at: Date | string | null }>(
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
  return rows.map((r) => ({
    instrumentId: Number(r.instrument_id),
    levelCode: r.level_code,
    severity: Number(r.severity),
    lastReadingAt: r.last_at === null ? null : new Date(r.last_at),
  }));
}

// ---- raw readings (downloads) ----

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
  const rows = await rowsOf<{ t: number; v: number }>(
    db,
    sql`select round(date_part('epoch', taken_at) * 1000)::float8 as t, value as v from readings
         where series_id = ${seriesId} ${lower} ${upper} order by taken_at limit ${limit}`,
  );
  return rows.map((r) => ({ t: Number(r.t), v: Number(r.v) }));
}

// ---- inclinometer profiles ----

/**
 * For each of these series and each instant, the latest reading at or before it (one statement: an index probe per
 * series and instant). `k` is the instant's index; pairs without a reading are left out.
 */
export async function latestAtOrBefore(
  db: Executor,
  seriesIds: number[],
  untilMs: number[],
): Promise<{ k: number; seriesId: number; t: number; v: number }[]> {
  if (seriesIds.length === 0 || untilMs.length === 0) return [];
  const rows = await rowsOf<{ k: number; series_id: number; t: number; v: number }>(
    db,
    sql`select u.k::int as k, s.sid as series_id, r.t, r.v
          from unnest(${`{${seriesIds.join(',')}}`}::int[]) as s(sid)
          cross join unnest(${`{${untilMs.map((ms) => `"${iso(ms)}"`).join(',')}}`}::timestamptz[]) with ordinality as u(until, k)
          join lateral (select round(date_part('epoch', taken_at) * 1000)::float8 as t, value as v from readings
                         where series_id = s.sid and taken_at <= u.until order by taken_at desc limit 1) r on true`,
  );
  return rows.map((r) => ({ k: Number(r.k) - 1, seriesId: Number(r.series_id), t: Number(r.t), v: Number(r.v) }));
}

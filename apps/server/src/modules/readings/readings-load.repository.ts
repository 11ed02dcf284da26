/**
 * The one write path of readings (issue 7): series created on first sight, the COPY of readings (PGlite and
 * PostgreSQL), rollups and latest values in the same transaction; the duplicate check of uploads against stored
 * readings; rollups rebuilt from readings.
 */
import { inArray, sql } from 'drizzle-orm';
import { changed, copyIn, rows, type Executor, type Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { patchSeriesRefs } from './copy-binary.js';
import { readingSeries } from '../../db/schema/index.js';
import { GRAIN_SQL, type SeriesKey, seriesKeyOf } from './reading-keys.js';

/** A test seam of the load: called inside its transaction (`tx`), with the readings copied so far. */
export type LoadHook = (info: { uploadId: number | null; rows: number; tx: Tx }) => void | Promise<void>;

/**
 * Test seams, each inside the load transaction: `afterCopy` once the readings are copied, `afterRollups` once the
 * rollups are written too, `afterLatest` once the latest values are (the end of `loadReadings`). A test makes one
 * throw to prove that a failure at that point leaves nothing behind. Never set outside tests.
 */
export const loadHooks: { afterCopy?: LoadHook; afterRollups?: LoadHook; afterLatest?: LoadHook } = {};

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
  const found = await rows<{ ord: number; series_id: number }>(
    tx,
    sql`select u.ord::int as ord, s.series_id
      from unnest(${inst}::int[], ${codes}::int[], ${depths}::float8[]) with ordinality as u(i, c, d, ord)
      join reading_series s on s.instrument_id = u.i and s.reading_code_id = u.c and s.depth is not distinct from u.d`,
  );
  const ids = new Array<number>(keys.length);
  for (const row of found) ids[Number(row.ord) - 1] = Number(row.series_id);
  if (ids.some((id) => id === undefined)) throw new Error('ensureSeries: a series could not be created');
  return ids;
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
    const found = await rows<{ idx: number; t: number }>(
      db,
      sql`select u.idx, round(date_part('epoch', r.taken_at) * 1000)::float8 as t
        from unnest(${`{${part.map((p) => p.index).join(',')}}`}::int[], ${`{${part.map((p) => p.seriesId).join(',')}}`}::int[],
                    ${`{${part.map((p) => p.lo).join(',')}}`}::float8[], ${`{${part.map((p) => p.hi).join(',')}}`}::float8[]) as u(idx, sid, lo, hi)
        join readings r on r.series_id = u.sid and r.taken_at >= to_timestamp(u.lo / 1000) and r.taken_at <= to_timestamp(u.hi / 1000)`,
    );
    for (const row of found) out.push({ index: Number(row.idx), t: Number(row.t) });
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
      await rows<{ k: string }>(
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
    rows = await changed(
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

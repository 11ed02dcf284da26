/** What an ingest writes, read whole, for the tests proving that a failed or killed load leaves none of it behind. */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';

type Row = Record<string, unknown>;

const rowsOf = (db: Executor, query: SQL): Promise<Row[]> => rows<Row>(db, query);

/** Every row of the four tables a load writes, in key order (on the app's connection or inside a transaction). */
export interface ReadingsState {
  series: Row[];
  readings: Row[];
  rollups: Row[];
  latest: Row[];
}

export async function readingsState(db: Executor): Promise<ReadingsState> {
  return {
    series: await rowsOf(db, sql`select series_id, instrument_id, reading_code_id, depth from reading_series order by series_id`),
    readings: await rowsOf(db, sql`select series_id, upload_id, taken_at, value from readings order by series_id, taken_at`),
    rollups: await rowsOf(
      db,
      sql`select series_id, bucket, n, min_value, max_value, min_offset, max_offset, first_offset, last_offset from reading_rollups order by series_id, bucket`,
    ),
    latest: await rowsOf(db, sql`select series_id, taken_at, value, upload_id from reading_latest order by series_id`),
  };
}

/** How many readings an upload brought. */
export async function readingsOfUpload(db: Executor, uploadId: number): Promise<number> {
  const [row] = await rowsOf(db, sql`select count(*)::int as n from readings where upload_id = ${uploadId}`);
  return Number(row?.n ?? 0);
}

/** How many readings these instruments have in [from, to] (ISO times, inclusive), whatever brought them. */
export async function readingsInRange(db: Executor, instrumentIds: number[], from: string, to: string): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as n from readings r join reading_series s on s.series_id = r.series_id
         where s.instrument_id = any(${`{${instrumentIds.join(',')}}`}::int[]) and r.taken_at >= ${from}::timestamptz and r.taken_at <= ${to}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** The `upload.load` audit rows of an upload, oldest first (`after` of each). */
export async function loadAudits(db: Executor, uploadId: number): Promise<Row[]> {
  const rows = await rowsOf(
    db,
    sql`select after from audit_log where action = 'upload.load' and entity_type = 'upload' and entity_id = ${String(uploadId)} order by audit_id`,
  );
  return rows.map((r) => r.after as Row);
}

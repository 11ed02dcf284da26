/**
 * The queries of the QP(D) design values upload: the instruments of the upload's contract, which rows of a file would
 * replace stored predictions, and the load's upsert on `design_predictions_key` (instrument, reading code, site, stage,
 * coalesce(depth, -1)). The sites and the reading codes come from the construction and readings uploads' queries.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rows as rowsOf, type Executor } from '../../db/client.js';
import { designPredictions, instrumentTypes, instruments, readingCodes, sites } from '../../db/schema/index.js';
import type { CodeRef } from '../uploads/reading-validator.js';
import { predictionKey, type InstrumentRef, type PredictionRow } from './qpd-upload.parse.js';

/** Rows per INSERT statement (each row binds 10 parameters; PostgreSQL takes 65 535). */
const BATCH = 1000;

/** The instruments of a contract by lower-cased name, with their type. */
export async function instrumentsOfContract(db: Executor, contractId: number): Promise<Map<string, InstrumentRef>> {
  const found = await db
    .select({
      instrumentId: instruments.instrumentId,
      name: instruments.name,
      typeId: instruments.typeId,
      typeCode: instrumentTypes.code,
      hasDepth: instrumentTypes.hasDepth,
    })
    .from(instruments)
    .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
    .where(eq(instruments.contractId, contractId));
  return new Map(found.map((i) => [i.name.toLowerCase(), i]));
}

/** Reading codes per type id, by upper-cased code, with their unit and physical limits. */
export async function readingCodesByType(db: Executor): Promise<Map<number, Map<string, CodeRef>>> {
  const found = await db
    .select({
      id: readingCodes.readingCodeId,
      typeId: readingCodes.typeId,
      code: readingCodes.code,
      unit: readingCodes.unit,
      min: readingCodes.minValue,
      max: readingCodes.maxValue,
    })
    .from(readingCodes);
  const out = new Map<number, Map<string, CodeRef>>();
  for (const { typeId, ...c } of found) {
    const codes = out.get(typeId) ?? new Map<string, CodeRef>();
    codes.set(c.code.toUpperCase(), c);
    out.set(typeId, codes);
  }
  return out;
}

/** The keys of the predictions stored for these instruments (`predictionKey`). */
export async function storedPredictionKeys(db: Executor, instrumentIds: readonly number[]): Promise<Set<string>> {
  if (instrumentIds.length === 0) return new Set();
  const found = await db
    .select({
      instrumentId: designPredictions.instrumentId,
      readingCodeId: designPredictions.readingCodeId,
      siteId: designPredictions.siteId,
      stageNo: designPredictions.stageNo,
      depth: designPredictions.depth,
    })
    .from(designPredictions)
    .where(inArray(designPredictions.instrumentId, [...instrumentIds]));
  return new Set(found.map(predictionKey));
}

/**
 * Whether everything the rows name is still there for the load: the instruments in the contract, the sites in the
 * contract, the reading codes. False when any was deleted (or moved) after the file was checked.
 */
export async function predictionRefsPresent(db: Executor, contractId: number, list: readonly PredictionRow[]): Promise<boolean> {
  const instrumentIds = [...new Set(list.map((r) => r.instrumentId))];
  const siteIds = [...new Set(list.map((r) => r.siteId))];
  const codeIds = [...new Set(list.map((r) => r.readingCodeId))];
  if (instrumentIds.length === 0) return true;
  const [i, s, c] = await Promise.all([
    db
      .select({ id: instruments.instrumentId })
      .from(instruments)
      .where(and(eq(instruments.contractId, contractId), inArray(instruments.instrumentId, instrumentIds))),
    db
      .select({ id: sites.siteId })
      .from(sites)
      .where(and(eq(sites.contractId, contractId), inArray(sites.siteId, siteIds))),
    db.select({ id: readingCodes.readingCodeId }).from(readingCodes).where(inArray(readingCodes.readingCodeId, codeIds)),
  ]);
  return i.length === instrumentIds.length && s.length === siteIds.length && c.length === codeIds.length;
}

/** Whether an upserted row replaced a stored one (an update leaves its xmax set; an insert leaves it 0). */
const REPLACED = sql<boolean>`(xmax::text <> '0')`;

/** Upserts predictions on their key; the number that replaced stored rows. */
export async function upsertPredictions(tx: Executor, list: readonly PredictionRow[], src: { uploadId: number; userId: number | null }): Promise<number> {
  let replaced = 0;
  for (let i = 0; i < list.length; i += BATCH) {
    const values = list
      .slice(i, i + BATCH)
      .map(
        (p) =>
          sql`(${p.instrumentId}::int, ${p.readingCodeId}::int, ${p.depth}::float8, ${p.siteId}::int, ${p.stageNo}::smallint, ${p.value}::float8, ${p.remarks}, ${src.uploadId}::int, ${src.userId}::int)`,
      );
    const r = await rowsOf<{ replaced: boolean }>(
      tx,
      sql`INSERT INTO ${designPredictions} (instrument_id, reading_code_id, depth, site_id, stage_no, value, remarks, upload_id, created_by)
          VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (instrument_id, reading_code_id, site_id, stage_no, coalesce(depth, -1)) DO UPDATE SET
            depth = excluded.depth, value = excluded.value, remarks = excluded.remarks, upload_id = excluded.upload_id,
            created_by = excluded.created_by, created_at = excluded.created_at
          RETURNING ${REPLACED} AS replaced`,
    );
    replaced += r.filter((x) => x.replaced).length;
  }
  return replaced;
}

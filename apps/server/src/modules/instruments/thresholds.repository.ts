import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { alertLevels, contracts, instruments, readingCodes, thresholds } from '../../db/schema/index.js';
import { inScope, type ContractScope } from '../../db/scope.js';

export interface ThresholdView {
  instrumentId: number;
  readingCodeId: number;
  levelId: number;
  readingCode: string;
  levelCode: string;
  upper: number | null;
  lower: number | null;
}

const view = {
  instrumentId: thresholds.instrumentId,
  readingCodeId: thresholds.readingCodeId,
  levelId: thresholds.levelId,
  readingCode: readingCodes.code,
  levelCode: alertLevels.code,
  upper: thresholds.upper,
  lower: thresholds.lower,
};

const order = [asc(readingCodes.sortOrder), asc(readingCodes.code), asc(alertLevels.sortOrder), asc(alertLevels.severity)];

export async function thresholdsOf(db: Executor, instrumentIds: number[]): Promise<ThresholdView[]> {
  if (instrumentIds.length === 0) return [];
  return db
    .select(view)
    .from(thresholds)
    .innerJoin(readingCodes, eq(readingCodes.readingCodeId, thresholds.readingCodeId))
    .innerJoin(alertLevels, eq(alertLevels.levelId, thresholds.levelId))
    .where(inArray(thresholds.instrumentId, instrumentIds))
    .orderBy(asc(thresholds.instrumentId), ...order);
}

/** The thresholds of these instruments with their level's name, colour and severity (reports). */
export async function thresholdsWithLevels(db: Executor, scope: ContractScope, instrumentIds: number[]) {
  if (instrumentIds.length === 0) return [];
  return db
    .select({ ...view, levelName: alertLevels.name, color: alertLevels.color, severity: alertLevels.severity })
    .from(thresholds)
    .innerJoin(readingCodes, eq(readingCodes.readingCodeId, thresholds.readingCodeId))
    .innerJoin(alertLevels, eq(alertLevels.levelId, thresholds.levelId))
    .innerJoin(instruments, eq(instruments.instrumentId, thresholds.instrumentId))
    .where(and(inArray(thresholds.instrumentId, instrumentIds), inScope(scope, instruments.contractId)))
    .orderBy(asc(thresholds.instrumentId), ...order);
}

/** Every alert level in the levels' order (least severe first). */
export async function allLevels(db: Executor) {
  return db
    .select({ code: alertLevels.code, name: alertLevels.name, color: alertLevels.color, severity: alertLevels.severity })
    .from(alertLevels)
    .orderBy(asc(alertLevels.severity), asc(alertLevels.sortOrder), asc(alertLevels.code));
}

/** Reading codes of a type, by code. */
export async function readingCodesOfType(db: Executor, typeId: number) {
  const rows = await db.select({ id: readingCodes.readingCodeId, code: readingCodes.code }).from(readingCodes).where(eq(readingCodes.typeId, typeId));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Every reading code by type: typeId -> code -> id (imports). */
export async function readingCodesByType(db: Executor) {
  const rows = await db.select({ id: readingCodes.readingCodeId, code: readingCodes.code, typeId: readingCodes.typeId }).from(readingCodes);
  const out = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const m = out.get(r.typeId) ?? new Map<string, number>();
    m.set(r.code.toUpperCase(), r.id);
    out.set(r.typeId, m);
  }
  return out;
}

/** The alert levels by upper-case code: id and severity (1 least … 4 most severe). */
export async function levelsByCode(db: Executor) {
  const rows = await db.select({ id: alertLevels.levelId, code: alertLevels.code, severity: alertLevels.severity }).from(alertLevels);
  return new Map(rows.map((r) => [r.code.toUpperCase(), { id: r.id, severity: r.severity }]));
}

export interface ThresholdInsert {
  instrumentId: number;
  readingCodeId: number;
  levelId: number;
  upper: number | null;
  lower: number | null;
  updatedAt: Date;
}

export async function replaceThresholds(tx: Executor, instrumentId: number, rows: ThresholdInsert[]) {
  await tx.delete(thresholds).where(eq(thresholds.instrumentId, instrumentId));
  if (rows.length > 0) await tx.insert(thresholds).values(rows);
}

/** Sets these (instrument, reading code, level) thresholds, leaving the others; in batches. */
export async function upsertThresholds(tx: Executor, rows: ThresholdInsert[], batch = 1000) {
  for (let i = 0; i < rows.length; i += batch) {
    await tx
      .insert(thresholds)
      .values(rows.slice(i, i + batch))
      .onConflictDoUpdate({
        target: [thresholds.instrumentId, thresholds.readingCodeId, thresholds.levelId],
        set: { upper: sql`excluded.upper`, lower: sql`excluded.lower`, updatedAt: sql`excluded.updated_at` },
      });
  }
}

/** Visible instruments by lower-case name, with their contract and type (threshold imports). */
export async function visibleInstrumentsByName(db: Executor, scope: ContractScope, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: instruments.instrumentId, name: instruments.name, typeId: instruments.typeId, contractId: instruments.contractId, contractNo: contracts.no })
    .from(instruments)
    .innerJoin(contracts, eq(contracts.contractId, instruments.contractId))
    .where(and(inScope(scope, instruments.contractId), inArray(sql`lower(${instruments.name})`, names)));
}

/** Thresholds of the caller's instruments (exports), optionally of one contract. */
export async function thresholdsForExport(db: Executor, scope: ContractScope, contractId: number | undefined, max: number) {
  return db
    .select({
      contractNo: contracts.no,
      instrument: instruments.name,
      readingCode: readingCodes.code,
      levelCode: alertLevels.code,
      upper: thresholds.upper,
      lower: thresholds.lower,
    })
    .from(thresholds)
    .innerJoin(instruments, eq(instruments.instrumentId, thresholds.instrumentId))
    .innerJoin(contracts, eq(contracts.contractId, instruments.contractId))
    .innerJoin(readingCodes, eq(readingCodes.readingCodeId, thresholds.readingCodeId))
    .innerJoin(alertLevels, eq(alertLevels.levelId, thresholds.levelId))
    .where(and(inScope(scope, instruments.contractId), contractId ? eq(instruments.contractId, contractId) : undefined))
    .orderBy(asc(contracts.no), asc(sql`lower(${instruments.name})`), ...order)
    .limit(max);
}

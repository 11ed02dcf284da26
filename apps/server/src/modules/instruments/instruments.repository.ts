import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contracts, instrumentTypes, instruments, thresholds, zones } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';
import { inScope, type ContractScope } from '../../db/scope.js';

export type InstrumentRow = typeof instruments.$inferSelect;
export type InstrumentInsert = typeof instruments.$inferInsert;

export interface InstrumentView {
  instrument: InstrumentRow;
  typeCode: string;
  typeName: string;
  contractNo: string;
  zoneName: string | null;
}

export interface InstrumentsFilter {
  keyword?: string | undefined;
  typeCodes?: string[] | undefined;
  zoneId?: number | undefined;
  /** Reports: any of these zones / instrument types (by id). */
  zoneIds?: number[] | undefined;
  typeIds?: number[] | undefined;
  contractIds?: number[] | undefined;
  status?: string | undefined;
  /** minE, minN, maxE, maxN (SVY21). */
  bbox?: [number, number, number, number] | undefined;
}

const view = {
  instrument: instruments,
  typeCode: instrumentTypes.code,
  typeName: instrumentTypes.name,
  contractNo: contracts.no,
  zoneName: zones.name,
};

function conditions(scope: ContractScope, f: InstrumentsFilter): SQL | undefined {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  return and(
    inScope(scope, instruments.contractId),
    kw ? or(sql`${instruments.name} ilike ${kw}`, sql`${instruments.ltaCode} ilike ${kw}`) : undefined,
    f.typeCodes?.length ? inArray(instrumentTypes.code, f.typeCodes) : undefined,
    f.zoneId ? eq(instruments.zoneId, f.zoneId) : undefined,
    f.zoneIds?.length ? inArray(instruments.zoneId, f.zoneIds) : undefined,
    f.typeIds?.length ? inArray(instruments.typeId, f.typeIds) : undefined,
    f.contractIds ? (f.contractIds.length ? inArray(instruments.contractId, f.contractIds) : sql`false`) : undefined,
    f.status ? sql`${instruments.status} = ${f.status}` : undefined,
    f.bbox
      ? and(sql`${instruments.easting} between ${f.bbox[0]} and ${f.bbox[2]}`, sql`${instruments.northing} between ${f.bbox[1]} and ${f.bbox[3]}`)
      : undefined,
  );
}

function base(db: Executor) {
  return db
    .select(view)
    .from(instruments)
    .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
    .innerJoin(contracts, eq(contracts.contractId, instruments.contractId))
    .leftJoin(zones, eq(zones.zoneId, instruments.zoneId));
}

export async function listInstruments(db: Executor, scope: ContractScope, f: InstrumentsFilter & { limit: number; skip: number }) {
  const where = conditions(scope, f);
  const [records, [count]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(asc(contracts.no), asc(sql`lower(${instruments.name})`), asc(instruments.instrumentId))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(instruments)
      .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
      .where(where),
  ]);
  return { records: records as InstrumentView[], total: count?.n ?? 0 };
}

/** Every instrument matching (exports): at most `max`. */
export async function allInstruments(db: Executor, scope: ContractScope, f: InstrumentsFilter, max: number) {
  return (await base(db)
    .where(conditions(scope, f))
    .orderBy(asc(contracts.no), asc(sql`lower(${instruments.name})`))
    .limit(max)) as InstrumentView[];
}

export async function findInstrument(db: Executor, scope: ContractScope, id: number): Promise<InstrumentView | undefined> {
  const [row] = await base(db)
    .where(and(eq(instruments.instrumentId, id), inScope(scope, instruments.contractId)))
    .limit(1);
  return row as InstrumentView | undefined;
}

export async function instrumentNameTaken(db: Executor, contractId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: instruments.instrumentId })
    .from(instruments)
    .where(
      and(
        eq(instruments.contractId, contractId),
        sql`lower(${instruments.name}) = lower(${name})`,
        exceptId ? ne(instruments.instrumentId, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Lower-case names already used in these contracts, as `<contract_id>:<name>`. */
export async function takenNames(db: Executor, contractIds: number[]): Promise<Set<string>> {
  if (contractIds.length === 0) return new Set();
  const rows = await db
    .select({ contractId: instruments.contractId, name: sql<string>`lower(${instruments.name})` })
    .from(instruments)
    .where(inArray(instruments.contractId, contractIds));
  return new Set(rows.map((r) => `${r.contractId}:${r.name}`));
}

export async function insertInstrument(tx: Executor, values: InstrumentInsert) {
  const [row] = await tx.insert(instruments).values(values).returning();
  if (!row) throw new Error('instrument insert returned no row');
  return row;
}

/** Many rows in batches (well under the 65535 bind parameters of one statement). */
export async function insertInstruments(tx: Executor, values: InstrumentInsert[], batch = 1000) {
  const out: { id: number; name: string; contractId: number }[] = [];
  for (let i = 0; i < values.length; i += batch) {
    const rows = await tx
      .insert(instruments)
      .values(values.slice(i, i + batch))
      .returning({ id: instruments.instrumentId, name: instruments.name, contractId: instruments.contractId });
    out.push(...rows);
  }
  return out;
}

export async function updateInstrument(tx: Executor, id: number, values: Partial<InstrumentInsert>) {
  await tx.update(instruments).set(values).where(eq(instruments.instrumentId, id));
}

export async function deleteInstrument(tx: Executor, id: number) {
  await tx.delete(instruments).where(eq(instruments.instrumentId, id));
}

export async function thresholdCount(db: Executor, instrumentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(thresholds)
    .where(eq(thresholds.instrumentId, instrumentId));
  return row?.n ?? 0;
}

/** Instrument types by code (imports). */
export async function typesByCode(db: Executor) {
  const rows = await db.select({ typeId: instrumentTypes.typeId, code: instrumentTypes.code }).from(instrumentTypes);
  return new Map(rows.map((r) => [r.code.toUpperCase(), r.typeId]));
}

/** The caller's contracts by lower-case number (imports). */
export async function visibleContractsByNo(db: Executor, scope: ContractScope) {
  const rows = await db.select({ id: contracts.contractId, no: contracts.no }).from(contracts).where(inScope(scope, contracts.contractId));
  return new Map(rows.map((r) => [r.no.toLowerCase(), r.id]));
}

import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { actionCases, alerts, contracts, instrumentTypes, instruments, sites, structureInstruments, structures } from '../../db/schema/index.js';
import { inScope, type ContractScope } from '../../db/scope.js';
import { likeEscape } from '../../lib/filters.js';

export type StructureRow = typeof structures.$inferSelect;
export type StructureKind = StructureRow['kind'];

const instrumentCountOf = sql<number>`(select count(*)::int from structure_instruments si where si.structure_id = "structures"."structure_id")`;
const openAlertCountOf = sql<number>`(select count(*)::int from alerts a
  join structure_instruments si on si.instrument_id = a.instrument_id
  where si.structure_id = "structures"."structure_id" and a.status = 'open')`;

export interface StructuresFilter {
  limit: number;
  skip: number;
  contractIds?: number[] | undefined;
  keyword?: string | undefined;
}

const listColumns = {
  structure: structures,
  contractNo: contracts.no,
  instrumentCount: instrumentCountOf,
  openAlertCount: openAlertCountOf,
};

export async function listStructures(db: Executor, scope: ContractScope, kind: StructureKind, f: StructuresFilter) {
  const like = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  const where = and(
    eq(structures.kind, kind),
    inScope(scope, structures.contractId),
    f.contractIds ? (f.contractIds.length ? inArray(structures.contractId, f.contractIds) : sql`false`) : undefined,
    like ? sql`(${structures.name} ilike ${like} or ${structures.owner} ilike ${like} or ${contracts.no} ilike ${like})` : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(structures)
      .innerJoin(contracts, eq(contracts.contractId, structures.contractId))
      .where(where)
      .orderBy(asc(contracts.no), asc(sql`lower(${structures.name})`), asc(structures.structureId))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(structures)
      .innerJoin(contracts, eq(contracts.contractId, structures.contractId))
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findStructure(db: Executor, scope: ContractScope, kind: StructureKind, id: number) {
  const [row] = await db
    .select(listColumns)
    .from(structures)
    .innerJoin(contracts, eq(contracts.contractId, structures.contractId))
    .where(and(eq(structures.structureId, id), eq(structures.kind, kind), inScope(scope, structures.contractId)))
    .limit(1);
  return row;
}

export async function structureNameTaken(db: Executor, contractId: number, kind: StructureKind, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: structures.structureId })
    .from(structures)
    .where(
      and(
        eq(structures.contractId, contractId),
        eq(structures.kind, kind),
        sql`lower(${structures.name}) = lower(${name})`,
        exceptId ? ne(structures.structureId, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** The linked instruments of a structure, by name. */
export async function linkedInstruments(db: Executor, structureId: number) {
  return db
    .select({
      instrumentId: instruments.instrumentId,
      name: instruments.name,
      typeCode: instrumentTypes.code,
      easting: instruments.easting,
      northing: instruments.northing,
    })
    .from(structureInstruments)
    .innerJoin(instruments, eq(instruments.instrumentId, structureInstruments.instrumentId))
    .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
    .where(eq(structureInstruments.structureId, structureId))
    .orderBy(asc(instruments.name), asc(instruments.instrumentId));
}

/** Which of these instrument ids belong to the contract. */
export async function instrumentsOfContract(db: Executor, contractId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: instruments.instrumentId })
    .from(instruments)
    .where(and(eq(instruments.contractId, contractId), inArray(instruments.instrumentId, [...ids])));
  return new Set(found.map((r) => r.id));
}

export async function insertStructure(tx: Executor, values: typeof structures.$inferInsert) {
  const [row] = await tx.insert(structures).values(values).returning();
  if (!row) throw new Error('structure insert returned no row');
  return row;
}

export async function updateStructure(tx: Executor, id: number, values: Partial<typeof structures.$inferInsert>) {
  await tx.update(structures).set(values).where(eq(structures.structureId, id));
}

export async function replaceLinks(tx: Executor, structureId: number, instrumentIds: readonly number[]) {
  await tx.delete(structureInstruments).where(eq(structureInstruments.structureId, structureId));
  if (instrumentIds.length) await tx.insert(structureInstruments).values([...new Set(instrumentIds)].map((instrumentId) => ({ structureId, instrumentId })));
}

export async function deleteStructure(tx: Executor, id: number) {
  await tx.delete(structures).where(eq(structures.structureId, id));
}

/** Open alerts raised on these instruments, newest first. */
export async function openAlertsOf(db: Executor, instrumentIds: readonly number[]) {
  if (instrumentIds.length === 0) return [];
  return db
    .select({
      alertId: alerts.alertId,
      instrumentId: alerts.instrumentId,
      instrumentName: instruments.name,
      kind: alerts.kind,
      levelCode: alerts.levelCode,
      openedAt: alerts.openedAt,
      lastTriggeredAt: alerts.lastTriggeredAt,
      latestValue: alerts.latestValue,
    })
    .from(alerts)
    .innerJoin(instruments, eq(instruments.instrumentId, alerts.instrumentId))
    .where(and(inArray(alerts.instrumentId, [...instrumentIds]), eq(alerts.status, 'open')))
    .orderBy(desc(alerts.lastTriggeredAt), desc(alerts.alertId));
}

/** Open action-log cases of these alerts. */
export async function openCasesOf(db: Executor, alertIds: readonly number[]) {
  if (alertIds.length === 0) return [];
  return db
    .select({
      caseId: actionCases.caseId,
      alertId: actionCases.alertId,
      instrumentId: actionCases.instrumentId,
      category: actionCases.category,
      title: actionCases.title,
      openedAt: actionCases.openedAt,
    })
    .from(actionCases)
    .where(and(inArray(actionCases.alertId, [...alertIds]), eq(actionCases.status, 'open')))
    .orderBy(desc(actionCases.openedAt), desc(actionCases.caseId));
}

/** Construction sites with a geometry, within the scope. */
export async function sitesWithGeometry(db: Executor, scope: ContractScope) {
  return db
    .select({ siteId: sites.siteId, siteName: sites.siteName, type: sites.type, contractId: sites.contractId, geometry: sites.geometry })
    .from(sites)
    .where(and(inScope(scope, sites.contractId), isNotNull(sites.geometry)))
    .orderBy(asc(sites.siteName), asc(sites.siteId));
}

// ---- records (comments and files hang on structures) ----

export async function findStructureRecord(db: Executor, scope: ContractScope, kind: StructureKind, refId: number) {
  const [row] = await db
    .select({ contractId: structures.contractId, name: structures.name })
    .from(structures)
    .where(and(eq(structures.structureId, refId), eq(structures.kind, kind), inScope(scope, structures.contractId)))
    .limit(1);
  return row;
}

export const structureIdsOf = (kind: StructureKind) => sql`select ${structures.structureId} as ref_id from ${structures} where ${structures.kind} = ${kind}`;

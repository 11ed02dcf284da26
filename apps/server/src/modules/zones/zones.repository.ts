import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contracts, zones } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';
import { inScope, type ContractScope } from '../../db/scope.js';

export type ZoneRow = typeof zones.$inferSelect;

const instrumentCountOf = sql<number>`(select count(*)::int from instruments i where i.zone_id = "zones"."zone_id")`;

export interface ZonesFilter {
  limit: number;
  skip: number;
  isReport?: boolean | undefined;
  /** Only these contracts (already within the scope or not: the scope applies too). */
  contractIds?: number[] | undefined;
  keyword?: string | undefined;
}

export async function listZones(db: Executor, scope: ContractScope, f: ZonesFilter) {
  const where = and(
    inScope(scope, zones.contractId),
    f.isReport === undefined ? undefined : eq(zones.isReport, f.isReport),
    f.contractIds ? (f.contractIds.length ? inArray(zones.contractId, f.contractIds) : sql`false`) : undefined,
    f.keyword ? sql`${zones.name} ilike ${`%${likeEscape(f.keyword)}%`}` : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select({ zoneId: zones.zoneId, name: zones.name, contractId: zones.contractId, isReport: zones.isReport })
      .from(zones)
      .where(where)
      .orderBy(asc(zones.contractId), asc(zones.name))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(zones)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findZone(db: Executor, scope: ContractScope, id: number) {
  const [row] = await db
    .select({ zone: zones, contractNo: contracts.no, instrumentCount: instrumentCountOf })
    .from(zones)
    .innerJoin(contracts, eq(contracts.contractId, zones.contractId))
    .where(and(eq(zones.zoneId, id), inScope(scope, zones.contractId)))
    .limit(1);
  return row;
}

export async function zoneNameTaken(db: Executor, contractId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: zones.zoneId })
    .from(zones)
    .where(and(eq(zones.contractId, contractId), sql`lower(${zones.name}) = lower(${name})`, exceptId ? ne(zones.zoneId, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function zoneOfContract(db: Executor, zoneId: number, contractId: number) {
  const [row] = await db
    .select({ id: zones.zoneId, name: zones.name })
    .from(zones)
    .where(and(eq(zones.zoneId, zoneId), eq(zones.contractId, contractId)))
    .limit(1);
  return row;
}

/** Every zone of these contracts, by (contract, lower-case name): for bulk imports. */
export async function zonesOfContracts(db: Executor, contractIds: number[]) {
  if (contractIds.length === 0) return [];
  return db.select({ zoneId: zones.zoneId, name: zones.name, contractId: zones.contractId }).from(zones).where(inArray(zones.contractId, contractIds));
}

export async function insertZone(tx: Executor, values: typeof zones.$inferInsert) {
  const [row] = await tx.insert(zones).values(values).returning();
  if (!row) throw new Error('zone insert returned no row');
  return row;
}

export async function updateZone(tx: Executor, id: number, values: Partial<typeof zones.$inferInsert>) {
  await tx.update(zones).set(values).where(eq(zones.zoneId, id));
}

export async function deleteZone(tx: Executor, id: number) {
  await tx.delete(zones).where(eq(zones.zoneId, id));
}

/** The zones the configuration gives a user: every zone of the contracts they see (at most `limit`). */
export async function visibleZones(db: Executor, scope: ContractScope, limit = 5000) {
  return db
    .select({ zoneId: zones.zoneId, name: zones.name, contractId: zones.contractId, isReport: zones.isReport })
    .from(zones)
    .where(inScope(scope, zones.contractId))
    .orderBy(asc(zones.contractId), asc(zones.name))
    .limit(limit);
}

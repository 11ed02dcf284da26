import { and, desc, eq, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contracts, instrumentTypes, reports, userContracts, users, zones } from '../../db/schema/index.js';
import type { ContractScope } from '../../db/scope.js';
import { pgArray } from '../../db/sql.js';

export type ReportRow = typeof reports.$inferSelect;

/**
 * The reports whose every contract is within the scope (decision 039: a report shows the data of all its contracts,
 * so a viewer must be able to see all of them). AppAdmin: every report.
 */
export function allContractsInScope(scope: ContractScope): SQL {
  if (scope.all) return sql`true`;
  return sql`${reports.contractIds} <@ array(select ${userContracts.contractId} from ${userContracts} where ${userContracts.userId} = ${scope.userId})`;
}

export async function insertReport(db: Executor, values: typeof reports.$inferInsert): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  if (!row) throw new Error('report insert returned no row');
  return row;
}

/** The report if every one of its contracts is within the scope. */
export async function findReport(db: Executor, id: number, scope: ContractScope): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), allContractsInScope(scope)))
    .limit(1);
  return row;
}

export async function findReportById(db: Executor, id: number): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row;
}

/** The caller's visible reports of the given types, newest first, with the creator's name and the contract numbers. */
export async function listReports(db: Executor, scope: ContractScope, q: { types: string[]; limit: number; skip: number }) {
  if (q.types.length === 0) return { records: [], total: 0 };
  const where = and(inArray(reports.type, q.types), allContractsInScope(scope));
  const contractNos = sql<
    string[]
  >`array(select ${contracts.no} from ${contracts} where ${contracts.contractId} = any(${reports.contractIds}) order by ${contracts.no})`;
  const [records, [count]] = await Promise.all([
    db
      .select({ report: reports, createdByName: users.loginName, contractNos })
      .from(reports)
      .leftJoin(users, eq(users.userId, reports.createdBy))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(q.limit)
      .offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

/** The contract ids among `ids` within the scope. */
export async function contractsInScope(db: Executor, scope: ContractScope, ids: readonly number[]): Promise<{ id: number; no: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: contracts.contractId, no: contracts.no })
    .from(contracts)
    .where(
      and(
        inArray(contracts.contractId, [...ids]),
        scope.all
          ? undefined
          : sql`${contracts.contractId} in (select ${userContracts.contractId} from ${userContracts} where ${userContracts.userId} = ${scope.userId})`,
      ),
    )
    .orderBy(contracts.no);
}

/** The zone ids among `ids` that belong to one of the contracts. */
export async function zonesOfContracts(db: Executor, ids: readonly number[], contractIds: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: zones.zoneId })
    .from(zones)
    .where(and(inArray(zones.zoneId, [...ids]), sql`${zones.contractId} = any(${pgArray(contractIds)}::int[])`));
  return rows.map((r) => r.id);
}

export async function existingInstrumentTypes(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: instrumentTypes.typeId })
    .from(instrumentTypes)
    .where(inArray(instrumentTypes.typeId, [...ids]));
  return rows.map((r) => r.id);
}

/** Takes a pending report for building; undefined when someone else already took it (each runs once). */
export async function claimReport(db: Executor, id: number, at: Date): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(reports)
    .set({ status: 'running', startedAt: at })
    .where(and(eq(reports.id, id), eq(reports.status, 'pending')))
    .returning();
  return row;
}

export async function setProgress(db: Executor, id: number, done: number, total: number, label: string): Promise<void> {
  await db
    .update(reports)
    .set({ progressDone: done, progressTotal: total, progressLabel: label })
    .where(and(eq(reports.id, id), eq(reports.status, 'running')));
}

export async function finishReport(db: Executor, id: number, values: Partial<typeof reports.$inferInsert>): Promise<void> {
  await db.update(reports).set(values).where(eq(reports.id, id));
}

export async function pendingReportIds(db: Executor, createdBefore: Date, limit = 20): Promise<number[]> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.status, 'pending'), lte(reports.createdAt, createdBefore)))
    .orderBy(reports.createdAt, reports.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function expiredReports(db: Executor, now: Date, limit = 500) {
  return db.select({ id: reports.id, storageKey: reports.storageKey }).from(reports).where(lte(reports.expiresAt, now)).limit(limit);
}

export async function deleteReports(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(reports).where(inArray(reports.id, ids));
}

/** Reports left `running` (or never started) by a process that stopped: failed after `before`. */
export async function failStaleReports(db: Executor, before: Date, at: Date, error: string): Promise<number> {
  const rows = await db
    .update(reports)
    .set({ status: 'failed', error, completedAt: at })
    .where(and(eq(reports.status, 'running'), isNotNull(reports.startedAt), lt(reports.startedAt, before)))
    .returning({ id: reports.id });
  return rows.length;
}

/** The creator as the job finds them now: type, role, status (the report's Actor is rebuilt from this). */
export async function reportCreator(db: Executor, userId: number) {
  const [row] = await db
    .select({
      userId: users.userId,
      loginName: users.loginName,
      fullname: users.fullname,
      userType: users.userType,
      roleId: users.roleId,
      status: users.status,
    })
    .from(users)
    .where(eq(users.userId, userId))
    .limit(1);
  return row;
}

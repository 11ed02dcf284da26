import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inScope, type ContractScope } from '../../db/scope.js';
import { contracts, userContractFilters, userContracts, userFilterState } from '../../db/schema/index.js';

export type ContractRow = typeof contracts.$inferSelect;

export async function listContracts(db: Executor, scope: ContractScope, opts: { limit: number; skip: number; type?: number | undefined }) {
  const where = and(inScope(scope, contracts.contractId), opts.type ? sql`(${contracts.type} & ${opts.type}) <> 0` : undefined);
  const [records, [count]] = await Promise.all([
    db.select().from(contracts).where(where).orderBy(asc(contracts.no)).limit(opts.limit).offset(opts.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function visibleContractIds(db: Executor, scope: ContractScope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: contracts.contractId })
    .from(contracts)
    .where(and(inArray(contracts.contractId, ids), inScope(scope, contracts.contractId)));
  return rows.map((r) => r.id);
}

/** The saved active choice, or undefined when the user never saved one. */
export async function savedFilter(db: Executor, scope: ContractScope): Promise<number[] | undefined> {
  const [state] = await db.select().from(userFilterState).where(eq(userFilterState.userId, scope.userId)).limit(1);
  if (!state) return undefined;
  const rows = await db
    .select({ id: userContractFilters.contractId })
    .from(userContractFilters)
    .where(and(eq(userContractFilters.userId, scope.userId), inScope(scope, userContractFilters.contractId)))
    .orderBy(asc(userContractFilters.contractId));
  return rows.map((r) => r.id);
}

export async function activeContractIds(db: Executor, scope: ContractScope): Promise<number[]> {
  const rows = await db
    .select({ id: contracts.contractId })
    .from(contracts)
    .where(and(eq(contracts.active, true), inScope(scope, contracts.contractId)))
    .orderBy(asc(contracts.no));
  return rows.map((r) => r.id);
}

export async function replaceFilter(db: Executor, userId: number, ids: number[]): Promise<void> {
  await db.delete(userContractFilters).where(eq(userContractFilters.userId, userId));
  if (ids.length > 0) await db.insert(userContractFilters).values(ids.map((contractId) => ({ userId, contractId })));
  await db
    .insert(userFilterState)
    .values({ userId })
    .onConflictDoUpdate({ target: userFilterState.userId, set: { updatedAt: new Date() } });
}

/** The contracts assigned to a user (an AppAdmin sees every contract without assignment: use the scope for that). */
export async function assignedContractIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userContracts.contractId }).from(userContracts).where(eq(userContracts.userId, userId));
  return rows.map((r) => r.id);
}

import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { USER_TYPE } from '@strata/shared';
import type { Executor } from '../../db/client.js';
import { contractors, contracts, userContracts, users } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';
import type { AdminScope } from '../admin-users/admin-scope.js';
import { inScope } from '../../db/scope.js';

export type ContractorRow = typeof contractors.$inferSelect;

// Written out qualified: Drizzle renders columns inside selected sql fields without their table name.
const userCountOf = sql<number>`(select count(*)::int from users u where u.contractor_id = "contractors"."contractor_id")`;
const contractCountOf = sql<number>`(select count(*)::int from contracts c where c.contractor_id = "contractors"."contractor_id")`;

/** A Contractor administrator sees only their own contractor. */
function scopeCondition(scope: AdminScope): SQL | undefined {
  return scope.contractorId === null ? undefined : eq(contractors.contractorId, scope.contractorId);
}

export async function listContractors(db: Executor, scope: AdminScope, q: { limit: number; skip: number; keyword?: string | undefined }) {
  const kw = q.keyword ? `%${likeEscape(q.keyword)}%` : undefined;
  const where = and(scopeCondition(scope), kw ? or(sql`${contractors.name} ilike ${kw}`, sql`${contractors.registrationNo} ilike ${kw}`) : undefined);
  const [records, [count]] = await Promise.all([
    db
      .select({ contractor: contractors, userCount: userCountOf, contractCount: contractCountOf })
      .from(contractors)
      .where(where)
      .orderBy(asc(contractors.name))
      .limit(q.limit)
      .offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contractors)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findContractor(db: Executor, scope: AdminScope, id: number) {
  const [row] = await db
    .select({ contractor: contractors, userCount: userCountOf, contractCount: contractCountOf })
    .from(contractors)
    .where(and(eq(contractors.contractorId, id), scopeCondition(scope)))
    .limit(1);
  return row;
}

export async function findContractorByName(db: Executor, name: string) {
  const [row] = await db
    .select()
    .from(contractors)
    .where(sql`lower(${contractors.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function usersOfContractor(db: Executor, id: number) {
  return db
    .select({ userId: users.userId, loginName: users.loginName, fullname: users.fullname, status: users.status })
    .from(users)
    .where(eq(users.contractorId, id))
    .orderBy(asc(users.loginName));
}

/** The contractor's contracts that the caller can see. */
export async function contractsOfContractor(db: Executor, scope: AdminScope, id: number) {
  return db
    .select({ contractId: contracts.contractId, no: contracts.no, title: contracts.title, active: contracts.active })
    .from(contracts)
    .where(and(eq(contracts.contractorId, id), inScope(scope.contracts, contracts.contractId)))
    .orderBy(asc(contracts.no));
}

export async function allContractIdsOfContractor(db: Executor, id: number): Promise<number[]> {
  const rows = await db.select({ id: contracts.contractId }).from(contracts).where(eq(contracts.contractorId, id)).orderBy(asc(contracts.contractId));
  return rows.map((r) => r.id);
}

export async function insertContractor(db: Executor, values: typeof contractors.$inferInsert): Promise<ContractorRow> {
  const [row] = await db.insert(contractors).values(values).returning();
  if (!row) throw new Error('contractor insert returned no row');
  return row;
}

export async function updateContractor(db: Executor, id: number, values: Partial<typeof contractors.$inferInsert>): Promise<void> {
  await db.update(contractors).set(values).where(eq(contractors.contractorId, id));
}

export async function deleteContractor(db: Executor, id: number): Promise<void> {
  await db.delete(contractors).where(eq(contractors.contractorId, id));
}

export async function setContractContractor(db: Executor, contractIds: number[], contractorId: number | null, at: Date): Promise<void> {
  if (contractIds.length === 0) return;
  await db.update(contracts).set({ contractorId, updatedAt: at }).where(inArray(contracts.contractId, contractIds));
}

/**
 * Removes assignments that broke the rule "a Contractor user only holds their contractor's contracts" for these
 * contracts; returns the users who lost a contract.
 */
export async function dropForeignAssignments(db: Executor, contractIds: number[]): Promise<number[]> {
  if (contractIds.length === 0) return [];
  const rows = await db
    .delete(userContracts)
    .where(
      and(
        inArray(userContracts.contractId, contractIds),
        sql`${userContracts.userId} in (
          select ${users.userId} from ${users} join ${contracts} on ${contracts.contractId} = ${userContracts.contractId}
           where ${users.userType} = ${USER_TYPE.Contractor} and ${users.contractorId} is distinct from ${contracts.contractorId})`,
      ),
    )
    .returning({ userId: userContracts.userId });
  return [...new Set(rows.map((r) => r.userId))];
}

export async function contractsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(contracts).where(inArray(contracts.contractId, ids));
}

export async function nameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contractors.contractorId })
    .from(contractors)
    .where(and(sql`lower(${contractors.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(contractors.contractorId, exceptId)))
    .limit(1);
  return !!row;
}

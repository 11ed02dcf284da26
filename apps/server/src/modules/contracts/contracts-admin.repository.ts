import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { USER_TYPE } from '@strata/shared';
import type { Executor } from '../../db/client.js';
import { contractors, contracts, instruments, sites, userContracts, users } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';
import { inScope, type ContractScope } from '../../db/scope.js';

export type ContractInsert = typeof contracts.$inferInsert;

// Written out qualified: Drizzle renders columns inside selected sql fields without their table name.
const instrumentCountOf = sql<number>`(select count(*)::int from instruments i where i.contract_id = "contracts"."contract_id")`;
const userCountOf = sql<number>`(select count(*)::int from user_contracts uc where uc.contract_id = "contracts"."contract_id")`;

const summary = {
  contract: contracts,
  contractorName: contractors.name,
  instrumentCount: instrumentCountOf,
  userCount: userCountOf,
};

export type ManagedContractRow = { contract: typeof contracts.$inferSelect; contractorName: string | null; instrumentCount: number; userCount: number };

export interface ManagedContractsFilter {
  limit: number;
  skip: number;
  keyword?: string | undefined;
  type?: number | undefined;
  active?: boolean | undefined;
  contractorId?: number | undefined;
}

export async function listManagedContracts(db: Executor, scope: ContractScope, f: ManagedContractsFilter) {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  const where = and(
    inScope(scope, contracts.contractId),
    kw ? or(sql`${contracts.no} ilike ${kw}`, sql`${contracts.title} ilike ${kw}`, sql`${contracts.description} ilike ${kw}`) : undefined,
    f.type ? sql`(${contracts.type} & ${f.type}) <> 0` : undefined,
    f.active === undefined ? undefined : eq(contracts.active, f.active),
    f.contractorId ? eq(contracts.contractorId, f.contractorId) : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select(summary)
      .from(contracts)
      .leftJoin(contractors, eq(contractors.contractorId, contracts.contractorId))
      .where(where)
      .orderBy(asc(contracts.no))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(where),
  ]);
  return { records: records as ManagedContractRow[], total: count?.n ?? 0 };
}

/** One contract within the scope (undefined otherwise: the caller answers 404). */
export async function findManagedContract(db: Executor, scope: ContractScope, id: number): Promise<ManagedContractRow | undefined> {
  const [row] = await db
    .select(summary)
    .from(contracts)
    .leftJoin(contractors, eq(contractors.contractorId, contracts.contractorId))
    .where(and(eq(contracts.contractId, id), inScope(scope, contracts.contractId)))
    .limit(1);
  return row as ManagedContractRow | undefined;
}

export async function contractNoTaken(db: Executor, no: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.contractId })
    .from(contracts)
    .where(and(sql`lower(${contracts.no}) = lower(${no})`, exceptId ? ne(contracts.contractId, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function contractorExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: contractors.contractorId }).from(contractors).where(eq(contractors.contractorId, id)).limit(1);
  return !!row;
}

export async function insertContract(tx: Executor, values: ContractInsert) {
  const [row] = await tx.insert(contracts).values(values).returning();
  if (!row) throw new Error('contract insert returned no row');
  return row;
}

export async function updateContract(tx: Executor, id: number, values: Partial<ContractInsert>) {
  await tx.update(contracts).set(values).where(eq(contracts.contractId, id));
}

export async function deleteContract(tx: Executor, id: number) {
  await tx.delete(contracts).where(eq(contracts.contractId, id));
}

/** What keeps a contract from being deleted: its instruments and construction sites. */
export async function contractDependents(db: Executor, id: number) {
  const [[i], [s]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(instruments)
      .where(eq(instruments.contractId, id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sites)
      .where(eq(sites.contractId, id)),
  ]);
  return { instruments: i?.n ?? 0, sites: s?.n ?? 0 };
}

export async function assignUser(tx: Executor, userId: number, contractId: number) {
  await tx.insert(userContracts).values({ userId, contractId }).onConflictDoNothing();
}

const userFields = {
  userId: users.userId,
  loginName: users.loginName,
  fullname: users.fullname,
  email: users.email,
  userType: users.userType,
  status: users.status,
  contractorId: users.contractorId,
  contractorName: contractors.name,
};

/** Users assigned to the contract; `contractorId` (a Contractor administrator) limits them to that contractor's. */
export async function contractUsers(db: Executor, contractId: number, onlyContractor?: number | null) {
  return db
    .select(userFields)
    .from(userContracts)
    .innerJoin(users, eq(users.userId, userContracts.userId))
    .leftJoin(contractors, eq(contractors.contractorId, users.contractorId))
    .where(and(eq(userContracts.contractId, contractId), onlyContractor == null ? undefined : eq(users.contractorId, onlyContractor)))
    .orderBy(asc(users.loginName));
}

/**
 * Users who may be assigned to the contract and are not: not terminated; `onlyContractor` (a Contractor
 * administrator) limits them to that contractor's; Contractor users only of the contract's own contractor.
 */
export async function assignableUsers(
  db: Executor,
  contract: { contractId: number; contractorId: number | null },
  f: { keyword?: string | undefined; limit: number; onlyContractor?: number | null | undefined },
) {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  const where = and(
    ne(users.status, 'terminated'),
    sql`not exists (select 1 from user_contracts uc where uc.user_id = "users"."user_id" and uc.contract_id = ${contract.contractId})`,
    f.onlyContractor === undefined ? undefined : f.onlyContractor === null ? sql`false` : eq(users.contractorId, f.onlyContractor),
    contract.contractorId === null
      ? ne(users.userType, USER_TYPE.Contractor)
      : or(ne(users.userType, USER_TYPE.Contractor), eq(users.contractorId, contract.contractorId)),
    kw ? or(sql`${users.loginName} ilike ${kw}`, sql`${users.fullname} ilike ${kw}`, sql`${users.email} ilike ${kw}`) : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select(userFields)
      .from(users)
      .leftJoin(contractors, eq(contractors.contractorId, users.contractorId))
      .where(where)
      .orderBy(asc(users.fullname), asc(users.loginName))
      .limit(f.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function assignedUserIds(db: Executor, contractId: number): Promise<number[]> {
  const rows = await db.select({ id: userContracts.userId }).from(userContracts).where(eq(userContracts.contractId, contractId));
  return rows.map((r) => r.id);
}

export async function usersByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select(userFields).from(users).leftJoin(contractors, eq(contractors.contractorId, users.contractorId)).where(inArray(users.userId, ids));
}

export async function replaceContractUsers(tx: Executor, contractId: number, add: number[], remove: number[]) {
  if (remove.length > 0) await tx.delete(userContracts).where(and(eq(userContracts.contractId, contractId), inArray(userContracts.userId, remove)));
  if (add.length > 0)
    await tx
      .insert(userContracts)
      .values(add.map((userId) => ({ userId, contractId })))
      .onConflictDoNothing();
}

/**
 * After a contract changes contractor: Contractor users of another contractor lose it (the rule "a Contractor user
 * only holds their contractor's contracts"). Returns who lost it.
 */
export async function dropForeignAssignments(tx: Executor, contractId: number, contractorId: number | null): Promise<number[]> {
  const foreign: SQL = sql`${userContracts.userId} in (
    select ${users.userId} from ${users}
     where ${users.userType} = ${USER_TYPE.Contractor} and ${users.contractorId} is distinct from ${contractorId})`;
  const rows = await tx
    .delete(userContracts)
    .where(and(eq(userContracts.contractId, contractId), foreign))
    .returning({ userId: userContracts.userId });
  return rows.map((r) => r.userId);
}

/** The contractor of a Contractor user (null when none). */
export async function contractorOfUser(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db.select({ c: users.contractorId }).from(users).where(eq(users.userId, userId)).limit(1);
  return row?.c ?? null;
}

import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { USER_TYPE, type TListAdminUsersQuery } from '@strata/shared';
import type { Executor } from '../../db/client.js';
import { adminCreatedUsers, auditLog, contractors, contracts, roles, sessions, userContracts, users } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';
import type { AdminScope } from './admin-scope.js';
import { inScope } from '../../db/scope.js';

export type UserRow = typeof users.$inferSelect;

/** The latest successful sign-in, from the audit log (sessions are purged, audit rows are kept). */
// Written out qualified: Drizzle renders columns inside selected sql fields without their table name.
export const lastSigninOf = sql<Date | string | null>`(select max(al.at) from audit_log al where al.user_id = "users"."user_id" and al.action = 'auth.signin')`;
export const sourceOf = sql<string>`case when exists (select 1 from user_import_users iu where iu.user_id = "users"."user_id") then 'import'
  when exists (select 1 from admin_created_users ac where ac.user_id = "users"."user_id") then 'admin' else 'register' end`;

const listColumns = {
  user: users,
  roleName: roles.name,
  contractorName: contractors.name,
  lastSignin: lastSigninOf,
  source: sourceOf,
};

export type AdminUserRow = { user: UserRow; roleName: string | null; contractorName: string | null; lastSignin: Date | string | null; source: string };

/** The directory limit of a scope: a Contractor administrator sees only their contractor's users. */
export function userScopeCondition(scope: AdminScope): SQL | undefined {
  return scope.contractorId === null ? undefined : eq(users.contractorId, scope.contractorId);
}

export type UserFilters = Omit<TListAdminUsersQuery, 'limit' | 'skip' | 'sort' | 'order'>;

export function userFilterConditions(scope: AdminScope, q: UserFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [userScopeCondition(scope)];
  if (q.keyword) {
    const p = `%${likeEscape(q.keyword)}%`;
    conditions.push(sql`(${users.loginName} ilike ${p} or ${users.fullname} ilike ${p} or ${users.email} ilike ${p})`);
  }
  if (q.user_type !== undefined) conditions.push(eq(users.userType, q.user_type));
  if (q.role_id !== undefined) conditions.push(eq(users.roleId, q.role_id));
  if (q.status !== undefined) conditions.push(eq(users.status, q.status));
  if (q.contractor_id !== undefined) conditions.push(eq(users.contractorId, q.contractor_id));
  if (q.contract_id !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${userContracts} where ${userContracts.userId} = ${users.userId} and ${userContracts.contractId} = ${q.contract_id} and ${inScope(scope.contracts, userContracts.contractId)})`,
    );
  }
  return and(...conditions);
}

const SORTS = {
  login_name: users.loginName,
  fullname: users.fullname,
  email: users.email,
  user_type: users.userType,
  status: users.status,
  created: users.createdAt,
  last_signin: lastSigninOf,
} as const;

export async function listUsers(db: Executor, scope: AdminScope, q: TListAdminUsersQuery) {
  const where = userFilterConditions(scope, q);
  const column = SORTS[q.sort];
  const orderBy = q.order === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
  const [records, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(users)
      .leftJoin(roles, eq(roles.roleId, users.roleId))
      .leftJoin(contractors, eq(contractors.contractorId, users.contractorId))
      .where(where)
      .orderBy(orderBy, asc(users.userId))
      .limit(q.limit)
      .offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { records: records as AdminUserRow[], total: count?.n ?? 0 };
}

/** Users for the user report: every match, in login-name order, in pages (keyset on user id). */
export async function reportUsers(db: Executor, scope: AdminScope, q: UserFilters, afterId: number, limit: number) {
  const rows = await db
    .select(listColumns)
    .from(users)
    .leftJoin(roles, eq(roles.roleId, users.roleId))
    .leftJoin(contractors, eq(contractors.contractorId, users.contractorId))
    .where(and(userFilterConditions(scope, q), sql`${users.userId} > ${afterId}`))
    .orderBy(asc(users.userId))
    .limit(limit);
  return rows as AdminUserRow[];
}

export async function countUsers(db: Executor, scope: AdminScope, q: UserFilters): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(userFilterConditions(scope, q));
  return row?.n ?? 0;
}

/** One user within the scope, with role and contractor names. */
export async function findAdminUser(db: Executor, scope: AdminScope, userId: number): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(users)
    .leftJoin(roles, eq(roles.roleId, users.roleId))
    .leftJoin(contractors, eq(contractors.contractorId, users.contractorId))
    .where(and(eq(users.userId, userId), userScopeCondition(scope)))
    .limit(1);
  return row as AdminUserRow | undefined;
}

export async function contractsOfUser(db: Executor, userId: number, scope: AdminScope) {
  return db
    .select({ contractId: contracts.contractId, no: contracts.no, title: contracts.title, contractorId: contracts.contractorId })
    .from(userContracts)
    .innerJoin(contracts, eq(contracts.contractId, userContracts.contractId))
    .where(and(eq(userContracts.userId, userId), inScope(scope.contracts, contracts.contractId)))
    .orderBy(asc(contracts.no));
}

export async function allContractIdsOfUser(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userContracts.contractId })
    .from(userContracts)
    .where(eq(userContracts.userId, userId))
    .orderBy(asc(userContracts.contractId));
  return rows.map((r) => r.id);
}

export async function replaceUserContracts(db: Executor, userId: number, contractIds: number[]): Promise<void> {
  await db.delete(userContracts).where(eq(userContracts.userId, userId));
  if (contractIds.length > 0) await db.insert(userContracts).values(contractIds.map((contractId) => ({ userId, contractId })));
}

export async function findContracts(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(contracts).where(inArray(contracts.contractId, ids));
}

export async function loginNameTaken(db: Executor, loginName: string): Promise<boolean> {
  const [row] = await db.select({ id: users.userId }).from(users).where(eq(users.loginName, loginName.toLowerCase())).limit(1);
  return !!row;
}

export async function emailTaken(db: Executor, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.userId })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, exceptUserId === undefined ? undefined : ne(users.userId, exceptUserId)))
    .limit(1);
  return !!row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function markAdminCreated(db: Executor, userId: number, createdBy: number): Promise<void> {
  await db.insert(adminCreatedUsers).values({ userId, createdBy });
}

export async function updateUser(db: Executor, userId: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.userId, userId));
}

export async function deleteUser(db: Executor, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.userId, userId));
}

/** Active Application Admins other than `exceptUserId`. */
export async function countOtherActiveAdmins(db: Executor, exceptUserId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.userType, USER_TYPE.AppAdmin), eq(users.status, 'active'), ne(users.userId, exceptUserId)));
  return row?.n ?? 0;
}

/** True when the user ever signed in (a sign-in audit row or any session). */
export async function everSignedIn(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({
      yes: sql<boolean>`exists (select 1 from ${auditLog} where ${auditLog.userId} = ${userId} and ${auditLog.action} = 'auth.signin')
        or exists (select 1 from ${sessions} where ${sessions.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return !!row?.yes;
}

export async function listSessions(db: Executor, userId: number, page: { limit: number; skip: number }) {
  const where = eq(sessions.userId, userId);
  const [records, [count]] = await Promise.all([
    db.select().from(sessions).where(where).orderBy(desc(sessions.createdAt)).limit(page.limit).offset(page.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findSession(db: Executor, userId: number, sessionId: number) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.sessionId, sessionId)))
    .limit(1);
  return row;
}

export async function countLiveSessions(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now}`));
  return row?.n ?? 0;
}

export async function findContractorRow(db: Executor, contractorId: number) {
  const [row] = await db.select().from(contractors).where(eq(contractors.contractorId, contractorId)).limit(1);
  return row;
}

export async function findRoleRow(db: Executor, roleId: number) {
  const [row] = await db.select().from(roles).where(eq(roles.roleId, roleId)).limit(1);
  return row;
}

/** The contractor a user belongs to; null when none (or no such user). */
export async function contractorOfUser(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db.select({ contractorId: users.contractorId }).from(users).where(eq(users.userId, userId)).limit(1);
  return row?.contractorId ?? null;
}

import { and, eq, or, sql } from 'drizzle-orm';
import { PERMISSIONS } from '@strata/shared';
import type { Executor } from '../../db/client.js';
import { contractors, rolePermissions, roles, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByLoginName(db: Executor, loginName: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.loginName, loginName.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Executor, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  return row;
}

export async function findRoleName(db: Executor, roleId: number | null): Promise<string | null> {
  if (roleId == null) return null;
  const [row] = await db.select({ name: roles.name }).from(roles).where(eq(roles.roleId, roleId)).limit(1);
  return row?.name ?? null;
}

const codeById = new Map<number, string>(PERMISSIONS.map((p) => [p.id, p.code]));

/** The permission codes of a role (unknown ids, from an older catalogue, are ignored). */
export async function permissionCodesOfRole(db: Executor, roleId: number | null): Promise<string[]> {
  if (roleId == null) return [];
  const rows = await db.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => codeById.get(r.id)).filter((c): c is string => c !== undefined);
}

export async function setLastUrl(db: Executor, userId: number, url: string): Promise<void> {
  await db.update(users).set({ lastUrl: url }).where(eq(users.userId, userId));
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updateUser(db: Executor, userId: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.userId, userId)).returning();
  return row;
}

/** Any user (whatever the status) whose e-mail address is this one, compared case-insensitively. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** Active users whose login name is `login` or whose e-mail address is `login` (case-insensitive); at most 5. */
export async function findActiveUsersByLoginOrEmail(db: Executor, login: string): Promise<UserRow[]> {
  const value = login.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(and(eq(users.status, 'active'), or(eq(users.loginName, value), sql`lower(${users.email}) = ${value}`)))
    .orderBy(users.userId)
    .limit(5);
}

export async function roleExists(db: Executor, roleId: number): Promise<boolean> {
  const [row] = await db.select({ id: roles.roleId }).from(roles).where(eq(roles.roleId, roleId)).limit(1);
  return row !== undefined;
}

export async function findContractorName(db: Executor, contractorId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: contractors.name }).from(contractors).where(eq(contractors.contractorId, contractorId)).limit(1);
  return row?.name;
}

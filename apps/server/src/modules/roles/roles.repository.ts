import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rolePermissions, roles, users } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';

export type RoleRow = typeof roles.$inferSelect;

export interface RoleWithCounts extends RoleRow {
  permissionIds: number[];
  userCount: number;
}

// Written out qualified: Drizzle renders columns inside selected sql fields without their table name.
const permissionIdsOf = sql<
  number[]
>`coalesce((select array_agg(rp.permission_id order by rp.permission_id) from role_permissions rp where rp.role_id = "roles"."role_id"), '{}')`;
const userCountOf = sql<number>`(select count(*)::int from users u where u.role_id = "roles"."role_id")`;

export async function listRoles(db: Executor, opts: { limit: number; skip: number; keyword?: string | undefined }) {
  const where = opts.keyword ? sql`${roles.name} ilike ${`%${likeEscape(opts.keyword)}%`}` : undefined;
  const [records, [count]] = await Promise.all([
    db
      .select({ role: roles, permissionIds: permissionIdsOf, userCount: userCountOf })
      .from(roles)
      .where(where)
      .orderBy(asc(roles.name))
      .limit(opts.limit)
      .offset(opts.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(roles)
      .where(where),
  ]);
  return { records: records.map((r) => ({ ...r.role, permissionIds: r.permissionIds.map(Number), userCount: Number(r.userCount) })), total: count?.n ?? 0 };
}

export async function findRole(db: Executor, roleId: number): Promise<RoleWithCounts | undefined> {
  const [r] = await db.select({ role: roles, permissionIds: permissionIdsOf, userCount: userCountOf }).from(roles).where(eq(roles.roleId, roleId)).limit(1);
  return r ? { ...r.role, permissionIds: r.permissionIds.map(Number), userCount: Number(r.userCount) } : undefined;
}

export async function findRoleByName(db: Executor, name: string): Promise<RoleRow | undefined> {
  const [r] = await db
    .select()
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`)
    .limit(1);
  return r;
}

export async function insertRole(db: Executor, values: { name: string; description: string; at: Date }): Promise<RoleRow> {
  const [r] = await db.insert(roles).values({ name: values.name, description: values.description, createdAt: values.at, updatedAt: values.at }).returning();
  if (!r) throw new Error('role insert returned no row');
  return r;
}

export async function updateRole(db: Executor, roleId: number, values: { name: string; description: string; at: Date }): Promise<void> {
  await db.update(roles).set({ name: values.name, description: values.description, updatedAt: values.at }).where(eq(roles.roleId, roleId));
}

export async function replaceRolePermissions(db: Executor, roleId: number, permissionIds: number[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissionIds.length > 0) await db.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
}

export async function holderIds(db: Executor, roleIds: number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  const rows = await db.select({ id: users.userId }).from(users).where(inArray(users.roleId, roleIds));
  return rows.map((r) => r.id);
}

/** Moves every holder of `from` to `to`; returns the moved user ids. */
export async function moveHolders(db: Executor, from: number, to: number, at: Date): Promise<number[]> {
  const rows = await db.update(users).set({ roleId: to, updatedAt: at }).where(eq(users.roleId, from)).returning({ id: users.userId });
  return rows.map((r) => r.id);
}

export async function deleteRole(db: Executor, roleId: number): Promise<void> {
  await db.delete(roles).where(eq(roles.roleId, roleId));
}

/** Every role with its permission ids (the roles × permissions report). */
export async function allRolesWithPermissions(db: Executor) {
  return (await listRoles(db, { limit: 100_000, skip: 0 })).records;
}

import { PERMISSIONS, USER_TYPE, type PermissionCode, type UserType } from '@strata/shared';
import type { Database } from '../db/client.js';
import { contractors, contracts, rolePermissions, roles, userContracts, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Math.random().toString(36).slice(2, 6)}`;

export async function createRole(db: Database, codes: readonly PermissionCode[] | 'all', name = unique('role')) {
  const [role] = await db.orm.insert(roles).values({ name }).returning();
  const ids = PERMISSIONS.filter((p) => codes === 'all' || (codes as readonly string[]).includes(p.code)).map((p) => p.id);
  if (ids.length > 0) await db.orm.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: role!.roleId, permissionId })));
  return role!;
}

export async function createContractor(db: Database, name = unique('Contractor ')) {
  const [row] = await db.orm.insert(contractors).values({ name }).returning();
  return row!;
}

export async function createContract(db: Database, values: Partial<typeof contracts.$inferInsert> = {}) {
  const [row] = await db.orm
    .insert(contracts)
    .values({ no: unique('C'), title: 'Test contract', easting: 30000, northing: 30000, type: 4, ...values })
    .returning();
  return row!;
}

export interface CreateUserOptions {
  loginName?: string;
  password?: string;
  userType?: UserType;
  roleId?: number | null;
  contractorId?: number | null;
  status?: 'active' | 'pending' | 'suspended' | 'terminated';
  contractIds?: number[];
  tfaEnabled?: boolean;
}

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * A fixture user's password hash, made once per password and worker: a real argon2id hash (19 MiB, 2 passes), but
 * test files create hundreds of users with the same few passwords, and each hash costs a CPU-bound ~50 ms. Sign-in
 * still verifies it; users created through the API hash their own passwords.
 */
const fixtureHashes = new Map<string, Promise<string>>();
function fixtureHash(password: string): Promise<string> {
  let hash = fixtureHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    fixtureHashes.set(password, hash);
  }
  return hash;
}

export async function createUser(db: Database, o: CreateUserOptions = {}) {
  const loginName = (o.loginName ?? unique('user')).toLowerCase();
  const [user] = await db.orm
    .insert(users)
    .values({
      loginName,
      fullname: `Test ${loginName}`,
      email: `${loginName}@example.com`,
      userType: o.userType ?? USER_TYPE.Authority,
      roleId: o.roleId ?? null,
      contractorId: o.contractorId ?? null,
      status: o.status ?? 'active',
      passwordHash: await fixtureHash(o.password ?? TEST_PASSWORD),
      passwordChangedAt: new Date(),
      tfaEnabled: o.tfaEnabled ?? false,
    })
    .returning();
  if (o.contractIds?.length) await db.orm.insert(userContracts).values(o.contractIds.map((contractId) => ({ userId: user!.userId, contractId })));
  return user!;
}

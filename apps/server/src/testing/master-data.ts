/** Fixtures and helpers for the master-data API tests (issue 6). */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SEVERITY_COLORS, USER_TYPE, type PermissionCode, type UserType } from '@strata/shared';
import type { Database } from '../db/client.js';
import { alertLevels, auditLog, instrumentTypes, instruments, readingCodes, zones } from '../db/schema/index.js';
import { createContract, createContractor, createRole, createUser } from './fixtures.js';
import { signIn, type Session, type TestApp } from './harness.js';

/** A temporary data folder (uploads are written under it). */
export const tempDataDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `strata-${prefix}-`));

/** Every file under a folder, recursively (storage keys are folders and random names); none when it is not there. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** A multipart body with one file part named `files` and optional text fields (sent before the file). */
export function multipart(fileName: string, data: Buffer | string, fields: Record<string, string> = {}, contentType = 'application/octet-stream') {
  const boundary = `----strata${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`));
  parts.push(typeof data === 'string' ? Buffer.from(data) : data);
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function createLevels(db: Database) {
  const rows = await db.orm
    .insert(alertLevels)
    .values([
      { code: 'CL', name: 'Check Level', color: SEVERITY_COLORS[1], severity: 1, sortOrder: 0 },
      { code: 'AL', name: 'Alert Level', color: SEVERITY_COLORS[2], severity: 2, sortOrder: 1 },
      { code: 'PDL', name: 'Pre-Determined Level', color: SEVERITY_COLORS[3], severity: 3, sortOrder: 2 },
      { code: 'WSL', name: 'Work Suspension Level', color: SEVERITY_COLORS[4], severity: 4, sortOrder: 3 },
    ])
    .onConflictDoNothing()
    .returning();
  return rows;
}

export async function createType(db: Database, code: string, codes: string[] = ['DSPA'], name = `${code} type`) {
  const [type] = await db.orm.insert(instrumentTypes).values({ code, name }).returning();
  const rc = codes.length
    ? await db.orm
        .insert(readingCodes)
        .values(codes.map((c, i) => ({ typeId: type!.typeId, code: c, description: `${c} reading`, unit: 'mm', sortOrder: i })))
        .returning()
    : [];
  return { type: type!, codes: rc };
}

export async function createZone(db: Database, contractId: number, name: string, isReport = false) {
  const [row] = await db.orm.insert(zones).values({ contractId, name, isReport }).returning();
  return row!;
}

export async function createInstrument(
  db: Database,
  values: { name: string; contractId: number; typeId: number; easting?: number; northing?: number; zoneId?: number | null },
) {
  const [row] = await db.orm
    .insert(instruments)
    .values({ easting: 30000, northing: 30000, ...values })
    .returning();
  return row!;
}

export const countRows = async (db: Database, table: PgTable) => (await db.orm.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

export async function lastAudit(db: Database, action: string) {
  const [row] = await db.orm
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(sql`${auditLog.auditId} desc`)
    .limit(1);
  return row;
}

export interface World {
  /** Contractor X holds contract A; contractor Y holds contract B. */
  contractorX: number;
  contractorY: number;
  contractA: number;
  contractB: number;
  sessions: Record<'admin' | 'manager' | 'xuser' | 'yuser' | 'nobody', Session>;
  userIds: Record<'admin' | 'manager' | 'xuser' | 'yuser' | 'nobody', number>;
}

/**
 * Two contractors with a contract each and five signed-in users:
 * - admin: AppAdmin with every task (sees every contract);
 * - manager: Authority with `tasks`, assigned A and B;
 * - xuser: Contractor of X with `tasks`, assigned A only;
 * - yuser: Contractor of Y with `tasks`, assigned B only;
 * - nobody: Authority without any task, assigned A and B.
 */
export async function createWorld(t: TestApp, tasks: readonly PermissionCode[]): Promise<World> {
  const x = await createContractor(t.db);
  const y = await createContractor(t.db);
  const a = await createContract(t.db, { contractorId: x.contractorId, easting: 30350, northing: 28620 });
  const b = await createContract(t.db, { contractorId: y.contractorId, easting: 35240, northing: 31460 });
  const all = await createRole(t.db, 'all');
  const some = await createRole(t.db, tasks);
  const none = await createRole(t.db, []);
  const mk = async (loginName: string, userType: UserType, roleId: number, contractIds: number[], contractorId: number | null = null) =>
    (await createUser(t.db, { loginName, userType, roleId, contractIds, contractorId })).userId;
  const stamp = Math.random().toString(36).slice(2, 6);
  const names = { admin: `admin${stamp}`, manager: `manager${stamp}`, xuser: `xuser${stamp}`, yuser: `yuser${stamp}`, nobody: `nobody${stamp}` };
  const userIds = {
    admin: await mk(names.admin, USER_TYPE.AppAdmin, all.roleId, []),
    manager: await mk(names.manager, USER_TYPE.Authority, some.roleId, [a.contractId, b.contractId]),
    xuser: await mk(names.xuser, USER_TYPE.Contractor, some.roleId, [a.contractId], x.contractorId),
    yuser: await mk(names.yuser, USER_TYPE.Contractor, some.roleId, [b.contractId], y.contractorId),
    nobody: await mk(names.nobody, USER_TYPE.Authority, none.roleId, [a.contractId, b.contractId]),
  };
  const sessions = {
    admin: await signIn(t, names.admin),
    manager: await signIn(t, names.manager),
    xuser: await signIn(t, names.xuser),
    yuser: await signIn(t, names.yuser),
    nobody: await signIn(t, names.nobody),
  };
  return { contractorX: x.contractorId, contractorY: y.contractorId, contractA: a.contractId, contractB: b.contractId, sessions, userIds };
}

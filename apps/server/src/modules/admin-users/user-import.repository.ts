/** The user import's reads (what the rows name) and writes (the batch and its pending users), for `user-import.service.ts`. */
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contractors, contracts, roles, userContracts, userImportUsers, userImports, users } from '../../db/schema/index.js';

/** Roles, contractors, the contracts named (by lower-case number) and the login names and e-mails (lower case) already taken. */
export async function importLookups(db: Executor, named: { logins: string[]; emails: string[]; contractNos: string[] }) {
  const { logins, emails, contractNos } = named;
  const [roleRows, contractorRows, contractRows, takenLogins, takenEmails] = await Promise.all([
    db.select({ id: roles.roleId, name: roles.name }).from(roles),
    db.select().from(contractors),
    contractNos.length
      ? db
          .select()
          .from(contracts)
          .where(inArray(sql`lower(${contracts.no})`, contractNos))
      : Promise.resolve([]),
    logins.length ? db.select({ v: users.loginName }).from(users).where(inArray(users.loginName, logins)) : Promise.resolve([]),
    emails.length
      ? db
          .select({ v: sql<string>`lower(${users.email})` })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, emails))
      : Promise.resolve([]),
  ]);
  return { roleRows, contractorRows, contractRows, takenLogins, takenEmails };
}

export async function insertImportBatch(tx: Executor, values: typeof userImports.$inferInsert): Promise<{ id: number }> {
  const [batch] = await tx.insert(userImports).values(values).returning({ id: userImports.importId });
  if (!batch) throw new Error('import insert returned no row');
  return batch;
}

export interface ImportedUser {
  row: number;
  loginName: string;
  fullname: string;
  email: string;
  userType: number;
  roleId: number | null;
  contractorId: number | null;
  contractIds: number[];
}

/** A pending user of an import batch, with their contracts and the row they came from. */
export async function insertImportedUser(tx: Executor, importId: number, v: ImportedUser, now: Date): Promise<{ id: number }> {
  const [u] = await tx
    .insert(users)
    .values({
      loginName: v.loginName,
      fullname: v.fullname,
      email: v.email,
      userType: v.userType,
      roleId: v.roleId,
      contractorId: v.contractorId,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.userId });
  if (!u) throw new Error('user insert returned no row');
  if (v.contractIds.length > 0) await tx.insert(userContracts).values(v.contractIds.map((contractId) => ({ userId: u.id, contractId })));
  await tx.insert(userImportUsers).values({ userId: u.id, importId, rowNo: v.row });
  return u;
}

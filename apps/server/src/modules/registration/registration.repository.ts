import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contractors, users } from '../../db/schema/index.js';
import { likePattern } from '../../db/sql.js';

/** Registrations waiting for approval, oldest first, with the contractor's name; `keyword` in login, name or e-mail. */
export async function listPendingUsers(db: Executor, page: { limit: number; skip: number; keyword?: string }) {
  const like = page.keyword ? likePattern(page.keyword) : null;
  const where = like
    ? and(eq(users.status, 'pending'), or(ilike(users.loginName, like), ilike(users.fullname, like), ilike(users.email, like)))
    : eq(users.status, 'pending');
  const [records, [count]] = await Promise.all([
    db
      .select({ user: users, contractorName: contractors.name })
      .from(users)
      .leftJoin(contractors, eq(contractors.contractorId, users.contractorId))
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.userId))
      .limit(page.limit)
      .offset(page.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

/** Deletes a user that is still pending (a rejected registration); returns whether a row went. */
export async function deletePendingUser(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(sql`${users.userId} = ${userId} and ${users.status} = 'pending'`)
    .returning({ id: users.userId });
  return rows.length > 0;
}

/** Moves a pending user to active (approval); returns the row, or undefined when it was not pending. */
export async function approvePendingUser(db: Executor, userId: number, values: { roleId: number | null; at: Date }) {
  const [row] = await db
    .update(users)
    .set({ status: 'active', roleId: values.roleId, updatedAt: values.at })
    .where(sql`${users.userId} = ${userId} and ${users.status} = 'pending'`)
    .returning();
  return row;
}

/** Every contractor's id and name, by name (the registration form's choice; nothing else of the directory). */
export async function listContractorChoices(db: Executor) {
  return db.select({ contractor_id: contractors.contractorId, name: contractors.name }).from(contractors).orderBy(asc(contractors.name));
}

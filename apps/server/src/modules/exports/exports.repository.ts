import { and, desc, eq, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { generatedFiles, users } from '../../db/schema/index.js';
import type { AdminScope } from '../admin-users/admin-scope.js';

export type GeneratedFileRow = typeof generatedFiles.$inferSelect;

/** A Contractor user sees the files made by their own contractor's users; everyone else every file (per type permission). */
export function fileScope(scope: AdminScope): SQL | undefined {
  if (scope.contractorId === null) return undefined;
  return sql`(${generatedFiles.createdBy} = ${scope.userId} or ${generatedFiles.createdBy} in (select ${users.userId} from ${users} where ${users.contractorId} = ${scope.contractorId}))`;
}

export async function insertGeneratedFile(db: Executor, values: typeof generatedFiles.$inferInsert): Promise<GeneratedFileRow> {
  const [row] = await db.insert(generatedFiles).values(values).returning();
  if (!row) throw new Error('generated file insert returned no row');
  return row;
}

export async function findGeneratedFile(db: Executor, id: number, scope?: AdminScope) {
  const [row] = await db
    .select({ file: generatedFiles, createdByName: users.loginName })
    .from(generatedFiles)
    .leftJoin(users, eq(users.userId, generatedFiles.createdBy))
    .where(and(eq(generatedFiles.id, id), scope ? fileScope(scope) : undefined))
    .limit(1);
  return row;
}

export async function listGeneratedFiles(db: Executor, scope: AdminScope, q: { kind?: string | undefined; types: string[]; limit: number; skip: number }) {
  if (q.types.length === 0) return { records: [], total: 0 };
  const where = and(fileScope(scope), inArray(generatedFiles.type, q.types), q.kind ? eq(generatedFiles.kind, q.kind as 'export' | 'report') : undefined);
  const [records, [count]] = await Promise.all([
    db
      .select({ file: generatedFiles, createdByName: users.loginName })
      .from(generatedFiles)
      .leftJoin(users, eq(users.userId, generatedFiles.createdBy))
      .where(where)
      .orderBy(desc(generatedFiles.createdAt), desc(generatedFiles.id))
      .limit(q.limit)
      .offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(generatedFiles)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

/** Takes a pending file for generation; undefined when someone else already took it (each runs once). */
export async function claimGeneratedFile(db: Executor, id: number, at: Date): Promise<GeneratedFileRow | undefined> {
  const [row] = await db
    .update(generatedFiles)
    .set({ status: 'running', startedAt: at })
    .where(and(eq(generatedFiles.id, id), eq(generatedFiles.status, 'pending')))
    .returning();
  return row;
}

export async function finishGeneratedFile(db: Executor, id: number, values: Partial<typeof generatedFiles.$inferInsert>): Promise<void> {
  await db.update(generatedFiles).set(values).where(eq(generatedFiles.id, id));
}

export async function pendingIds(db: Executor, createdBefore: Date, limit = 20): Promise<number[]> {
  const rows = await db
    .select({ id: generatedFiles.id })
    .from(generatedFiles)
    .where(and(eq(generatedFiles.status, 'pending'), lte(generatedFiles.createdAt, createdBefore)))
    .orderBy(generatedFiles.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function expiredFiles(db: Executor, now: Date, limit = 500) {
  return db
    .select({ id: generatedFiles.id, storageKey: generatedFiles.storageKey })
    .from(generatedFiles)
    .where(lte(generatedFiles.expiresAt, now))
    .limit(limit);
}

export async function deleteGeneratedFiles(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(generatedFiles).where(inArray(generatedFiles.id, ids));
}

/** Files left `running` by a process that died: failed after `before`. */
export async function failStaleRunning(db: Executor, before: Date, at: Date): Promise<number> {
  const rows = await db
    .update(generatedFiles)
    .set({ status: 'failed', error: 'The export did not finish (the process stopped)', completedAt: at })
    .where(and(eq(generatedFiles.status, 'running'), isNotNull(generatedFiles.startedAt), lt(generatedFiles.startedAt, before)))
    .returning({ id: generatedFiles.id });
  return rows.length;
}

import { desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { manualDocuments, users } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';

const view = { document: manualDocuments, uploadedBy: users.fullname };

export async function listDocuments(db: Executor, f: { limit: number; skip: number; keyword?: string | undefined }) {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  const where = kw ? or(sql`${manualDocuments.title} ilike ${kw}`, sql`${manualDocuments.fileName} ilike ${kw}`) : undefined;
  const [records, [count]] = await Promise.all([
    db
      .select(view)
      .from(manualDocuments)
      .leftJoin(users, eq(users.userId, manualDocuments.uploadedBy))
      .where(where)
      .orderBy(desc(manualDocuments.createdAt), desc(manualDocuments.documentId))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(manualDocuments)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findDocument(db: Executor, id: number) {
  const [row] = await db
    .select(view)
    .from(manualDocuments)
    .leftJoin(users, eq(users.userId, manualDocuments.uploadedBy))
    .where(eq(manualDocuments.documentId, id))
    .limit(1);
  return row;
}

export async function insertDocument(tx: Executor, values: typeof manualDocuments.$inferInsert) {
  const [row] = await tx.insert(manualDocuments).values(values).returning();
  if (!row) throw new Error('document insert returned no row');
  return row;
}

export async function deleteDocument(tx: Executor, id: number) {
  await tx.delete(manualDocuments).where(eq(manualDocuments.documentId, id));
}

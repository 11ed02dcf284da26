import { desc, ilike, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import { likePattern } from '../../db/sql.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** The outbox, newest first, optionally by recipient (contains, case-insensitive). */
export async function listOutbox(db: Executor, q: { limit: number; skip: number; to?: string | undefined }) {
  const where = q.to ? ilike(outbox.to, likePattern(q.to)) : undefined;
  const [records, [count]] = await Promise.all([
    db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(q.limit).offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

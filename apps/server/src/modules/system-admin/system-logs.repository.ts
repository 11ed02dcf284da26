import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { systemLogs } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';

export type SystemLogRow = typeof systemLogs.$inferSelect;
export type NewSystemLog = typeof systemLogs.$inferInsert;

export async function insertSystemLog(db: Executor, entry: NewSystemLog): Promise<void> {
  await db.insert(systemLogs).values({ ...entry, message: entry.message.slice(0, 1000) });
}

export interface SystemLogFilters {
  level?: string | undefined;
  source?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  toInclusive?: boolean;
  keyword?: string | undefined;
}

export async function listSystemLogs(db: Executor, f: SystemLogFilters, page: { limit: number; skip: number }) {
  const conditions: (SQL | undefined)[] = [
    f.level ? eq(systemLogs.level, f.level as SystemLogRow['level']) : undefined,
    f.source ? eq(systemLogs.source, f.source) : undefined,
    f.from ? gte(systemLogs.at, f.from) : undefined,
    f.to ? (f.toInclusive ? lte(systemLogs.at, f.to) : lt(systemLogs.at, f.to)) : undefined,
  ];
  if (f.keyword) {
    const p = `%${likeEscape(f.keyword)}%`;
    conditions.push(
      or(
        sql`${systemLogs.message} ilike ${p}`,
        sql`${systemLogs.route} ilike ${p}`,
        sql`${systemLogs.queue} ilike ${p}`,
        sql`${systemLogs.requestId} ilike ${p}`,
      ),
    );
  }
  const where = and(...conditions);
  const [records, [count]] = await Promise.all([
    db.select().from(systemLogs).where(where).orderBy(desc(systemLogs.at), desc(systemLogs.logId)).limit(page.limit).offset(page.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(systemLogs)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

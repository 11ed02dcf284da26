import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { TAuditLogFilters } from '@strata/shared';
import type { Executor } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { dateRange, likeEscape } from '../../lib/filters.js';
import type { AdminScope } from '../admin-users/admin-scope.js';

export type AuditRow = typeof auditLog.$inferSelect;

/** The audit filters as SQL; a Contractor administrator sees only rows of their contractor's users. */
export function auditConditions(scope: AdminScope, f: TAuditLogFilters): SQL | undefined {
  const range = dateRange(f.from, f.to);
  const conditions: (SQL | undefined)[] = [
    scope.contractorId === null
      ? undefined
      : sql`${auditLog.userId} in (select ${users.userId} from ${users} where ${users.contractorId} = ${scope.contractorId})`,
    f.user_id !== undefined ? eq(auditLog.userId, f.user_id) : undefined,
    f.action ? sql`${auditLog.action} like ${`${likeEscape(f.action)}%`}` : undefined,
    f.entity_type ? eq(auditLog.entityType, f.entity_type) : undefined,
    f.entity_id ? eq(auditLog.entityId, f.entity_id) : undefined,
    range.from ? gte(auditLog.at, range.from) : undefined,
    range.to ? (range.toInclusive ? lte(auditLog.at, range.to) : lt(auditLog.at, range.to)) : undefined,
  ];
  if (f.keyword) {
    const p = `%${likeEscape(f.keyword)}%`;
    conditions.push(
      sql`(${auditLog.loginName} ilike ${p} or ${auditLog.action} ilike ${p} or ${auditLog.entityType} ilike ${p} or ${auditLog.entityId} ilike ${p}
        or ${auditLog.clientAddress} ilike ${p} or ${auditLog.before}::text ilike ${p} or ${auditLog.after}::text ilike ${p})`,
    );
  }
  return and(...conditions);
}

export async function listAudit(db: Executor, where: SQL | undefined, page: { limit: number; skip: number }) {
  const [records, [count]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.auditId)).limit(page.limit).offset(page.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function countAudit(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  return row?.n ?? 0;
}

/** Newest first, in pages by keyset (audit ids only grow, so `before` the last id continues the walk). */
export async function auditPage(db: Executor, where: SQL | undefined, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(where, beforeId === null ? undefined : lt(auditLog.auditId, beforeId)))
    .orderBy(desc(auditLog.auditId))
    .limit(limit);
}

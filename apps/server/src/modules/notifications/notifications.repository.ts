import { and, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { USER_TYPE } from '@strata/shared';
import type { Executor } from '../../db/client.js';
import { likePattern } from '../../db/sql.js';
import { notifications, userContracts, users } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** Rows per INSERT and ids per `IN (...)`: well under the 65535 bind parameters of one statement. */
const BATCH = 1000;

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

export interface NotificationFilters {
  limit: number;
  skip: number;
  keyword?: string | undefined;
  type?: string | undefined;
  severity?: number | undefined;
  read?: boolean | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before (`toInclusive`: at or before). */
  to?: Date | undefined;
  toInclusive?: boolean;
}

/** One user's notifications, newest first, with the total matching the filters. */
export async function listNotifications(db: Executor, userId: number, f: NotificationFilters) {
  const conditions: (SQL | undefined)[] = [
    eq(notifications.userId, userId),
    f.keyword ? ilike(notifications.message, likePattern(f.keyword)) : undefined,
    f.type ? eq(notifications.type, f.type) : undefined,
    f.severity ? eq(notifications.severity, f.severity) : undefined,
    f.read === undefined ? undefined : eq(notifications.read, f.read),
    f.from ? gte(notifications.createdAt, f.from) : undefined,
    f.to ? (f.toInclusive ? lte(notifications.createdAt, f.to) : lt(notifications.createdAt, f.to)) : undefined,
  ];
  const where = and(...conditions);
  const [records, [count]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.notificationId)).limit(f.limit).offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findOwnNotification(db: Executor, userId: number, notificationId: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.notificationId, notificationId), eq(notifications.userId, userId)))
    .limit(1);
  return row;
}

export async function markRead(db: Executor, userId: number, notificationId: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.notificationId, notificationId), eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.notificationId });
  return rows.length > 0;
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllRead(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.notificationId });
  return rows.length;
}

export type RecipientTarget = readonly number[] | { contractId: number } | 'all';

/**
 * The active users a notification goes to: the given ids, the users of a contract (assigned to it, and every
 * AppAdmin, who sees every contract), or everyone.
 */
export async function recipientIds(db: Executor, target: RecipientTarget): Promise<number[]> {
  const active = eq(users.status, 'active');
  let where: SQL | undefined;
  if (target === 'all') where = active;
  else if ('contractId' in target) {
    const assigned = sql`${users.userId} in (select ${userContracts.userId} from ${userContracts} where ${userContracts.contractId} = ${target.contractId})`;
    where = and(active, or(eq(users.userType, USER_TYPE.AppAdmin), assigned));
  } else {
    const ids = [...new Set(target)];
    if (ids.length === 0) return [];
    const out: number[] = [];
    for (let i = 0; i < ids.length; i += BATCH) {
      const rows = await db
        .select({ id: users.userId })
        .from(users)
        .where(and(active, inArray(users.userId, ids.slice(i, i + BATCH))));
      out.push(...rows.map((r) => r.id));
    }
    return out.sort((a, b) => a - b);
  }
  const rows = await db.select({ id: users.userId }).from(users).where(where).orderBy(users.userId);
  return rows.map((r) => r.id);
}

export interface NewNotification {
  type: string;
  message: string;
  messageKey: string | null;
  messageParams: Record<string, string | number | boolean | null> | null;
  severity: number;
  linkUri: string | null;
  createdAt: Date;
}

/** One row per user. */
export async function insertForUsers(db: Executor, userIds: readonly number[], n: NewNotification): Promise<void> {
  for (let i = 0; i < userIds.length; i += BATCH) {
    await db.insert(notifications).values(userIds.slice(i, i + BATCH).map((userId) => ({ userId, ...n })));
  }
}

/** Unread counts of these users (0 for those without any). */
export async function unreadCounts(db: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(userIds.map((id) => [id, 0]));
  for (let i = 0; i < userIds.length; i += BATCH) {
    const rows = await db
      .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.read, false), inArray(notifications.userId, userIds.slice(i, i + BATCH))))
      .groupBy(notifications.userId);
    for (const r of rows) out.set(r.userId, r.n);
  }
  return out;
}

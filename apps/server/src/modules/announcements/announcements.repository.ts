import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { announcementReads, announcements } from '../../db/schema/index.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** Not cleared and within its window at `now`. */
function currentAt(now: Date): SQL | undefined {
  return and(isNull(announcements.clearedAt), lte(announcements.startsAt, now), or(isNull(announcements.endsAt), gt(announcements.endsAt, now)));
}

/** The current announcement, unless this user has acknowledged it. */
export async function findCurrentUnread(db: Executor, userId: number, now: Date): Promise<AnnouncementRow | undefined> {
  const acknowledged = sql`exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.announcementId} and ${announcementReads.userId} = ${userId})`;
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(currentAt(now), sql`not ${acknowledged}`))
    .orderBy(desc(announcements.createdAt), desc(announcements.announcementId))
    .limit(1);
  return row;
}

export async function findCurrentById(db: Executor, announcementId: number, now: Date): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.announcementId, announcementId), currentAt(now)))
    .limit(1);
  return row;
}

/** Records the acknowledgement once; true when it was new. */
export async function insertRead(db: Executor, announcementId: number, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(announcementReads)
    .values({ announcementId, userId, readAt: at })
    .onConflictDoNothing()
    .returning({ id: announcementReads.announcementId });
  return rows.length > 0;
}

/** Clears every announcement not yet cleared (current or scheduled); returns the cleared rows. */
export async function clearOpen(db: Executor, at: Date): Promise<AnnouncementRow[]> {
  return db.update(announcements).set({ clearedAt: at }).where(isNull(announcements.clearedAt)).returning();
}

export async function insertAnnouncement(db: Executor, values: typeof announcements.$inferInsert): Promise<AnnouncementRow> {
  const [row] = await db.insert(announcements).values(values).returning();
  if (!row) throw new Error('announcement insert returned no row');
  return row;
}

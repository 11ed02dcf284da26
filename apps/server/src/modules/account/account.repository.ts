import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preferences, recentPages } from '../../db/schema/index.js';

export async function readPreferences(db: Executor, userId: number): Promise<unknown> {
  const [row] = await db.select({ data: preferences.data }).from(preferences).where(eq(preferences.userId, userId)).limit(1);
  return row?.data;
}

export async function writePreferences(db: Executor, userId: number, data: unknown): Promise<void> {
  await db
    .insert(preferences)
    .values({ userId, data })
    .onConflictDoUpdate({ target: preferences.userId, set: { data, updatedAt: new Date() } });
}

/** How many recent pages are kept per user. */
export const RECENT_PAGES_KEPT = 50;

/** Records a visit: one row per URL (the visit time moves forward), and only the latest 50 URLs are kept. */
export async function recordRecentPage(db: Executor, userId: number, url: string, at: Date): Promise<void> {
  await db
    .insert(recentPages)
    .values({ userId, url, visitedAt: at })
    .onConflictDoUpdate({ target: [recentPages.userId, recentPages.url], set: { visitedAt: at } });
  const keep = db
    .select({ url: recentPages.url })
    .from(recentPages)
    .where(eq(recentPages.userId, userId))
    .orderBy(desc(recentPages.visitedAt), desc(recentPages.url))
    .limit(RECENT_PAGES_KEPT);
  await db.delete(recentPages).where(and(eq(recentPages.userId, userId), notInArray(recentPages.url, keep)));
}

export async function listRecentPages(db: Executor, userId: number, limit: number) {
  return db
    .select({ url: recentPages.url, visitedAt: recentPages.visitedAt })
    .from(recentPages)
    .where(eq(recentPages.userId, userId))
    .orderBy(desc(recentPages.visitedAt), desc(recentPages.url))
    .limit(limit);
}

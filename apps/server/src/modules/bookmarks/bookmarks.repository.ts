import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { bookmarks } from '../../db/schema/index.js';

export type BookmarkRow = typeof bookmarks.$inferSelect;

/** A user's own bookmarks, newest first. */
export async function listBookmarks(db: Executor, userId: number, page: { limit: number; skip: number }): Promise<BookmarkRow[]> {
  return db
    .select()
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.bookmarkId))
    .limit(page.limit)
    .offset(page.skip);
}

export async function countBookmarks(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId));
  return row?.n ?? 0;
}

/** The bookmark only when it belongs to the user. */
export async function findOwnBookmark(db: Executor, userId: number, bookmarkId: number): Promise<BookmarkRow | undefined> {
  const [row] = await db
    .select()
    .from(bookmarks)
    .where(and(eq(bookmarks.bookmarkId, bookmarkId), eq(bookmarks.userId, userId)))
    .limit(1);
  return row;
}

export async function insertBookmark(db: Executor, values: typeof bookmarks.$inferInsert): Promise<BookmarkRow> {
  const [row] = await db.insert(bookmarks).values(values).returning();
  if (!row) throw new Error('bookmark insert returned no row');
  return row;
}

export async function updateOwnBookmark(
  db: Executor,
  userId: number,
  bookmarkId: number,
  values: { name: string; path: string; icon: string | null; updatedAt: Date },
): Promise<BookmarkRow | undefined> {
  const [row] = await db
    .update(bookmarks)
    .set(values)
    .where(and(eq(bookmarks.bookmarkId, bookmarkId), eq(bookmarks.userId, userId)))
    .returning();
  return row;
}

export async function deleteOwnBookmark(db: Executor, userId: number, bookmarkId: number): Promise<BookmarkRow | undefined> {
  const [row] = await db
    .delete(bookmarks)
    .where(and(eq(bookmarks.bookmarkId, bookmarkId), eq(bookmarks.userId, userId)))
    .returning();
  return row;
}

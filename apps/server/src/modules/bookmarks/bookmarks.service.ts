import { MESSAGES, type TBookmark, type TBookmarkList, type TBookmarkRequest, type TListBookmarksQuery } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import {
  countBookmarks,
  deleteOwnBookmark,
  findOwnBookmark,
  insertBookmark,
  listBookmarks,
  updateOwnBookmark,
  type BookmarkRow,
} from './bookmarks.repository.js';

export const MAX_BOOKMARKS = 1000;

export function presentBookmark(row: BookmarkRow): TBookmark {
  return { bookmark_id: row.bookmarkId, name: row.name, path: row.path, icon: row.icon, created: row.createdAt.toISOString() };
}

const fields = (row: Pick<BookmarkRow, 'name' | 'path' | 'icon'>) => ({ name: row.name, path: row.path, icon: row.icon });

/**
 * A user's saved pages (Favorites). Every query is scoped to the caller in the repository: another user's bookmark id
 * answers 404 and changes nothing. Paths are same-site (checked by the schema, and here once more by URL parsing).
 */
export class BookmarksService {
  constructor(private readonly ctx: AppContext) {}

  async list(actor: Actor, q: TListBookmarksQuery): Promise<TBookmarkList> {
    const rows = await listBookmarks(this.ctx.db.orm, actor.userId, q);
    return { records: rows.map(presentBookmark) };
  }

  async create(actor: Actor, body: TBookmarkRequest): Promise<TBookmark> {
    const values = this.values(body);
    const now = this.ctx.now();
    const row = await this.ctx.db.orm.transaction(async (tx) => {
      if ((await countBookmarks(tx, actor.userId)) >= MAX_BOOKMARKS) throw badRequest(MESSAGES.tooManyBookmarks);
      const row = await insertBookmark(tx, { userId: actor.userId, ...values, createdAt: now, updatedAt: now });
      await writeAudit(tx, actor, { action: 'bookmarks.create', entityType: 'bookmark', entityId: row.bookmarkId, after: fields(row) });
      return row;
    });
    return presentBookmark(row);
  }

  async update(actor: Actor, bookmarkId: number, body: TBookmarkRequest): Promise<TBookmark> {
    const values = this.values(body);
    const row = await this.ctx.db.orm.transaction(async (tx) => {
      const before = await findOwnBookmark(tx, actor.userId, bookmarkId);
      if (!before) throw notFound(MESSAGES.bookmarkNotFound);
      const row = await updateOwnBookmark(tx, actor.userId, bookmarkId, { ...values, updatedAt: this.ctx.now() });
      if (!row) throw notFound(MESSAGES.bookmarkNotFound);
      await writeAudit(tx, actor, { action: 'bookmarks.update', entityType: 'bookmark', entityId: bookmarkId, ...changedFields(fields(before), fields(row)) });
      return row;
    });
    return presentBookmark(row);
  }

  async remove(actor: Actor, bookmarkId: number): Promise<void> {
    await this.ctx.db.orm.transaction(async (tx) => {
      const row = await deleteOwnBookmark(tx, actor.userId, bookmarkId);
      if (!row) throw notFound(MESSAGES.bookmarkNotFound);
      await writeAudit(tx, actor, { action: 'bookmarks.delete', entityType: 'bookmark', entityId: bookmarkId, before: fields(row) });
    });
  }

  private values(body: TBookmarkRequest) {
    // Belt and braces over the schema: resolving the path against a base must keep the base's origin.
    const base = 'http://same.site';
    const sameSite = URL.canParse(body.path, base) && new URL(body.path, base).origin === base;
    if (!sameSite) throw badRequest({ path: 'Path must be a page of this site, starting with /' });
    return { name: body.name, path: body.path, icon: body.icon || null };
  }
}

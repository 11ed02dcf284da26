import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** A user's saved pages (Favorites): a same-site path with its query string. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    bookmarkId: serial('bookmark_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    icon: text('icon'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bookmarks_user_idx').on(t.userId, t.createdAt)],
);

/** Pages a user opened lately (Recents), one row per URL, the latest 50 kept. */
export const recentPages = pgTable(
  'recent_pages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.url] }), index('recent_pages_user_idx').on(t.userId, t.visitedAt)],
);

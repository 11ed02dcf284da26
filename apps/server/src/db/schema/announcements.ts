import { sql } from 'drizzle-orm';
import { bigserial, bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * The one-time announcement dialog. At most one is current: not cleared and `starts_at <= now < ends_at` (or no end).
 * Writing a new one clears the previous ones; rows are kept for the audit trail.
 */
export const announcements = pgTable(
  'announcements',
  {
    announcementId: bigserial('announcement_id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    index('announcements_open_idx')
      .on(t.startsAt)
      .where(sql`cleared_at is null`),
  ],
);

/** Who has acknowledged which announcement: the dialog shows once per user per announcement. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: bigint('announcement_id', { mode: 'number' })
      .notNull()
      .references(() => announcements.announcementId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index('announcement_reads_user_idx').on(t.userId)],
);

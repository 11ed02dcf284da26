import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { users } from './accounts.js';

/** A user's notifications (type, message, severity 1..4, link). */
export const notifications = pgTable(
  'notifications',
  {
    notificationId: bigserial('notification_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** A server-made message as a key of the web's `serverMessages` and its parameters (null: a person's own text). */
    messageKey: text('message_key'),
    messageParams: jsonb('message_params').$type<Record<string, string | number | boolean | null>>(),
    severity: smallint('severity').notNull().default(1),
    linkUri: text('link_uri'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read = false`),
  ],
);

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * Comments on records (issue 8), generic over (topic, ref_id): the topic is the record category of
 * `modules/records/record-refs.ts` (`instrument`, …) and ref_id the record's id. There is no foreign key to the record
 * (records live in many tables): every read and write goes through the category's resolver, which scopes by contract.
 * Replies are one level deep (`parent_id` is a top-level comment of the same record) and go with their parent.
 */
export const comments = pgTable(
  'comments',
  {
    commentId: serial('comment_id').primaryKey(),
    topic: text('topic').notNull(),
    refId: integer('ref_id').notNull(),
    refData: text('ref_data'),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.commentId, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    /** A page of the record below the language prefix; the mail and notification link to it. */
    linkUri: text('link_uri'),
    /** Null once the sender's account is deleted (shown as "Deleted User"). */
    senderId: integer('sender_id').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A record's top-level comments, newest first.
    index('comments_record_idx')
      .on(t.topic, t.refId, t.createdAt)
      .where(sql`${t.parentId} is null`),
    // A comment's replies, oldest first.
    index('comments_parent_idx').on(t.parentId, t.createdAt),
  ],
);

/** Who a comment was sent to: e-mail addresses (lower case) of the users chosen when it was posted. */
export const commentRecipients = pgTable(
  'comment_recipients',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.commentId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.email] })],
);

import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail the application writes. Without SMTP this table is the delivery (admins and tests read it); with SMTP
 * each row also records when it went out (`sent_at`) or why it did not (`error`).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** A file in Storage sent as the mail's attachment (scheduled reports), its name and content type. */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_to_idx').on(t.to, t.createdAt)],
);

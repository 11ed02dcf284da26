import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** The user manual's documents (issue 6, `/master-data/documentations`), shown on `/user-manual`. */
export const manualDocuments = pgTable(
  'manual_documents',
  {
    documentId: serial('document_id').primaryKey(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('manual_documents_created_idx').on(t.createdAt)],
);

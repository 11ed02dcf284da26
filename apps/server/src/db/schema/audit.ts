import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';

/** Append-only: no API edits or deletes rows. */
export const auditLog = pgTable(
  'audit_log',
  {
    auditId: bigserial('audit_id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for anonymous actions (a failed sign-in). */
    userId: integer('user_id'),
    loginName: text('login_name'),
    clientAddress: text('client_address'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entityType, t.entityId), index('audit_log_user_idx').on(t.userId, t.at)],
);

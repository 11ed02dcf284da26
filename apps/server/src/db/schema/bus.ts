import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';

/**
 * Bus events too large for a NOTIFY payload (~8000 bytes): the NOTIFY carries `{"origin", "ref": id}` and every
 * subscriber reads the row. Rows older than an hour are deleted by later publishes (see platform/bus.ts).
 */
export const busPayloads = pgTable(
  'bus_payloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bus_payloads_created_at_idx').on(t.createdAt)],
);

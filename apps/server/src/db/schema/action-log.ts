import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contracts, users } from './accounts.js';
import { alerts } from './alerts.js';
import { attachments } from './attachments.js';
import { instruments } from './master-data.js';

/**
 * The Log of Actions Taken (issue 9). See docs/decisions/018-action-log.md.
 *
 * - `action_cases`: a case per alert (breached instrument or scenario-based) or per damaged instrument, open until
 *   closed with a reason. One OPEN case per alert, and one open damaged case per instrument (unique partial indexes).
 *   The alert or instrument may go (set null): the log outlives them; the contract may not (cascade, as its alerts).
 * - `action_case_entries`: the follow-ups — what was done, when (`done_at`, as told), by whom, written when.
 * - `action_entry_files`: the photos and documents of a follow-up. The files themselves are attachments of the record
 *   `(case, case_id)`; a file belongs to at most one follow-up.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const ACTION_CASE_CATEGORY_VALUES = ['breached', 'scenario', 'damaged'] as const;
export const ACTION_CASE_STATUS_VALUES = ['open', 'closed'] as const;

export const actionCases = pgTable(
  'action_cases',
  {
    caseId: serial('case_id').primaryKey(),
    category: text('category', { enum: ACTION_CASE_CATEGORY_VALUES }).notNull(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    alertId: integer('alert_id').references(() => alerts.alertId, { onDelete: 'set null' }),
    instrumentId: integer('instrument_id').references(() => instruments.instrumentId, { onDelete: 'set null' }),
    status: text('status', { enum: ACTION_CASE_STATUS_VALUES }).notNull().default('open'),
    title: text('title').notNull(),
    openedBy: integer('opened_by').references(() => users.userId, { onDelete: 'set null' }),
    openedAt: ts('opened_at').notNull(),
    closedBy: integer('closed_by').references(() => users.userId, { onDelete: 'set null' }),
    closedAt: ts('closed_at'),
    closeReason: text('close_reason'),
  },
  (t) => [
    uniqueIndex('action_cases_open_alert_key')
      .on(t.alertId)
      .where(sql`${t.status} = 'open' and ${t.alertId} is not null`),
    uniqueIndex('action_cases_open_damaged_key')
      .on(t.instrumentId)
      .where(sql`${t.status} = 'open' and ${t.category} = 'damaged' and ${t.instrumentId} is not null`),
    // Lists: a contract's cases by category and status, newest first.
    index('action_cases_contract_idx').on(t.contractId, t.category, t.status, t.openedAt),
    index('action_cases_alert_idx').on(t.alertId),
    index('action_cases_instrument_idx').on(t.instrumentId),
  ],
);

export const actionCaseEntries = pgTable(
  'action_case_entries',
  {
    entryId: serial('entry_id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => actionCases.caseId, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    doneAt: ts('done_at').notNull(),
    byUser: integer('by_user').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('action_case_entries_case_idx').on(t.caseId, t.doneAt)],
);

export const actionEntryFiles = pgTable(
  'action_entry_files',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => actionCaseEntries.entryId, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => attachments.fileId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.fileId] }), uniqueIndex('action_entry_files_file_key').on(t.fileId)],
);

import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { REPORT_OUTPUTS } from '@strata/shared';
import { jsonb } from './jsonb.js';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const REPORT_STATES = ['pending', 'running', 'completed', 'failed', 'too_large'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/**
 * Monitoring reports (issue 20, decision 039): `POST /reports/{type}` writes the row, a job (or the per-minute sweep)
 * claims it (pending -> running), builds and renders the document to a temporary file and moves it into storage under
 * `storage_key` until `expires_at`. Contract-scoped: `contract_ids` are the report's contracts, all within the
 * creator's scope when it was asked for and when it ran; a viewer's scope must hold all of them.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A report type code (ENGINE_REPORT_TYPES). */
    type: text('type').notNull(),
    output: text('output', { enum: REPORT_OUTPUTS }).notNull(),
    contractIds: integer('contract_ids').array().notNull(),
    /** The request's parameters (ZReportParams), as validated. */
    params: jsonb('params').notNull(),
    /** The browser's offset from UTC in hours (`tzo`) when the report was asked for. */
    tzoHours: doublePrecision('tzo_hours').notNull().default(0),
    background: boolean('background').notNull().default(false),
    onDemand: boolean('on_demand').notNull().default(false),
    status: text('status', { enum: REPORT_STATES }).notNull().default('pending'),
    /** Progress while running: section `progress_done` of `progress_total`, named `progress_label`. */
    progressDone: integer('progress_done'),
    progressTotal: integer('progress_total'),
    progressLabel: text('progress_label'),
    /**
     * The access token is HMAC(secret key, `token_salt`): it can be given again to the report's viewers (check) without
     * being stored; `token_hash` (sha-256 of the token) is what a download's token is compared with.
     */
    tokenSalt: text('token_salt').notNull(),
    tokenHash: text('token_hash').notNull(),
    storageKey: text('storage_key'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    /** The first and last day of the period (both included), in the configured zone when the report was asked for. */
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('reports_created_idx').on(t.createdAt),
    index('reports_creator_idx').on(t.createdBy, t.createdAt),
    index('reports_contracts_idx').using('gin', t.contractIds),
    index('reports_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('reports_running_idx')
      .on(t.startedAt)
      .where(sql`${t.status} = 'running'`),
    index('reports_expires_idx').on(t.expiresAt),
  ],
);

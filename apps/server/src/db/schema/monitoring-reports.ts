import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { contracts, users } from './accounts.js';
import { reports } from './reports.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The approval statuses of a full monitoring report (decision 040; MONITORING_REPORT_STATUS in packages/shared). */
export const MONITORING_REPORT_STATES = ['generating', 'failed', 'prepared', 'checking', 'approving', 'returned', 'published', 'superseded'] as const;

/** A monitoring template (issue 20, decision 040): an ordered list of sections with their options, per contract. */
export const monitoringTemplates = pgTable(
  'monitoring_templates',
  {
    templateId: serial('template_id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** ZMonitoringSection[], validated. */
    sections: jsonb('sections').notNull(),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.userId, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('monitoring_templates_contract_idx').on(t.contractId, t.name)],
);

/**
 * A full monitoring report (decision 040): one revision of a report number of a contract. The draft is the engine's
 * PDF copied to `draft_key` (engine reports expire after 7 days; drafts do not), hashed (`content_sha256`); publishing
 * stamps and stores it once under `published_key` with `published_sha256`, re-checked on every download.
 */
export const monitoringReports = pgTable(
  'monitoring_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId),
    templateId: integer('template_id').references(() => monitoringTemplates.templateId, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    /** The template's sections when the report was asked for: later edits of the template do not change it. */
    sections: jsonb('sections').notNull(),
    reportNo: text('report_no').notNull(),
    revision: integer('revision').notNull(),
    title: text('title').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: MONITORING_REPORT_STATES }).notNull().default('generating'),
    /** The engine's report that makes the draft (null once the engine's row has expired). */
    reportId: bigint('report_id', { mode: 'number' }).references(() => reports.id, { onDelete: 'set null' }),
    preparedBy: integer('prepared_by').references(() => users.userId, { onDelete: 'set null' }),
    checkedBy: integer('checked_by').references(() => users.userId, { onDelete: 'set null' }),
    checkedAt: ts('checked_at'),
    approvedBy: integer('approved_by').references(() => users.userId, { onDelete: 'set null' }),
    approvedAt: ts('approved_at'),
    contentSha256: text('content_sha256'),
    draftKey: text('draft_key'),
    publishedKey: text('published_key'),
    publishedSha256: text('published_sha256'),
    size: bigint('size', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('monitoring_reports_revision_key').on(t.contractId, t.reportNo, t.revision),
    index('monitoring_reports_report_idx').on(t.reportId),
    index('monitoring_reports_status_idx').on(t.status, t.createdAt),
    check(
      'monitoring_reports_status_check',
      sql`${t.status} in ('generating', 'failed', 'prepared', 'checking', 'approving', 'returned', 'published', 'superseded')`,
    ),
  ],
);

/** Each step of the approval workflow (submit, check, approve, return) with its comment. */
export const monitoringReportSteps = pgTable(
  'monitoring_report_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    monitoringReportId: bigint('monitoring_report_id', { mode: 'number' })
      .notNull()
      .references(() => monitoringReports.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    comment: text('comment').notNull().default(''),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('monitoring_report_steps_report_idx').on(t.monitoringReportId, t.createdAt)],
);

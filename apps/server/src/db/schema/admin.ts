import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const GENERATED_FILE_STATES = ['pending', 'running', 'completed', 'failed', 'too_large'] as const;
export type GeneratedFileState = (typeof GENERATED_FILE_STATES)[number];

/** Exports and reports made by jobs (`POST /exports/{type}`); the file lives in storage under `storage_key` until `expires_at`. */
export const generatedFiles = pgTable(
  'generated_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `export` (data exports) or `report` (generated reports): the two generated-files screens. */
    kind: text('kind', { enum: ['export', 'report'] }).notNull(),
    type: text('type').notNull(),
    format: text('format').notNull(),
    status: text('status', { enum: GENERATED_FILE_STATES }).notNull().default('pending'),
    /** The filters and the creator's scope, as validated at creation. */
    params: jsonb('params').notNull().default({}),
    storageKey: text('storage_key'),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    rows: integer('rows'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    error: text('error'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('generated_files_created_idx').on(t.createdAt),
    index('generated_files_status_idx').on(t.status, t.createdAt),
    index('generated_files_expires_idx').on(t.expiresAt),
  ],
);

export const SCHEDULE_TYPE_VALUES = ['every', 'hourly', 'daily', 'weekly', 'monthly'] as const;

/** Schedules of named jobs (master data); the per-minute dispatcher runs the due ones (`next_run_at <= now()`). */
export const schedules = pgTable(
  'schedules',
  {
    scheduleId: serial('schedule_id').primaryKey(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: SCHEDULE_TYPE_VALUES }).notNull(),
    /** every: minutes between runs (1…1440), counted from local midnight. */
    duration: integer('duration'),
    minute: smallint('minute'),
    hour: smallint('hour'),
    /** weekly: 0 Sunday … 6 Saturday. */
    dow: smallint('dow'),
    /** monthly: 1…31; past the month's last day it runs on the last day. */
    dom: smallint('dom'),
    job: text('job').notNull(),
    params: jsonb('params').notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    /** Null while disabled. */
    nextRunAt: ts('next_run_at'),
    lastRunAt: ts('last_run_at'),
    lastOutcome: text('last_outcome'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`enabled`),
  ],
);

/**
 * The jobs whose default schedule (a housekeeping job's nightly run) this installation has been given, once: a job
 * listed here never gets another, so an administrator may change, disable or delete it for good.
 */
export const scheduleDefaults = pgTable('schedule_defaults', {
  job: text('job').primaryKey(),
  installedAt: ts('installed_at').notNull().defaultNow(),
});

/** Each run of a schedule: by the dispatcher or "run now". */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    runId: bigserial('run_id', { mode: 'number' }).primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.scheduleId, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    triggeredBy: integer('triggered_by').references(() => users.userId, { onDelete: 'set null' }),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    outcome: text('outcome', { enum: ['running', 'success', 'failed'] })
      .notNull()
      .default('running'),
    message: text('message'),
  },
  (t) => [index('schedule_runs_schedule_idx').on(t.scheduleId, t.startedAt)],
);

/** Application errors (5xx answers) and job failures, for the System Logs screen. Never request bodies or secrets. */
export const systemLogs = pgTable(
  'system_logs',
  {
    logId: bigserial('log_id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    level: text('level', { enum: ['error', 'warn', 'info'] }).notNull(),
    /** `http`, `job`, `schedule`. */
    source: text('source').notNull(),
    message: text('message').notNull(),
    method: text('method'),
    route: text('route'),
    status: smallint('status'),
    requestId: text('request_id'),
    queue: text('queue'),
    jobId: text('job_id'),
  },
  (t) => [index('system_logs_at_idx').on(t.at), index('system_logs_level_idx').on(t.level, t.at)],
);

/** A bulk user upload (upload type `user-import`) that staged users. */
export const userImports = pgTable('user_imports', {
  importId: serial('import_id').primaryKey(),
  fileName: text('file_name').notNull(),
  format: text('format').notNull(),
  totalRows: integer('total_rows').notNull(),
  validRows: integer('valid_rows').notNull(),
  invalidRows: integer('invalid_rows').notNull(),
  createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The users a bulk upload staged (their source is `import`), with the row they came from. */
export const userImportUsers = pgTable(
  'user_import_users',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.userId, { onDelete: 'cascade' }),
    importId: integer('import_id')
      .notNull()
      .references(() => userImports.importId, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
  },
  (t) => [index('user_import_users_import_idx').on(t.importId)],
);

/** Users an administrator created (`POST /admin/users`): their source is `admin`. */
export const adminCreatedUsers = pgTable('admin_created_users', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
});

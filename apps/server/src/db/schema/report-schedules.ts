import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { SCHEDULE_OUTPUTS, SCHEDULE_RUN_STATUSES, type SchedulePeriod, type TReportFrequency } from '@strata/shared';
import { jsonb } from './jsonb.js';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const SCHEDULE_RUN_TRIGGERS = ['schedule', 'manual', 'catch-up'] as const;

/**
 * Scheduled reports (issue 21, decision 041): a report type with a template and a relative period, made at its due
 * times and mailed to its recipients. The per-minute dispatcher takes the due rows (`next_run_at <= now`) with
 * FOR UPDATE SKIP LOCKED, moves `next_run_at` to the next slot after now and writes the run in the same transaction.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    reportType: text('report_type').notNull(),
    /** `default` or a custom template's id as text. */
    template: text('template').notNull().default('default'),
    contractIds: integer('contract_ids').array().notNull(),
    zoneIds: integer('zone_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    instrumentTypeIds: integer('instrument_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    period: text('period').$type<SchedulePeriod>().notNull(),
    output: text('output', { enum: SCHEDULE_OUTPUTS }).notNull(),
    /** ZReportFrequency as JSON. */
    frequency: jsonb('frequency').$type<TReportFrequency>().notNull(),
    timezone: text('timezone').notNull(),
    recipientUserIds: integer('recipient_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    recipientRoleIds: integer('recipient_role_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    recipientEmails: text('recipient_emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    /** The next due time; null while disabled. */
    nextRunAt: ts('next_run_at'),
    ownerId: integer('owner_id').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.enabled}`),
    index('report_schedules_name_idx').on(t.name),
  ],
);

/**
 * One run of a schedule (one attempt): `due_at` is the slot it is for (the time run now was asked for, for a manual
 * run). UNIQUE (schedule_id, due_at, attempt): a due time is run once whatever the number of dispatchers. A run is
 * queued unclaimed (`claimed_at` null) and taken by one worker (`claimed_at` set) once `not_before` has passed; a
 * failed attempt is followed by a row of attempt + 1 (status `retrying`) until SCHEDULE_RETRY.attempts.
 */
export const reportScheduleRuns = pgTable(
  'report_schedule_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: bigint('schedule_id', { mode: 'number' })
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    dueAt: ts('due_at').notNull(),
    trigger: text('trigger', { enum: SCHEDULE_RUN_TRIGGERS }).notNull(),
    attempt: integer('attempt').notNull().default(1),
    status: text('status', { enum: SCHEDULE_RUN_STATUSES }).notNull(),
    reportIds: integer('report_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    size: bigint('size', { mode: 'number' }),
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    error: text('error'),
    /** A retry waits until then. */
    notBefore: ts('not_before').notNull(),
    claimedAt: ts('claimed_at'),
    triggeredBy: integer('triggered_by').references(() => users.userId, { onDelete: 'set null' }),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    unique('report_schedule_runs_due_uq').on(t.scheduleId, t.dueAt, t.attempt),
    index('report_schedule_runs_schedule_idx').on(t.scheduleId, t.startedAt),
    index('report_schedule_runs_waiting_idx')
      .on(t.notBefore)
      .where(sql`${t.claimedAt} is null`),
  ],
);

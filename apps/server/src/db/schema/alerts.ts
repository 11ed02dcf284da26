import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { contracts, users } from './accounts.js';
import { instruments } from './master-data.js';
import { readingSeries } from './readings.js';

/**
 * Alerts (issue 9). See docs/decisions/016-alerts.md.
 *
 * - `alerts`: what the engine raised. One OPEN row per `open_key` (a unique partial index): the kind and what it is
 *   about — `breached:s<series>:<level>`, `spike:s<series>`, `missing:i<instrument>`, `group:g<group>`,
 *   `scenario:c<scenario>` … New triggers update the open row (latest value, peak, count); closing frees the key.
 *   `reading_at` is the time of the reading behind the latest trigger: a trigger at or before the newest
 *   `reading_at` of its key (open or closed) was counted already, which makes re-evaluating the same readings a no-op.
 * - `alert_events`: each alert's history (opened, escalated, updated: each evaluation adding triggers, closed).
 * - `alert_templates`: who is told of which alerts, and rule parameters per contract / instrument.
 * - `monitoring_groups` (+ members) and `alert_scenarios`: rules over several instruments.
 * - `alert_instrument_state`: what the rebaseline check last saw of each instrument (baseline time, thresholds).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const ALERT_KIND_VALUES = ['breached', 'spike', 'rebaseline', 'fluctuated', 'stagnant', 'missing', 'group', 'scenario', 'user', 'contract'] as const;
export const ALERT_STATUS_VALUES = ['open', 'closed'] as const;
export const ALERT_EVENT_VALUES = ['opened', 'updated', 'escalated', 'closed'] as const;

export const monitoringGroups = pgTable(
  'monitoring_groups',
  {
    groupId: serial('group_id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** ZGroupRule, or null for a group without a rule. */
    rule: jsonb('rule'),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('monitoring_groups_contract_name_key').on(t.contractId, sql`lower(${t.name})`)],
);

export const monitoringGroupMembers = pgTable(
  'monitoring_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => monitoringGroups.groupId, { onDelete: 'cascade' }),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.instrumentId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.instrumentId] }), index('monitoring_group_members_instrument_idx').on(t.instrumentId)],
);

export const alertScenarios = pgTable(
  'alert_scenarios',
  {
    scenarioId: serial('scenario_id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** scenario | user | contract: the kind of the alerts it raises. */
    kind: text('kind').notNull().default('scenario'),
    /** ZScenarioRule. */
    rule: jsonb('rule').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('alert_scenarios_contract_idx').on(t.contractId)],
);

export const alerts = pgTable(
  'alerts',
  {
    alertId: serial('alert_id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KIND_VALUES }).notNull(),
    /** What makes an alert the same alert (see above); unique among open alerts. */
    openKey: text('open_key').notNull(),
    instrumentId: integer('instrument_id').references(() => instruments.instrumentId, { onDelete: 'cascade' }),
    seriesId: integer('series_id').references(() => readingSeries.seriesId, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => monitoringGroups.groupId, { onDelete: 'cascade' }),
    scenarioId: integer('scenario_id').references(() => alertScenarios.scenarioId, { onDelete: 'cascade' }),
    /** An alert level code (breached, group and scenario alerts); null for the other kinds. */
    levelCode: text('level_code'),
    status: text('status', { enum: ALERT_STATUS_VALUES }).notNull().default('open'),
    openedAt: ts('opened_at').notNull(),
    lastTriggeredAt: ts('last_triggered_at').notNull(),
    /** The reading behind the first and the latest trigger (null for kinds not raised by a reading). */
    firstReadingAt: ts('first_reading_at'),
    readingAt: ts('reading_at'),
    firstValue: doublePrecision('first_value'),
    latestValue: doublePrecision('latest_value'),
    peakValue: doublePrecision('peak_value'),
    triggerCount: integer('trigger_count').notNull().default(1),
    /** Kind-specific facts of the latest trigger (spike: the history average; group: the instruments …). */
    detail: jsonb('detail'),
    closedAt: ts('closed_at'),
    closedBy: integer('closed_by').references(() => users.userId, { onDelete: 'set null' }),
    closeReason: text('close_reason'),
  },
  (t) => [
    uniqueIndex('alerts_open_key')
      .on(t.openKey)
      .where(sql`${t.status} = 'open'`),
    // The newest trigger of a key, open or closed (the engine's de-duplication).
    index('alerts_key_reading_idx').on(t.openKey, t.readingAt),
    // Lists: a contract's alerts by status and kind, newest first.
    index('alerts_contract_status_idx').on(t.contractId, t.status, t.kind, t.lastTriggeredAt),
    index('alerts_instrument_idx').on(t.instrumentId, t.status),
    index('alerts_series_idx').on(t.seriesId),
    index('alerts_group_idx').on(t.groupId),
    index('alerts_scenario_idx').on(t.scenarioId),
  ],
);

export const alertEvents = pgTable(
  'alert_events',
  {
    eventId: bigserial('event_id', { mode: 'number' }).primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.alertId, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    type: text('type', { enum: ALERT_EVENT_VALUES }).notNull(),
    levelCode: text('level_code'),
    value: doublePrecision('value'),
    /** The reading of the event's first trigger (opened, escalated, updated), or the alert's latest (closed). */
    readingAt: ts('reading_at'),
    /** The reading of the event's last trigger; null on a closing. */
    lastReadingAt: ts('last_reading_at'),
    /** How many triggers the evaluation added (their sum over the events is the alert's trigger count); null on a closing. */
    triggers: integer('triggers'),
    /** Who (closing); null for the engine. */
    byUser: integer('by_user').references(() => users.userId, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [index('alert_events_alert_idx').on(t.alertId, t.eventId)],
);

export const alertTemplates = pgTable(
  'alert_templates',
  {
    templateId: serial('template_id').primaryKey(),
    name: text('name').notNull(),
    /** scenario | instrument | contract | user: the tab of the Alert Templates page. */
    category: text('category').notNull(),
    /** Empty arrays mean "any" (kinds, levels, contracts) or "no narrowing" (instruments, groups, scenarios). */
    kinds: text('kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    levels: text('levels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contractIds: integer('contract_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    instrumentIds: integer('instrument_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    groupIds: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    scenarioIds: integer('scenario_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    roleIds: integer('role_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    userIds: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{notification,email}'::text[]`),
    /** ZAlertParameters (partial). */
    parameters: jsonb('parameters')
      .notNull()
      .default(sql`'{}'::jsonb`),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.userId, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('alert_templates_category_idx').on(t.category)],
);

/** What the rebaseline check last saw of an instrument: a change of either raises a rebaseline alert. */
export const alertInstrumentState = pgTable('alert_instrument_state', {
  instrumentId: integer('instrument_id')
    .primaryKey()
    .references(() => instruments.instrumentId, { onDelete: 'cascade' }),
  baselineAt: ts('baseline_at'),
  /** md5 of the instrument's thresholds (reading code, level, upper, lower), '' without any. */
  thresholdsHash: text('thresholds_hash').notNull(),
  checkedAt: ts('checked_at').notNull(),
});

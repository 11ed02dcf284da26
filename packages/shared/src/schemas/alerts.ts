import { z } from 'zod';
import { ZContractSelectionQuery } from './readings.js';

/**
 * Alerts (issue 9): the evaluation engine's output, alert templates (who is told of what), monitoring groups and
 * alert scenarios (rules over several instruments). Definitions: DOMAIN.md "Thresholds and alert levels" and
 * "Alerts"; decisions: docs/decisions/016-alerts.md.
 *
 * An alert is one open row per key (kind + series / instrument / group / scenario + level): new triggers update it
 * (latest value, peak, count, last trigger time) instead of opening another. Closing it (with a reason) frees the key.
 */

// ---- constants ----

/**
 * breached: a reading passes a threshold level (one alert per series and level; a higher level opens its own alert).
 * spike: |reading| > factor × |average of the previous readings| and |reading − average| ≥ the minimum change.
 * rebaseline: an instrument's baseline or thresholds changed (for review).
 * fluctuated: the change between readings reverses sign at least N times within a window of readings.
 * stagnant: the last N readings identical within the reading code's resolution.
 * missing: no reading within the instrument's frequency plus a grace period.
 * group: a monitoring group's rule (N members at level ≥ L within T hours).
 * scenario / user / contract: an alert scenario's rule; `user` for a scenario a user keeps for themself (User-Defined
 * Alerts), `contract` for a rule over every instrument of a contract.
 */
export const ALERT_KINDS = ['breached', 'spike', 'rebaseline', 'fluctuated', 'stagnant', 'missing', 'group', 'scenario', 'user', 'contract'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ZAlertKind = z.enum(ALERT_KINDS, `Kind is one of ${ALERT_KINDS.join(', ')}`);

/** Kinds raised per reading series (the per-series rules). */
export const SERIES_ALERT_KINDS = ['breached', 'spike', 'fluctuated', 'stagnant'] as const satisfies readonly AlertKind[];
/** Kinds raised by rules over several instruments (alert scenarios carry one of these). */
export const SCENARIO_ALERT_KINDS = ['scenario', 'user', 'contract'] as const satisfies readonly AlertKind[];
export type ScenarioAlertKind = (typeof SCENARIO_ALERT_KINDS)[number];

export const ALERT_STATUSES = ['open', 'closed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ZAlertStatus = z.enum(ALERT_STATUSES, 'Status is open or closed');

/** The history of an alert: opened, updated (a new trigger), escalated (its level rose), closed. */
export const ALERT_EVENT_TYPES = ['opened', 'updated', 'escalated', 'closed'] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];

/**
 * Tiles of the /alert landing (View Data Alerts), in the spec's order, with the alert kinds each counts.
 * `cases` (Logs of Action Taken) is counted by the action log, not by alerts: its count is null here.
 */
export const ALERT_TILES = [
  { key: 'breached', label: 'Breached Instrument', kinds: ['breached'] },
  { key: 'spike', label: 'Spike', kinds: ['spike'] },
  { key: 'rebaseline', label: 'Rebaseline', kinds: ['rebaseline'] },
  { key: 'fluctuated', label: 'Fluctuated', kinds: ['fluctuated'] },
  { key: 'stagnant', label: 'Stagnant', kinds: ['stagnant'] },
  { key: 'user', label: 'User-Defined Alerts', kinds: ['user'] },
  { key: 'missing', label: 'Missing Reading Alerts', kinds: ['missing'] },
  { key: 'scenario', label: 'Scenario Based Alerts', kinds: ['scenario', 'group', 'contract'] },
  { key: 'cases', label: 'Logs of Action Taken', kinds: [] },
] as const satisfies readonly { key: string; label: string; kinds: readonly AlertKind[] }[];
export type AlertTileKey = (typeof ALERT_TILES)[number]['key'];

/** /alerts/instruments tabs 0 to 3. */
export const INSTRUMENT_ALERT_TABS = ['spike', 'rebaseline', 'fluctuated', 'stagnant'] as const satisfies readonly AlertKind[];

/** The level filter of /alert/breached when none is given (spec §9). */
export const DEFAULT_ALERT_LEVEL = 'WSL';

/** Severity (1 info … 4 critical) of an alert's notification when the alert has no level (spike, missing …). */
export const ALERT_KIND_SEVERITY: Record<AlertKind, number> = {
  breached: 3,
  spike: 2,
  rebaseline: 1,
  fluctuated: 2,
  stagnant: 2,
  missing: 2,
  group: 3,
  scenario: 3,
  user: 2,
  contract: 3,
};

export const ALERT_TEMPLATE_CATEGORIES = ['scenario', 'instrument', 'contract', 'user'] as const;
export type AlertTemplateCategory = (typeof ALERT_TEMPLATE_CATEGORIES)[number];
export const ZAlertTemplateCategory = z.enum(ALERT_TEMPLATE_CATEGORIES, 'Category is scenario, instrument, contract or user');

export const ALERT_CHANNELS = ['notification', 'email'] as const;
export const ZAlertChannel = z.enum(ALERT_CHANNELS, 'Channel is notification or email');

/** The websocket `dataUpdated` topic published after alerts change (besides `instruments`). */
export const ALERTS_TOPIC = 'alerts';

/** Comments on an alert use the generic comments with topic `alert` and ref_id = alert id; QP comments carry ref_data. */
export const ALERT_COMMENT_TOPIC = 'alert';
export const ALERT_QP_COMMENT_KINDS = ['QPS', 'QPD'] as const;

// ---- rule parameters ----

/**
 * Parameters of the per-instrument rules. Every field optional in a template; missing ones take the defaults.
 * The minimum change (per reading code) keeps noise from firing: a spike must move at least that far from the
 * history average, and a change between readings counts towards "fluctuated" only when at least that large.
 */
export const ZAlertParameters = z.object({
  /** Minimum absolute change per reading code (by code, e.g. `{ "DSPA": 2 }`). */
  min_change: z.record(z.string().trim().min(1).max(20), z.number().min(0, 'Minimum change is 0 or more').max(1e9)).optional(),
  /** Minimum change for reading codes not listed. */
  min_change_default: z.number().min(0, 'Minimum change is 0 or more').max(1e9).optional(),
  spike: z
    .object({
      /** |reading| > factor × |history average|. */
      factor: z.number().min(1, 'Factor is at least 1').max(1000),
      /** How many previous readings make the history average (at least 3 are needed before a spike can fire). */
      history: z.number().int().min(3, 'History is at least 3 readings').max(1000),
    })
    .partial()
    .optional(),
  stagnant: z
    .object({
      /** The last N readings identical within the resolution (10^-precision of the reading code). */
      count: z.number().int().min(2, 'Count is at least 2').max(1000),
    })
    .partial()
    .optional(),
  fluctuated: z
    .object({
      /** At least this many sign reversals of the change between readings … */
      reversals: z.number().int().min(1, 'Reversals is at least 1').max(1000),
      /** … among the last `window` readings. */
      window: z.number().int().min(3, 'Window is at least 3 readings').max(1000),
    })
    .partial()
    .optional(),
  missing: z
    .object({
      /** Minutes allowed past the instrument's frequency before a missing-reading alert. */
      grace_minutes: z.number().int().min(0).max(525_600),
    })
    .partial()
    .optional(),
});
export type TAlertParameters = z.infer<typeof ZAlertParameters>;

/** The defaults (DOMAIN.md "Alerts"; the numbers that are ours are in decision 016). */
export const DEFAULT_ALERT_PARAMETERS = {
  min_change: {} as Record<string, number>,
  min_change_default: 1,
  spike: { factor: 2, history: 20 },
  stagnant: { count: 10 },
  fluctuated: { reversals: 4, window: 10 },
  missing: { grace_minutes: 60 },
};
export type TResolvedAlertParameters = typeof DEFAULT_ALERT_PARAMETERS;

// ---- alerts ----

const ZDateTimeQuery = z.union([z.iso.date(), z.iso.datetime({ offset: true })], 'Enter a date (YYYY-MM-DD) or an ISO date-time');

export const ZAlert = z.object({
  alert_id: z.number().int(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  kind: ZAlertKind,
  status: ZAlertStatus,
  /** Level of breached (and scenario) alerts; null for kinds without a level. */
  level_code: z.string().nullable(),
  level_name: z.string().nullable(),
  level_color: z.string().nullable(),
  /** The level's severity 1–4, or the kind's (ALERT_KIND_SEVERITY) when it has no level. */
  severity: z.number().int(),
  instrument_id: z.number().int().nullable(),
  instrument_name: z.string().nullable(),
  type_code: z.string().nullable(),
  type_name: z.string().nullable(),
  series_id: z.number().int().nullable(),
  reading_code: z.string().nullable(),
  depth: z.number().nullable(),
  unit: z.string().nullable(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  scenario_id: z.number().int().nullable(),
  scenario_name: z.string().nullable(),
  /** One line saying what happened, e.g. "SM-1023 DSPA -31.2 mm passed WSL". */
  message: z.string(),
  /** ISO 8601. */
  opened_at: z.string(),
  last_triggered_at: z.string(),
  /** Time of the reading behind the latest trigger (null for kinds not raised by a reading). */
  reading_at: z.string().nullable(),
  first_value: z.number().nullable(),
  latest_value: z.number().nullable(),
  /** The value farthest from zero among the triggers. */
  peak_value: z.number().nullable(),
  trigger_count: z.number().int(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  close_reason: z.string().nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;

export const ZAlertList = z.object({ records: z.array(ZAlert), total_records: z.number().int() });
export type TAlertList = z.infer<typeof ZAlertList>;

/** GET /alerts: newest trigger first, in the caller's (active or given) contracts. */
export const ZListAlertsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  /** One kind or several, comma-separated. */
  kind: z
    .string()
    .trim()
    .max(200)
    .transform((v, ctx) => {
      const kinds = v === '' ? [] : v.split(',').map((s) => s.trim());
      const bad = kinds.find((k) => !(ALERT_KINDS as readonly string[]).includes(k));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Kind is one of ${ALERT_KINDS.join(', ')}` });
        return z.NEVER;
      }
      return kinds as AlertKind[];
    })
    .optional(),
  /** A level code (CL, AL, PDL, WSL …). */
  level: z.string().trim().max(10).optional(),
  /** Omitted: every status. */
  status: ZAlertStatus.optional(),
  /** Instrument name, reading code, group or scenario name or message contains this (case-insensitive). */
  keyword: z.string().trim().max(100).optional(),
  /** A JSON list of contract ids (-1: all); omitted: all the caller's contracts. Ids the caller cannot see are ignored. */
  contracts: ZContractSelectionQuery.optional(),
  instrument_id: z.coerce.number().int().positive().optional(),
  group_id: z.coerce.number().int().positive().optional(),
  scenario_id: z.coerce.number().int().positive().optional(),
  /** Last triggered at or after (a bare date: from the start of that day, UTC). */
  from: ZDateTimeQuery.optional(),
  /** Last triggered before (a bare date: up to the end of that day, UTC). */
  to: ZDateTimeQuery.optional(),
});
export type TListAlertsQuery = z.infer<typeof ZListAlertsQuery>;

export const ZContractsQuery = z.object({ contracts: ZContractSelectionQuery.optional() });
export type TContractsQuery = z.infer<typeof ZContractsQuery>;

/** GET /alerts/summary: open alerts per landing tile (`cases` is null: the action log counts its own). */
export const ZAlertSummary = z.object({
  tiles: z.array(z.object({ key: z.string(), label: z.string(), open_count: z.number().int().nullable() })),
  /** Open breached alerts per level (every level, in severity order, zero included). */
  breached_by_level: z.array(z.object({ level_code: z.string(), level_name: z.string(), color: z.string(), severity: z.number().int(), open_count: z.number().int() })),
  total_open: z.number().int(),
});
export type TAlertSummary = z.infer<typeof ZAlertSummary>;

/** GET /alerts/breached: instruments with an open breached alert at the level (default WSL). */
export const ZBreachedQuery = z.object({
  level: z.string().trim().min(1).max(10).default(DEFAULT_ALERT_LEVEL),
  contracts: ZContractSelectionQuery.optional(),
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TBreachedQuery = z.infer<typeof ZBreachedQuery>;

export const ZBreachedInstrument = z.object({
  instrument_id: z.number().int(),
  name: z.string(),
  type_code: z.string(),
  type_name: z.string(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  easting: z.number(),
  northing: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  level_code: z.string(),
  level_color: z.string(),
  severity: z.number().int(),
  /** The newest open breached alert of the instrument at this level. */
  alert_id: z.number().int(),
  reading_code: z.string(),
  latest_value: z.number().nullable(),
  peak_value: z.number().nullable(),
  unit: z.string(),
  reading_at: z.string().nullable(),
  opened_at: z.string(),
  last_triggered_at: z.string(),
  /** Open breached alerts of the instrument at this level (one per series). */
  open_alerts: z.number().int(),
});
export type TBreachedInstrument = z.infer<typeof ZBreachedInstrument>;

export const ZBreachedList = z.object({
  level: z.string(),
  records: z.array(ZBreachedInstrument),
  total_records: z.number().int(),
  /** Instruments with an open breached alert per level, for the level filter. */
  levels: z.array(z.object({ level_code: z.string(), level_name: z.string(), color: z.string(), severity: z.number().int(), count: z.number().int() })),
});
export type TBreachedList = z.infer<typeof ZBreachedList>;

export const ZAlertEvent = z.object({
  event_id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  type: z.enum(ALERT_EVENT_TYPES),
  level_code: z.string().nullable(),
  value: z.number().nullable(),
  reading_at: z.string().nullable(),
  /** Who (closing); null for the engine. */
  by_name: z.string().nullable(),
  note: z.string().nullable(),
});
export type TAlertEvent = z.infer<typeof ZAlertEvent>;

export const ZAlertThreshold = z.object({
  reading_code: z.string(),
  level_code: z.string(),
  level_name: z.string(),
  color: z.string(),
  severity: z.number().int(),
  upper: z.number().nullable(),
  lower: z.number().nullable(),
});
export type TAlertThreshold = z.infer<typeof ZAlertThreshold>;

export const ZAlertInstrument = z.object({
  instrument_id: z.number().int(),
  name: z.string(),
  type_code: z.string(),
  type_name: z.string(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  zone_name: z.string().nullable(),
  easting: z.number(),
  northing: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.string(),
  frequency: z.string().nullable(),
});
export type TAlertInstrument = z.infer<typeof ZAlertInstrument>;

/** GET /alerts/{id}. */
export const ZAlertDetail = z.object({
  alert: ZAlert,
  instrument: ZAlertInstrument.nullable(),
  /** Thresholds of the alert's reading code on its instrument (for the chart's lines); empty for other kinds. */
  thresholds: z.array(ZAlertThreshold),
  /** Oldest first. */
  events: z.array(ZAlertEvent),
  /** Group and scenario alerts: the instruments behind the latest trigger. */
  members: z.array(z.object({ instrument_id: z.number().int(), name: z.string(), level_code: z.string().nullable() })),
});
export type TAlertDetail = z.infer<typeof ZAlertDetail>;

/** POST /alerts/{id}/close. */
export const ZCloseAlertRequest = z.object({
  reason: z.string().trim().min(1, 'Reason is required').max(1000, 'Reason must be at most 1000 characters'),
});
export type TCloseAlertRequest = z.infer<typeof ZCloseAlertRequest>;

// ---- instrument status ----

/** GET /alerts/instrument-status: every instrument's current level. `level=none` lists instruments at no level. */
export const ZAlertInstrumentStatusQuery = z.object({
  contracts: ZContractSelectionQuery.optional(),
  level: z.string().trim().max(10).optional(),
  keyword: z.string().trim().max(100).optional(),
  /** An instrument type code (SM, SP …): only instruments of that type. */
  type: z.string().trim().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  /** Given: the whole filtered list as a file (limit and skip ignored). */
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type TAlertInstrumentStatusQuery = z.infer<typeof ZAlertInstrumentStatusQuery>;

export const ZAlertInstrumentStatusRecord = z.object({
  instrument_id: z.number().int(),
  name: z.string(),
  type_code: z.string(),
  type_name: z.string(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  zone_name: z.string().nullable(),
  easting: z.number(),
  northing: z.number(),
  /** active, inactive, damaged, removed. */
  status: z.string(),
  /** The most severe level its latest reading passes (DOMAIN; the work space's status rule); null: none. */
  level_code: z.string().nullable(),
  level_color: z.string().nullable(),
  severity: z.number().int().nullable(),
  last_reading_at: z.string().nullable(),
  open_alerts: z.number().int(),
});
export type TAlertInstrumentStatusRecord = z.infer<typeof ZAlertInstrumentStatusRecord>;

export const ZAlertInstrumentStatusList = z.object({ records: z.array(ZAlertInstrumentStatusRecord), total_records: z.number().int() });
export type TAlertInstrumentStatusList = z.infer<typeof ZAlertInstrumentStatusList>;

/** Columns of the instrument status export, in order. */
export const ALERT_INSTRUMENT_STATUS_EXPORT_COLUMNS = ['instrument', 'type', 'contract', 'zone', 'status', 'level', 'last_reading_at', 'open_alerts'] as const;

// ---- project risks ----

export const ZProjectRisk = z.object({
  contract_id: z.number().int(),
  contract_no: z.string(),
  contract_title: z.string(),
  /** Null: the contract's instruments without a zone (or the contract's total row when `zone_name` is null too). */
  zone_id: z.number().int().nullable(),
  zone_name: z.string().nullable(),
  open_alerts: z.number().int(),
  /** Open alerts per level code (kinds without a level are counted in `open_alerts` only). */
  by_level: z.record(z.string(), z.number().int()),
  score: z.number(),
  /** Low, Medium, High, Very High. */
  rating: z.string(),
  /** The score at the end of each of the last 30 days (oldest first, `date` YYYY-MM-DD in the timezone setting). */
  trend: z.array(z.object({ date: z.string(), score: z.number() })),
});
export type TProjectRisk = z.infer<typeof ZProjectRisk>;

/** GET /alerts/project-risks: one row per contract (zone_id null, zone_name null) followed by its zones. */
export const ZProjectRisks = z.object({ records: z.array(ZProjectRisk) });
export type TProjectRisks = z.infer<typeof ZProjectRisks>;

// ---- alert templates ----

export const ZAlertTemplate = z.object({
  template_id: z.number().int(),
  name: z.string(),
  category: ZAlertTemplateCategory,
  /** Alert kinds the template covers (empty: every kind). */
  kinds: z.array(ZAlertKind),
  /** Level codes (empty: every level, and kinds without a level). */
  levels: z.array(z.string()),
  /** Contracts it applies to (empty: every contract). */
  contract_ids: z.array(z.number().int()),
  /** Narrow to these instruments, monitoring groups or scenarios (empty: no narrowing). */
  instrument_ids: z.array(z.number().int()),
  group_ids: z.array(z.number().int()),
  scenario_ids: z.array(z.number().int()),
  /** Who is told: users holding these roles and these users (both empty: the default rule, see decision 016). */
  role_ids: z.array(z.number().int()),
  user_ids: z.array(z.number().int()),
  channels: z.array(ZAlertChannel),
  /** Rule parameters for the instruments it covers (overrides the defaults). */
  parameters: ZAlertParameters,
  active: z.boolean(),
  created: z.string(),
  updated: z.string(),
  updated_by: z.string().nullable(),
});
export type TAlertTemplate = z.infer<typeof ZAlertTemplate>;

export const ZAlertTemplateList = z.object({ records: z.array(ZAlertTemplate), total_records: z.number().int() });
export type TAlertTemplateList = z.infer<typeof ZAlertTemplateList>;

export const ZListAlertTemplatesQuery = z.object({
  category: ZAlertTemplateCategory.optional(),
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TListAlertTemplatesQuery = z.infer<typeof ZListAlertTemplatesQuery>;

const ids = z.array(z.number().int().positive()).max(5000);
const templateFields = {
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  category: ZAlertTemplateCategory,
  kinds: z.array(ZAlertKind).max(ALERT_KINDS.length),
  levels: z.array(z.string().trim().min(1).max(10)).max(20),
  contract_ids: ids,
  instrument_ids: ids,
  group_ids: ids,
  scenario_ids: ids,
  role_ids: ids,
  user_ids: ids,
  channels: z.array(ZAlertChannel).min(1, 'Choose at least one channel').max(2),
  parameters: ZAlertParameters,
  active: z.boolean(),
};

/** POST /alert-templates. */
export const ZAlertTemplateBody = z.object({
  name: templateFields.name,
  category: templateFields.category,
  kinds: templateFields.kinds.default([]),
  levels: templateFields.levels.default([]),
  contract_ids: templateFields.contract_ids.default([]),
  instrument_ids: templateFields.instrument_ids.default([]),
  group_ids: templateFields.group_ids.default([]),
  scenario_ids: templateFields.scenario_ids.default([]),
  role_ids: templateFields.role_ids.default([]),
  user_ids: templateFields.user_ids.default([]),
  channels: templateFields.channels.default(['notification', 'email']),
  parameters: templateFields.parameters.default({}),
  active: templateFields.active.default(true),
});
export type TAlertTemplateBody = z.infer<typeof ZAlertTemplateBody>;

/** PUT /alert-templates/{id}: fields not given keep their value. */
export const ZAlertTemplateUpdate = z.object({
  name: templateFields.name.optional(),
  category: templateFields.category.optional(),
  kinds: templateFields.kinds.optional(),
  levels: templateFields.levels.optional(),
  contract_ids: templateFields.contract_ids.optional(),
  instrument_ids: templateFields.instrument_ids.optional(),
  group_ids: templateFields.group_ids.optional(),
  scenario_ids: templateFields.scenario_ids.optional(),
  role_ids: templateFields.role_ids.optional(),
  user_ids: templateFields.user_ids.optional(),
  channels: templateFields.channels.optional(),
  parameters: templateFields.parameters.optional(),
  active: templateFields.active.optional(),
});
export type TAlertTemplateUpdate = z.infer<typeof ZAlertTemplateUpdate>;

// ---- monitoring groups ----

/** N (min_count) member instruments at level ≥ level_code within the last within_hours hours. */
export const ZGroupRule = z.object({
  min_count: z.number().int().min(1, 'Count is at least 1').max(10_000),
  level_code: z.string().trim().min(1, 'Level is required').max(10),
  within_hours: z.number().min(0.25, 'At least 15 minutes').max(24 * 366, 'At most a year'),
});
export type TGroupRule = z.infer<typeof ZGroupRule>;

export const ZGroupMember = z.object({
  instrument_id: z.number().int(),
  name: z.string(),
  type_code: z.string(),
  easting: z.number(),
  northing: z.number(),
  /** The instrument's current level (the most severe level its latest reading passes), null: none. */
  level_code: z.string().nullable(),
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

export const ZMonitoringGroup = z.object({
  group_id: z.number().int(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  name: z.string(),
  description: z.string(),
  /** Null: a group without a rule (only for scenarios and templates to refer to). */
  rule: ZGroupRule.nullable(),
  active: z.boolean(),
  instrument_ids: z.array(z.number().int()),
  members: z.array(ZGroupMember),
  open_alerts: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type TMonitoringGroup = z.infer<typeof ZMonitoringGroup>;

export const ZMonitoringGroupList = z.object({ records: z.array(ZMonitoringGroup), total_records: z.number().int() });
export type TMonitoringGroupList = z.infer<typeof ZMonitoringGroupList>;

export const ZListMonitoringGroupsQuery = z.object({
  contracts: ZContractSelectionQuery.optional(),
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TListMonitoringGroupsQuery = z.infer<typeof ZListMonitoringGroupsQuery>;

const groupFields = {
  contract_id: z.number().int().positive('Choose a contract'),
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  rule: ZGroupRule.nullable(),
  active: z.boolean(),
  /** Members: instruments of the group's contract. */
  instrument_ids: z.array(z.number().int().positive()).max(5000, 'At most 5000 instruments'),
};
export const ZMonitoringGroupBody = z.object({
  contract_id: groupFields.contract_id,
  name: groupFields.name,
  description: groupFields.description.default(''),
  rule: groupFields.rule.default(null),
  active: groupFields.active.default(true),
  instrument_ids: groupFields.instrument_ids.default([]),
});
export type TMonitoringGroupBody = z.infer<typeof ZMonitoringGroupBody>;
/** PUT /monitoring-groups/{id}: the contract does not change; instrument_ids replaces the members. */
export const ZMonitoringGroupUpdate = z.object({
  name: groupFields.name.optional(),
  description: groupFields.description.optional(),
  rule: groupFields.rule.optional(),
  active: groupFields.active.optional(),
  instrument_ids: groupFields.instrument_ids.optional(),
});
export type TMonitoringGroupUpdate = z.infer<typeof ZMonitoringGroupUpdate>;

// ---- alert scenarios ----

/**
 * N (min_count) instruments among the listed instruments and the members of the listed groups (kind `contract`:
 * every instrument of the contract) at level ≥ level_code within the last within_hours hours.
 */
export const ZScenarioRule = z.object({
  instrument_ids: z.array(z.number().int().positive()).max(5000).default([]),
  group_ids: z.array(z.number().int().positive()).max(200).default([]),
  level_code: z.string().trim().min(1, 'Level is required').max(10),
  min_count: z.number().int().min(1, 'Count is at least 1').max(10_000),
  within_hours: z.number().min(0.25, 'At least 15 minutes').max(24 * 366, 'At most a year'),
});
export type TScenarioRule = z.infer<typeof ZScenarioRule>;

export const ZAlertScenario = z.object({
  scenario_id: z.number().int(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  name: z.string(),
  description: z.string(),
  /** scenario (Scenario Based Alerts), user (User-Defined Alerts: its creator is told), contract (whole contract). */
  kind: z.enum(SCENARIO_ALERT_KINDS),
  rule: ZScenarioRule,
  active: z.boolean(),
  created_by: z.string().nullable(),
  open_alerts: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type TAlertScenario = z.infer<typeof ZAlertScenario>;

export const ZAlertScenarioList = z.object({ records: z.array(ZAlertScenario), total_records: z.number().int() });
export type TAlertScenarioList = z.infer<typeof ZAlertScenarioList>;

export const ZListAlertScenariosQuery = z.object({
  contracts: ZContractSelectionQuery.optional(),
  kind: z.enum(SCENARIO_ALERT_KINDS).optional(),
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TListAlertScenariosQuery = z.infer<typeof ZListAlertScenariosQuery>;

const scenarioFields = {
  contract_id: z.number().int().positive('Choose a contract'),
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  kind: z.enum(SCENARIO_ALERT_KINDS, 'Kind is scenario, user or contract'),
  rule: ZScenarioRule,
  active: z.boolean(),
};
export const ZAlertScenarioBody = z.object({
  contract_id: scenarioFields.contract_id,
  name: scenarioFields.name,
  description: scenarioFields.description.default(''),
  kind: scenarioFields.kind.default('scenario'),
  rule: scenarioFields.rule,
  active: scenarioFields.active.default(true),
});
export type TAlertScenarioBody = z.infer<typeof ZAlertScenarioBody>;
/** PUT /alert-scenarios/{id}: the contract does not change. */
export const ZAlertScenarioUpdate = z.object({
  name: scenarioFields.name.optional(),
  description: scenarioFields.description.optional(),
  kind: scenarioFields.kind.optional(),
  rule: scenarioFields.rule.optional(),
  active: scenarioFields.active.optional(),
});
export type TAlertScenarioUpdate = z.infer<typeof ZAlertScenarioUpdate>;

/** POST /alert-scenarios/preview: a rule (unsaved) tried on the last `days` days of readings. */
export const ZScenarioPreviewRequest = z.object({
  contract_id: scenarioFields.contract_id,
  kind: scenarioFields.kind.default('scenario'),
  rule: scenarioFields.rule,
  days: z.number().int().min(1).max(90).default(30),
});
export type TScenarioPreviewRequest = z.infer<typeof ZScenarioPreviewRequest>;

export const ZScenarioPreview = z.object({
  from: z.string(),
  to: z.string(),
  /** Instruments the rule covers. */
  instrument_count: z.number().int(),
  /** Each time the rule would have opened an alert (it stays open while the rule holds), oldest first. */
  triggers: z.array(
    z.object({
      at: z.string(),
      /** Until the rule stopped holding (null: still holding at `to`). */
      until: z.string().nullable(),
      count: z.number().int(),
      instruments: z.array(z.object({ instrument_id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type TScenarioPreview = z.infer<typeof ZScenarioPreview>;

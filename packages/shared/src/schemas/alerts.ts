import { z } from 'zod';
import { ZIdText } from './ids.js';
import { ZMessageParams } from '../ws-events.js';
import { ZContractSelectionQuery } from './readings.js';
import { ZCivilSite } from './sites.js';

/**
 * Alerts (issue 9): the evaluation engine's output. The rules that raise them (rule parameters, alert templates,
 * monitoring groups, alert scenarios) are in `alert-rules.ts`. Definitions: DOMAIN.md "Thresholds and alert levels"
 * and "Alerts"; decisions: docs/decisions/016-alerts.md.
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
/**
 * The scenario category: what the Scenario Based Alerts tile counts and /alerts/scenario-based and
 * /civil/construction-site list (scenario, monitoring-group and contract alerts; `user` alerts are their owner's).
 */
export const SCENARIO_CATEGORY_KINDS = ['scenario', 'group', 'contract'] as const satisfies readonly AlertKind[];

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

/** The websocket `dataUpdated` topic published after alerts change (besides `instruments`). */
export const ALERTS_TOPIC = 'alerts';

/** Comments on an alert use the generic comments with topic `alert` and ref_id = alert id; QP comments carry ref_data. */
export const ALERT_COMMENT_TOPIC = 'alert';
export const ALERT_QP_COMMENT_KINDS = ['QPS', 'QPD'] as const;

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
  /** The same as a key and parameters, for the reader's language (ZMessageParams). */
  message_key: z.string(),
  message_params: ZMessageParams,
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
  instrument_id: ZIdText.optional(),
  group_id: ZIdText.optional(),
  scenario_id: ZIdText.optional(),
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
  breached_by_level: z.array(
    z.object({ level_code: z.string(), level_name: z.string(), color: z.string(), severity: z.number().int(), open_count: z.number().int() }),
  ),
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
  /** The reading of the event's first trigger (the alert's latest on a closing). */
  reading_at: z.string().nullable(),
  /** The reading of the event's last trigger; null on a closing. */
  last_reading_at: z.string().nullable(),
  /**
   * How many triggers (readings past the level, spikes …) the evaluation behind the event added: the events' triggers
   * add up to the alert's `trigger_count`. Null on a closing (and on events recorded before the count was kept).
   */
  triggers: z.number().int().nullable(),
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

// ---- a construction site's alerts ----

/** /civil/construction-site: instruments within this distance (m) of a site's geometry concern it, unless the request says otherwise. */
export const SITE_ALERT_DEFAULT_DISTANCE = 50;
export const SITE_ALERT_MAX_DISTANCE = 500;
export const SITE_ALERT_STATUSES = ['open', 'closed', 'all'] as const;

/** GET /civil/sites/{id}/alerts. */
export const ZSiteAlertsQuery = z.object({
  /** Omitted: open. */
  status: z.enum(SITE_ALERT_STATUSES, 'Status is open, closed or all').default('open'),
  /** Metres from the site's geometry (planar SVY21); 0: inside or on it. */
  distance: z.coerce
    .number('Distance is a number of metres')
    .min(0, `Distance is from 0 to ${SITE_ALERT_MAX_DISTANCE} m`)
    .max(SITE_ALERT_MAX_DISTANCE, `Distance is from 0 to ${SITE_ALERT_MAX_DISTANCE} m`)
    .default(SITE_ALERT_DEFAULT_DISTANCE),
  /** Instrument, group or scenario name, reading code, contract, kind or level contains this (as GET /alerts). */
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TSiteAlertsQuery = z.infer<typeof ZSiteAlertsQuery>;

/**
 * The scenario-category alerts concerning a construction site, newest trigger first: those whose instruments (the
 * ones behind the latest trigger and, for a scenario's alert, its scenario's instruments and monitoring groups'
 * members) lie inside the site's geometry or within `distance` of it. A site without a geometry concerns no instrument.
 */
export const ZSiteAlertList = ZAlertList.extend({
  site: ZCivilSite.extend({ has_geometry: z.boolean() }),
  distance: z.number(),
});
export type TSiteAlertList = z.infer<typeof ZSiteAlertList>;

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

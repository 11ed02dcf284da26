import { z } from 'zod';
import { ZId, zId } from './ids.js';
import { ALERT_KINDS, SCENARIO_ALERT_KINDS, ZAlertKind } from './alerts.js';
import { READING_CODE_LIMITS } from './instruments.js';
import { ZContractSelectionQuery } from './readings.js';

/**
 * Alert rules (issue 9): the per-instrument rule parameters, alert templates (who is told of what), monitoring groups
 * and alert scenarios (rules over several instruments). The alerts these rules raise are in `alerts.ts`.
 * Definitions: DOMAIN.md "Thresholds and alert levels" and "Alerts"; decisions: docs/decisions/016-alerts.md.
 */

// ---- constants ----

export const ALERT_TEMPLATE_CATEGORIES = ['scenario', 'instrument', 'contract', 'user'] as const;
export type AlertTemplateCategory = (typeof ALERT_TEMPLATE_CATEGORIES)[number];
export const ZAlertTemplateCategory = z.enum(ALERT_TEMPLATE_CATEGORIES, 'Category is scenario, instrument, contract or user');

export const ALERT_CHANNELS = ['notification', 'email'] as const;
export const ZAlertChannel = z.enum(ALERT_CHANNELS, 'Channel is notification or email');

// ---- rule parameters ----

/**
 * Parameters of the per-instrument rules. Every field optional in a template; missing ones take the defaults.
 * The minimum change (per reading code) keeps noise from firing: a spike must move at least that far from the
 * history average, and a change between readings counts towards "fluctuated" only when at least that large.
 */
export const ZAlertParameters = z.object({
  /** Minimum absolute change per reading code (by code, e.g. `{ "DSPA": 2 }`). */
  min_change: z.record(z.string().trim().min(1).max(READING_CODE_LIMITS.code), z.number().min(0, 'Minimum change is 0 or more').max(1e9)).optional(),
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

const ids = z.array(ZId).max(5000);
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
  within_hours: z
    .number()
    .min(0.25, 'At least 15 minutes')
    .max(24 * 366, 'At most a year'),
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
  contract_id: zId('Choose a contract'),
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  rule: ZGroupRule.nullable(),
  active: z.boolean(),
  /** Members: instruments of the group's contract. */
  instrument_ids: z.array(ZId).max(5000, 'At most 5000 instruments'),
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
  instrument_ids: z.array(ZId).max(5000).default([]),
  group_ids: z.array(ZId).max(200).default([]),
  level_code: z.string().trim().min(1, 'Level is required').max(10),
  min_count: z.number().int().min(1, 'Count is at least 1').max(10_000),
  within_hours: z
    .number()
    .min(0.25, 'At least 15 minutes')
    .max(24 * 366, 'At most a year'),
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
  contract_id: zId('Choose a contract'),
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

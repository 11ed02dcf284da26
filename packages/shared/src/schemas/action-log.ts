import { z } from 'zod';
import { ZId, ZIdText } from './ids.js';
import { ZMessageParams } from '../ws-events.js';
import type { PermissionCode } from '../permissions.js';
import { ZAlert, ZAlertKind, ZAlertStatus, type AlertKind } from './alerts.js';
import { ZContractSelectionQuery } from './readings.js';

/**
 * The Log of Actions Taken (issue 9; spec §2.6 `/alert/action/{category?}`, `/alert/action-detail/{id}`,
 * `/alerts/investigation`; §6 "Log of Actions Taken"; DOMAIN.md "Alerts"). A case is opened for an alert (breached
 * instrument or scenario-based) or for a damaged instrument, collects follow-up entries (what was done, when, by whom,
 * with photos and documents) and is closed with a reason. Decisions: docs/decisions/018-action-log.md.
 */

// ---- constants ----

/** The log's tabs, in the spec's order: breached instrument cases, triggered scenario-based alert cases, damaged instruments. */
export const ACTION_CASE_CATEGORIES = ['breached', 'scenario', 'damaged'] as const;
export type ActionCaseCategory = (typeof ACTION_CASE_CATEGORIES)[number];
export const ZActionCaseCategory = z.enum(ACTION_CASE_CATEGORIES, 'Category is breached, scenario or damaged');

export const ACTION_CASE_STATUSES = ['open', 'closed'] as const;
export type ActionCaseStatus = (typeof ACTION_CASE_STATUSES)[number];
export const ZActionCaseStatus = z.enum(ACTION_CASE_STATUSES, 'Status is open or closed');

/** Photos and documents of a case hang on the record `(case, case_id)` (modules/attachments). */
export const ACTION_CASE_RECORD_CATEGORY = 'case';

/** The websocket `dataUpdated` topic published after a case changes. */
export const ACTION_LOG_TOPIC = 'action-log';

export const ACTION_LOG_LIMITS = {
  titleMax: 200,
  actionMax: 4000,
  reasonMax: 1000,
  /** Files one follow-up entry may link. */
  filesPerEntry: 20,
  /** A follow-up's `done_at` may be at most this far ahead of the server's clock (clock skew). */
  futureSkewMs: 5 * 60_000,
} as const;

/** The three tasks of each category (§6): edit or follow up (open, add entries), close, view or download. */
export interface ActionCaseTasks {
  edit: readonly PermissionCode[];
  close: readonly PermissionCode[];
  view: readonly PermissionCode[];
}

/**
 * Who may do what, per category. Breached instrument cases and triggered scenario-based alert cases use their own
 * §6 tasks; damaged instrument cases their own tasks or the breached-instrument ones (a damaged instrument is an
 * instrument case, and §6 names only the two families) — decision 018.
 */
export const ACTION_CASE_TASKS: Record<ActionCaseCategory, ActionCaseTasks> = {
  breached: {
    edit: ['EditorFollowUpBreachedInstrumentCases'],
    close: ['CloseBreachedInstrumentCases'],
    view: ['VieworDownloadBreachedInstrumentCases'],
  },
  scenario: {
    edit: ['EditorFollowUpTriggeredScenarioBasedAlertCases'],
    close: ['CloseTriggeredScenarioBasedAlertCases'],
    view: ['VieworDownloadTriggeredScenarioBasedAlertCases'],
  },
  damaged: {
    edit: ['EditorFollowUpDamagedInstrumentCases', 'EditorFollowUpBreachedInstrumentCases'],
    close: ['CloseDamagedInstrumentCases', 'CloseBreachedInstrumentCases'],
    view: ['VieworDownloadDamagedInstrumentCases', 'VieworDownloadBreachedInstrumentCases'],
  },
};

/** Reading a case (the lists and one case): any of its category's three tasks — who may act on a case sees it. */
export function actionCaseReadTasks(category: ActionCaseCategory): PermissionCode[] {
  const t = ACTION_CASE_TASKS[category];
  return [...new Set([...t.view, ...t.edit, ...t.close])];
}

/** Every code of one action over the categories (a route's permission list; the service narrows by category). */
export function actionCaseTasksOf(action: keyof ActionCaseTasks | 'read'): PermissionCode[] {
  const all = ACTION_CASE_CATEGORIES.flatMap((c) => (action === 'read' ? actionCaseReadTasks(c) : ACTION_CASE_TASKS[c][action]));
  return [...new Set(all)];
}

/** Alert kinds raised by rules over several instruments make scenario-based cases; per-instrument kinds breached ones. */
export function caseCategoryOfAlertKind(kind: AlertKind): Exclude<ActionCaseCategory, 'damaged'> {
  return kind === 'group' || kind === 'scenario' || kind === 'user' || kind === 'contract' ? 'scenario' : 'breached';
}

// ---- cases ----

const ZIsoDateTime = z.iso.datetime({ offset: true, error: 'Enter an ISO date-time' });

/** What a case says of its alert (the full alert is in the case's detail). */
export const ZActionCaseAlertSummary = z.object({
  alert_id: z.number().int(),
  kind: ZAlertKind,
  status: ZAlertStatus,
  level_code: z.string().nullable(),
  level_color: z.string().nullable(),
  message: z.string(),
  message_key: z.string(),
  message_params: ZMessageParams,
});
export type TActionCaseAlertSummary = z.infer<typeof ZActionCaseAlertSummary>;

export const ZActionCase = z.object({
  case_id: z.number().int(),
  category: ZActionCaseCategory,
  status: ZActionCaseStatus,
  title: z.string(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  alert_id: z.number().int().nullable(),
  alert: ZActionCaseAlertSummary.nullable(),
  /** The instrument of a damaged-instrument case, or of the alert; null for alerts over several instruments. */
  instrument_id: z.number().int().nullable(),
  instrument_name: z.string().nullable(),
  /** Who opened it (full name; '' when the user no longer exists). */
  opened_by: z.string(),
  /** ISO 8601. */
  opened_at: z.string(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  close_reason: z.string().nullable(),
  entry_count: z.number().int(),
  /** The newest follow-up's `done_at`, or null without any. */
  last_entry_at: z.string().nullable(),
});
export type TActionCase = z.infer<typeof ZActionCase>;

export const ZActionCaseList = z.object({ records: z.array(ZActionCase), total_records: z.number().int() });
export type TActionCaseList = z.infer<typeof ZActionCaseList>;

/** A photo or document linked to a follow-up entry (served by the attachments module: `/photos/{id}`, `/documents/{id}`). */
export const ZActionEntryFile = z.object({
  file_id: z.number().int(),
  kind: z.enum(['photo', 'document']),
  file_name: z.string(),
  size: z.number().int(),
});
export type TActionEntryFile = z.infer<typeof ZActionEntryFile>;

export const ZActionEntry = z.object({
  entry_id: z.number().int(),
  case_id: z.number().int(),
  /** What was done. */
  action: z.string(),
  /** When it was done (ISO 8601), as the person says. */
  done_at: z.string(),
  /** Who wrote it ('' when the user no longer exists). */
  by: z.string(),
  /** When it was written (ISO 8601). */
  created_at: z.string(),
  files: z.array(ZActionEntryFile),
});
export type TActionEntry = z.infer<typeof ZActionEntry>;

/** What the caller may do with the case now (the server decides again on each call). */
export const ZActionCaseAbilities = z.object({ follow_up: z.boolean(), close: z.boolean(), download: z.boolean() });

/** GET /action-cases/{id}: the case, its alert (as the alerts API gives it), its follow-ups oldest first. */
export const ZActionCaseDetail = z.object({
  case: ZActionCase,
  alert: ZAlert.nullable(),
  entries: z.array(ZActionEntry),
  /** Photos and documents attached to the case but in no follow-up yet (uploaded for one not yet written). */
  unlinked_files: z.array(ZActionEntryFile),
  can: ZActionCaseAbilities,
});
export type TActionCaseDetail = z.infer<typeof ZActionCaseDetail>;

/** GET /action-cases: newest opened first, in the caller's (active or given) contracts and the categories they may read. */
export const ZListActionCasesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  /** Omitted: every category the caller may read (the Log of Actions Taken across cases). */
  category: ZActionCaseCategory.optional(),
  /** Omitted: every status. */
  status: ZActionCaseStatus.optional(),
  /** Title, instrument, alert subject, contract number, case number or a follow-up's text contains this (case-insensitive). */
  keyword: z.string().trim().max(100).optional(),
  /** A JSON list of contract ids (-1: all); omitted: every contract of the caller. */
  contracts: ZContractSelectionQuery.optional(),
  alert_id: ZIdText.optional(),
  instrument_id: ZIdText.optional(),
});
export type TListActionCasesQuery = z.infer<typeof ZListActionCasesQuery>;

/** GET /action-cases/summary: open cases per category the caller may read (null for the others). */
export const ZActionCaseSummary = z.object({
  open: z.object({ breached: z.number().int().nullable(), scenario: z.number().int().nullable(), damaged: z.number().int().nullable() }),
});
export type TActionCaseSummary = z.infer<typeof ZActionCaseSummary>;

/** POST /action-cases: a case for an alert (its category follows the alert's kind) or for a damaged instrument. */
export const ZOpenActionCaseRequest = z
  .object({
    alert_id: ZId.optional(),
    instrument_id: ZId.optional(),
    /** Omitted or empty: the alert's message, or "<instrument> damaged". */
    title: z.string().trim().max(ACTION_LOG_LIMITS.titleMax, `Title must be at most ${ACTION_LOG_LIMITS.titleMax} characters`).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.alert_id === undefined) === (v.instrument_id === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.alert_id === undefined ? 'alert_id' : 'instrument_id'],
        message: 'Give an alert or a damaged instrument, not both',
      });
    }
  });
export type TOpenActionCaseRequest = z.infer<typeof ZOpenActionCaseRequest>;

/** POST /action-cases/{id}/entries: a follow-up. `file_ids`: photos or documents already attached to the case. */
export const ZAddActionEntryRequest = z.object({
  action: z.string().trim().min(1, 'Say what was done').max(ACTION_LOG_LIMITS.actionMax, `At most ${ACTION_LOG_LIMITS.actionMax} characters`),
  done_at: ZIsoDateTime,
  file_ids: z.array(ZId).max(ACTION_LOG_LIMITS.filesPerEntry, `At most ${ACTION_LOG_LIMITS.filesPerEntry} files per follow-up`).default([]),
});
export type TAddActionEntryRequest = z.input<typeof ZAddActionEntryRequest>;

/** POST /action-cases/{id}/close. `close_alert` (default true): also close the case's alert when it is still open. */
export const ZCloseActionCaseRequest = z.object({
  reason: z.string().trim().min(1, 'Reason is required').max(ACTION_LOG_LIMITS.reasonMax, `Reason must be at most ${ACTION_LOG_LIMITS.reasonMax} characters`),
  close_alert: z.boolean().default(true),
});
export type TCloseActionCaseRequest = z.input<typeof ZCloseActionCaseRequest>;

/** GET /action-cases/target?alert_id= | instrument_id=: what a new case would be about, before opening it. */
export const ZActionCaseTargetQuery = z.object({ alert_id: ZIdText.optional(), instrument_id: ZIdText.optional() }).superRefine((v, ctx) => {
  if ((v.alert_id === undefined) === (v.instrument_id === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['alert_id'], message: 'Give an alert or a damaged instrument, not both' });
  }
});
export type TActionCaseTargetQuery = z.infer<typeof ZActionCaseTargetQuery>;

export const ZActionCaseTarget = z.object({
  category: ZActionCaseCategory,
  contract_id: z.number().int(),
  contract_no: z.string(),
  /** The title a case gets when none is given. */
  default_title: z.string(),
  alert: ZActionCaseAlertSummary.nullable(),
  instrument_id: z.number().int().nullable(),
  instrument_name: z.string().nullable(),
  /** The case already open for this alert (or damaged instrument): open that one rather than another. */
  open_case_id: z.number().int().nullable(),
});
export type TActionCaseTarget = z.infer<typeof ZActionCaseTarget>;

/** GET /action-cases/candidates: alerts of a category a case can be opened for (open ones, newest trigger first). */
export const ZActionCaseCandidatesQuery = z.object({
  category: z.enum(['breached', 'scenario'], 'Category is breached or scenario'),
  keyword: z.string().trim().max(100).optional(),
  contracts: ZContractSelectionQuery.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TActionCaseCandidatesQuery = z.infer<typeof ZActionCaseCandidatesQuery>;

export const ZActionCaseCandidate = ZActionCaseAlertSummary.extend({
  contract_no: z.string(),
  /** The instrument, group or scenario the alert is about. */
  subject: z.string(),
  last_triggered_at: z.string(),
  open_case_id: z.number().int().nullable(),
});
export const ZActionCaseCandidateList = z.object({ records: z.array(ZActionCaseCandidate), total_records: z.number().int() });
export type TActionCaseCandidateList = z.infer<typeof ZActionCaseCandidateList>;

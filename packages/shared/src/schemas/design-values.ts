import { z } from 'zod';
import type { PermissionCode } from '../permissions.js';
import { ZIdText } from './ids.js';
import { ZIdListQuery, ZInstrumentStatus } from './instruments.js';
import { ZSiteType } from './sites.js';

/**
 * The QP(D)'s design values per instrument and stage, and the planned instruments of a contract (issue 19, the part
 * after decision 038): tables `design_predictions` and `instrument_plans` (migration 0018).
 *
 * Uploads (the upload pipeline: stored original, validation job with per-row findings, approve, one transaction):
 * - POST   /uploads/qpd               multipart: files (one CSV or XLSX), contract_id; ?force=true -> 202 TUploadCreated
 * - POST   /uploads/instrument-plan   the same
 * - GET    /uploads/templates/qpd?format=csv|xlsx, /uploads/templates/instrument-plan?format=csv|xlsx -> the template
 * The upload rows, their history, report, approve and reject are the existing /uploads routes (type qpd,
 * instrument-plan).
 *
 * Reading, within the caller's contracts:
 * - GET    /instruments/{id}/design-values                 -> TInstrumentDesignValues (readings' permissions; 404 outside)
 * - GET    /instrument-plans?contracts=[…]                 -> TInstrumentPlanList (any signed-in user, like GET /instruments)
 * Deleting (audited; DeleteDesignInfo):
 * - DELETE /instruments/{id}/design-values/{predictionId}  -> { ok: true }
 */

// ---- upload files ----

/**
 * The columns of a QP(D) design values file, in template order (headers match case-insensitively, spaces as `_`):
 * instrument (its name in the upload's contract), reading_code (a code of the instrument's type), depth (m below the
 * top: required for types with depths, refused for the others), site (a construction site of the contract, E or MT),
 * stage (a stage_no of that site), value (in the reading code's unit), [remarks]. One row per key; a later upload of the
 * same instrument, reading code, depth, site and stage replaces the value.
 */
export const QPD_UPLOAD_COLUMNS = ['instrument', 'reading_code', 'depth', 'site', 'stage', 'value', 'remarks'] as const;

/**
 * The columns of an instrument plan file, in template order: name (the planned instrument's id on the drawings, unique
 * in the contract), type (an instrument type code), [easting, northing] (SVY21 m, both or neither), [planned_install_date]
 * (YYYY-MM-DD or DD/MM/YYYY), [planned_frequency] (a FREQUENCIES code or name), [remarks]. A later upload of the same
 * name (case-insensitive) replaces the plan row.
 */
export const INSTRUMENT_PLAN_UPLOAD_COLUMNS = ['name', 'type', 'easting', 'northing', 'planned_install_date', 'planned_frequency', 'remarks'] as const;

/**
 * Who may do what (spec §6, Data Upload). QP(D) values: upload Upload Designed Value, history View Design Value Upload
 * History, delete Delete Design Info. Instrument plans: §6 names no instrument-plan task; the plan is master data of
 * the contract's instruments, so Manage Instruments uploads it, and its history is the instrumentation one's.
 * Approving either is Approve Upload.
 */
export const DESIGN_VALUE_TASKS = {
  upload: 'UploadDesignedValue',
  history: 'ViewDesignValueUploadHistory',
  delete: 'DeleteDesignInfo',
} as const satisfies Record<string, PermissionCode>;
export const INSTRUMENT_PLAN_TASKS = {
  upload: 'ManageInstruments',
  history: 'ViewInstrumentationUploadHistory',
} as const satisfies Record<string, PermissionCode>;

/** The live topics an approved upload or a deletion announces (dataUpdated). */
export const DESIGN_VALUES_TOPIC = 'design-values';
export const INSTRUMENT_PLANS_TOPIC = 'instrument-plans';

// ---- reading: an instrument's design values ----

export const ZDesignPrediction = z.object({
  prediction_id: z.number().int(),
  reading_code: z.string(),
  /** The reading code's unit; the value is in it. */
  unit: z.string(),
  /** m below the top, for types with depths; null otherwise. */
  depth: z.number().nullable(),
  stage_no: z.number().int(),
  /** The stage's name in the site's stages (null when the site no longer has that stage). */
  stage_name: z.string().nullable(),
  value: z.number(),
  remarks: z.string(),
  /** The upload the row came from (null: seeded or entered). */
  upload_id: z.number().int().nullable(),
});
export type TDesignPrediction = z.infer<typeof ZDesignPrediction>;

export const ZSiteDesignValues = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  type: ZSiteType,
  /**
   * The stage the works are in now (the site's progress summary: the first stage whose target is not reached yet);
   * null when every stage is reached or none has a target.
   */
  current_stage_no: z.number().int().nullable(),
  current_stage_name: z.string().nullable(),
  /** Every prediction of the instrument for this site, by stage, reading code, depth. */
  rows: z.array(ZDesignPrediction),
  /** The rows of the current stage: what a chart draws as the dashed "predicted" line. */
  current: z.array(ZDesignPrediction),
});
export type TSiteDesignValues = z.infer<typeof ZSiteDesignValues>;

export const ZInstrumentDesignValues = z.object({
  instrument_id: z.number().int(),
  instrument_name: z.string(),
  contract_id: z.number().int(),
  /** The sites with predictions for the instrument, by name. */
  sites: z.array(ZSiteDesignValues),
});
export type TInstrumentDesignValues = z.infer<typeof ZInstrumentDesignValues>;

export const ZDesignValueParams = z.object({ id: ZIdText, predictionId: ZIdText });

// ---- reading: instrument plans ----

export const ZInstrumentPlanQuery = z.object({
  /** A JSON list of contract ids; ids outside the caller's contracts are ignored. Absent: every visible contract. */
  contracts: ZIdListQuery.optional(),
});
export type TInstrumentPlanQuery = z.infer<typeof ZInstrumentPlanQuery>;

/** planned: no instrument of the name in the contract yet; installed: there is one, without readings; reading: it has readings. */
export const INSTRUMENT_PLAN_STATES = ['planned', 'installed', 'reading'] as const;
export type TInstrumentPlanState = (typeof INSTRUMENT_PLAN_STATES)[number];

export const ZInstrumentPlan = z.object({
  plan_id: z.number().int(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  name: z.string(),
  type_id: z.number().int(),
  type_code: z.string(),
  type_name: z.string(),
  /** Planned location, SVY21 m (both or neither). */
  easting: z.number().nullable(),
  northing: z.number().nullable(),
  planned_install_date: z.iso.date().nullable(),
  /** A FREQUENCIES code. */
  planned_frequency: z.string().nullable(),
  remarks: z.string(),
  upload_id: z.number().int().nullable(),
  state: z.enum(INSTRUMENT_PLAN_STATES),
  /** The contract's instrument of the planned name (case-insensitive), once installed. */
  instrument_id: z.number().int().nullable(),
  instrument_status: ZInstrumentStatus.nullable(),
  install_date: z.iso.date().nullable(),
  /** ISO date-time (UTC) of the instrument's first reading; null before any. */
  first_reading_at: z.string().nullable(),
});
export type TInstrumentPlan = z.infer<typeof ZInstrumentPlan>;

/** Per instrument type: planned rows, of them installed (an instrument exists, reading or not), of those reading. */
export const ZInstrumentPlanTotal = z.object({
  type_code: z.string(),
  type_name: z.string(),
  planned: z.number().int(),
  installed: z.number().int(),
  reading: z.number().int(),
});
export type TInstrumentPlanTotal = z.infer<typeof ZInstrumentPlanTotal>;

export const ZInstrumentPlanList = z.object({
  /** By contract number, then name. */
  records: z.array(ZInstrumentPlan),
  total_records: z.number().int(),
  /** By type code. */
  totals: z.array(ZInstrumentPlanTotal),
});
export type TInstrumentPlanList = z.infer<typeof ZInstrumentPlanList>;

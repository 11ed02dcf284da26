import { z } from 'zod';
import type { PermissionCode } from '../permissions.js';
import { ZIdText } from './ids.js';
import { ZIdListQuery } from './instruments.js';
import { ZSite, ZSiteType } from './sites.js';
import { ZSiteGeometry } from './geometry.js';

/**
 * Construction activity (issue 19, decision 038): excavation progress (levels reached, struts and anchors, the QP(D)'s
 * design values per stage) and mined-tunnel progress (shift reports per face part, the drive sequence). Progress is
 * stored in tables of its own (per site, date and zone; per drive, date, shift and face part); a site's current
 * progress is a query over them.
 *
 * Reading (any signed-in user, within the caller's contracts, like GET /civil/sites):
 * - GET    /civil/progress                         TConstructionProgressQuery -> TConstructionProgressList
 * - GET    /civil/sites/{id}/excavation-progress                              -> TExcavationProgress (404 for an MT site)
 * - GET    /civil/sites/{id}/tunnel-progress                                  -> TTunnelProgress (404 for an E site)
 * Deleting (audited; CONSTRUCTION_DELETE_TASKS):
 * - DELETE /civil/sites/{id}/excavation-progress/{rowId}   a level row        -> { ok: true }
 * - DELETE /civil/sites/{id}/excavation-supports/{rowId}   a strut or anchor  -> { ok: true }
 * - DELETE /civil/sites/{id}/excavation-design/{rowId}     a stage's design   -> { ok: true }
 * - DELETE /civil/sites/{id}/tunnel-shifts/{rowId}         a shift report row -> { ok: true }
 * Uploads (the upload pipeline: stored original, validation job with per-row findings, approve, one transaction):
 * - POST   /uploads/excavation   multipart: files (one CSV or XLSX), contract_id; ?force=true  -> 202 TUploadCreated
 * - POST   /uploads/tunnel       the same
 * - GET    /uploads/templates/excavation?format=csv|xlsx, /uploads/templates/tunnel?format=csv|xlsx -> the template file
 * The upload rows, their history, report, approve and reject are the existing /uploads routes (type excavation, tunnel).
 */

// ---- upload files ----

/** Row kinds of an MC excavation activity file (column `record`). */
export const EXCAVATION_RECORDS = ['level', 'strut', 'anchor', 'design'] as const;
export type TExcavationRecord = (typeof EXCAVATION_RECORDS)[number];

/**
 * The columns of an MC excavation activity file, in template order (headers match case-insensitively, spaces as `_`).
 * - level:  site, record, date, [zone], [stage], level_mrl, [remarks]           — the excavated level reached that day
 * - strut / anchor: site, record, date, time, [zone], [stage], level_mrl, label, [remarks] — installed at date + time
 * - design: site, record, stage, wall_deflection_mm, strut_force_kn, settlement_mm (at least one), [remarks]
 * Dates YYYY-MM-DD or DD/MM/YYYY; times HH:mm[:ss] in the platform's time zone.
 */
export const EXCAVATION_UPLOAD_COLUMNS = [
  'site',
  'record',
  'date',
  'time',
  'zone',
  'stage',
  'level_mrl',
  'label',
  'wall_deflection_mm',
  'strut_force_kn',
  'settlement_mm',
  'remarks',
] as const;

/** Row kinds of a mined tunnel file (column `record`). */
export const TUNNEL_RECORDS = ['shift', 'sequence'] as const;
export type TTunnelRecord = (typeof TUNNEL_RECORDS)[number];

export const TUNNEL_SHIFTS = ['day', 'night'] as const;
export type TTunnelShift = (typeof TUNNEL_SHIFTS)[number];

/** The face parts of a mined (NATM) drive, the leading one first. */
export const FACE_PARTS = ['top_heading', 'bench', 'invert'] as const;
export type TFacePart = (typeof FACE_PARTS)[number];

/**
 * The columns of a mined tunnel file, in template order.
 * - shift:    drive, record, date, shift (day|night), face_part, chainage, [rock_bolts], [shotcrete_mm],
 *             [lattice_girders], [geology_class], [remarks]   — the chainage the face part reached at the end of the shift
 * - sequence: drive, record, step, name, target_chainage, [planned_start], [planned_end], [remarks] — the drive's
 *             sequence steps (they replace the site's stages of the same step numbers)
 * `drive` is the mined tunnel's site name in the upload's contract.
 */
export const TUNNEL_UPLOAD_COLUMNS = [
  'drive',
  'record',
  'date',
  'shift',
  'face_part',
  'chainage',
  'rock_bolts',
  'shotcrete_mm',
  'lattice_girders',
  'geology_class',
  'step',
  'name',
  'target_chainage',
  'planned_start',
  'planned_end',
  'remarks',
] as const;

/**
 * Who may upload which rows (spec §6, Data Upload), every task of the row kind's list: level, strut and anchor rows need Upload
 * MC Excavation Activity, design rows Upload Designed Value (a designer may upload a file of design rows alone).
 * Posting a file needs any task of its type; history needs View Construction Activity Upload History.
 */
export const CONSTRUCTION_UPLOAD_TASKS = {
  excavation: { upload: ['UploadMCExcavationActivity'], design: ['UploadDesignedValue'] },
  tunnel: { shift: ['UploadTunnelShiftReport'], sequence: ['UploadMinedTunnelSequence'] },
} as const satisfies Record<string, Record<string, readonly PermissionCode[]>>;
export const CONSTRUCTION_HISTORY_TASK: PermissionCode = 'ViewConstructionActivityUploadHistory';

/** Who may delete progress rows (spec §6): levels, supports and shifts; design values. */
export const CONSTRUCTION_DELETE_TASKS: { progress: PermissionCode; design: PermissionCode } = {
  progress: 'DeleteStationorTunnelExcavationProgress',
  design: 'DeleteDesignInfo',
};

/** The live topic an approved construction upload or a deletion announces (dataUpdated). */
export const CONSTRUCTION_TOPIC = 'construction';

// ---- reading ----

export const ZConstructionProgressQuery = z.object({
  type: ZSiteType,
  /** A JSON list of contract ids; ids outside the caller's contracts are ignored. Absent: every visible contract. */
  contracts: ZIdListQuery.optional(),
  keyword: z.string().trim().max(200).optional(),
});
export type TConstructionProgressQuery = z.infer<typeof ZConstructionProgressQuery>;

/** A site's current progress, as the work-space lists show it. */
export const ZSiteProgressSummary = z.object({
  /** The date of the latest progress row; null before any. */
  date: z.iso.date().nullable(),
  /** E: the lowest of the latest level per zone (mRL); MT: the chainage of the leading face part (m). */
  value: z.number().nullable(),
  /** E: the final formation level (the lowest stage target); MT: the chainage at the end of the drive. */
  target: z.number().nullable(),
  /** The stage the works are in: the first whose target is not reached yet (null when all are, or none is set). */
  stage_no: z.number().int().nullable(),
  stage_name: z.string().nullable(),
});
export type TSiteProgressSummary = z.infer<typeof ZSiteProgressSummary>;

/** A site's state as the work-space lists filter it (`site-status` in the query string). */
export const SITE_PROGRESS_STATUSES = ['not-started', 'in-progress', 'complete'] as const;
export type TSiteProgressStatus = (typeof SITE_PROGRESS_STATUSES)[number];

/**
 * Not started before any progress row; complete once the value has reached the target (E: level at or below the final
 * formation level; MT: the leading face at or beyond the end of the drive); in progress otherwise.
 */
export function siteProgressStatus(type: 'E' | 'MT', summary: TSiteProgressSummary): TSiteProgressStatus {
  if (summary.date === null || summary.value === null) return 'not-started';
  if (summary.target !== null && (type === 'E' ? summary.value <= summary.target : summary.value >= summary.target)) return 'complete';
  return 'in-progress';
}

export const ZConstructionProgressItem = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  type: ZSiteType,
  description: z.string(),
  /** SVY21 metres. */
  geometry: ZSiteGeometry.nullable(),
  progress: ZSiteProgressSummary,
});
export type TConstructionProgressItem = z.infer<typeof ZConstructionProgressItem>;
export const ZConstructionProgressList = z.object({ records: z.array(ZConstructionProgressItem), total_records: z.number().int() });
export type TConstructionProgressList = z.infer<typeof ZConstructionProgressList>;

const ZRowSource = {
  /** The upload the row came from (null: seeded or entered). */
  upload_id: z.number().int().nullable(),
};

export const ZExcavationLevel = z.object({
  progress_id: z.number().int(),
  date: z.iso.date(),
  zone: z.string(),
  stage_no: z.number().int().nullable(),
  /** mRL */
  level: z.number(),
  remarks: z.string(),
  ...ZRowSource,
});
export type TExcavationLevel = z.infer<typeof ZExcavationLevel>;

export const ZExcavationSupport = z.object({
  support_id: z.number().int(),
  kind: z.enum(['strut', 'anchor']),
  label: z.string(),
  zone: z.string(),
  stage_no: z.number().int().nullable(),
  level: z.number(),
  /** ISO date-time (UTC). */
  installed_at: z.string(),
  remarks: z.string(),
  ...ZRowSource,
});
export type TExcavationSupport = z.infer<typeof ZExcavationSupport>;

export const ZExcavationDesign = z.object({
  design_id: z.number().int(),
  stage_no: z.number().int(),
  /** mm */
  wall_deflection: z.number().nullable(),
  /** kN */
  strut_force: z.number().nullable(),
  /** mm */
  settlement: z.number().nullable(),
  remarks: z.string(),
  ...ZRowSource,
});
export type TExcavationDesign = z.infer<typeof ZExcavationDesign>;

/** A stage with its plan (from the site) and its actual dates (from the progress rows). */
export const ZStageProgress = z.object({
  stage_no: z.number().int(),
  name: z.string(),
  /** E: the stage's formation level (mRL); MT: the chainage the step reaches (m). */
  target: z.number().nullable(),
  planned_start: z.iso.date().nullable(),
  planned_end: z.iso.date().nullable(),
  /** The first progress date inside the stage (E: a level row naming it, or below the previous stage's target). */
  actual_start: z.iso.date().nullable(),
  /** The first date the stage's target was reached; null while it is not. */
  actual_end: z.iso.date().nullable(),
});
export type TStageProgress = z.infer<typeof ZStageProgress>;

export const ZExcavationProgress = z.object({
  site: ZSite,
  summary: ZSiteProgressSummary,
  stages: z.array(ZStageProgress),
  /** Every level row, oldest first. */
  levels: z.array(ZExcavationLevel),
  /** The latest level per zone. */
  zones: z.array(z.object({ zone: z.string(), date: z.iso.date(), level: z.number() })),
  /** Struts and anchors, by installation time. */
  supports: z.array(ZExcavationSupport),
  /** Design values per stage, by stage. */
  design: z.array(ZExcavationDesign),
});
export type TExcavationProgress = z.infer<typeof ZExcavationProgress>;

export const ZTunnelShiftRow = z.object({
  shift_id: z.number().int(),
  date: z.iso.date(),
  shift: z.enum(TUNNEL_SHIFTS),
  face_part: z.enum(FACE_PARTS),
  chainage: z.number(),
  /** Since this face part's previous row (m); null for its first. */
  advance: z.number().nullable(),
  rock_bolts: z.number().int().nullable(),
  /** mm */
  shotcrete: z.number().nullable(),
  lattice_girders: z.number().int().nullable(),
  geology_class: z.string(),
  remarks: z.string(),
  ...ZRowSource,
});
export type TTunnelShiftRow = z.infer<typeof ZTunnelShiftRow>;

export const ZTunnelFace = z.object({
  face_part: z.enum(FACE_PARTS),
  chainage: z.number(),
  date: z.iso.date(),
  shift: z.enum(TUNNEL_SHIFTS),
  /** The face's point on the alignment (SVY21 m), null when the site has no LineString or the chainage is off it. */
  x: z.number().nullable(),
  y: z.number().nullable(),
});
export type TTunnelFace = z.infer<typeof ZTunnelFace>;

export const ZTunnelProgress = z.object({
  site: ZSite,
  summary: ZSiteProgressSummary,
  stages: z.array(ZStageProgress),
  /** The alignment's chainages (the site's LineString from chainage_start); null without a LineString. */
  chainage_start: z.number().nullable(),
  chainage_end: z.number().nullable(),
  /** The latest row of each face part, in FACE_PARTS order. */
  faces: z.array(ZTunnelFace),
  /** Every shift row, oldest first (date, day before night, FACE_PARTS order). */
  shifts: z.array(ZTunnelShiftRow),
  /** Advance of the leading face part (top heading) per calendar day with a shift, m. */
  advance_per_day: z.array(z.object({ date: z.iso.date(), advance: z.number() })),
});
export type TTunnelProgress = z.infer<typeof ZTunnelProgress>;

/** Path ids are text (ZIdText), as every route's. */
export const ZConstructionRowParams = z.object({ id: ZIdText, rowId: ZIdText });

export const ZConstructionTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

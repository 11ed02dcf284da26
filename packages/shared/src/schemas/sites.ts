import { z } from 'zod';
import { ZId, ZIdText } from './ids.js';
import { SITE_TYPES } from '../master-data.js';
import { ZSiteGeometry } from './geometry.js';
import { ZIdListQuery } from './instruments.js';
import { MESSAGES } from '../messages.js';

/** Construction sites (issue 6): excavation sites (E) and mined tunnels (MT), with stages, design values and drawings. */

export const ZSiteType = z.enum(SITE_TYPES, 'Type is E (excavation) or MT (mined tunnel)');

/** GET /civil/sites: the selector's records. */
export const ZCivilSite = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  type: ZSiteType,
});
export type TCivilSite = z.infer<typeof ZCivilSite>;
export const ZCivilSiteList = z.object({ records: z.array(ZCivilSite), total_records: z.number().int() });
export type TCivilSiteList = z.infer<typeof ZCivilSiteList>;

export const ZCivilSitesQuery = z.object({
  /** A JSON list of contract ids; ids outside the caller's contracts are ignored. Absent: every visible contract. */
  contracts: ZIdListQuery.optional(),
  type: ZSiteType.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TCivilSitesQuery = z.infer<typeof ZCivilSitesQuery>;

/** An excavation stage or a tunnel drive sequence step. */
export const ZSiteStage = z.object({
  stage_no: z.number().int().min(0).max(1000),
  name: z.string().trim().min(1, 'Stage name is required').max(200),
  description: z.string().trim().max(2000).default(''),
  /** Excavation: formation level of the stage (mRL); tunnel: chainage reached (m). */
  target: z.number().nullable().default(null),
  planned_start: z.iso.date().nullable().default(null),
  planned_end: z.iso.date().nullable().default(null),
});
export type TSiteStage = z.infer<typeof ZSiteStage>;

/** Field limits of a construction site, for the API and the web form alike. */
export const SITE_LIMITS = { name: 200, description: 2000, stages: 500, designValueName: 100, designValue: 500 } as const;

/** A design value's name (the web form's rows take it from here). */
export const ZDesignValueName = z.string().trim().min(1).max(SITE_LIMITS.designValueName);

/** Design values by name (e.g. `max_wall_deflection_mm`: 45): numbers or short texts. */
export const ZDesignValues = z.record(ZDesignValueName, z.union([z.number(), z.string().max(SITE_LIMITS.designValue)]));

export const ZSite = ZCivilSite.extend({
  description: z.string(),
  /** SVY21 metres. */
  geometry: ZSiteGeometry.nullable(),
  stages: z.array(ZSiteStage),
  design_values: ZDesignValues,
  /** A mined tunnel's chainage at the first vertex of its LineString (m); null: 0. Decision 038. */
  chainage_start: z.number().nullable(),
  drawing_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type TSite = z.infer<typeof ZSite>;
export const ZSiteList = z.object({ records: z.array(ZSite), total_records: z.number().int() });
export type TSiteList = z.infer<typeof ZSiteList>;

export const ZListSitesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  keyword: z.string().trim().max(100).optional(),
  type: ZSiteType.optional(),
  contract_id: ZIdText.optional(),
});
export type TListSitesQuery = z.infer<typeof ZListSitesQuery>;

const activity = {
  stages: z.array(ZSiteStage).max(SITE_LIMITS.stages),
  design_values: ZDesignValues,
};

/** A site's main fields, every one required and without defaults: the create and update bodies derive from it. */
export const ZSiteFields = z.object({
  site_name: z.string().trim().min(1, 'Site name is required').max(SITE_LIMITS.name, `Site name must be at most ${SITE_LIMITS.name} characters`),
  contract_id: ZId,
  type: ZSiteType,
  description: z.string().trim().max(SITE_LIMITS.description),
  geometry: ZSiteGeometry.nullable(),
});

export const ZCreateSiteRequest = ZSiteFields.extend({
  description: ZSiteFields.shape.description.default(''),
  geometry: ZSiteFields.shape.geometry.default(null),
  stages: activity.stages.default([]),
  design_values: activity.design_values.default({}),
});
export type TCreateSiteRequest = z.infer<typeof ZCreateSiteRequest>;

/** PUT: only the fields given change; the type is fixed once created (no defaults: a field left out keeps its value). */
export const ZUpdateSiteRequest = ZSiteFields.omit({ type: true }).partial();
export type TUpdateSiteRequest = z.infer<typeof ZUpdateSiteRequest>;

/** PUT /master-data/sites/{id}/activity: the excavation- or tunnel-specific fields. */
export const ZSiteActivityRequest = z.object({
  stages: activity.stages.optional(),
  design_values: activity.design_values.optional(),
  /** Mined tunnels: the chainage at the first vertex of the alignment (m); null clears it. */
  chainage_start: z.number().min(-1e6).max(1e7).nullable().optional(),
});
export type TSiteActivityRequest = z.infer<typeof ZSiteActivityRequest>;

/**
 * Progress drawings on the map (decision 038): a PNG or JPEG drawing is stretched over its place, an SVY21 extent
 * `[minE, minN, maxE, maxN]` (m); a PDF or DXF stays a document to download.
 */
export const PLACEABLE_DRAWING_TYPES = ['image/png', 'image/jpeg'] as const;

/** True for a drawing the map can show (PNG or JPEG, by its stored content type). */
export function isPlaceableDrawing(contentType: string): boolean {
  return (PLACEABLE_DRAWING_TYPES as readonly string[]).includes(contentType);
}

/** The SVY21 coordinates a drawing's place may use: Singapore's grid with a wide margin (m). */
export const DRAWING_EXTENT_RANGE = { min: 0, max: 100_000 } as const;

const ZDrawingCoordinate = z
  .number(MESSAGES.drawingExtentInvalid)
  .min(DRAWING_EXTENT_RANGE.min, MESSAGES.drawingExtentRange)
  .max(DRAWING_EXTENT_RANGE.max, MESSAGES.drawingExtentRange);

/** A drawing's place: `[minE, minN, maxE, maxN]`, SVY21 m, finite, the lower-left corner below and left of the upper-right. */
export const ZDrawingExtent = z
  .tuple([ZDrawingCoordinate, ZDrawingCoordinate, ZDrawingCoordinate, ZDrawingCoordinate], MESSAGES.drawingExtentInvalid)
  .refine(([minE, minN, maxE, maxN]) => minE < maxE && minN < maxN, MESSAGES.drawingExtentOrder);
export type TDrawingExtent = [number, number, number, number];

/** The progress date a drawing shows (YYYY-MM-DD). */
export const ZDrawingDate = z.iso.date(MESSAGES.drawingDateInvalid);

/**
 * `POST /master-data/sites/{id}/drawings` form fields beside the file (both may be left out): `drawing_date`
 * (YYYY-MM-DD) and `extent` (a JSON array of four numbers; PNG and JPEG only, with a date).
 */
export const ZSiteDrawingPlacement = z.object({
  drawing_date: ZDrawingDate.nullable(),
  extent: ZDrawingExtent.nullable(),
});
export type TSiteDrawingPlacement = z.infer<typeof ZSiteDrawingPlacement>;

/** `PATCH /master-data/site-drawings/{id}`: a field left out keeps its value; null clears it. */
export const ZUpdateSiteDrawingRequest = z.object({
  drawing_date: ZDrawingDate.nullable().optional(),
  extent: ZDrawingExtent.nullable().optional(),
});
export type TUpdateSiteDrawingRequest = z.infer<typeof ZUpdateSiteDrawingRequest>;

export const ZSiteDrawing = z.object({
  drawing_id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.string(),
  /** Download address; append `?_token=<resource token>`. */
  url: z.string(),
  /** The progress date the drawing shows (YYYY-MM-DD); null: not given (drawings uploaded before dates were asked). */
  drawing_date: z.string().nullable(),
  /** Its place on the map, SVY21 `[minE, minN, maxE, maxN]` (m); null: not placed (always null for a PDF or DXF). */
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type TSiteDrawing = z.infer<typeof ZSiteDrawing>;
export const ZSiteDrawingList = z.object({ records: z.array(ZSiteDrawing), total_records: z.number().int() });
export type TSiteDrawingList = z.infer<typeof ZSiteDrawingList>;

export const ZSiteUploadsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  site_id: ZIdText.optional(),
  contract_id: ZIdText.optional(),
  type: ZSiteType.optional(),
  /** File or site name. */
  keyword: z.string().trim().max(100).optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});
export type TSiteUploadsQuery = z.infer<typeof ZSiteUploadsQuery>;

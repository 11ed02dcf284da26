import { z } from 'zod';
import { ZId } from './ids.js';
import { ZBoolQuery } from './contracts-admin.js';
import { ZPolygon } from './geometry.js';
import { ZIdListQuery } from './instruments.js';

/** Zones (issue 6): named areas of a contract, some used for reports (`is_report`). */

export const ZZoneRecord = z.object({
  zone_id: z.number().int(),
  name: z.string(),
  contract_id: z.number().int(),
  is_report: z.boolean(),
});
export type TZoneRecord = z.infer<typeof ZZoneRecord>;

export const ZZone = ZZoneRecord.extend({
  contract_no: z.string(),
  description: z.string(),
  /** SVY21 metres. */
  polygon: ZPolygon.nullable(),
  /** The same polygon in WGS84 `[lon, lat]`. */
  polygon_wgs84: ZPolygon.nullable(),
  instrument_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type TZone = z.infer<typeof ZZone>;

export const ZZoneList = z.object({ records: z.array(ZZoneRecord), total_records: z.number().int() });
export type TZoneList = z.infer<typeof ZZoneList>;

/** GET /zones (spec §7): is_report, filter (a JSON list of contract ids), skip, limit (100). */
export const ZListZonesQuery = z.object({
  is_report: ZBoolQuery,
  filter: ZIdListQuery.optional(),
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TListZonesQuery = z.infer<typeof ZListZonesQuery>;

/** Field limits of a zone, for the API and the web form alike. */
export const ZONE_LIMITS = { name: 100, description: 2000 } as const;

/** A zone's writable fields, every one required and without defaults: the create and update bodies derive from it. */
export const ZZoneFields = z.object({
  name: z.string().trim().min(1, 'Name is required').max(ZONE_LIMITS.name, `Name must be at most ${ZONE_LIMITS.name} characters`),
  contract_id: ZId,
  is_report: z.boolean(),
  description: z.string().trim().max(ZONE_LIMITS.description),
  polygon: ZPolygon.nullable(),
});

export const ZCreateZoneRequest = ZZoneFields.extend({
  is_report: ZZoneFields.shape.is_report.default(false),
  description: ZZoneFields.shape.description.default(''),
  polygon: ZZoneFields.shape.polygon.default(null),
});
export type TCreateZoneRequest = z.infer<typeof ZCreateZoneRequest>;

/** PUT: only the fields given change (no defaults: a field left out keeps its value). */
export const ZUpdateZoneRequest = ZZoneFields.partial();
export type TUpdateZoneRequest = z.infer<typeof ZUpdateZoneRequest>;

import { z } from 'zod';
import type { PermissionCode } from '../permissions.js';
import { ZId } from './ids.js';
import { ZLineString, ZPolygon } from './geometry.js';
import { ZIdListQuery } from './instruments.js';

/**
 * Critical interfaces and mining works (issue 19): one concept, two kinds. A structure near the works (an MRT tunnel,
 * a viaduct, a building, a utility) with its outline (SVY21 metres), owner, zone-of-influence distance, response
 * contacts and the instruments that watch it (of its own contract).
 *
 * - GET    /critical-interfaces | /mining-works            keyword, filter (contract ids), skip, limit -> TStructureList
 * - GET    /{kind path}/{id}                                                                    -> TStructure
 * - POST   /{kind path}            TStructureFields                                              -> TStructure
 * - PUT    /{kind path}/{id}       partial TStructureFields                                      -> TStructure
 * - DELETE /{kind path}/{id}                                                                    -> { ok }
 * - GET    /{kind path}/{id}/instruments                                                        -> TStructureInstruments
 * - GET    /{kind path}/{id}/monitoring                                                         -> TStructureMonitoring
 */

export const STRUCTURE_KINDS = ['critical-interface', 'mining-works'] as const;
export type TStructureKind = (typeof STRUCTURE_KINDS)[number];

/** The API path (under /api/v1) of each kind's routes. */
export const STRUCTURE_API_PATHS: Record<TStructureKind, string> = {
  'critical-interface': '/critical-interfaces',
  'mining-works': '/mining-works',
};

/** Permissions per kind (spec §6): reading needs either, writing needs Manage. */
export const STRUCTURE_PERMISSIONS: Record<TStructureKind, { manage: PermissionCode; view: PermissionCode }> = {
  'critical-interface': { manage: 'ManageCriticalInterfaceMonitoring', view: 'SearchorViewCriticalInterfaceMonitoring' },
  'mining-works': { manage: 'ManageMiningWorksMonitoring', view: 'SearchorViewMiningWorksMonitoring' },
};

export const STRUCTURE_TYPES = ['mrt-tunnel', 'viaduct', 'building', 'utility', 'other'] as const;
export type TStructureType = (typeof STRUCTURE_TYPES)[number];

export const STRUCTURE_LIMITS = {
  name: 100,
  owner: 200,
  description: 2000,
  contacts: 20,
  contactName: 100,
  contactRole: 100,
  contactPhone: 30,
  contactEmail: 254,
  instruments: 500,
  influenceDistanceMax: 5000,
} as const;

/** The zone of influence around the outline when none is given, in metres. */
export const STRUCTURE_DEFAULT_INFLUENCE_M = 30;
/** The trend of a reading: its change over this many days. */
export const STRUCTURE_TREND_DAYS = 7;

const ZText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

export const ZStructureContact = z.object({
  name: z.string().trim().min(1, 'Name is required').max(STRUCTURE_LIMITS.contactName, `At most ${STRUCTURE_LIMITS.contactName} characters`),
  role: ZText(STRUCTURE_LIMITS.contactRole).default(''),
  phone: z
    .string()
    .trim()
    .max(STRUCTURE_LIMITS.contactPhone, `At most ${STRUCTURE_LIMITS.contactPhone} characters`)
    .regex(/^[0-9+()\- ]*$/, 'A phone number has digits, spaces, +, - and brackets only')
    .default(''),
  email: z.union([z.literal(''), z.string().trim().max(STRUCTURE_LIMITS.contactEmail).email('Not an e-mail address')]).default(''),
});
export type TStructureContact = z.infer<typeof ZStructureContact>;

/** A structure's outline: a Polygon (a building, a station box) or a LineString (a tunnel, a viaduct), SVY21 metres. */
export const ZStructureOutline = z.discriminatedUnion('type', [ZPolygon, ZLineString]);
export type TStructureOutline = z.infer<typeof ZStructureOutline>;

/** A structure's writable fields, every one required and without defaults: the create and update bodies derive from it. */
export const ZStructureFields = z.object({
  name: z.string().trim().min(1, 'Name is required').max(STRUCTURE_LIMITS.name, `Name must be at most ${STRUCTURE_LIMITS.name} characters`),
  contract_id: ZId,
  structure_type: z.enum(STRUCTURE_TYPES),
  owner: ZText(STRUCTURE_LIMITS.owner),
  description: ZText(STRUCTURE_LIMITS.description),
  outline: ZStructureOutline,
  influence_distance: z
    .number()
    .min(0, 'The distance cannot be negative')
    .max(STRUCTURE_LIMITS.influenceDistanceMax, `At most ${STRUCTURE_LIMITS.influenceDistanceMax} m`),
  contacts: z.array(ZStructureContact).max(STRUCTURE_LIMITS.contacts, `At most ${STRUCTURE_LIMITS.contacts} contacts`),
  instrument_ids: z.array(ZId).max(STRUCTURE_LIMITS.instruments, `At most ${STRUCTURE_LIMITS.instruments} instruments`),
});

export const ZCreateStructureRequest = ZStructureFields.extend({
  owner: ZStructureFields.shape.owner.default(''),
  description: ZStructureFields.shape.description.default(''),
  influence_distance: ZStructureFields.shape.influence_distance.default(STRUCTURE_DEFAULT_INFLUENCE_M),
  contacts: ZStructureFields.shape.contacts.default([]),
  instrument_ids: ZStructureFields.shape.instrument_ids.default([]),
});
export type TCreateStructureRequest = z.infer<typeof ZCreateStructureRequest>;

/** PUT: only the fields given change. */
export const ZUpdateStructureRequest = ZStructureFields.partial();
export type TUpdateStructureRequest = z.infer<typeof ZUpdateStructureRequest>;

export const ZListStructuresQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  filter: ZIdListQuery.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TListStructuresQuery = z.infer<typeof ZListStructuresQuery>;

export const ZStructureRecord = z.object({
  structure_id: z.number().int(),
  kind: z.enum(STRUCTURE_KINDS),
  name: z.string(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  structure_type: z.enum(STRUCTURE_TYPES),
  owner: z.string(),
  instrument_count: z.number().int(),
  open_alert_count: z.number().int(),
  /** The outline in WGS84 `[lon, lat]`, for the map beside the list. */
  outline_wgs84: ZStructureOutline,
});
export type TStructureRecord = z.infer<typeof ZStructureRecord>;

export const ZStructureList = z.object({ records: z.array(ZStructureRecord), total_records: z.number().int() });
export type TStructureList = z.infer<typeof ZStructureList>;

export const ZStructureInstrument = z.object({
  instrument_id: z.number().int(),
  name: z.string(),
  type_code: z.string(),
  easting: z.number(),
  northing: z.number(),
});
export type TStructureInstrument = z.infer<typeof ZStructureInstrument>;

export const ZStructureInstruments = z.object({ records: z.array(ZStructureInstrument) });
export type TStructureInstruments = z.infer<typeof ZStructureInstruments>;

export const ZStructure = ZStructureRecord.extend({
  description: z.string(),
  outline: ZStructureOutline,
  influence_distance: z.number(),
  contacts: z.array(ZStructureContact),
  instruments: z.array(ZStructureInstrument),
  created: z.string(),
  updated: z.string(),
});
export type TStructure = z.infer<typeof ZStructure>;

export const ZStructureLatest = z.object({
  series_id: z.number().int(),
  code: z.string(),
  depth: z.number().nullable(),
  unit: z.string(),
  taken_at: z.string(),
  value: z.number(),
  /** The change over the last STRUCTURE_TREND_DAYS days (latest minus the value then); null without a reading then. */
  change: z.number().nullable(),
});
export type TStructureLatest = z.infer<typeof ZStructureLatest>;

export const ZStructureMonitoring = z.object({
  structure_id: z.number().int(),
  trend_days: z.number().int(),
  instruments: z.array(
    ZStructureInstrument.extend({
      /** As GET /instruments/status gives it: the most severe level the latest readings pass (null, 0: normal). */
      level_code: z.string().nullable(),
      severity: z.number().int(),
      last_reading_at: z.string().nullable(),
      latest: z.array(ZStructureLatest),
    }),
  ),
  alerts: z.array(
    z.object({
      alert_id: z.number().int(),
      instrument_id: z.number().int(),
      instrument_name: z.string(),
      kind: z.string(),
      level_code: z.string().nullable(),
      opened_at: z.string(),
      last_triggered_at: z.string(),
      latest_value: z.number().nullable(),
    }),
  ),
  cases: z.array(
    z.object({
      case_id: z.number().int(),
      alert_id: z.number().int(),
      instrument_id: z.number().int().nullable(),
      category: z.string(),
      title: z.string(),
      opened_at: z.string(),
    }),
  ),
  /** Construction sites (excavations E, mined tunnels MT) within the influence distance of the outline. */
  sites: z.array(
    z.object({
      site_id: z.number().int(),
      site_name: z.string(),
      type: z.string(),
      contract_id: z.number().int(),
      /** Metres from the outline (0: touching or overlapping). */
      distance: z.number(),
    }),
  ),
});
export type TStructureMonitoring = z.infer<typeof ZStructureMonitoring>;

import { z } from 'zod';
import { ZId, ZIdText } from './ids.js';
import { ZContract, ZContractTypeBits, ZContractTypeFilter } from './contracts.js';
import { ZPolygon } from './geometry.js';

/** Contracts management (issue 6): `/contracts/management`, tabs Information, Boundary, Users. */

const ZDate = z.iso.date('Enter a date as YYYY-MM-DD');
export const ZContractSummary = ZContract.extend({
  description: z.string(),
  contractor_id: z.number().int().nullable(),
  contractor_name: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** WGS84 of the reference point (easting/northing). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  has_boundary: z.boolean(),
  instrument_count: z.number().int(),
  user_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type TContractSummary = z.infer<typeof ZContractSummary>;

export const ZContractDetail = ZContractSummary.extend({
  /** GeoJSON polygon in SVY21 metres. */
  boundary: ZPolygon.nullable(),
  /** The same polygon in WGS84 `[lon, lat]`. */
  boundary_wgs84: ZPolygon.nullable(),
});
export type TContractDetail = z.infer<typeof ZContractDetail>;

export const ZManagedContractList = z.object({ records: z.array(ZContractSummary), total_records: z.number().int() });
export type TManagedContractList = z.infer<typeof ZManagedContractList>;

export const ZBoolQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

export const ZListManagedContractsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  keyword: z.string().trim().max(100).optional(),
  /** Bit filter: contracts whose type has any of these bits. */
  type: ZContractTypeFilter.optional(),
  active: ZBoolQuery,
  contractor_id: ZIdText.optional(),
});
export type TListManagedContractsQuery = z.infer<typeof ZListManagedContractsQuery>;

/** Field limits of a contract, for the API and the web form alike (the reference point is in SVY21 metres). */
export const CONTRACT_LIMITS = { no: 50, title: 200, description: 2000, coordinate: 1e6 } as const;

/** A contract's writable fields, every one required: the create and update bodies derive from it. */
export const ZContractFields = z.object({
  no: z.string().trim().min(1, 'Contract no. is required').max(CONTRACT_LIMITS.no, `Contract no. must be at most ${CONTRACT_LIMITS.no} characters`),
  title: z.string().trim().min(1, 'Title is required').max(CONTRACT_LIMITS.title, `Title must be at most ${CONTRACT_LIMITS.title} characters`),
  description: z.string().trim().max(CONTRACT_LIMITS.description, `Description must be at most ${CONTRACT_LIMITS.description} characters`),
  active: z.boolean(),
  type: ZContractTypeBits,
  contractor_id: ZId.nullable(),
  start_date: ZDate.nullable(),
  end_date: ZDate.nullable(),
  easting: z.number().min(-CONTRACT_LIMITS.coordinate).max(CONTRACT_LIMITS.coordinate).nullable(),
  northing: z.number().min(-CONTRACT_LIMITS.coordinate).max(CONTRACT_LIMITS.coordinate).nullable(),
});

const datesInOrder = (v: { start_date?: string | null; end_date?: string | null }) => !v.start_date || !v.end_date || v.start_date <= v.end_date;
const DATE_ORDER = { message: 'End date must be on or after the start date', path: ['end_date'] };

/** POST: a number and a title; the rest may be left out. */
export const ZCreateContractRequest = ZContractFields.partial()
  .extend({ no: ZContractFields.shape.no, title: ZContractFields.shape.title })
  .refine(datesInOrder, DATE_ORDER);
export type TCreateContractRequest = z.infer<typeof ZCreateContractRequest>;

/** PUT: only the fields given change. */
export const ZUpdateContractRequest = ZContractFields.partial().refine(datesInOrder, DATE_ORDER);
export type TUpdateContractRequest = z.infer<typeof ZUpdateContractRequest>;

/** PUT /contracts/{id}/boundary: a polygon (null clears it), in SVY21 metres or, with `crs: wgs84`, `[lon, lat]`. */
export const ZContractBoundaryRequest = z.object({
  geojson: ZPolygon.nullable(),
  crs: z.enum(['svy21', 'wgs84']).default('svy21'),
});
export type TContractBoundaryRequest = z.infer<typeof ZContractBoundaryRequest>;

/** POST /contracts/{id}/boundary/import (JSON): the text of a GeoJSON or KML file; multipart with one file also works. */
export const ZBoundaryImportRequest = z.object({
  text: z.string().min(1, 'The file is empty').max(5_000_000, 'The file is too large'),
  format: z.enum(['geojson', 'kml']).optional(),
});
export const ZBoundaryImportQuery = z.object({ dry_run: ZBoolQuery });

export const ZBoundaryImportResult = z.object({
  boundary: ZPolygon,
  boundary_wgs84: ZPolygon,
  /** The coordinate system the file was read in. */
  source_crs: z.enum(['svy21', 'wgs84']),
  saved: z.boolean(),
});
export type TBoundaryImportResult = z.infer<typeof ZBoundaryImportResult>;

export const ZContractUser = z.object({
  user_id: z.number().int(),
  login_name: z.string(),
  fullname: z.string(),
  email: z.string(),
  user_type: z.number().int(),
  status: z.string(),
  contractor_id: z.number().int().nullable(),
  contractor_name: z.string().nullable(),
});
export const ZContractUsers = z.object({ contract_id: z.number().int(), records: z.array(ZContractUser) });
export type TContractUsers = z.infer<typeof ZContractUsers>;

export const ZSetContractUsersRequest = z.object({ user_ids: z.array(ZId).max(5000) });
export type TSetContractUsersRequest = z.infer<typeof ZSetContractUsersRequest>;

/**
 * GET /contracts/{id}/users/candidates: users who may be assigned to the contract and are not yet — not terminated,
 * visible to the caller (a Contractor administrator: their contractor's users), and a Contractor user only when the
 * contract is their contractor's. For the "assign user" picker; needs only ManageProjectAssignment.
 */
export const ZContractUserCandidatesQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TContractUserCandidatesQuery = z.infer<typeof ZContractUserCandidatesQuery>;
export const ZContractUserCandidates = z.object({ records: z.array(ZContractUser), total_records: z.number().int() });
export type TContractUserCandidates = z.infer<typeof ZContractUserCandidates>;

import { z } from 'zod';
import { ZContract } from './contracts.js';
import { ZPolygon } from './geometry.js';

/** Contracts management (issue 6): `/contracts/management`, tabs Information, Boundary, Users. */

const ZDate = z.iso.date('Enter a date as YYYY-MM-DD');
/** Type bits: IM 2, Civil 4, SI 8; nothing else. */
export const ZContractTypeBits = z
  .number()
  .int()
  .min(0)
  .max(14)
  .refine((v) => (v & ~14) === 0, 'Type is a combination of IM (2), Civil (4) and SI (8)');

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
  type: z.coerce.number().int().min(0).optional(),
  active: ZBoolQuery,
  contractor_id: z.coerce.number().int().positive().optional(),
});
export type TListManagedContractsQuery = z.infer<typeof ZListManagedContractsQuery>;

const fields = {
  no: z.string().trim().min(1, 'Contract no. is required').max(50, 'Contract no. must be at most 50 characters'),
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  active: z.boolean(),
  type: ZContractTypeBits,
  contractor_id: z.number().int().positive().nullable(),
  start_date: ZDate.nullable(),
  end_date: ZDate.nullable(),
  easting: z.number().min(-1e6).max(1e6).nullable(),
  northing: z.number().min(-1e6).max(1e6).nullable(),
};

const datesInOrder = (v: { start_date?: string | null; end_date?: string | null }) => !v.start_date || !v.end_date || v.start_date <= v.end_date;

export const ZCreateContractRequest = z
  .object({
    no: fields.no,
    title: fields.title,
    description: fields.description.optional(),
    active: fields.active.optional(),
    type: fields.type.optional(),
    contractor_id: fields.contractor_id.optional(),
    start_date: fields.start_date.optional(),
    end_date: fields.end_date.optional(),
    easting: fields.easting.optional(),
    northing: fields.northing.optional(),
  })
  .refine(datesInOrder, { message: 'End date must be on or after the start date', path: ['end_date'] });
export type TCreateContractRequest = z.infer<typeof ZCreateContractRequest>;

/** PUT: only the fields given change. */
export const ZUpdateContractRequest = z
  .object({
    no: fields.no.optional(),
    title: fields.title.optional(),
    description: fields.description.optional(),
    active: fields.active.optional(),
    type: fields.type.optional(),
    contractor_id: fields.contractor_id.optional(),
    start_date: fields.start_date.optional(),
    end_date: fields.end_date.optional(),
    easting: fields.easting.optional(),
    northing: fields.northing.optional(),
  })
  .refine(datesInOrder, { message: 'End date must be on or after the start date', path: ['end_date'] });
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

export const ZSetContractUsersRequest = z.object({ user_ids: z.array(z.number().int().positive()).max(5000) });
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

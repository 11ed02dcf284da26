/**
 * Reading boreholes (issue 18, decision 036): the list, one borehole and its versions, the typed groups of a version,
 * the generic store rows of a version (AGS4 download), and the borehole record resolver's SQL. Every query that starts
 * from the caller is scoped to their contracts (`inScope`); a borehole of another contract is simply not found.
 */
import { BOREHOLE_FIELDS, BOREHOLE_GROUP_DEPTH, type TBoreholeGroup } from '@strata/shared';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { boreholeColumn, boreholes, BOREHOLE_GROUP_TABLES } from '../../db/schema/boreholes.js';
import { inScope, type ContractScope } from '../../db/scope.js';
import { pgArray } from '../../db/sql.js';
import { likeEscape } from '../../lib/filters.js';

export interface BoreholeRow {
  borehole_id: number;
  contract_id: number;
  contract_no: string;
  borehole_no: string;
  borehole_type: string | null;
  crs: number;
  easting: number | null;
  northing: number | null;
  latitude: number | null;
  longitude: number | null;
  ground_level: number | null;
  final_depth: number | null;
  end_date: string | null;
  crew: string | null;
  remark: string | null;
  reference: string | null;
  version: number;
  /** The newest version's row. */
  version_id: number;
}

export interface BoreholesFilter {
  keyword?: string | undefined;
  contractId?: number | undefined;
  contractIds?: readonly number[] | undefined;
  type?: string | undefined;
  depthMin?: number | undefined;
  depthMax?: number | undefined;
  /** WGS84 west, south, east, north. */
  bounds?: [number, number, number, number] | undefined;
}

const COLUMNS = sql.raw(`b.borehole_id, b.contract_id, c.no AS contract_no, b.borehole_no, b.borehole_type, b.crs, b.easting, b.northing,
  b.latitude, b.longitude, b.ground_level, b.final_depth, b.end_date, b.crew, b.remark, b.reference, b.version, b.version_id`);

function conditions(scope: ContractScope, f: BoreholesFilter): SQL {
  const parts: SQL[] = [inScope(scope, sql.raw('b.contract_id'))];
  if (f.keyword) {
    const kw = `%${likeEscape(f.keyword)}%`;
    parts.push(sql`(b.borehole_no ILIKE ${kw} OR b.borehole_type ILIKE ${kw} OR c.no ILIKE ${kw})`);
  }
  if (f.contractId !== undefined) parts.push(sql`b.contract_id = ${f.contractId}`);
  if (f.contractIds !== undefined) parts.push(sql`b.contract_id = ANY(${pgArray(f.contractIds)}::int[])`);
  if (f.type) parts.push(sql`lower(b.borehole_type) = lower(${f.type})`);
  if (f.depthMin !== undefined) parts.push(sql`b.final_depth >= ${f.depthMin}`);
  if (f.depthMax !== undefined) parts.push(sql`b.final_depth <= ${f.depthMax}`);
  if (f.bounds) {
    const [w, s, e, n] = f.bounds;
    parts.push(sql`b.longitude BETWEEN ${w} AND ${e} AND b.latitude BETWEEN ${s} AND ${n}`);
  }
  return sql.join(parts, sql` AND `);
}

/** Contract number, then the borehole number in natural order (BH2 before BH10): its letters, its first number, the rest. */
const ORDER = sql.raw(
  `c.no, lower(substring(b.borehole_no from '^[^0-9]*')), substring(b.borehole_no from '[0-9]+')::numeric NULLS FIRST, b.borehole_no, b.borehole_id`,
);

export async function listBoreholes(db: Executor, scope: ContractScope, f: BoreholesFilter, skip: number, limit: number) {
  const where = conditions(scope, f);
  const page = limit === -1 ? sql`` : sql` LIMIT ${limit}`;
  const [records, count] = await Promise.all([
    rows<BoreholeRow>(
      db,
      sql`SELECT ${COLUMNS} FROM boreholes b JOIN contracts c ON c.contract_id = b.contract_id WHERE ${where} ORDER BY ${ORDER}${page} OFFSET ${skip}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM boreholes b JOIN contracts c ON c.contract_id = b.contract_id WHERE ${where}`),
  ]);
  return { records, total: count[0]?.n ?? 0 };
}

export async function boreholeTypes(db: Executor, scope: ContractScope): Promise<string[]> {
  const found = await rows<{ t: string }>(
    db,
    sql`SELECT DISTINCT b.borehole_type AS t FROM boreholes b WHERE ${inScope(scope, sql.raw('b.contract_id'))} AND b.borehole_type IS NOT NULL ORDER BY 1`,
  );
  return found.map((r) => r.t);
}

export async function findBorehole(db: Executor, scope: ContractScope, id: number): Promise<BoreholeRow | undefined> {
  const [row] = await rows<BoreholeRow>(
    db,
    sql`SELECT ${COLUMNS} FROM boreholes b JOIN contracts c ON c.contract_id = b.contract_id
        WHERE b.borehole_id = ${id} AND ${inScope(scope, sql.raw('b.contract_id'))}`,
  );
  return row;
}

/** Boreholes of these ids within the scope (a section), any order. */
export async function boreholesByIds(db: Executor, scope: ContractScope, ids: number[]): Promise<BoreholeRow[]> {
  if (ids.length === 0) return [];
  return rows<BoreholeRow>(
    db,
    sql`SELECT ${COLUMNS} FROM boreholes b JOIN contracts c ON c.contract_id = b.contract_id
        WHERE b.borehole_id = ANY(${pgArray(ids)}::int[]) AND ${inScope(scope, sql.raw('b.contract_id'))}`,
  );
}

/** Boreholes within the scope located inside a WGS84 box (west, south, east, north): a section's candidates. */
export async function boreholesNear(db: Executor, scope: ContractScope, box: [number, number, number, number]): Promise<BoreholeRow[]> {
  const [w, s, e, n] = box;
  return rows<BoreholeRow>(
    db,
    sql`SELECT ${COLUMNS} FROM boreholes b JOIN contracts c ON c.contract_id = b.contract_id
        WHERE b.longitude BETWEEN ${w} AND ${e} AND b.latitude BETWEEN ${s} AND ${n} AND ${inScope(scope, sql.raw('b.contract_id'))}`,
  );
}

export interface VersionRow {
  version_id: number;
  version: number;
  upload_id: number | null;
  ags_file_id: number | null;
  file_name: string | null;
  loaded_at: Date | string;
  loaded_by_name: string | null;
  borehole_type: string | null;
  crs: number;
  easting: number | null;
  northing: number | null;
  latitude: number | null;
  longitude: number | null;
  ground_level: number | null;
  final_depth: number | null;
  end_date: string | null;
  crew: string | null;
  remark: string | null;
  reference: string | null;
}

const VERSION_COLUMNS = sql.raw(`v.version_id, v.version, v.upload_id, v.ags_file_id, coalesce(u.file_name, f.file_name) AS file_name, v.loaded_at,
  p.fullname AS loaded_by_name, v.borehole_type, v.crs, v.easting, v.northing, v.latitude, v.longitude, v.ground_level, v.final_depth,
  v.end_date, v.crew, v.remark, v.reference`);
const VERSION_FROM = sql.raw(`borehole_versions v LEFT JOIN uploads u ON u.upload_id = v.upload_id
  LEFT JOIN ags_files f ON f.ags_file_id = v.ags_file_id LEFT JOIN users p ON p.user_id = v.loaded_by`);

/** One version of a borehole (the caller has found the borehole in scope); undefined when it has no such version. */
export async function findVersion(db: Executor, boreholeId: number, version: number): Promise<VersionRow | undefined> {
  const [row] = await rows<VersionRow>(db, sql`SELECT ${VERSION_COLUMNS} FROM ${VERSION_FROM} WHERE v.borehole_id = ${boreholeId} AND v.version = ${version}`);
  return row;
}

export async function listVersions(db: Executor, boreholeId: number): Promise<VersionRow[]> {
  return rows<VersionRow>(db, sql`SELECT ${VERSION_COLUMNS} FROM ${VERSION_FROM} WHERE v.borehole_id = ${boreholeId} ORDER BY v.version DESC`);
}

/** Rows of each group in a version. */
export async function groupCounts(db: Executor, versionId: number): Promise<Record<TBoreholeGroup, number>> {
  const parts = Object.entries(BOREHOLE_GROUP_TABLES).map(
    ([group, table]) => sql`(SELECT count(*)::int FROM ${table} WHERE version_id = ${versionId}) AS ${sql.identifier(group)}`,
  );
  const [row] = await rows<Record<TBoreholeGroup, number>>(db, sql`SELECT ${sql.join(parts, sql`, `)}`);
  return row!;
}

/** Records top first (BOREHOLE_GROUP_DEPTH), the file's order among equal depths: files do not always list them so. */
function recordOrder(group: TBoreholeGroup): SQL {
  const depth = BOREHOLE_GROUP_DEPTH[group];
  return depth === null ? sql`seq` : sql`${sql.identifier(boreholeColumn(depth))} NULLS LAST, seq`;
}

/** A group's records of a version, top first, keyed by the spec's field names; limit -1: every row. */
export async function groupRecords(db: Executor, versionId: number, group: TBoreholeGroup, skip = 0, limit = -1) {
  const table = BOREHOLE_GROUP_TABLES[group];
  const fields = sql.join(
    BOREHOLE_FIELDS[group].map((f) => sql`${sql.identifier(boreholeColumn(f.name))} AS ${sql.identifier(f.name)}`),
    sql`, `,
  );
  const page = limit === -1 ? sql`` : sql` LIMIT ${limit}`;
  const [records, count] = await Promise.all([
    rows<Record<string, number | string | null>>(
      db,
      sql`SELECT ${fields} FROM ${table} WHERE version_id = ${versionId} ORDER BY ${recordOrder(group)}${page} OFFSET ${skip}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${table} WHERE version_id = ${versionId}`),
  ]);
  return { records: records.map((r) => normalise(group, r)), total: count[0]?.n ?? 0 };
}

/** Every record of a group in several versions, by version id (a section's columns). */
export async function groupRecordsOfVersions(db: Executor, versionIds: number[], group: TBoreholeGroup) {
  const out = new Map<number, Record<string, number | string | null>[]>();
  if (versionIds.length === 0) return out;
  const fields = sql.join(
    BOREHOLE_FIELDS[group].map((f) => sql`${sql.identifier(boreholeColumn(f.name))} AS ${sql.identifier(f.name)}`),
    sql`, `,
  );
  const found = await rows<Record<string, number | string | null> & { version_id: number }>(
    db,
    sql`SELECT version_id, ${fields} FROM ${BOREHOLE_GROUP_TABLES[group]} WHERE version_id = ANY(${pgArray(versionIds)}::int[]) ORDER BY version_id, ${recordOrder(group)}`,
  );
  for (const r of found) {
    const list = out.get(r.version_id) ?? [];
    list.push(normalise(group, r));
    out.set(r.version_id, list);
  }
  return out;
}

/** Numbers as numbers (a driver may answer double precision as text), empty text as null. */
function normalise(group: TBoreholeGroup, r: Record<string, number | string | null>): Record<string, number | string | null> {
  const out: Record<string, number | string | null> = {};
  for (const f of BOREHOLE_FIELDS[group]) {
    const v = r[f.name];
    if (v === null || v === undefined || v === '') out[f.name] = null;
    else if (f.kind === 'number') out[f.name] = Number.isFinite(Number(v)) ? Number(v) : null;
    else out[f.name] = String(v);
  }
  return out;
}

export interface StoredAgsGroup {
  seq: number;
  name: string;
  headings: string[];
  units: string[] | null;
  types: string[] | null;
}

/** Groups of project level: written whole with a borehole's rows. */
export const PROJECT_GROUPS = ['PROJ', 'TRAN', 'UNIT', 'TYPE', 'ABBR', 'DICT'];

/**
 * The stored groups of an AGS file and their DATA blocks (AGS4 lines as the writer writes them): every block of the
 * project-level groups, and of the other groups the blocks of one LOCA_ID; in file order.
 */
export async function agsOfBorehole(db: Executor, agsFileId: number, locaId: string) {
  const groups = await rows<StoredAgsGroup>(db, sql`SELECT seq, name, headings, units, types FROM ags_groups WHERE ags_file_id = ${agsFileId} ORDER BY seq`);
  const blocks = await rows<{ group_seq: number; data: string }>(
    db,
    sql`SELECT r.group_seq, r.data FROM ags_rows r JOIN ags_groups g ON g.ags_file_id = r.ags_file_id AND g.seq = r.group_seq
        WHERE r.ags_file_id = ${agsFileId} AND (r.loca_id = ${locaId} OR g.name = ANY(${pgArray(PROJECT_GROUPS)}::text[]))
        ORDER BY r.group_seq, r.seq`,
  );
  return { groups, blocks };
}

// ---- the record resolver (photos, documents, files, comments on a borehole) ----

export async function findBoreholeRecord(db: Executor, scope: ContractScope, refId: number) {
  const [row] = await rows<{ contractId: number; title: string }>(
    db,
    sql`SELECT b.contract_id AS "contractId", c.no || ' / ' || b.borehole_no AS title FROM boreholes b JOIN contracts c ON c.contract_id = b.contract_id
        WHERE b.borehole_id = ${refId} AND ${inScope(scope, sql.raw('b.contract_id'))}`,
  );
  return row;
}

/** Boreholes as record rows; easting/northing only when they are SVY21 (the listing's grid). */
export const BOREHOLE_LISTING = sql`select ${boreholes.boreholeId} as ref_id, ${boreholes.contractId} as contract_id, ${boreholes.boreholeNo} as title,
    '/dashboard/search/borehole/' || ${boreholes.boreholeId} as path,
    case when ${boreholes.crs} = 3414 then ${boreholes.easting} end as easting, case when ${boreholes.crs} = 3414 then ${boreholes.northing} end as northing
    from ${boreholes}`;

export const BOREHOLE_IDS = sql`select ${boreholes.boreholeId} as ref_id from ${boreholes}`;

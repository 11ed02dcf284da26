import { BOREHOLE_FIELDS, type TBoreholeGroup } from '@strata/shared';
import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { contracts, users } from './accounts.js';
import { uploads } from './readings.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Site-investigation boreholes (issue 18, decision 036).
 *
 * - `ags_files`: one loaded AGS file (an approved `borehole` upload; a ZIP holds several), with the coordinate system
 *   it was read in. Its groups are kept whole in the generic store — `ags_groups` (name, headings, units, types; AGS4
 *   names) and `ags_rows` (the DATA rows as AGS4 lines, in blocks of consecutive rows of one LOCA_ID) — so nothing of a
 *   file is lost and a borehole can be written back as AGS4.
 * - `boreholes`: one per (contract, borehole no = LOCA_ID), carrying its newest version's header for lists and the map.
 * - `borehole_versions`: every load of a borehole: the header as that file had it, the upload and AGS file it came
 *   from. Loading a file that holds a stored borehole adds a version; earlier ones stay readable.
 * - `borehole_geol|core|ispt|stcn|samp|rock`: the six screen groups of each version in typed columns (BOREHOLE_FIELDS),
 *   for paging and charts; `seq` keeps the file's order.
 */

export const agsFiles = pgTable(
  'ags_files',
  {
    agsFileId: serial('ags_file_id').primaryKey(),
    uploadId: integer('upload_id').references(() => uploads.uploadId, { onDelete: 'set null' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    /** The file's name (inside a ZIP: its path there). */
    fileName: text('file_name').notNull(),
    /** AGS4 or AGS3 (as read; the groups are stored with AGS4 names). */
    agsVersion: text('ags_version').notNull(),
    /** EPSG code of the file's LOCA_NATE/LOCA_NATN: 3414 (SVY21) or 27700 (British National Grid). */
    crs: integer('crs').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ags_files_upload_idx').on(t.uploadId), index('ags_files_contract_idx').on(t.contractId)],
);

export const agsGroups = pgTable(
  'ags_groups',
  {
    agsFileId: integer('ags_file_id')
      .notNull()
      .references(() => agsFiles.agsFileId, { onDelete: 'cascade' }),
    /** The group's place in the file. */
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    headings: text('headings').array().notNull(),
    units: text('units').array(),
    types: text('types').array(),
  },
  (t) => [primaryKey({ columns: [t.agsFileId, t.seq] })],
);

export const agsRows = pgTable(
  'ags_rows',
  {
    agsFileId: integer('ags_file_id')
      .notNull()
      .references(() => agsFiles.agsFileId, { onDelete: 'cascade' }),
    groupSeq: integer('group_seq').notNull(),
    /** The block's place in its group. */
    seq: integer('seq').notNull(),
    /** The LOCA_ID of the block's rows (null in groups without one: PROJ, TRAN, UNIT, ABBR, TYPE, DICT …). */
    locaId: text('loca_id'),
    /** DATA rows in the block. */
    rowCount: integer('row_count').notNull(),
    /** The rows as AGS4 DATA lines, CR LF after each, exactly as the AGS4 writer writes them. */
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agsFileId, t.groupSeq, t.seq] }), index('ags_rows_loca_idx').on(t.agsFileId, t.locaId)],
);

/** The header of a borehole version (also the current one, on `boreholes`). */
const header = () => ({
  boreholeType: text('borehole_type'),
  /**
   * Easting and northing in the file's grid (`crs`, an EPSG code: 3414 SVY21 or 27700 British National Grid), as the
   * file gives them; latitude and longitude in WGS84, converted from that grid. (A British grid point has no
   * meaningful SVY21 value: converting it would only show nonsense, so the grid travels with the numbers.)
   */
  crs: integer('crs').notNull(),
  easting: doublePrecision('easting'),
  northing: doublePrecision('northing'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  groundLevel: doublePrecision('ground_level'),
  finalDepth: doublePrecision('final_depth'),
  /** As the file has it (yyyy-mm-dd). */
  endDate: text('end_date'),
  crew: text('crew'),
  remark: text('remark'),
  reference: text('reference'),
});

export const boreholes = pgTable(
  'boreholes',
  {
    boreholeId: serial('borehole_id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    boreholeNo: text('borehole_no').notNull(),
    ...header(),
    /** The newest version's number and row. */
    version: integer('version').notNull(),
    versionId: integer('version_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('boreholes_contract_no_key').on(t.contractId, t.boreholeNo), index('boreholes_location_idx').on(t.longitude, t.latitude)],
);

export const boreholeVersions = pgTable(
  'borehole_versions',
  {
    versionId: serial('version_id').primaryKey(),
    boreholeId: integer('borehole_id')
      .notNull()
      .references(() => boreholes.boreholeId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    uploadId: integer('upload_id').references(() => uploads.uploadId, { onDelete: 'set null' }),
    agsFileId: integer('ags_file_id').references(() => agsFiles.agsFileId, { onDelete: 'set null' }),
    ...header(),
    loadedBy: integer('loaded_by').references(() => users.userId, { onDelete: 'set null' }),
    loadedAt: ts('loaded_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('borehole_versions_key').on(t.boreholeId, t.version)],
);

/** The column of a spec field (STCN_TYP -> stcn_typ). */
export const boreholeColumn = (field: string) => field.toLowerCase();

function groupTable<N extends string>(name: N, group: TBoreholeGroup) {
  const columns: Record<string, PgColumnBuilderBase> = {};
  for (const f of BOREHOLE_FIELDS[group]) {
    const col = boreholeColumn(f.name);
    columns[col] = f.kind === 'number' ? doublePrecision(col) : text(col);
  }
  return pgTable(
    name,
    {
      // No foreign key: a per-row check would slow every COPY several times over. The rows go when their version does
      // (trigger borehole_versions_delete_groups, migration 0015).
      versionId: integer('version_id').notNull(),
      seq: integer('seq').notNull(),
      ...columns,
    },
    (t) => [primaryKey({ columns: [t.versionId, t.seq] })],
  );
}

export const boreholeGeol = groupTable('borehole_geol', 'geol');
export const boreholeCore = groupTable('borehole_core', 'core');
export const boreholeIspt = groupTable('borehole_ispt', 'ispt');
export const boreholeStcn = groupTable('borehole_stcn', 'stcn');
export const boreholeSamp = groupTable('borehole_samp', 'samp');
export const boreholeRock = groupTable('borehole_rock', 'rock');

/** The table of each screen group. */
export const BOREHOLE_GROUP_TABLES = {
  geol: boreholeGeol,
  core: boreholeCore,
  ispt: boreholeIspt,
  stcn: boreholeStcn,
  samp: boreholeSamp,
  rock: boreholeRock,
} as const;

import { z } from 'zod';
import { ZIdText, zIdText } from './ids.js';
import { ZIdListQuery } from './instruments.js';

/**
 * Site-investigation boreholes (issue 18, decision 036): what the API answers and what the screens show.
 *
 * Field names are the spec's (§3, AGS3-style: GEOL, CORE, ISPT, STCN, SAMP, ROCK); each field says which AGS4
 * headings it is read from (the file's groups are renamed to AGS4 first, so an AGS3 file's HOLE/STCN/CORE_BOT arrive as
 * LOCA/SCPT/CORE_BASE). A number cell holding -2147483648 means "no value": stored and answered as null.
 */

/** The spec's "no value" marker in a number cell (§5): shown empty, answered as null. */
export const BOREHOLE_NO_VALUE = -2147483648;

export const BOREHOLE_GROUPS = ['geol', 'core', 'ispt', 'stcn', 'samp', 'rock'] as const;
export type TBoreholeGroup = (typeof BOREHOLE_GROUPS)[number];

/** Group buttons of the detail page, in order (§2.13). */
export const BOREHOLE_GROUP_LABELS: Readonly<Record<TBoreholeGroup, string>> = {
  geol: 'GEOL',
  core: 'CORE',
  ispt: 'ISPT',
  stcn: 'STCN',
  samp: 'SAMP',
  rock: 'ROCK',
};

export type BoreholeFieldKind = 'number' | 'text';

export interface BoreholeField {
  /** The spec's field name, as answered by the API (some are upper case in the spec: STCN_TYP, STCN_REF, STCN_PMT, SAMP_REF). */
  name: string;
  kind: BoreholeFieldKind;
  /** AGS4 headings it is read from, first found wins. */
  from: readonly string[];
  /** Decimals shown (§5: 2, and 4 for gas flow and sample temperature); text fields have none. */
  decimals?: number;
}

const num = (name: string, from: string | readonly string[], decimals = 2): BoreholeField => ({
  name,
  kind: 'number',
  from: typeof from === 'string' ? [from] : from,
  decimals,
});
const txt = (name: string, from: string | readonly string[]): BoreholeField => ({ name, kind: 'text', from: typeof from === 'string' ? [from] : from });
const range = (prefix: string, head: string, n: number, make: (name: string, from: string) => BoreholeField) =>
  Array.from({ length: n }, (_, i) => make(`${prefix}${i + 1}`, `${head}${i + 1}`));

/** The AGS4 group each screen group is read from. */
export const BOREHOLE_GROUP_SOURCE: Readonly<Record<TBoreholeGroup, string>> = {
  geol: 'GEOL',
  core: 'CORE',
  ispt: 'ISPT',
  stcn: 'SCPT',
  samp: 'SAMP',
  rock: 'RUCS',
};

/** The columns of each group's table (§3 "Borehole group records"), in the spec's order. */
export const BOREHOLE_FIELDS: Readonly<Record<TBoreholeGroup, readonly BoreholeField[]>> = {
  geol: [
    num('geol_top', 'GEOL_TOP'),
    num('geol_base', 'GEOL_BASE'),
    txt('geol_geol', 'GEOL_GEOL'),
    txt('geol_geo2', ['GEOL_GEOL2', 'GEOL_GEO2']),
    txt('geol_geo3', ['GEOL_GEOL3', 'GEOL_GEO3']),
    txt('geol_leg', 'GEOL_LEG'),
    txt('geol_stat', 'GEOL_STAT'),
    txt('geol_desc', 'GEOL_DESC'),
  ],
  core: [
    num('core_top', 'CORE_TOP'),
    num('core_bot', 'CORE_BASE'),
    num('core_diam', 'CORE_DIAM', 0),
    num('core_prec', 'CORE_PREC', 0),
    num('core_srec', 'CORE_SREC', 0),
    num('core_rqd', 'CORE_RQD', 0),
    txt('core_rem', 'CORE_REM'),
  ],
  ispt: [
    num('ispt_top', 'ISPT_TOP'),
    ...range('ispt_inc', 'ISPT_INC', 6, (n: string, f: string) => num(n, f, 0)),
    num('ispt_seat', 'ISPT_SEAT', 0),
    num('ispt_npen', 'ISPT_NPEN', 0),
    num('ispt_nval', 'ISPT_NVAL', 0),
    ...range('ispt_pen', 'ISPT_PEN', 6, (n: string, f: string) => num(n, f, 0)),
    txt('ispt_rep', 'ISPT_REP'),
    txt('ispt_type', 'ISPT_TYPE'),
    num('ispt_wat', 'ISPT_WAT'),
    num('ispt_cas', 'ISPT_CAS'),
    txt('ispt_rem', 'ISPT_REM'),
  ],
  stcn: [
    num('stcn_dpth', 'SCPT_DPTH'),
    txt('STCN_TYP', ['SCPT_TYP', 'SCPT_TYPE']),
    txt('STCN_REF', ['SCPT_REF', 'SCPG_TESN', 'SCPT_TESN']),
    num('stcn_res', 'SCPT_RES'),
    num('stcn_fres', 'SCPT_FRES'),
    ...range('stcn_pwp', 'SCPT_PWP', 3, num),
    num('stcn_con', 'SCPT_CON'),
    num('stcn_temp', 'SCPT_TEMP'),
    num('stcn_slp1', ['SCPT_SLP1', 'SCPT_SLPE']),
    num('stcn_slp2', ['SCPT_SLP2', 'SCPT_SLPN']),
    num('stcn_ph', 'SCPT_PH'),
    num('stcn_redx', 'SCPT_REDX'),
    num('stcn_ffd', 'SCPT_FFD'),
    txt('STCN_PMT', 'SCPT_PMT'),
    num('stcn_pid', 'SCPT_PID'),
    num('stcn_fid', 'SCPT_FID'),
  ],
  samp: [
    num('samp_top', 'SAMP_TOP'),
    num('samp_base', 'SAMP_BASE'),
    txt('samp_date', 'SAMP_DTIM'),
    txt('samp_time', 'SAMP_DTIM'),
    txt('samp_type', 'SAMP_TYPE'),
    txt('SAMP_REF', 'SAMP_REF'),
    num('samp_dia', ['SAMP_SDIA', 'SAMP_DIA'], 0),
    num('samp_flow', 'SAMP_FLOW', 4),
    txt('samp_prep', 'SAMP_PREP'),
    num('samp_pres', 'SAMP_PRES'),
    num('samp_ublo', 'SAMP_UBLO', 0),
    num('samp_wdep', 'SAMP_WDEP'),
    num('samp_bar', 'SAMP_BAR'),
    num('samp_temp', 'SAMP_TEMP', 4),
    txt('samp_desc', 'SAMP_DESC'),
    txt('samp_rem', 'SAMP_REM'),
  ],
  rock: [num('rock_ucs', ['RUCS_UCS', 'ROCK_UCS']), txt('rock_urem', ['RUCS_REM', 'RUCS_UREM', 'ROCK_UREM'])],
};

/** The depth each group's records are ordered by (top first; the file's order among equal depths). ROCK has none. */
export const BOREHOLE_GROUP_DEPTH: Readonly<Record<TBoreholeGroup, string | null>> = {
  geol: 'geol_top',
  core: 'core_top',
  ispt: 'ispt_top',
  stcn: 'stcn_dpth',
  samp: 'samp_top',
  rock: null,
};

/** Default rows per page of a group table (§9); -1 asks for every row. */
export const BOREHOLE_PAGE_SIZE = 5;
export const BOREHOLE_PAGE_SIZES = [5, 10, 25, 50, -1] as const;
/** Map zoom on a borehole (§9). */
export const BOREHOLE_MAP_ZOOM = 19;
/** The log chart (§9). */
export const BOREHOLE_LOG = {
  height: 1200,
  xMin: -5,
  xMax: 5,
  /** Metres below the final depth and above ground level that the y axis adds. */
  margin: 10,
  textSize: 13,
  defaultColumnTextSize: 11,
  columnWidthMin: 20,
  columnWidthMax: 30,
  labels: { spt: 'SPT (N/cm)', rqd: 'RQD (%)', qc: 'qc (MPa)' },
} as const;

/** Coordinate systems an AGS upload may be in: SVY21 (default) or British National Grid (the public test files). */
export const BOREHOLE_CRS = ['3414', '27700'] as const;
export type TBoreholeCrs = (typeof BOREHOLE_CRS)[number];
export const BOREHOLE_CRS_LABELS: Readonly<Record<TBoreholeCrs, string>> = {
  '3414': 'SVY21 (EPSG:3414)',
  '27700': 'British National Grid (EPSG:27700)',
};

// ---- uploads ----

/** The text fields of POST /uploads/borehole (multipart): the contract the boreholes belong to and the file's grid. */
export const ZBoreholeUploadFields = z.object({
  contract_id: zIdText('Choose a contract'),
  crs: z.enum(BOREHOLE_CRS, 'Choose the coordinate system of the file').default('3414'),
});

export const ZAgsFinding = z.object({
  rule: z.string(),
  severity: z.enum(['error', 'warning', 'fyi']),
  line: z.number().int().nullable(),
  group: z.string().optional(),
  heading: z.string().optional(),
  message: z.string(),
  /** The AGS file of a ZIP upload holding several that the finding is about (its path in the ZIP). */
  file: z.string().optional(),
});
export type TAgsFinding = z.infer<typeof ZAgsFinding>;

/** The checker report of an AGS upload (kept with the upload; downloads as text and XLSX). */
export const ZAgsReport = z.object({
  upload_id: z.number().int(),
  file_name: z.string(),
  version: z.enum(['AGS4', 'AGS3']).nullable(),
  encoding: z.string(),
  dictionary: z.string().nullable(),
  counts: z.object({ errors: z.number().int(), warnings: z.number().int(), fyi: z.number().int() }),
  summary: z.array(z.string()),
  by_rule: z.array(
    z.object({
      rule: z.string(),
      severity: z.enum(['error', 'warning', 'fyi']),
      findings: z.array(ZAgsFinding),
      omitted: z.number().int(),
    }),
  ),
  /** Boreholes (LOCA/HOLE rows) found, and which of them already exist in the contract (they get a new version). */
  boreholes: z.array(z.object({ borehole_no: z.string(), exists: z.boolean() })),
  /** Files inside a ZIP upload that were read as AGS, in order. */
  files: z.array(z.string()),
});
export type TAgsReport = z.infer<typeof ZAgsReport>;

// ---- reading ----

const ZNum = z.number().nullable();

export const ZBoreholeListItem = z.object({
  borehole_id: z.number().int(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  borehole_no: z.string(),
  borehole_type: z.string().nullable(),
  /** EPSG code of easting/northing: 3414 (SVY21) or 27700 (British National Grid, as the file gave them). */
  crs: z.number().int(),
  easting: ZNum,
  northing: ZNum,
  latitude: ZNum,
  longitude: ZNum,
  ground_level: ZNum,
  final_depth: ZNum,
  end_date: z.string().nullable(),
  version: z.number().int(),
});
export type TBoreholeListItem = z.infer<typeof ZBoreholeListItem>;

export const ZBoreholeList = z.object({ records: z.array(ZBoreholeListItem), total_records: z.number().int() });
export type TBoreholeList = z.infer<typeof ZBoreholeList>;

const finite = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, message)
    .transform(Number);

/** GET /boreholes: the SI Borehole List (filters in the URL, §2.5). limit -1: every borehole (the map layer). */
export const ZBoreholeListQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  contract: ZIdText.optional(),
  /** Several contracts: a JSON list of ids (`[1,2]`) or ids separated by commas. */
  contracts: ZIdListQuery.optional(),
  type: z.string().trim().max(50).optional(),
  depth_min: finite('Final depth from is a number').optional(),
  depth_max: finite('Final depth to is a number').optional(),
  /** Map bounds in WGS84: west,south,east,north. */
  bounds: z
    .string()
    .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'Bounds are west,south,east,north')
    .transform((s) => s.split(',').map(Number) as [number, number, number, number])
    .optional(),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || (n >= 1 && n <= 1000), 'Page size is -1 (all) or 1 to 1000')
    .default(20),
});
export type TBoreholeListQuery = z.infer<typeof ZBoreholeListQuery>;

/** GET /boreholes/{id} (§3 "Borehole (detail)" plus what the page shows of its origin). */
export const ZBorehole = ZBoreholeListItem.extend({
  crew: z.string().nullable(),
  remark: z.string().nullable(),
  reference: z.string().nullable(),
  /** The version shown (1 = first load) and the newest one. */
  latest_version: z.number().int(),
  upload_id: z.number().int().nullable(),
  upload_file_name: z.string().nullable(),
  loaded: z.string(),
  /** Rows of each group in this version. */
  counts: z.record(z.enum(BOREHOLE_GROUPS), z.number().int()),
});
export type TBorehole = z.infer<typeof ZBorehole>;

export const ZBoreholeVersion = z.object({
  version: z.number().int(),
  upload_id: z.number().int().nullable(),
  file_name: z.string().nullable(),
  loaded: z.string(),
  loaded_by_name: z.string().nullable(),
});
export const ZBoreholeVersions = z.object({ records: z.array(ZBoreholeVersion) });
export type TBoreholeVersions = z.infer<typeof ZBoreholeVersions>;

/** ?version=N reads an earlier version (default: the newest). */
export const ZBoreholeVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

export const ZBoreholeGroupQuery = ZBoreholeVersionQuery.extend({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || (n >= 1 && n <= 1000), 'Page size is -1 (all) or 1 to 1000')
    .default(BOREHOLE_PAGE_SIZE),
});

export const ZBoreholeGroupParams = z.object({
  id: ZIdText,
  group: z.enum(BOREHOLE_GROUPS, `Group is one of ${BOREHOLE_GROUPS.join(', ')}`),
});

/** A group record: the group's fields (BOREHOLE_FIELDS) with numbers or text, null when empty. */
export const ZBoreholeRecord = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
export type TBoreholeRecord = z.infer<typeof ZBoreholeRecord>;

export const ZBoreholeGroupPage = z.object({ records: z.array(ZBoreholeRecord), total_records: z.number().int() });
export type TBoreholeGroupPage = z.infer<typeof ZBoreholeGroupPage>;

/** GET /boreholes/{id}/logs (§3 "Borehole log"): the header and every geol, ispt, core and stcn record. */
export const ZBoreholeLog = z.object({
  id: z.number().int(),
  contract_no: z.string(),
  borehole_no: z.string(),
  reference: z.string().nullable(),
  northing: ZNum,
  easting: ZNum,
  ground_level: ZNum,
  final_depth: ZNum,
  end_date: z.string().nullable(),
  borehole_type: z.string().nullable(),
  geol: z.array(ZBoreholeRecord),
  ispt: z.array(ZBoreholeRecord),
  core: z.array(ZBoreholeRecord),
  stcn: z.array(ZBoreholeRecord),
});
export type TBoreholeLog = z.infer<typeof ZBoreholeLog>;

/** A section through boreholes (§3 "Borehole chart props": distance along the line). */
export const ZBoreholeSectionQuery = z.object({
  /** Boreholes to place, in any order; or a line (WGS84 lon,lat pairs) to find them along. */
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'ids are borehole ids separated by commas')
    .optional(),
  line: z
    .string()
    .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?)+$/, 'line is lon,lat pairs separated by commas')
    .optional(),
  /** Metres either side of the line a borehole may stand (default 50). */
  buffer: z.coerce.number().min(1).max(1000).default(50),
});

export const ZBoreholeSection = z.object({
  boreholes: z.array(
    z.object({
      id: z.number().int(),
      no: z.string(),
      groundLevel: ZNum,
      finalDepth: ZNum,
      /** Metres along the line (or from the first borehole). */
      distance: z.number(),
      /** Metres off the line. */
      offset: z.number(),
      geol: z.array(ZBoreholeRecord),
      ispt: z.array(ZBoreholeRecord),
    }),
  ),
  /** Length of the line in metres. */
  length: z.number(),
});
export type TBoreholeSection = z.infer<typeof ZBoreholeSection>;

/** The si-borehole report request (§7): output pdf, xls or html (and ags4: the stored groups written back). */
export const BOREHOLE_OUTPUTS = ['pdf', 'xls', 'html', 'ags4'] as const;
export const ZBoreholeReportRequest = z.object({
  output: z.enum(BOREHOLE_OUTPUTS, `Output is one of ${BOREHOLE_OUTPUTS.join(', ')}`),
  background: z.literal(false).default(false),
  template: z.literal('default').default('default'),
  borehole_id: z.coerce.number().int().min(1).max(2_147_483_647),
  download: z.boolean().default(true),
  version: z.coerce.number().int().min(1).optional(),
});
export type TBoreholeReportRequest = z.infer<typeof ZBoreholeReportRequest>;

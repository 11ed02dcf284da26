import { z } from 'zod';
import { parseIdList, ZId, ZIdText } from './ids.js';
import { FREQUENCY_CODES, INSTRUMENT_ICONS, INSTRUMENT_STATUS_CODES } from '../master-data.js';
import { MESSAGES } from '../messages.js';

/** Instrument master data (issue 6): categories, types with reading codes, alert levels, instruments, thresholds. */

const name = (label: string, max = 100) => z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
export const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB');
const ZDate = z.iso.date('Enter a date as YYYY-MM-DD');

// ---- categories ----
export const ZInstrumentCategory = z.object({ category_id: z.number().int(), name: z.string(), type_count: z.number().int() });
export type TInstrumentCategory = z.infer<typeof ZInstrumentCategory>;
export const ZInstrumentCategoryList = z.object({ records: z.array(ZInstrumentCategory), total_records: z.number().int() });
export const ZInstrumentCategoryBody = z.object({ name: name('Name') });
export type TInstrumentCategoryBody = z.infer<typeof ZInstrumentCategoryBody>;

// ---- reading codes ----
export const ZReadingCode = z.object({
  reading_code_id: z.number().int(),
  code: z.string(),
  description: z.string(),
  unit: z.string(),
  is_result: z.boolean(),
  precision: z.number().int(),
  /** Physical limits: a reading outside them is refused at upload. */
  min_value: z.number().nullable(),
  max_value: z.number().nullable(),
  sort_order: z.number().int(),
});
export type TReadingCode = z.infer<typeof ZReadingCode>;

/** The most reading codes a type takes in one request. */
export const READING_CODES_MAX = 50;

/** Longest reading code, description and unit, in characters after trimming. */
export const READING_CODE_LIMITS = { code: 20, description: 200, unit: 20 } as const;

const readingCodeFields = {
  code: z
    .string()
    .trim()
    .min(1, 'Code is required')
    .max(READING_CODE_LIMITS.code, `Code must be at most ${READING_CODE_LIMITS.code} characters`)
    .regex(/^[A-Za-z0-9_.-]+$/, MESSAGES.readingCodeChars),
  description: name('Description', READING_CODE_LIMITS.description),
  unit: optionalText('Unit', READING_CODE_LIMITS.unit),
  is_result: z.boolean(),
  precision: z.number().int().min(0, 'Precision is 0 to 6').max(6, 'Precision is 0 to 6'),
  min_value: z.number().nullable(),
  max_value: z.number().nullable(),
  sort_order: z.number().int().min(0).max(1000),
};
/** A reading code's writable fields, every one required and without defaults (the type form's rows take theirs from here). */
export const ZReadingCodeFields = z.object(readingCodeFields);

const limitsInOrder = (v: { min_value?: number | null; max_value?: number | null }) => v.min_value == null || v.max_value == null || v.min_value < v.max_value;
const limitsMessage = { message: MESSAGES.maxAboveMin, path: ['max_value'] };

export const ZReadingCodeBody = z
  .object({
    code: readingCodeFields.code,
    description: readingCodeFields.description,
    unit: readingCodeFields.unit.default(''),
    is_result: readingCodeFields.is_result.default(true),
    precision: readingCodeFields.precision.default(2),
    min_value: readingCodeFields.min_value.default(null),
    max_value: readingCodeFields.max_value.default(null),
    sort_order: readingCodeFields.sort_order.default(0),
  })
  .refine(limitsInOrder, limitsMessage);
export type TReadingCodeBody = z.infer<typeof ZReadingCodeBody>;

export const ZReadingCodeUpdate = z
  .object({
    code: readingCodeFields.code.optional(),
    description: readingCodeFields.description.optional(),
    unit: readingCodeFields.unit.optional(),
    is_result: readingCodeFields.is_result.optional(),
    precision: readingCodeFields.precision.optional(),
    min_value: readingCodeFields.min_value.optional(),
    max_value: readingCodeFields.max_value.optional(),
    sort_order: readingCodeFields.sort_order.optional(),
  })
  .refine(limitsInOrder, limitsMessage);
export type TReadingCodeUpdate = z.infer<typeof ZReadingCodeUpdate>;

// ---- instrument types ----
export const ZInstrumentType = z.object({
  type_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  icon: z.string(),
  icon_color: z.string(),
  lta_code: z.string().nullable(),
  /** Readings are by depth (inclinometers): one series per depth. */
  has_depth: z.boolean(),
  reading_codes: z.array(ZReadingCode),
  instrument_count: z.number().int(),
});
export type TInstrumentType = z.infer<typeof ZInstrumentType>;
export const ZInstrumentTypeList = z.object({ records: z.array(ZInstrumentType), total_records: z.number().int() });
export type TInstrumentTypeList = z.infer<typeof ZInstrumentTypeList>;

const typeFields = {
  code: z
    .string()
    .trim()
    .min(1, 'Code is required')
    .max(20, 'Code must be at most 20 characters')
    .regex(/^[A-Z0-9_-]+$/, MESSAGES.typeCodeChars),
  name: name('Name'),
  category_id: ZId.nullable(),
  icon: z.enum(INSTRUMENT_ICONS, 'Choose one of the built-in icons'),
  icon_color: ZHexColor,
  lta_code: optionalText('LTA code', 50).nullable(),
  has_depth: z.boolean(),
};

export const ZCreateInstrumentTypeRequest = z.object({
  code: typeFields.code,
  name: typeFields.name,
  category_id: typeFields.category_id.default(null),
  icon: typeFields.icon.default('circle'),
  icon_color: typeFields.icon_color.default('#018e27'),
  lta_code: typeFields.lta_code.default(null),
  has_depth: typeFields.has_depth.default(false),
  reading_codes: z.array(ZReadingCodeBody).max(READING_CODES_MAX).default([]),
});
export type TCreateInstrumentTypeRequest = z.infer<typeof ZCreateInstrumentTypeRequest>;

/** A type's writable fields (not its reading codes), every one required and without defaults. */
export const ZInstrumentTypeFields = z.object(typeFields);

/** PUT: only the fields given change (no defaults: a field left out keeps its value). */
export const ZUpdateInstrumentTypeRequest = ZInstrumentTypeFields.partial();
export type TUpdateInstrumentTypeRequest = z.infer<typeof ZUpdateInstrumentTypeRequest>;

export const ZTypeCodeParam = z.object({ type_code: z.string().max(20) });

/** PUT /master-data/icons/{type_code}. */
export const ZInstrumentIconRequest = z.object({ icon: typeFields.icon, icon_color: typeFields.icon_color.optional() });
export type TInstrumentIconRequest = z.infer<typeof ZInstrumentIconRequest>;
export const ZInstrumentIcons = z.object({
  icons: z.array(z.string()),
  records: z.array(z.object({ type_code: z.string(), name: z.string(), icon: z.string(), icon_color: z.string() })),
  /** The level colours icons take on the map (from the alert levels). */
  level_colors: z.array(z.object({ code: z.string(), color: z.string(), severity: z.number().int() })),
});
export type TInstrumentIcons = z.infer<typeof ZInstrumentIcons>;

// ---- alert levels ----
export const ZAlertLevel = z.object({
  level_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  color: z.string(),
  severity: z.number().int(),
  sort_order: z.number().int(),
});
export type TAlertLevel = z.infer<typeof ZAlertLevel>;
export const ZAlertLevelList = z.object({ records: z.array(ZAlertLevel), total_records: z.number().int() });

const levelFields = {
  code: z
    .string()
    .trim()
    .min(1, 'Code is required')
    .max(10, 'Code must be at most 10 characters')
    .regex(/^[A-Z0-9]+$/, 'Code may hold capital letters and digits'),
  name: name('Name'),
  color: ZHexColor,
  severity: z.number().int().min(1, 'Severity is 1 to 4').max(4, 'Severity is 1 to 4'),
  sort_order: z.number().int().min(0).max(1000),
};
export const ZAlertLevelBody = z.object({ ...levelFields, sort_order: levelFields.sort_order.default(0) });
export type TAlertLevelBody = z.infer<typeof ZAlertLevelBody>;
export const ZAlertLevelUpdate = z.object({
  code: levelFields.code.optional(),
  name: levelFields.name.optional(),
  color: levelFields.color.optional(),
  severity: levelFields.severity.optional(),
  sort_order: levelFields.sort_order.optional(),
});
export type TAlertLevelUpdate = z.infer<typeof ZAlertLevelUpdate>;

// ---- instruments ----
export const ZInstrumentStatus = z.enum(INSTRUMENT_STATUS_CODES, 'Status is active, inactive, damaged or removed');
export const ZFrequency = z.enum(FREQUENCY_CODES, 'Choose a monitoring frequency from the list');

export const ZInstrument = z.object({
  instrument_id: z.number().int(),
  name: z.string(),
  type_code: z.string(),
  type_name: z.string(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  zone_id: z.number().int().nullable(),
  zone_name: z.string().nullable(),
  /** SVY21 metres. */
  easting: z.number(),
  northing: z.number(),
  /** WGS84, computed. */
  latitude: z.number(),
  longitude: z.number(),
  /** Reduced level, mRL. */
  level: z.number().nullable(),
  install_date: z.string().nullable(),
  status: z.string(),
  frequency: z.string().nullable(),
  lta_code: z.string().nullable(),
  remarks: z.string().nullable(),
  baseline_date: z.string().nullable(),
  baseline_remarks: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type TInstrument = z.infer<typeof ZInstrument>;
export const ZInstrumentList = z.object({ records: z.array(ZInstrument), total_records: z.number().int() });
export type TInstrumentList = z.infer<typeof ZInstrumentList>;

/** A JSON list of ids in a query string (`contracts=[1,2]`), or a comma-separated list. */
export const ZIdListQuery = z
  .string()
  .max(10_000)
  .transform((v, ctx) => {
    const values = parseIdList(v);
    if (values === null) {
      ctx.addIssue({ code: 'custom', message: 'Give a JSON list of ids, e.g. [1,2]' });
      return z.NEVER;
    }
    return [...new Set(values)];
  });

/** `minE,minN,maxE,maxN` in SVY21 metres. */
export const ZBboxQuery = z.string().transform((v, ctx) => {
  const parts = v.split(',').map((s) => Number(s.trim()));
  if (parts.length !== 4 || !parts.every(Number.isFinite) || parts[0]! > parts[2]! || parts[1]! > parts[3]!) {
    ctx.addIssue({ code: 'custom', message: 'Give the extent as minE,minN,maxE,maxN' });
    return z.NEVER;
  }
  return parts as [number, number, number, number];
});

export const ZListInstrumentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  keyword: z.string().trim().max(100).optional(),
  /** Type codes, comma-separated. */
  type: z.string().trim().max(500).optional(),
  zone_id: ZIdText.optional(),
  contract_id: ZIdText.optional(),
  /** Several contracts: a JSON list of ids. */
  contracts: ZIdListQuery.optional(),
  status: ZInstrumentStatus.optional(),
  bbox: ZBboxQuery.optional(),
});
export type TListInstrumentsQuery = z.infer<typeof ZListInstrumentsQuery>;

const instrumentFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters')
    .regex(/^[^,;"]+$/, MESSAGES.instrumentNameChars),
  type_code: z.string().trim().min(1, 'Type is required').max(20),
  contract_id: ZId,
  zone_id: ZId.nullable(),
  easting: z.number().min(-1e6).max(1e6),
  northing: z.number().min(-1e6).max(1e6),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  level: z.number().min(-1000).max(10_000).nullable(),
  install_date: ZDate.nullable(),
  status: ZInstrumentStatus,
  frequency: ZFrequency.nullable(),
  lta_code: optionalText('LTA code', 50).nullable(),
  remarks: optionalText('Remarks', 2000).nullable(),
  baseline_date: z.iso.datetime({ offset: true, message: 'Enter a date and time (ISO 8601)' }).nullable(),
  baseline_remarks: optionalText('Baseline remarks', 2000).nullable(),
};

const hasLocation = (v: { easting?: number | undefined; northing?: number | undefined; latitude?: number | undefined; longitude?: number | undefined }) =>
  (v.easting !== undefined && v.northing !== undefined) || (v.latitude !== undefined && v.longitude !== undefined);

/** Location as SVY21 easting/northing, or as WGS84 latitude/longitude (converted). */
export const ZCreateInstrumentRequest = z
  .object({
    name: instrumentFields.name,
    type_code: instrumentFields.type_code,
    contract_id: instrumentFields.contract_id,
    zone_id: instrumentFields.zone_id.default(null),
    easting: instrumentFields.easting.optional(),
    northing: instrumentFields.northing.optional(),
    latitude: instrumentFields.latitude.optional(),
    longitude: instrumentFields.longitude.optional(),
    level: instrumentFields.level.default(null),
    install_date: instrumentFields.install_date.default(null),
    status: instrumentFields.status.default('active'),
    frequency: instrumentFields.frequency.default(null),
    lta_code: instrumentFields.lta_code.default(null),
    remarks: instrumentFields.remarks.default(null),
    baseline_date: instrumentFields.baseline_date.default(null),
    baseline_remarks: instrumentFields.baseline_remarks.default(null),
  })
  .refine(hasLocation, { message: 'Give easting and northing (SVY21) or latitude and longitude', path: ['easting'] });
export type TCreateInstrumentRequest = z.infer<typeof ZCreateInstrumentRequest>;

/** An instrument's writable fields, every one required and without defaults. */
export const ZInstrumentFields = z.object(instrumentFields);

/** PUT: only the fields given change (no defaults: a field left out keeps its value). */
export const ZUpdateInstrumentRequest = ZInstrumentFields.partial();
export type TUpdateInstrumentRequest = z.infer<typeof ZUpdateInstrumentRequest>;

// ---- thresholds ----
export const ZThreshold = z.object({
  reading_code: z.string(),
  level_code: z.string(),
  upper: z.number().nullable(),
  lower: z.number().nullable(),
});
export type TThreshold = z.infer<typeof ZThreshold>;

export const ZInstrumentThresholds = z.object({
  instrument_id: z.number().int(),
  name: z.string(),
  thresholds: z.array(ZThreshold),
});
export type TInstrumentThresholds = z.infer<typeof ZInstrumentThresholds>;

export const ZThresholdBody = z
  .object({
    reading_code: z.string().trim().min(1, 'Reading code is required').max(20),
    level_code: z.string().trim().min(1, 'Level is required').max(10),
    upper: z.number().nullable().default(null),
    lower: z.number().nullable().default(null),
  })
  .refine((t) => t.upper !== null || t.lower !== null, { message: 'Give an upper or a lower value', path: ['upper'] })
  .refine((t) => t.upper === null || t.lower === null || t.lower < t.upper, {
    message: 'The upper value must be greater than the lower value',
    path: ['upper'],
  });

/** PUT /instruments/{id}/thresholds: the whole set (an empty list removes every threshold). */
export const ZSetThresholdsRequest = z.object({ thresholds: z.array(ZThresholdBody).max(500) });
export type TSetThresholdsRequest = z.infer<typeof ZSetThresholdsRequest>;

// ---- bulk import / export ----
export const ZFileFormatQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
export const ZDryRunQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const INSTRUMENT_IMPORT_COLUMNS = [
  'name',
  'type',
  'contract',
  'zone',
  'easting',
  'northing',
  'level',
  'install_date',
  'status',
  'frequency',
  'lta_code',
  'remarks',
] as const;
export const THRESHOLD_IMPORT_COLUMNS = ['contract', 'instrument', 'reading_code', 'level', 'upper', 'lower'] as const;

export const ZImportRow = z.object({
  /** The row number in the file (the header is row 1). */
  row: z.number().int(),
  /** The instrument name of the row. */
  name: z.string(),
  status: z.enum(['valid', 'error']),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type TImportRow = z.infer<typeof ZImportRow>;

/**
 * The per-row report. A file with any invalid row writes nothing (`imported` 0): fix the rows and upload it again.
 * A dry run only reports.
 */
export const ZImportResult = z.object({
  rows: z.array(ZImportRow),
  valid: z.number().int(),
  invalid: z.number().int(),
  imported: z.number().int(),
  dry_run: z.boolean(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZInstrumentExportQuery = ZListInstrumentsQuery.omit({ limit: true, skip: true }).extend({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
export const ZThresholdExportQuery = z.object({
  contract_id: ZIdText.optional(),
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});

import { z } from 'zod';
import { ZBoolQuery } from './contracts-admin.js';
import { REPORT_TYPES } from '../constants.js';
import { ZBigIdText, ZId } from './ids.js';

/**
 * Monitoring reports (issue 20, decision 039): `POST /reports/{type}` -> a job -> the file in storage ->
 * `GET /reports/{id}/check` (1 in progress, 2 completed, 3 failed, 4 over the size limit) -> `GET /reports/{id}/get`.
 */

/**
 * Every report type the engine makes: the spec's (§3, `REPORT_TYPES` in constants.ts, with their ids) and ours beside
 * them (installation status, summary of work done; decision 039).
 */
export const ENGINE_REPORT_TYPES = [
  ...REPORT_TYPES,
  { id: 10, code: 'installation-status', name: 'Instrument Installation Status', category: 'INS' },
  { id: 11, code: 'summary-work-done', name: 'Summary of Monitoring Work Done', category: 'SWD' },
  /** The draft of a full monitoring report (monitoring-reports.ts, decision 040): made from a monitoring template. */
  { id: 12, code: 'full-monitoring', name: 'Full Monitoring Report', category: 'FMR' },
] as const;
export type ReportType = (typeof ENGINE_REPORT_TYPES)[number]['code'];
export type ReportCategory = (typeof ENGINE_REPORT_TYPES)[number]['category'];
export const REPORT_TYPE_CODES: readonly ReportType[] = ENGINE_REPORT_TYPES.map((t) => t.code);
export const reportTypeInfo = (code: string) => ENGINE_REPORT_TYPES.find((t) => t.code === code);
export const reportTypesOf = (category: ReportCategory): ReportType[] => ENGINE_REPORT_TYPES.filter((t) => t.category === category).map((t) => t.code);

/** Report generation status (spec §4): 1 In Progress, 2 Completed, 3 Failed, 4 over the size limit. */
export const REPORT_STATUS = { inProgress: 1, completed: 2, failed: 3, tooLarge: 4 } as const;

/**
 * Report output formats (spec §9): pdf, xls (an .xlsx workbook), html (one self-contained page), and csv (the document's
 * tables as comma-separated text; scheduled reports, issue 21).
 */
export const REPORT_OUTPUTS = ['pdf', 'xls', 'html', 'csv'] as const;
export type ReportOutput = (typeof REPORT_OUTPUTS)[number];

/** Period options (spec §4), in the spec's words. `range` is "Date Range" (from and to required). */
export const REPORT_PERIODS = {
  'last-2-weeks': 'Last 2 Weeks',
  'last-3-weeks': 'Last 3 Weeks',
  'this-month': 'This Month',
  'last-3-months': 'Last 3 Months',
  range: 'Date Range',
} as const;
export type ReportPeriodOption = keyof typeof REPORT_PERIODS;

/** Limits of the engine. The size limit is a system setting (`report_max_bytes`); this is its default. */
export const REPORT_LIMITS = { keepDays: 7, defaultMaxBytes: 200 * 1024 * 1024, maxInstruments: 5000 } as const;

/** Messages of the spec (§8) shown for status 3 and 4, and the toast of a background report. */
export const REPORT_MESSAGES = {
  failed: 'Failed to generate report, please contact your system administrator',
  tooLarge: 'Unable to download report. Report size exceeded the limit',
  background: 'Generate report run in background',
} as const;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date as YYYY-MM-DD');

export const ZReportPeriod = z
  .object({
    option: z.enum(Object.keys(REPORT_PERIODS) as [ReportPeriodOption, ...ReportPeriodOption[]]),
    /** Date Range only: the first and last day, in the report's time zone (both included). */
    from: ZDay.optional(),
    to: ZDay.optional(),
  })
  .refine((p) => p.option !== 'range' || (p.from !== undefined && p.to !== undefined), {
    message: 'Give the first and last day of the date range',
    path: ['from'],
  })
  .refine((p) => p.option !== 'range' || p.from === undefined || p.to === undefined || p.from <= p.to, {
    message: 'The first day must not be after the last day',
    path: ['to'],
  });
export type TReportPeriod = z.infer<typeof ZReportPeriod>;

/** The layers a report map draws (map reports, location plans; decision 039), as the work-space map names them. */
export const MAP_REPORT_LAYERS = ['boundaries', 'zones', 'excavations', 'tunnels', 'instruments', 'labels'] as const;
export type MapReportLayer = (typeof MAP_REPORT_LAYERS)[number];
/** The layers drawn when none are named: everything but the zones (the work-space map does not draw them). */
export const DEFAULT_MAP_REPORT_LAYERS: MapReportLayer[] = ['boundaries', 'excavations', 'tunnels', 'instruments', 'labels'];
/**
 * A map report's extent: SVY21 metres within 0–100 km on both axes (EPSG:3414's area of use with a wide margin), at
 * least 10 m and at most 50 km a side.
 */
export const MAP_REPORT_EXTENT = { min: 0, max: 100_000, minSpan: 10, maxSpan: 50_000 } as const;

/** Why an SVY21 extent `[minE, minN, maxE, maxN]` is not one a map report draws; null when it is. */
export function mapExtentError(extent: readonly number[]): string | null {
  const [minE, minN, maxE, maxN] = extent as [number, number, number, number];
  if (!extent.every(Number.isFinite)) return 'The map extent must be four numbers';
  if (minE >= maxE || minN >= maxN) return 'The map extent must have its minimum easting and northing below their maximum';
  const { min, max, minSpan, maxSpan } = MAP_REPORT_EXTENT;
  if (extent.some((v) => v < min || v > max)) return `The map extent must be SVY21 metres between ${min} and ${max}`;
  if (maxE - minE > maxSpan || maxN - minN > maxSpan) return `The map extent must be at most ${maxSpan / 1000} km a side`;
  if (maxE - minE < minSpan || maxN - minN < minSpan) return `The map extent must be at least ${minSpan} m a side`;
  return null;
}

/** The map report's view: the work-space map as the user sees it (extent in SVY21, layers, selection). */
export const ZMapReportView = z.object({
  /** SVY21 `[minE, minN, maxE, maxN]`: what the map showed (the drawing keeps all of it, widened to the page's shape). */
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).superRefine((e, ctx) => {
    const error = mapExtentError(e);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
  layers: z
    .array(z.enum(MAP_REPORT_LAYERS, 'Unknown map layer'))
    .max(MAP_REPORT_LAYERS.length * 2)
    .default(DEFAULT_MAP_REPORT_LAYERS),
  /** The selected instruments (only these are drawn and listed); absent: every instrument of the contracts in the extent. */
  instrument_ids: z.array(ZId).max(5000).optional(),
  title: z.string().trim().max(200).optional(),
});
export type TMapReportView = z.infer<typeof ZMapReportView>;

/** POST /reports/{type}: the body (the report parameters). */
export const ZReportParams = z.object({
  contract_ids: z.array(ZId).min(1, 'Choose a contract').max(100),
  zone_ids: z.array(ZId).max(500).default([]),
  instrument_type_ids: z.array(ZId).max(500).default([]),
  period: ZReportPeriod,
  output: z.enum(REPORT_OUTPUTS).default('pdf'),
  /** True: the answer comes at once and a notification with the link follows when the file is ready. */
  background: z.boolean().default(false),
  /** The custom template (issue 21); `default` is the built-in layout. */
  template: z.string().max(100).default('default'),
  /** Map reports only. */
  map: ZMapReportView.optional(),
});
export type TReportParams = z.infer<typeof ZReportParams>;
export type TReportParamsInput = z.input<typeof ZReportParams>;

/** POST /reports/{type} query: tzo = the browser's offset from UTC in hours (e.g. 8 for Singapore), on_demand flag. */
export const ZReportCreateQuery = z.object({
  tzo: z.coerce.number().min(-14).max(14).default(0),
  on_demand: ZBoolQuery,
});
export const ZReportTypeParam = z.object({ type: z.string().max(50) });
export const ZReportIdParam = z.object({ id: ZBigIdText });

export const ZReportCreated = z.object({
  report_id: z.number().int(),
  status: z.literal(1),
  /** The report access token: `GET /reports/{id}/get?token=` needs it. */
  token: z.string(),
  /** Background reports: the spec's toast text. */
  message: z.string().optional(),
});
export type TReportCreated = z.infer<typeof ZReportCreated>;

/** Progress of a report being built: section n of m, with the section's name. */
export const ZReportProgress = z.object({ done: z.number().int(), total: z.number().int(), label: z.string() });
export type TReportProgress = z.infer<typeof ZReportProgress>;

export const ZReportCheck = z.object({
  report_id: z.number().int(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  type: z.string(),
  output: z.enum(REPORT_OUTPUTS),
  progress: ZReportProgress.nullable(),
  /** Status 2: the file's address with its access token (append `&_token=<resource token>` in a browser). */
  url: z.string().optional(),
  file_name: z.string().optional(),
  size: z.number().int().optional(),
  /** Status 3 and 4: the spec's message. */
  message: z.string().optional(),
});
export type TReportCheck = z.infer<typeof ZReportCheck>;

/** GET /reports/{id}/get and GET /report/get/{id}/{x}: the report access token; download=true for an attachment. */
export const ZReportGetQuery = z.object({
  token: z.string().min(1).max(200),
  download: ZBoolQuery,
  /** The old path's `datetime` (the caller's time, for the file name): accepted, not needed. */
  datetime: z.string().max(60).optional(),
});
export const ZReportGetOldParams = z.object({ id: ZBigIdText, x: z.string().max(100) });

/** One generated report, for the lists (who, what, when, status). */
export const ZReportRecord = z.object({
  report_id: z.number().int(),
  type: z.string(),
  type_name: z.string(),
  output: z.enum(REPORT_OUTPUTS),
  status: z.number().int(),
  contract_ids: z.array(z.number().int()),
  contract_nos: z.array(z.string()),
  period_from: z.string(),
  period_to: z.string(),
  file_name: z.string().nullable(),
  size: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created: z.string(),
  completed: z.string().nullable(),
  expires: z.string(),
});
export type TReportRecord = z.infer<typeof ZReportRecord>;
export const ZReportList = z.object({ records: z.array(ZReportRecord), total_records: z.number().int() });
export type TReportList = z.infer<typeof ZReportList>;
export const ZReportListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  skip: z.coerce.number().int().min(0).default(0),
  type: z.string().max(50).optional(),
});
export type TReportListQuery = z.infer<typeof ZReportListQuery>;

/** The hint under Date Range (spec §5) is `maxDateRangeHint(report_range_num, report_range_period)` (format.ts). */

import { z } from 'zod';
import { parseIdList } from './ids.js';
import { ZIdListQuery } from './instruments.js';

/** Instrument readings (issue 7): a series is (instrument, reading code, optional depth); a reading is (time, value). */

/** Points per series when the caller does not say (never more than the `chart_instrument_detail_limit` setting). */
export const READINGS_DEFAULT_MAX_POINTS = 1000;

/** Depths in a query string, comma-separated numbers (`2,4.5,6`). */
export const ZDepthListQuery = z
  .string()
  .trim()
  .max(500)
  .transform((v, ctx) => {
    const depths = v === '' ? [] : v.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s)));
    if (!depths.every((d) => Number.isFinite(d))) {
      ctx.addIssue({ code: 'custom', message: 'Give depths as comma-separated numbers, e.g. 2,4,6' });
      return z.NEVER;
    }
    return [...new Set(depths)];
  });

export const ZReadingsQuery = z.object({
  /** Reading codes, comma-separated (default: every code the instrument has readings of). */
  codes: z.string().trim().max(500).optional(),
  /** ISO date-time, or a date (UTC day); `to` as a date covers that whole day. */
  from: z.string().trim().max(40).optional(),
  to: z.string().trim().max(40).optional(),
  /** Points per series at most (min 2); above it the series is downsampled (min and max of each time bucket). */
  max_points: z.coerce.number().int().min(2, 'At least 2 points').optional(),
  /** Depths, comma-separated (numbers): only the series at these depths (e.g. an inclinometer's time series at chosen depths). */
  depths: ZDepthListQuery.optional(),
});
export type TReadingsQuery = z.infer<typeof ZReadingsQuery>;

/** A point: [epoch milliseconds, value]. */
export const ZReadingPoint = z.tuple([z.number(), z.number()]);

export const ZReadingSeriesData = z.object({
  series_id: z.number().int(),
  code: z.string(),
  description: z.string(),
  depth: z.number().nullable(),
  unit: z.string(),
  precision: z.number().int(),
  /** Readings in the range. */
  raw_count: z.number().int(),
  /** True when `points` holds each time bucket's minimum and maximum rather than every reading. */
  downsampled: z.boolean(),
  /** In time order; at most `max_points`. */
  points: z.array(ZReadingPoint),
});
export type TReadingSeriesData = z.infer<typeof ZReadingSeriesData>;

export const ZInstrumentReadings = z.object({
  instrument_id: z.number().int(),
  name: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The limit applied (the request's, capped by the setting). */
  max_points: z.number().int(),
  series: z.array(ZReadingSeriesData),
});
export type TInstrumentReadings = z.infer<typeof ZInstrumentReadings>;

export const ZLatestReadingsQuery = z.object({
  /** Instrument ids: a JSON list or comma-separated, at most 1000; ids outside the caller's contracts are left out. */
  ids: ZIdListQuery.refine((ids) => ids.length <= 1000, 'At most 1000 ids'),
});

export const ZLatestReading = z.object({
  series_id: z.number().int(),
  code: z.string(),
  depth: z.number().nullable(),
  unit: z.string(),
  taken_at: z.string(),
  value: z.number(),
});
export type TLatestReading = z.infer<typeof ZLatestReading>;

export const ZLatestReadings = z.object({
  records: z.array(z.object({ instrument_id: z.number().int(), readings: z.array(ZLatestReading) })),
});
export type TLatestReadings = z.infer<typeof ZLatestReadings>;

// ---- the readings table (raw readings, paged) ----

/** Rows a page of the readings table when the caller does not say; at most READING_ROWS_MAX_LIMIT. */
export const READING_ROWS_DEFAULT_LIMIT = 20;
export const READING_ROWS_MAX_LIMIT = 1000;

/** GET /instruments/{id}/reading-rows?codes&depths&from&to&skip&limit: one page of the raw readings, newest first. */
export const ZReadingRowsQuery = z.object({
  codes: ZReadingsQuery.shape.codes,
  from: ZReadingsQuery.shape.from,
  to: ZReadingsQuery.shape.to,
  depths: ZDepthListQuery.optional(),
  limit: z.coerce
    .number({ message: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(READING_ROWS_MAX_LIMIT, `Limit must be at most ${READING_ROWS_MAX_LIMIT}`)
    .default(READING_ROWS_DEFAULT_LIMIT),
  skip: z.coerce.number({ message: 'Skip must be a whole number' }).int('Skip must be a whole number').min(0, 'Skip must be 0 or more').default(0),
});
export type TReadingRowsQuery = z.infer<typeof ZReadingRowsQuery>;

/** One stored reading (not downsampled). */
export const ZReadingRow = z.object({
  /** ISO instant. */
  taken_at: z.string(),
  code: z.string(),
  /** The series' depth (inclinometers); null for series without one. */
  depth: z.number().nullable(),
  value: z.number(),
});
export type TReadingRow = z.infer<typeof ZReadingRow>;

/**
 * A page of readings, newest first; readings of the same instant in the reading codes' order (as the charts list
 * them), then shallowest first. `total_records`: every reading of the range (codes, depths), exact.
 */
export const ZReadingRowList = z.object({ records: z.array(ZReadingRow), total_records: z.number().int() });
export type TReadingRowList = z.infer<typeof ZReadingRowList>;

// ---- status level of many instruments (issue 7: map colours, list filter) ----

/**
 * Contracts in a query string: a JSON list (`[1,2]`) or comma-separated ids; `-1` (or `[-1]`), empty or absent means
 * every contract of the caller (undefined after parsing).
 */
export const ZContractSelectionQuery = z
  .string()
  .max(10_000)
  .transform((v, ctx) => {
    const ids = parseIdList(v, true);
    if (ids === null) {
      ctx.addIssue({ code: 'custom', message: 'Give a JSON list of contract ids, e.g. [1,2], or -1 for all' });
      return z.NEVER;
    }
    return ids.length === 0 || ids.includes(-1) ? undefined : [...new Set(ids)];
  });

export const ZInstrumentStatusQuery = z.object({ contracts: ZContractSelectionQuery.optional() });
export type TInstrumentStatusQuery = z.infer<typeof ZInstrumentStatusQuery>;

export const ZInstrumentStatusRecord = z.object({
  instrument_id: z.number().int(),
  /** The most severe alert level one of the instrument's latest readings passes; null = normal. */
  level_code: z.string().nullable(),
  /** That level's severity (1–4); 0 when normal. */
  severity: z.number().int(),
  /** The newest reading of any of its series (ISO); null when it has none. */
  last_reading_at: z.string().nullable(),
});
export type TInstrumentStatusRecord = z.infer<typeof ZInstrumentStatusRecord>;

/** GET /instruments/status: every instrument of the contracts asked (within the caller's), normal ones included. */
export const ZInstrumentStatuses = z.object({ records: z.array(ZInstrumentStatusRecord) });
export type TInstrumentStatuses = z.infer<typeof ZInstrumentStatuses>;

// ---- readings download ----

export const READINGS_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TReadingsExportFormat = (typeof READINGS_EXPORT_FORMATS)[number];
/** An XLSX sheet holds 1,048,576 rows; above this many readings the XLSX download is refused (use CSV). */
export const READINGS_EXPORT_XLSX_MAX_ROWS = 1_000_000;

/** GET /instruments/{id}/readings/export?format&codes&from&to (a link: `_token` the resource token). */
export const ZReadingsExportQuery = z.object({
  format: z.enum(READINGS_EXPORT_FORMATS, { message: 'Format must be csv or xlsx' }),
  codes: ZReadingsQuery.shape.codes,
  from: ZReadingsQuery.shape.from,
  to: ZReadingsQuery.shape.to,
  depths: ZDepthListQuery.optional(),
});
export type TReadingsExportQuery = z.infer<typeof ZReadingsExportQuery>;

// ---- inclinometer profile ----

/** At most this many dates in one profile request. */
export const PROFILE_MAX_DATES = 6;

/** GET /instruments/{id}/profile?codes&at: `at` = 1–6 comma-separated ISO dates or date-times (a date covers its whole UTC day). */
export const ZReadingProfileQuery = z.object({
  codes: z.string().trim().max(500).optional(),
  at: z
    .string()
    .trim()
    .max(400)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((a) => a.length >= 1 && a.length <= PROFILE_MAX_DATES, `Give 1 to ${PROFILE_MAX_DATES} dates`),
});
export type TReadingProfileQuery = z.infer<typeof ZReadingProfileQuery>;

export const ZReadingProfilePoint = z.object({
  depth: z.number(),
  value: z.number(),
  /** When that depth's reading was taken (the latest at or before the profile's date). */
  taken_at: z.string(),
});
export type TReadingProfilePoint = z.infer<typeof ZReadingProfilePoint>;

export const ZReadingProfile = z.object({
  /** The date as asked. */
  at: z.string(),
  code: z.string(),
  /** The instant the profile is taken at (ISO): a date-time as given, a date the end of its UTC day. */
  until: z.string(),
  unit: z.string(),
  /** Shallowest first; depths with no reading at or before the date are left out. */
  points: z.array(ZReadingProfilePoint),
});
export type TReadingProfile = z.infer<typeof ZReadingProfile>;

/** Profiles per date (in the order asked) and per code (in the codes' order). */
export const ZInstrumentProfile = z.object({ instrument_id: z.number().int(), profiles: z.array(ZReadingProfile) });
export type TInstrumentProfile = z.infer<typeof ZInstrumentProfile>;

/**
 * An instrument's status level (DOMAIN.md "Thresholds and alert levels"), the rule `GET /instruments/status` computes
 * in SQL and the web applies to one instrument: the most severe level that one of its latest readings passes — above
 * the threshold's upper value or below its lower value, for the threshold of the reading's code (every depth) — or
 * undefined (normal) when none does or nothing was read. Levels of equal severity: the server takes the one later
 * in the levels' order; deployments give each level its own severity.
 */
export function statusLevelOf(
  latest: readonly { code: string; value: number }[],
  thresholds: readonly { reading_code: string; level_code: string; upper: number | null; lower: number | null }[],
  levels: readonly { code: string; severity: number }[],
): { code: string; severity: number } | undefined {
  const severity = new Map(levels.map((l) => [l.code, l.severity]));
  let worst: { code: string; severity: number } | undefined;
  for (const reading of latest) {
    for (const t of thresholds) {
      if (t.reading_code !== reading.code) continue;
      if (!((t.upper !== null && reading.value > t.upper) || (t.lower !== null && reading.value < t.lower))) continue;
      const s = severity.get(t.level_code) ?? 0;
      if (!worst || s > worst.severity) worst = { code: t.level_code, severity: s };
    }
  }
  return worst;
}

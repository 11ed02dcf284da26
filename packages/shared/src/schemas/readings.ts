import { z } from 'zod';
import { ZIdListQuery } from './instruments.js';

/** Instrument readings (issue 7): a series is (instrument, reading code, optional depth); a reading is (time, value). */

/** Points per series when the caller does not say (never more than the `chart_instrument_detail_limit` setting). */
export const READINGS_DEFAULT_MAX_POINTS = 1000;

export const ZReadingsQuery = z.object({
  /** Reading codes, comma-separated (default: every code the instrument has readings of). */
  codes: z.string().trim().max(500).optional(),
  /** ISO date-time, or a date (UTC day); `to` as a date covers that whole day. */
  from: z.string().trim().max(40).optional(),
  to: z.string().trim().max(40).optional(),
  /** Points per series at most (min 2); above it the series is downsampled (min and max of each time bucket). */
  max_points: z.coerce.number().int().min(2, 'At least 2 points').optional(),
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

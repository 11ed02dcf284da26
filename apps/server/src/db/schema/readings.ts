import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { contracts, users } from './accounts.js';
import { instruments, readingCodes } from './master-data.js';

/**
 * Readings and the uploads that bring them (issue 7). See docs/decisions/010-readings-and-uploads.md.
 *
 * - `reading_series`: (instrument, reading code, optional depth), one row each; NULL depths are equal (NULLS NOT
 *   DISTINCT), so a series without depth exists once.
 * - `readings`: (series, time, value), primary key (series_id, taken_at). PARTITIONED BY RANGE (taken_at), one
 *   partition per calendar month (UTC), named `readings_pYYYYMM`, created ahead by `ensure_reading_partitions(months)`
 *   (the migration defines it; the ingest calls it for the months a file covers, before its load transaction).
 *   Drizzle knows nothing of partitioning: the migration's CREATE TABLE was edited by hand (0005_readings.sql).
 *   No foreign key to `reading_series`: a per-row trigger check would slow every COPY; series and readings are
 *   written together by the one load path, and deleting an instrument deletes its readings (instruments.service).
 * - `reading_latest`: the newest reading of each series, kept in the load transaction (lists, maps, status).
 * - `reading_rollups`: per series and 6-hour grain (UTC), the count and the minimum and maximum readings with their
 *   times, written in the load transaction. Charts over long ranges downsample from these instead of every reading.
 * - `uploads` (+ `upload_errors`, the per-row report, capped): one uploaded file and its pipeline state.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const UPLOAD_STATUS_VALUES = ['received', 'validating', 'validated', 'invalid', 'approved', 'loading', 'done', 'failed', 'rejected'] as const;
export type UploadStatus = (typeof UPLOAD_STATUS_VALUES)[number];

export const uploads = pgTable(
  'uploads',
  {
    uploadId: serial('upload_id').primaryKey(),
    /** An UPLOAD_TYPES value; only `instrument` (readings) is processed so far. */
    type: text('type').notNull(),
    /** The contract chosen at upload (optional: rows may name instruments of several of the uploader's contracts). */
    contractId: integer('contract_id').references(() => contracts.contractId, { onDelete: 'set null' }),
    /** Every contract the file's rows belong to (known after validation); scoping reads it. */
    contractIds: integer('contract_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    uploadedBy: integer('uploaded_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    /** The caller asked to load a file whose sha256 was already uploaded. */
    force: boolean('force').notNull().default(false),
    status: text('status', { enum: UPLOAD_STATUS_VALUES }).notNull().default('received'),
    /** 0–100 while validating or loading. */
    progress: smallint('progress').notNull().default(0),
    /** csv | xlsx, long | wide: known once read. */
    format: text('format'),
    layout: text('layout'),
    /** Readings found in the file (a wide row holds several), valid and invalid ones, loaded ones. */
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsValid: integer('rows_valid').notNull().default(0),
    rowsInvalid: integer('rows_invalid').notNull().default(0),
    rowsLoaded: integer('rows_loaded').notNull().default(0),
    /** Errors found; at most UPLOAD_REPORT_CAP of them are kept in upload_errors. */
    errorsTotal: integer('errors_total').notNull().default(0),
    firstTakenAt: ts('first_taken_at'),
    lastTakenAt: ts('last_taken_at'),
    /** The validated readings, ready for COPY (storage key), and what the load needs: series, months, latest values. */
    validKey: text('valid_key'),
    plan: jsonb('plan'),
    /** Why the upload is invalid or failed (a file-level message; row errors are in upload_errors). */
    error: text('error'),
    validatedAt: ts('validated_at'),
    approvedBy: integer('approved_by').references(() => users.userId, { onDelete: 'set null' }),
    approvedAt: ts('approved_at'),
    rejectedBy: integer('rejected_by').references(() => users.userId, { onDelete: 'set null' }),
    rejectedAt: ts('rejected_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('uploads_type_created_idx').on(t.type, t.createdAt),
    index('uploads_sha256_idx').on(t.sha256),
    index('uploads_status_idx').on(t.status, t.updatedAt),
    index('uploads_uploaded_by_idx').on(t.uploadedBy),
  ],
);

/** The per-row validation report of an upload: (row, field, message), capped per upload. */
export const uploadErrors = pgTable(
  'upload_errors',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.uploadId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The row number in the file (the header is row 1); 0 for the file as a whole. */
    row: integer('row').notNull(),
    field: text('field').notNull(),
    message: text('message').notNull(),
    /** The instrument the row names, when it resolved (no foreign key: a report outlives a deleted instrument). */
    instrumentId: integer('instrument_id'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
);

export const readingSeries = pgTable(
  'reading_series',
  {
    seriesId: serial('series_id').primaryKey(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.instrumentId, { onDelete: 'cascade' }),
    readingCodeId: integer('reading_code_id')
      .notNull()
      .references(() => readingCodes.readingCodeId, { onDelete: 'restrict' }),
    /** Metres below the top (inclinometer profiles); null for instruments without depths. */
    depth: doublePrecision('depth'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('reading_series_key').on(t.instrumentId, t.readingCodeId, t.depth).nullsNotDistinct(),
    index('reading_series_reading_code_idx').on(t.readingCodeId),
  ],
);

/**
 * One reading. PARTITION BY RANGE (taken_at) in the migration (monthly partitions). Column order keeps the row at
 * 24 bytes of data without alignment padding (int4, int4, float8, timestamptz).
 */
export const readings = pgTable(
  'readings',
  {
    seriesId: integer('series_id').notNull(),
    /** The upload that brought it (null: demo data, other sources). */
    uploadId: integer('upload_id'),
    value: doublePrecision('value').notNull(),
    takenAt: ts('taken_at').notNull(),
  },
  (t) => [primaryKey({ name: 'readings_pkey', columns: [t.seriesId, t.takenAt] })],
);

/** The newest reading of each series (upserted in the load transaction when newer). */
export const readingLatest = pgTable('reading_latest', {
  seriesId: integer('series_id')
    .primaryKey()
    .references(() => readingSeries.seriesId, { onDelete: 'cascade' }),
  takenAt: ts('taken_at').notNull(),
  value: doublePrecision('value').notNull(),
  uploadId: integer('upload_id'),
});

/**
 * Per series and grain (ROLLUP_GRAIN_MS, 6 h, aligned on UTC midnight): how many readings, the smallest and the
 * largest (the earliest of equal ones) with their times, and the first and last reading times — times as milliseconds
 * after `bucket`. Written in the load
 * transaction (COPY for new grains, merged for grains that already had readings); min/max/count merge exactly because
 * a (series, time) is stored once. No foreign key (as `readings`): deleting an instrument deletes its rollups.
 */
export const readingRollups = pgTable(
  'reading_rollups',
  {
    seriesId: integer('series_id').notNull(),
    n: integer('n').notNull(),
    bucket: ts('bucket').notNull(),
    minValue: doublePrecision('min_value').notNull(),
    maxValue: doublePrecision('max_value').notNull(),
    minOffset: integer('min_offset').notNull(),
    maxOffset: integer('max_offset').notNull(),
    /** The first and the last reading of the grain, ms after `bucket`. */
    firstOffset: integer('first_offset').notNull(),
    lastOffset: integer('last_offset').notNull(),
  },
  // The migration makes the key covering (INCLUDE every other column): chart queries read rollups index-only.
  (t) => [primaryKey({ name: 'reading_rollups_pkey', columns: [t.seriesId, t.bucket] })],
);

import { z } from 'zod';
import { ZIdText, zIdText } from './ids.js';
import { UPLOAD_TYPES } from '../master-data.js';

/**
 * Data uploads (issue 7): a file is received, validated by a job (per-row report), approved or rejected, then loaded
 * in one transaction. Types processed: `instrument` (instrument readings) and `borehole` (AGS files, issue 18: the
 * checker report is GET /uploads/{id}/ags-report, ZAgsReport in schemas/boreholes.ts).
 *
 * received -> validating -> validated | invalid;  validated -> approved -> loading -> done | failed;
 * received | validated | invalid | failed -> rejected;  failed -> approved (approve again to retry the load).
 */
export const UPLOAD_STATUSES = ['received', 'validating', 'validated', 'invalid', 'approved', 'loading', 'done', 'failed', 'rejected'] as const;
export const ZUploadStatus = z.enum(UPLOAD_STATUSES, `Status is one of ${UPLOAD_STATUSES.join(', ')}`);
export type TUploadStatus = z.infer<typeof ZUploadStatus>;

/** At most this many row errors are kept per upload (the counts cover every error). */
/** The `dataUpdated` topic of uploads: one moved on (validating, validated, loading, done …); history tables refetch. */
export const UPLOADS_TOPIC = 'uploads';

export const UPLOAD_REPORT_CAP = 10_000;

/**
 * Columns of an instrument readings file. Long layout: one reading per row (instrument, date_time, reading_code,
 * value, optional depth, optional contract). Wide layout: instrument, date_time, optional depth and contract, then one
 * column per reading code (its header is the code). `contract` is needed only when the instrument name is used in
 * several of the uploader's contracts. date_time: ISO 8601 (with an offset such as +08:00 or Z, or without: then it is
 * in the `timezone` setting), or DD/MM/YYYY HH:mm[:ss].
 */
export const READING_UPLOAD_COLUMNS = ['instrument', 'date_time', 'reading_code', 'value', 'depth', 'contract'] as const;
export const READING_UPLOAD_LAYOUTS = ['long', 'wide'] as const;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** POST /uploads/instrument?force=true loads a file whose sha256 was already uploaded. */
export const ZUploadCreateQuery = z.object({ force: flag });

/** The text fields of the upload form (multipart). */
export const ZUploadCreateFields = z.object({
  contract_id: zIdText('Choose a contract').optional(),
});

export const ZUploadCreated = z.object({ upload_id: z.number().int(), status: ZUploadStatus });
export type TUploadCreated = z.infer<typeof ZUploadCreated>;

export const ZUpload = z.object({
  upload_id: z.number().int(),
  type: z.string(),
  /** The contract chosen at upload, if any. */
  contract_id: z.number().int().nullable(),
  /** Every contract the file's rows belong to (known after validation). */
  contract_ids: z.array(z.number().int()),
  contract_nos: z.array(z.string()),
  file_name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  force: z.boolean(),
  status: ZUploadStatus,
  /** 0–100 while validating or loading. */
  progress: z.number().int(),
  format: z.string().nullable(),
  layout: z.string().nullable(),
  /** Readings found (a wide row holds several), valid, invalid and loaded. */
  rows_total: z.number().int(),
  rows_valid: z.number().int(),
  rows_invalid: z.number().int(),
  rows_loaded: z.number().int(),
  errors_total: z.number().int(),
  first_taken_at: z.string().nullable(),
  last_taken_at: z.string().nullable(),
  /** A file-level message (unreadable file, missing columns, why a load failed). */
  error: z.string().nullable(),
  uploaded_by: z.number().int().nullable(),
  uploaded_by_name: z.string().nullable(),
  created: z.string(),
  validated: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  approved: z.string().nullable(),
  rejected_by_name: z.string().nullable(),
  rejected: z.string().nullable(),
  finished: z.string().nullable(),
});
export type TUpload = z.infer<typeof ZUpload>;

export const ZUploadList = z.object({ records: z.array(ZUpload), total_records: z.number().int() });
export type TUploadList = z.infer<typeof ZUploadList>;

export const ZListUploadsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  skip: z.coerce.number().int().min(0).default(0),
  type: z.enum(UPLOAD_TYPES).optional(),
  contract: ZIdText.optional(),
  status: ZUploadStatus.optional(),
});
export type TListUploadsQuery = z.infer<typeof ZListUploadsQuery>;

export const ZUploadReportQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});

export const ZUploadRowError = z.object({
  /** The row number in the file (the header is row 1); 0 for the file as a whole. */
  row: z.number().int(),
  /** The column: instrument, date_time, reading_code, value, depth, contract, or a reading code (wide layout). */
  field: z.string(),
  message: z.string(),
  /** The instrument the row names, when it resolved to one of the uploader's (null: unknown, ambiguous, or no instrument). */
  instrument_id: z.number().int().nullable(),
});
export type TUploadRowError = z.infer<typeof ZUploadRowError>;

export const ZUploadReport = z.object({
  upload_id: z.number().int(),
  status: ZUploadStatus,
  rows_total: z.number().int(),
  rows_valid: z.number().int(),
  rows_invalid: z.number().int(),
  errors_total: z.number().int(),
  /** True when more errors were found than are kept (UPLOAD_REPORT_CAP). */
  capped: z.boolean(),
  records: z.array(ZUploadRowError),
  /** Errors kept (the page is of these). */
  total_records: z.number().int(),
});
export type TUploadReport = z.infer<typeof ZUploadReport>;

/** GET /uploads/templates/instrument.{csv,xlsx}?layout=long|wide */
export const ZUploadTemplateQuery = z.object({ layout: z.enum(READING_UPLOAD_LAYOUTS).default('long') });

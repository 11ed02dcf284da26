import { z } from 'zod';
import { ZBigIdText } from './ids.js';

/** The export/report polling states of the spec: 1 in progress, 2 completed, 3 failed, 4 too large. */
export const EXPORT_STATUS = { inProgress: 1, completed: 2, failed: 3, tooLarge: 4 } as const;

/** Export types and the formats each one offers. `kind` groups them on the generated-files screens. */
export const EXPORT_TYPES = {
  'audit-logs': { kind: 'export', formats: ['xlsx', 'csv'] },
  users: { kind: 'report', formats: ['xlsx', 'pdf'] },
  roles: { kind: 'report', formats: ['xlsx', 'pdf'] },
} as const;
export type ExportType = keyof typeof EXPORT_TYPES;

/** Limits: beyond either the export ends with status 4 (too large). */
export const EXPORT_LIMITS = { maxRows: 1_000_000, maxBytes: 200 * 1024 * 1024, keepDays: 7 } as const;

export const ZExportTypeParam = z.object({ type: z.string().max(50) });
export const ZExportIdParam = z.object({ id: ZBigIdText });

/** POST /exports/{type}: `format` plus the filters of the type (audit-logs: the audit-log filters; users: the user-list filters). */
export const ZCreateExportRequest = z.looseObject({ format: z.string().max(10).optional() });
export const ZCreateExportResponse = z.object({ job_id: z.number().int() });
export type TCreateExportResponse = z.infer<typeof ZCreateExportResponse>;

export const ZExportCheck = z.object({
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** The download address (append `?_token=<resource token>`), once completed and when the caller may download. */
  url: z.string().optional(),
  file_name: z.string().optional(),
  size: z.number().int().optional(),
  message: z.string().optional(),
});
export type TExportCheck = z.infer<typeof ZExportCheck>;

export const ZGeneratedFile = z.object({
  id: z.number().int(),
  kind: z.enum(['export', 'report']),
  type: z.string(),
  format: z.string(),
  status: z.number().int(),
  state: z.enum(['pending', 'running', 'completed', 'failed', 'too_large']),
  file_name: z.string().nullable(),
  size: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created: z.string(),
  completed: z.string().nullable(),
  expires: z.string(),
  error: z.string().nullable(),
  url: z.string().nullable(),
});
export type TGeneratedFile = z.infer<typeof ZGeneratedFile>;

export const ZGeneratedFileList = z.object({ records: z.array(ZGeneratedFile), total_records: z.number().int() });
export type TGeneratedFileList = z.infer<typeof ZGeneratedFileList>;

export const ZListGeneratedFilesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  skip: z.coerce.number().int().min(0).default(0),
  kind: z.enum(['export', 'report']).optional(),
  type: z.string().max(50).optional(),
});
export type TListGeneratedFilesQuery = z.infer<typeof ZListGeneratedFilesQuery>;

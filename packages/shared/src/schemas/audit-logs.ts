import { z } from 'zod';
import { ZIdText } from './ids.js';

export const ZAuditLog = z.object({
  audit_id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  login_name: z.string().nullable(),
  client_address: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditLog = z.infer<typeof ZAuditLog>;

export const ZAuditLogList = z.object({ records: z.array(ZAuditLog), total_records: z.number().int() });
export type TAuditLogList = z.infer<typeof ZAuditLogList>;

/** Filters of the audit log (the list and its export). `from`/`to`: ISO dates or date-times; a bare date `to` covers its day. */
export const ZAuditLogFilters = z.object({
  user_id: ZIdText.optional(),
  /** A prefix: `user.` matches every user action. */
  action: z.string().trim().max(100).optional(),
  entity_type: z.string().trim().max(100).optional(),
  entity_id: z.string().trim().max(100).optional(),
  from: z.string().trim().max(40).optional(),
  to: z.string().trim().max(40).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type TAuditLogFilters = z.infer<typeof ZAuditLogFilters>;

export const ZListAuditLogsQuery = ZAuditLogFilters.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TListAuditLogsQuery = z.infer<typeof ZListAuditLogsQuery>;

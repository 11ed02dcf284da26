import { z } from 'zod';
import { ZPageQuery } from './common.js';

/** GET /admin/outbox: the mails the application wrote, newest first. */
export const ZListOutboxQuery = ZPageQuery.extend({
  /** Recipient address contains this text (case-insensitive). */
  to: z.string().trim().max(254).optional(),
});
export type TListOutboxQuery = z.infer<typeof ZListOutboxQuery>;

export const ZOutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** When SMTP accepted it; null while waiting, after a failure, or when no SMTP is configured. */
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
  /** The file name of the mail's attachment (scheduled reports), null when it has none. */
  attachment_name: z.string().nullable(),
  /** `sent`, `failed`, `queued` (SMTP configured, not yet sent) or `outbox` (no SMTP: the outbox is the delivery). */
  status: z.enum(['sent', 'failed', 'queued', 'outbox']),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

export const ZOutboxList = z.object({ records: z.array(ZOutboxMail), total_records: z.number().int() });
export type TOutboxList = z.infer<typeof ZOutboxList>;

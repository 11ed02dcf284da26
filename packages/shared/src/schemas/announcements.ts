import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/** The one-time announcement dialog. Dates are ISO 8601. */
export const ZAnnouncement = z.object({
  announcement_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  created: z.string(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

/** GET /announcement: the current announcement the caller has not acknowledged, or null. */
export const ZCurrentAnnouncement = ZAnnouncement.nullable();

/** PUT /announcement: replaces the current announcement. */
export const ZPutAnnouncementRequest = z
  .object({
    title: z.string().trim().min(1).max(200),
    message: z.string().trim().min(1).max(5000),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }).nullish(),
  })
  .refine((b) => !b.ends_at || Date.parse(b.ends_at) > Date.parse(b.starts_at), {
    path: ['ends_at'],
    message: MESSAGES.endAfterStart,
  });
export type TPutAnnouncementRequest = z.infer<typeof ZPutAnnouncementRequest>;

/** DELETE /announcement: how many open announcements were cleared (0 when none was open). */
export const ZClearAnnouncementResponse = z.object({ cleared: z.number().int() });
export type TClearAnnouncementResponse = z.infer<typeof ZClearAnnouncementResponse>;

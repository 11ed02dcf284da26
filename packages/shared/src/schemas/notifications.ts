import { z } from 'zod';
import { ZId } from './ids.js';
import { ZLinkUri, ZMessageParams, ZSeverity } from '../ws-events.js';
import { ZPageQuery } from './common.js';

/** `true`/`false` in a query string (z.coerce.boolean would read "false" as true). */
const ZQueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A date (`2025-01-31`) or date-time with offset (`2025-01-31T08:00:00+08:00`) in a query string. */
const ZQueryDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** GET /notifications: the caller's own, newest first. */
export const ZListNotificationsQuery = ZPageQuery.extend({
  /** Message contains this text (case-insensitive). */
  keyword: z.string().trim().max(200).optional(),
  type: z.string().max(50).optional(),
  severity: z.coerce.number().int().min(1).max(4).optional(),
  read: ZQueryBoolean.optional(),
  /** Created at or after (a bare date: from the start of that day, UTC). */
  from: ZQueryDate.optional(),
  /** Created before (a bare date: up to the end of that day, UTC). */
  to: ZQueryDate.optional(),
});
export type TListNotificationsQuery = z.infer<typeof ZListNotificationsQuery>;

export const ZNotification = z.object({
  notification_id: z.number().int(),
  type: z.string(),
  message: z.string(),
  /** The message as a key and parameters when the server made it (ZMessageParams); null for people's own text. */
  message_key: z.string().nullable(),
  message_params: ZMessageParams.nullable(),
  severity: z.number().int(),
  link_uri: z.string().nullable(),
  read: z.boolean(),
  /** ISO 8601. */
  created: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({
  records: z.array(ZNotification),
  /** Matching the filters. */
  total_records: z.number().int(),
  /** All of the caller's unread notifications, regardless of filters (the bell). */
  unread: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** Answer of POST /notifications/{id}/read and /notifications/read-all. */
export const ZUnreadCount = z.object({ unread: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** POST /notifications/system: a system notification to everyone, or to the users of one contract. */
export const ZSystemNotificationRequest = z.object({
  message: z.string().trim().min(1).max(2000),
  severity: ZSeverity,
  link_uri: ZLinkUri.nullish(),
  /** Omitted: every active user. Given: the users assigned to that contract and every Application Admin. */
  contract_id: ZId.nullish(),
});
export type TSystemNotificationRequest = z.infer<typeof ZSystemNotificationRequest>;

export const ZSystemNotificationResponse = z.object({ recipients: z.number().int() });
export type TSystemNotificationResponse = z.infer<typeof ZSystemNotificationResponse>;

/**
 * The live connection (`GET /api/v1/rtc/ws`): event names and payloads. Every message, both ways, is JSON.
 * Server -> client messages are `{ event, data }` (spec §3 "Live notification event").
 *
 * Protocol:
 * 1. On connect the server sends `client_connection` with `status: 'connected'` (unless `_token` already
 *    authenticated the socket, see 2).
 * 2. Authentication, one of:
 *    - the resource token in the `_token` query parameter (`/api/v1/rtc/ws?_token=<resource_token>`): authenticated
 *      at once, the first message is `client_connection` with `status: 'authenticated'`. Only the resource token is
 *      accepted there: a query string ends up in proxy and server logs, so the bearer access token never goes there.
 *    - the access token as the first client message: `{"token": "<access_token>"}` or the raw token string.
 *      The server answers `client_connection` with `status: 'authenticated'`, then `unread_count`.
 * 3. Bad or expired credentials, an access token in `_token`, or no token within `WS_AUTH_TIMEOUT_MS`: the server
 *    closes with code 4401, reason `unauthorized` (the client does not reconnect). The same close ends the sockets
 *    of a session that ended (sign-out, revocation, idle or absolute expiry).
 * 4. Afterwards the server sends `notification` and `unread_count` events; client messages are ignored.
 *    The server pings (WebSocket ping frames) every `WS_PING_MS` and drops a socket that missed a pong.
 *
 * Unread count: a `notification` event does not say whether it was stored (signals such as `settingUpdated` are
 * not), so the bell follows `unread_count` instead — sent after authentication, after every stored notification
 * and after the user marks notifications read (on any of their sockets or devices). `GET /sync`'s
 * `unread_notifications` gives the same number at start.
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';

export const WS_EVENTS = {
  clientConnection: 'client_connection',
  notification: 'notification',
  unreadCount: 'unread_count',
} as const;
export type WsEventName = (typeof WS_EVENTS)[keyof typeof WS_EVENTS];

/** Close code and reason for refused or ended credentials (spec §9); the client does not reconnect after it. */
export const WS_UNAUTHORIZED = { code: LIMITS.wsUnauthorizedCode, reason: 'unauthorized' } as const;
/** A socket that has not authenticated within this time is closed with 4401. */
export const WS_AUTH_TIMEOUT_MS = 10_000;
/** Keepalive: the server pings every socket this often and drops those that did not answer the previous ping. */
export const WS_PING_MS = 30_000;

/**
 * Notification types.
 * - `settingUpdated`: the client reloads configuration.
 * - `requireSync`: the client syncs again (profile, permissions, contracts).
 * - `systemNotification`: shown as a toast (7 s when it has a link); stored in the user's notifications.
 * - `dataUpdated`: new data for `topic` (and `contract_id`) — the banner "New data available. Click to reload."
 *   when it concerns the open screen.
 * - `fileCompleted`: a generated report or export is ready; `link_uri` downloads it.
 */
export const NOTIFICATION_TYPES = ['settingUpdated', 'requireSync', 'systemNotification', 'dataUpdated', 'fileCompleted'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** Severity 1..4: light blue, orange, red, dark red (`SEVERITY_COLORS`). */
export const ZSeverity = z.number().int().min(1).max(4);

/** An app path (`/en/...`; not `//host` or `/\host`, which browsers read as another host) or an http(s) URL: never `javascript:` or other schemes. */
export const ZLinkUri = z
  .string()
  .max(2048)
  .regex(/^(\/(?![/\\])|https?:\/\/)/, 'Must be a path starting with / or an http(s) URL');

/**
 * A server-made message as a key and its parameters, for the web to say in the reader's language
 * (`serverMessages.<key>` in the web's locales); `message` keeps the English text for everyone else.
 * Times are ISO 8601 strings in parameters ending in `_at`, shown in the configured zone.
 */
export const ZMessageParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type TMessageParams = z.infer<typeof ZMessageParams>;

const base = {
  message: z.string(),
  message_key: z.string().optional(),
  message_params: ZMessageParams.optional(),
  severity: ZSeverity,
  link_uri: ZLinkUri.nullable(),
};

/** The payload of a `notification` event (spec §3 "Notification payload": type, message, severity, link_uri). */
export const ZNotificationPayload = z.discriminatedUnion('type', [
  z.object({ type: z.literal('settingUpdated'), ...base }),
  z.object({ type: z.literal('requireSync'), ...base }),
  z.object({ type: z.literal('systemNotification'), ...base }),
  /** Someone sent the user a comment on a record (issue 8); the link opens the record's comments. */
  z.object({ type: z.literal('comment'), ...base }),
  /** An alert opened or escalated (issue 9): shown as a toast; the link opens the alert (or /alert for a summary). */
  z.object({ type: z.literal('alert'), ...base, alert_id: z.number().int().optional(), contract_id: z.number().int().optional() }),
  z.object({
    type: z.literal('dataUpdated'),
    ...base,
    /** What changed, e.g. `readings`, `alerts`, `uploads`; screens compare it with what they show. */
    topic: z.string(),
    contract_id: z.number().int().optional(),
  }),
  z.object({
    type: z.literal('fileCompleted'),
    ...base,
    /** `document`: a photo or document was attached to the record (`category`, `ref_id`); its open lists refresh. */
    payload: z.string().optional(),
    category: z.string().optional(),
    ref_id: z.number().int().optional(),
  }),
]);
export type TNotificationPayload = z.infer<typeof ZNotificationPayload>;

export const ZClientConnectionData = z.object({
  status: z.enum(['connected', 'authenticated']),
  /** This socket's id on its instance (for logs and the test console). */
  connection_id: z.string(),
  /** Present once authenticated. */
  user_id: z.number().int().optional(),
});
export type TClientConnectionData = z.infer<typeof ZClientConnectionData>;

export const ZUnreadCountData = z.object({ count: z.number().int().min(0) });
export type TUnreadCountData = z.infer<typeof ZUnreadCountData>;

/** Every server -> client message. */
export const ZWsServerMessage = z.discriminatedUnion('event', [
  z.object({ event: z.literal('client_connection'), data: ZClientConnectionData }),
  z.object({ event: z.literal('notification'), data: ZNotificationPayload }),
  z.object({ event: z.literal('unread_count'), data: ZUnreadCountData }),
]);
export type TWsServerMessage = z.infer<typeof ZWsServerMessage>;

/** The client's authentication message: `{ token }` (a raw token string is accepted too). */
export const ZWsAuthMessage = z.object({ token: z.string().min(1).max(200) });
export type TWsAuthMessage = z.infer<typeof ZWsAuthMessage>;

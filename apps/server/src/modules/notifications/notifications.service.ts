import {
  ZNotificationPayload,
  type TListNotificationsQuery,
  type TNotification,
  type TNotificationList,
  type TNotificationPayload,
  type TSystemNotificationRequest,
  type TSystemNotificationResponse,
  type TUnreadCount,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import { scopeOf, visibleContractIds } from '../contracts/contracts.service.js';
import { publishToUsers, publishUnreadCounts } from '../realtime/realtime.publish.js';
import {
  findOwnNotification,
  insertForUsers,
  listNotifications,
  markAllRead,
  markRead,
  recipientIds,
  unreadCounts,
  type NotificationRow,
  type RecipientTarget,
  countUnread,
} from './notifications.repository.js';

/** What other modules use of this module's data (the account summary, security events and the realtime hub): they reach it through this service, not the repository. */
export { countUnread } from './notifications.repository.js';

/** Who a notification goes to: these user ids, the users who can see a contract, or every active user. */
export type NotifyTarget = RecipientTarget;

export function presentNotification(row: NotificationRow): TNotification {
  return {
    notification_id: row.notificationId,
    type: row.type,
    message: row.message,
    message_key: row.messageKey ?? null,
    message_params: row.messageParams ?? null,
    severity: row.severity,
    link_uri: row.linkUri,
    read: row.read,
    created: row.createdAt.toISOString(),
  };
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Stored notifications per user: the list, marking read, and sending (stored, then delivered live after commit). */
export class NotificationsService {
  constructor(private readonly ctx: AppContext) {}

  async list(actor: Actor, q: TListNotificationsQuery): Promise<TNotificationList> {
    const db = this.ctx.db.orm;
    // A bare date `to` covers its whole day (UTC); a date-time is taken as given, inclusive.
    const to = q.to === undefined ? undefined : BARE_DATE.test(q.to) ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : new Date(q.to);
    const [{ records, total }, unread] = await Promise.all([
      listNotifications(db, actor.userId, {
        limit: q.limit,
        skip: q.skip,
        keyword: q.keyword || undefined,
        type: q.type || undefined,
        severity: q.severity,
        read: q.read,
        from: q.from === undefined ? undefined : new Date(BARE_DATE.test(q.from) ? `${q.from}T00:00:00Z` : q.from),
        to,
        toInclusive: q.to !== undefined && !BARE_DATE.test(q.to),
      }),
      countUnread(db, actor.userId),
    ]);
    return { records: records.map(presentNotification), total_records: total, unread };
  }

  /** Marks one of the caller's own notifications read; someone else's id answers 404 and changes nothing. */
  async markRead(actor: Actor, notificationId: number): Promise<TUnreadCount> {
    const { unread, changed } = await this.ctx.db.orm.transaction(async (tx) => {
      const row = await findOwnNotification(tx, actor.userId, notificationId);
      if (!row) throw notFound('Notification not found');
      const changed = await markRead(tx, actor.userId, notificationId);
      if (changed) {
        await writeAudit(tx, actor, {
          action: 'notifications.read',
          entityType: 'notification',
          entityId: notificationId,
          before: { read: false },
          after: { read: true },
        });
      }
      return { unread: await countUnread(tx, actor.userId), changed };
    });
    if (changed) await this.live(() => publishUnreadCounts(this.ctx.bus, new Map([[actor.userId, unread]])));
    return { unread };
  }

  async markAllRead(actor: Actor): Promise<TUnreadCount> {
    const { unread, changed } = await this.ctx.db.orm.transaction(async (tx) => {
      const changed = await markAllRead(tx, actor.userId);
      if (changed > 0) {
        await writeAudit(tx, actor, { action: 'notifications.read_all', entityType: 'user', entityId: actor.userId, after: { count: changed } });
      }
      return { unread: await countUnread(tx, actor.userId), changed };
    });
    if (changed > 0) await this.live(() => publishUnreadCounts(this.ctx.bus, new Map([[actor.userId, unread]])));
    return { unread };
  }

  /**
   * Stores one notification per recipient (active users only) in one transaction and, after commit, delivers it live
   * with the recipients' new unread counts. For other modules (alerts, accounts, reports); not audited here — a
   * caller acting for a person writes its own audit row (see `sendSystem`). Returns the recipients.
   */
  async notify(target: NotifyTarget, input: TNotificationPayload): Promise<number[]> {
    const payload = ZNotificationPayload.parse(input); // callers are code: a bad payload is a bug, not a 400
    const { userIds, counts } = await this.ctx.db.orm.transaction((tx) => this.store(tx, target, payload));
    await this.publish(userIds, counts, payload);
    return userIds;
  }

  /**
   * Stores the notifications inside the caller's transaction (a workflow step and its notice are one write) and
   * returns the live delivery, for the caller to run after commit. Returns the recipients too.
   */
  async notifyIn(tx: Tx, target: NotifyTarget, input: TNotificationPayload): Promise<{ userIds: number[]; deliver: () => Promise<void> }> {
    const payload = ZNotificationPayload.parse(input);
    const { userIds, counts } = await this.store(tx, target, payload);
    return { userIds, deliver: () => this.publish(userIds, counts, payload) };
  }

  /** An administrator's system notification to everyone, or to the users of one contract; audited. */
  async sendSystem(actor: Actor, body: TSystemNotificationRequest): Promise<TSystemNotificationResponse> {
    const contractId = body.contract_id ?? undefined;
    if (contractId !== undefined) {
      const visible = await visibleContractIds(this.ctx.db.orm, scopeOf(actor), [contractId]);
      if (visible.length === 0) throw badRequest({ contract_id: 'Contract not found' });
    }
    const payload: TNotificationPayload = {
      type: 'systemNotification',
      message: body.message,
      severity: body.severity,
      link_uri: body.link_uri ?? null,
    };
    const { userIds, counts } = await this.ctx.db.orm.transaction(async (tx) => {
      const stored = await this.store(tx, contractId === undefined ? 'all' : { contractId }, payload);
      await writeAudit(tx, actor, {
        action: 'notifications.system',
        entityType: contractId === undefined ? 'system' : 'contract',
        entityId: contractId ?? null,
        after: { message: payload.message, severity: payload.severity, link_uri: payload.link_uri, recipients: stored.userIds.length },
      });
      return stored;
    });
    await this.publish(userIds, counts, payload);
    return { recipients: userIds.length };
  }

  private async store(tx: Tx, target: NotifyTarget, payload: TNotificationPayload) {
    const userIds = await recipientIds(tx, target);
    await insertForUsers(tx, userIds, {
      type: payload.type,
      message: payload.message,
      messageKey: payload.message_key ?? null,
      messageParams: payload.message_params ?? null,
      severity: payload.severity,
      linkUri: payload.link_uri,
      createdAt: this.ctx.now(),
    });
    return { userIds, counts: await unreadCounts(tx, userIds) };
  }

  private async publish(userIds: number[], counts: Map<number, number>, payload: TNotificationPayload): Promise<void> {
    await this.live(async () => {
      await publishToUsers(this.ctx.bus, userIds, payload);
      await publishUnreadCounts(this.ctx.bus, counts);
    });
  }

  /** Live delivery after commit is best effort: the rows are stored, so a bus failure is logged, not answered 500. */
  private async live(publish: () => Promise<void>): Promise<void> {
    try {
      await publish();
    } catch (err) {
      this.ctx.log.error({ err: safeError(err) }, 'notifications: live delivery failed');
    }
  }
}

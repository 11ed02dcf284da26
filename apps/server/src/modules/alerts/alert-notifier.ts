/**
 * Who hears of a new alert (issue 9), and how: the alert templates decide; without a matching template, every active
 * user who can see the alert's contract and holds `SearchorViewAlertMessage` gets a notification and an e-mail
 * (decision 016). A template names kinds, levels, contracts, instruments, groups, scenarios (each empty = any) and
 * the people (roles and users; both empty = the default people above) and the channels.
 *
 * Flood control: a person told of more than EACH_MAX alerts by one evaluation gets one summary notification instead
 * of one per alert; e-mail is always one digest per person per evaluation.
 */
import { ALERTS_TOPIC, PERMISSIONS, type TMessageParams, type TNotificationPayload } from '@strata/shared';
import type { AppContext } from '../../context.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { composeMail, publicLink, type Mailer } from '../../platform/mail.js';
import { safeError } from '../../platform/safe-error.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { publishDataUpdated } from '../realtime/realtime.publish.js';
import { englishText, type MessageText } from '../../lib/server-messages.js';
import { activeTemplates, alertPeople, type Person, type TemplateRow } from './checks.repository.js';

export const EACH_MAX = 10;
const DIGEST_MAX = 20;
const VIEW_ALERTS = PERMISSIONS.find((p) => p.code === 'SearchorViewAlertMessage')!.id;

/** A new (or escalated) alert to tell people about. */
export interface AlertNews {
  alertId: number;
  contractId: number;
  kind: string;
  levelCode: string | null;
  severity: number;
  instrumentId: number | null;
  groupId: number | null;
  scenarioId: number | null;
  /** The creator of a `user` scenario (always told). */
  ownerId: number | null;
  message: MessageText;
  escalated: boolean;
}

export type { Person, TemplateRow };

type Channels = { notification: boolean; email: boolean };

/** Does the template cover the alert? Empty lists match anything. */
export function templateMatches(t: TemplateRow, a: AlertNews): boolean {
  const any = <T>(list: T[], v: T | null) => list.length === 0 || (v !== null && list.includes(v));
  return (
    any(t.kinds, a.kind) &&
    (t.levels.length === 0 || (a.levelCode !== null && t.levels.includes(a.levelCode))) &&
    any(t.contractIds, a.contractId) &&
    any(t.instrumentIds, a.instrumentId) &&
    any(t.groupIds, a.groupId) &&
    any(t.scenarioIds, a.scenarioId)
  );
}

/** Recipients of one alert with their channels (pure: templates and people given). */
export function recipientsOf(a: AlertNews, templates: readonly TemplateRow[], people: readonly Person[]): Map<number, Channels> {
  const out = new Map<number, Channels>();
  const sees = (p: Person) => p.all || p.contracts.has(a.contractId);
  const give = (p: Person, ch: Channels) => {
    if (!sees(p)) return;
    const had = out.get(p.userId) ?? { notification: false, email: false };
    out.set(p.userId, { notification: had.notification || ch.notification, email: had.email || ch.email });
  };
  const both = { notification: true, email: true };
  const matched = templates.filter((t) => templateMatches(t, a));
  if (matched.length === 0) {
    for (const p of people) if (p.canView) give(p, both);
  }
  for (const t of matched) {
    const ch = { notification: t.channels.includes('notification'), email: t.channels.includes('email') };
    const explicit = t.roleIds.length > 0 || t.userIds.length > 0;
    for (const p of people) {
      if (explicit ? (p.roleId !== null && t.roleIds.includes(p.roleId)) || t.userIds.includes(p.userId) : p.canView) give(p, ch);
    }
  }
  if (a.ownerId !== null) {
    const owner = people.find((p) => p.userId === a.ownerId);
    if (owner) give(owner, both);
  }
  return out;
}

export class AlertNotifier {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationsService,
    private readonly mailer: Mailer,
    /** The configured time zone (the `timezone` setting): the times of e-mails. */
    private readonly timeZone: () => Promise<string>,
  ) {}

  /** Notifications, e-mails and the live `dataUpdated` topics after an evaluation committed. Never throws. */
  async tell(news: readonly AlertNews[], changedContracts: ReadonlySet<number>): Promise<void> {
    try {
      if (news.length > 0) await this.deliver(news);
    } catch (err) {
      this.ctx.log.error({ err: safeError(err) }, 'alerts: notifying failed');
    }
    for (const contractId of changedContracts) {
      try {
        await publishDataUpdated(this.ctx.bus, { topic: 'instruments', contractId });
        await publishDataUpdated(this.ctx.bus, { topic: ALERTS_TOPIC, contractId });
      } catch (err) {
        this.ctx.log.error({ err: safeError(err) }, 'alerts: publishing failed');
      }
    }
  }

  private async deliver(news: readonly AlertNews[]): Promise<void> {
    const [templates, people] = await Promise.all([activeTemplates(this.ctx.db.orm), alertPeople(this.ctx.db.orm, VIEW_ALERTS)]);
    const byUser = new Map<number, { person: Person; notify: AlertNews[]; mail: AlertNews[] }>();
    const personOf = new Map(people.map((p) => [p.userId, p]));
    for (const a of news) {
      for (const [userId, ch] of recipientsOf(a, templates, people)) {
        const person = personOf.get(userId)!;
        const entry = byUser.get(userId) ?? { person, notify: [], mail: [] };
        if (ch.notification) entry.notify.push(a);
        if (ch.email) entry.mail.push(a);
        byUser.set(userId, entry);
      }
    }
    // Notifications: one per alert to everyone told of few; a summary to each person told of many.
    const perAlert = new Map<number, number[]>();
    for (const { person, notify } of byUser.values()) {
      if (notify.length === 0) continue;
      if (notify.length <= EACH_MAX) {
        for (const a of notify) perAlert.set(a.alertId, [...(perAlert.get(a.alertId) ?? []), person.userId]);
      } else {
        const severity = Math.max(...notify.map((a) => a.severity));
        const summary = summaryText(notify);
        await this.notifications.notify([person.userId], {
          type: 'alert',
          message: englishText(summary),
          message_key: summary.key,
          message_params: summary.params,
          severity,
          link_uri: '/en/alert',
        });
      }
    }
    const byId = new Map(news.map((a) => [a.alertId, a]));
    for (const [alertId, userIds] of perAlert) {
      const a = byId.get(alertId)!;
      const text = told(a);
      const payload: TNotificationPayload = {
        type: 'alert',
        message: englishText(text),
        message_key: text.key,
        message_params: text.params,
        severity: a.severity,
        link_uri: `/en/alert-detail/${a.alertId}`,
        alert_id: a.alertId,
        contract_id: a.contractId,
      };
      await this.notifications.notify(userIds, payload);
    }
    // E-mail: one digest per person, its times in the configured zone.
    const zone = await this.timeZone();
    const mailLine = (a: AlertNews) => englishText(told(a), zone);
    const after = new AfterCommit();
    await this.ctx.db.orm.transaction(async (tx) => {
      for (const { person, mail } of byUser.values()) {
        if (mail.length === 0 || !person.email) continue;
        const one = mail.length === 1 ? mail[0] : undefined;
        const subject = one ? `Alert: ${mailLine(one)}` : `${mail.length} new alerts`;
        await this.mailer.enqueue(
          tx,
          composeMail(this.ctx.config.appName, {
            to: person.email,
            subject,
            greeting: `Hello ${person.fullname},`,
            paragraphs: [
              one ? 'An alert was raised:' : `${mail.length} alerts were raised:`,
              ...mail.slice(0, DIGEST_MAX).map((a) => `- ${mailLine(a)}`),
              ...(mail.length > DIGEST_MAX ? [`… and ${mail.length - DIGEST_MAX} more.`] : []),
            ],
            action: {
              label: one ? 'Open the alert' : 'View the alerts',
              url: publicLink(this.ctx.config.publicUrl, one ? `/alert-detail/${one.alertId}` : '/alert'),
            },
          }),
          after,
        );
      }
    });
    await after.run();
  }
}

/** What a person is told of one alert: its message, "Escalated: …" when it moved up a level. */
function told(a: AlertNews): MessageText {
  return a.escalated
    ? { key: 'alert.escalated', params: { message: englishText(a.message), inner_key: a.message.key, ...prefixed(a.message.params) } }
    : a.message;
}

/** The inner message's parameters under `inner.` names, so the web can say the whole line in the reader's language. */
function prefixed(params: TMessageParams): TMessageParams {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [`inner.${k}`, v]));
}

/**
 * One notification for many new alerts: "5 new alerts: 3 AL, 2 spike". Each part is also a parameter of its own,
 * `n.<level code or kind>` = count, so the web names the kinds in the reader's language (level codes stay codes).
 */
export function summaryText(list: readonly AlertNews[]): MessageText {
  const byLevel = new Map<string, number>();
  for (const a of list) byLevel.set(a.levelCode ?? a.kind, (byLevel.get(a.levelCode ?? a.kind) ?? 0) + 1);
  const parts = [...byLevel.entries()].map(([k, n]) => `${n} ${k}`);
  const counts = Object.fromEntries([...byLevel.entries()].map(([k, n]) => [`n.${k}`, n]));
  return { key: 'alert.summary', params: { count: list.length, parts: parts.join(', '), ...counts } };
}

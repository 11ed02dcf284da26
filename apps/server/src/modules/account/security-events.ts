/**
 * Security events of an account (password set, changed or reset; two-factor on or off; a recovery code used; a
 * sign-in from a new client): each stores a notification (type `security`, severity 2) in the transaction of the
 * change, mails the user, and — after commit — delivers the notification live with the new unread count.
 */
import { formatDateTime } from '@strata/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import { composeMail, publicLink, type Mailer } from '../../platform/mail.js';
import { safeError } from '../../platform/safe-error.js';
import { publishToUsers, publishUnreadCounts } from '../realtime/realtime.publish.js';
import type { SettingsService } from '../settings/settings.service.js';
import { insertUserNotification } from './security.repository.js';
import { countUnread } from '../notifications/notifications.service.js';

export const SECURITY_NOTIFICATION_TYPE = 'security';
export const SECURITY_SEVERITY = 2;
/** Where a security notification leads in the web app. */
export const SECURITY_PAGE = '/en/account/profile/security';

export type SecurityEventKind = 'password_set' | 'password_changed' | 'password_reset' | 'tfa_enabled' | 'tfa_disabled' | 'recovery_code_used' | 'new_client';

const EVENTS: Record<SecurityEventKind, { subject: string; message: string }> = {
  password_set: { subject: 'Your password was set', message: 'The password of your account was set.' },
  password_changed: { subject: 'Your password was changed', message: 'The password of your account was changed. Your other sessions were signed out.' },
  password_reset: {
    subject: 'Your password was reset',
    message: 'The password of your account was reset with a link sent by e-mail. All your sessions were signed out.',
  },
  tfa_enabled: { subject: 'Two-factor authentication turned on', message: 'Two-factor authentication was turned on for your account.' },
  tfa_disabled: { subject: 'Two-factor authentication turned off', message: 'Two-factor authentication was turned off for your account.' },
  recovery_code_used: { subject: 'A recovery code was used', message: 'A two-factor recovery code was used to sign in to your account.' },
  new_client: { subject: 'Sign-in from a new device', message: 'Your account was signed in to from a device or address not seen before.' },
};

export interface SecurityEventUser {
  userId: number;
  loginName: string;
  fullname: string;
  email: string;
}

export interface SecurityEventDetail {
  clientAddress?: string | null | undefined;
  userAgent?: string | null | undefined;
  /** A sentence added to the message (e.g. how many recovery codes are left). */
  extra?: string | undefined;
}

export class SecurityEvents {
  constructor(
    private readonly ctx: AppContext,
    private readonly mailer: Mailer,
    private readonly settings: SettingsService,
  ) {}

  /** Inside the transaction of the change: the notification row and the mail; live delivery and sending after commit. */
  async record(tx: Executor, after: AfterCommit, user: SecurityEventUser, kind: SecurityEventKind, detail: SecurityEventDetail = {}): Promise<void> {
    const { config } = this.ctx;
    const now = this.ctx.now();
    const event = EVENTS[kind];
    const message = detail.extra ? `${event.message} ${detail.extra}` : event.message;
    await insertUserNotification(tx, {
      userId: user.userId,
      type: SECURITY_NOTIFICATION_TYPE,
      message,
      severity: SECURITY_SEVERITY,
      linkUri: SECURITY_PAGE,
      createdAt: now,
    });

    const { timezone } = await this.settings.get();
    const facts = [`When: ${formatDateTime(now, timezone)} (${timezone})`];
    if (detail.clientAddress) facts.push(`From address: ${detail.clientAddress}`);
    if (detail.userAgent) facts.push(`Browser: ${detail.userAgent.slice(0, 200)}`);
    await this.mailer.enqueue(
      tx,
      composeMail(config.appName, {
        to: user.email,
        subject: event.subject,
        greeting: `Hello ${user.fullname},`,
        paragraphs: [`${message} (Login name: ${user.loginName}.)`, ...facts],
        action: { label: 'Review your account security', url: publicLink(config.publicUrl, 'account/profile/security') },
        after: [`If this was not you, reset your password at once at ${publicLink(config.publicUrl, 'account/reset-password')} and tell your administrator.`],
      }),
      after,
    );

    after.add(async () => {
      try {
        await publishToUsers(this.ctx.bus, [user.userId], { type: 'systemNotification', message, severity: SECURITY_SEVERITY, link_uri: SECURITY_PAGE });
        const unread = await countUnread(this.ctx.db.orm, user.userId);
        await publishUnreadCounts(this.ctx.bus, new Map([[user.userId, unread]]));
      } catch (err) {
        this.ctx.log.error({ err: safeError(err) }, 'security event: live delivery failed');
      }
    });
  }
}

import {
  MESSAGES,
  PASSWORD_MESSAGES,
  type TChangePasswordRequest,
  type TForgotPasswordResponse,
  type TSetPasswordResponse,
  type TSetPasswordWithTokenRequest,
} from '@strata/shared';
import type { Actor, AppContext, AuditActor } from '../../context.js';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { writeAudit } from '../../platform/audit.js';
import type { Mailer } from '../../platform/mail.js';
import { resetMail } from '../account/account-mails.js';
import type { SecurityEvents } from '../account/security-events.js';
import { throttleCheck, throttleClear, throttleCount, throttleHit, type ThrottleRule } from '../account/throttle.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { passwordProblem } from './password-policy.js';
import { clearLoginFailures, revokeUserSessions } from '../auth/auth.service.js';
import {
  consumeAccountToken,
  findUsableAccountToken,
  issueAccountToken,
  revokeAccountTokens,
  findActiveUsersByLoginOrEmail,
  findUserById,
  updateUser,
  type UserRow,
} from '../users/users.service.js';

const HOUR = 3_600_000;
/** Forgot-password: 10 requests per address per hour (then 429); at most 3 mails per account per hour (then silently none). */
export const FORGOT_RULE: ThrottleRule = { bucket: 'forgot', windowMs: HOUR, perKey: 3, perAddress: 10 };

export interface ClientInfo {
  clientAddress: string;
  userAgent?: string | undefined;
}

/**
 * Passwords: the first password (from the activation flow), forgot/reset by mailed link, change when signed in, and
 * the rules (`password-policy.ts`). Every change: argon2id hash, `password_changed_at`, audit row, security event.
 */
export class PasswordsService {
  /** Wrong current passwords (change password, turning two-factor off): like sign-in failures. */
  readonly checkRule: ThrottleRule;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly security: SecurityEvents,
    private readonly auth: AuthService,
  ) {
    const t = ctx.config.loginThrottle;
    this.checkRule = { bucket: 'pwcheck', windowMs: t.windowMs, perKey: t.maxFailures, perAddress: t.maxFailuresPerIp };
  }

  /** The first refusal of the rules for this user, in words, or undefined. */
  async problem(password: string, user: Pick<UserRow, 'loginName' | 'email'>): Promise<string | undefined> {
    const { password_min_length } = await this.settings.get();
    return passwordProblem(password, { minLength: password_min_length, loginName: user.loginName, email: user.email });
  }

  /**
   * Verifies a signed-in user's password (change password, turning two-factor off), throttled per login name like
   * sign-in. A wrong one answers 400 with `field` set.
   */
  async verifyCurrent(actor: Actor, password: string, field: string, message: string): Promise<UserRow> {
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    await throttleCheck(db, this.checkRule, actor.loginName, actor.clientAddress, now);
    const user = await findUserById(db, actor.userId);
    if (!user) throw notFound(MESSAGES.userNotFound);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await db.transaction(async (tx) => {
        await throttleHit(tx, this.checkRule, actor.loginName, actor.clientAddress, now);
        await writeAudit(tx, actor, { action: 'account.password.check_failed', entityType: 'user', entityId: actor.userId });
      });
      throw badRequest({ [field]: message });
    }
    await throttleClear(db, this.checkRule, actor.loginName);
    return user;
  }

  /** POST /account/setup-password: the first password, with the setup token from activation. */
  async setup(body: TSetPasswordWithTokenRequest, client: ClientInfo): Promise<TSetPasswordResponse> {
    return this.setWithToken(body, client, 'setup');
  }

  /** POST /account/reset-password: a new password with the mailed reset token; every session of the user ends. */
  async reset(body: TSetPasswordWithTokenRequest, client: ClientInfo): Promise<TSetPasswordResponse> {
    return this.setWithToken(body, client, 'reset');
  }

  /**
   * POST /account/forgot-password: the same answer whether or not an account matches. When active accounts match
   * the login name or e-mail address (and the account had fewer than 3 such mails this hour), each gets a mail with a
   * reset link valid 1 hour. Both paths write the throttle row and an audit row in one transaction; the mail is
   * delivered after commit, never awaited.
   */
  async forgot(login: string, client: ClientInfo): Promise<TForgotPasswordResponse> {
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    const key = login.trim().toLowerCase();
    const counts = await throttleCount(db, FORGOT_RULE, key, client.clientAddress, now);
    if (counts.addressBlocked) throw tooManyRequests(Math.ceil(FORGOT_RULE.windowMs / 1000));
    const matches = await findActiveUsersByLoginOrEmail(db, key);
    const after = new AfterCommit();
    await db.transaction(async (tx) => {
      await throttleHit(tx, FORGOT_RULE, key, client.clientAddress, now);
      const mailed = counts.keyBlocked ? [] : matches;
      for (const user of mailed) {
        const { token } = await issueAccountToken(tx, user.userId, 'reset', now);
        await this.mailer.enqueue(tx, resetMail(this.ctx.config, { ...user, hasPassword: user.passwordHash != null }, token), after);
      }
      const who: AuditActor = { userId: matches[0]?.userId ?? null, loginName: matches[0]?.loginName ?? null, clientAddress: client.clientAddress };
      await writeAudit(tx, who, {
        action: 'account.password.forgot',
        entityType: 'user',
        entityId: matches[0]?.userId ?? null,
        after: { requested: key, matched: matches.length, mailed: mailed.length },
      });
    });
    await after.run();
    return { ok: true, message: MESSAGES.forgotPasswordSent };
  }

  /**
   * POST /account/change-password: verifies the current password, applies the rules, refuses the same password,
   * ends every other session of the user and any reset link. The client then signs out (spec: Change Password).
   */
  async change(actor: Actor, body: TChangePasswordRequest, client: ClientInfo): Promise<void> {
    const user = await this.verifyCurrent(actor, body.current_password, 'current_password', MESSAGES.currentPasswordWrong);
    const problem = await this.problem(body.new_password, user);
    if (problem) throw badRequest({ new_password: problem });
    if (await verifyPassword(user.passwordHash, body.new_password)) throw badRequest({ new_password: PASSWORD_MESSAGES.sameAsCurrent });
    const passwordHash = await hashPassword(body.new_password);
    const now = this.ctx.now();
    const after = new AfterCommit();
    const ended = await this.ctx.db.orm.transaction(async (tx) => {
      await updateUser(tx, user.userId, { passwordHash, passwordChangedAt: now, updatedAt: now });
      const ended = await revokeUserSessions(tx, user.userId, now, actor.sessionId);
      await revokeAccountTokens(tx, user.userId, now);
      await writeAudit(tx, actor, {
        action: 'account.password.change',
        entityType: 'user',
        entityId: user.userId,
        after: { sessions_ended: ended.length },
      });
      await this.security.record(tx, after, user, 'password_changed', client);
      return ended;
    });
    await this.auth.publishSessionsEnded(ended);
    await after.run();
  }

  private async setWithToken(body: TSetPasswordWithTokenRequest, client: ClientInfo, purpose: 'setup' | 'reset'): Promise<TSetPasswordResponse> {
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    const userId = await findUsableAccountToken(db, body.token, purpose, now);
    const user = userId === undefined ? undefined : await findUserById(db, userId);
    // A setup link is for the first password only; a reset link for an active account.
    if (!user || user.status !== 'active' || (purpose === 'setup' && user.passwordHash != null)) throw badRequest(MESSAGES.invalidLink);
    // The rules are checked before the token is used, so a refused password leaves the link usable.
    const problem = await this.problem(body.password, user);
    if (problem) throw badRequest({ password: problem });
    const passwordHash = await hashPassword(body.password);
    const after = new AfterCommit();
    const ended = await db.transaction(async (tx) => {
      if ((await consumeAccountToken(tx, body.token, purpose, now)) !== user.userId) throw badRequest(MESSAGES.invalidLink);
      await updateUser(tx, user.userId, { passwordHash, passwordChangedAt: now, updatedAt: now });
      await revokeAccountTokens(tx, user.userId, now);
      // A reset ends every session, and lifts a sign-in lock on the name (the owner has just proven the mailbox).
      const ended = purpose === 'reset' ? await revokeUserSessions(tx, user.userId, now) : [];
      if (purpose === 'reset') await clearLoginFailures(tx, user.loginName);
      await writeAudit(
        tx,
        { userId: user.userId, loginName: user.loginName, clientAddress: client.clientAddress },
        {
          action: purpose === 'reset' ? 'account.password.reset' : 'account.password.setup',
          entityType: 'user',
          entityId: user.userId,
          after: { sessions_ended: ended.length },
        },
      );
      await this.security.record(tx, after, user, purpose === 'reset' ? 'password_reset' : 'password_set', client);
      return ended;
    });
    await this.auth.publishSessionsEnded(ended);
    await after.run();
    return { ok: true, login_name: user.loginName };
  }
}

import { MESSAGES, ZSignInFields, type TLoginResponse } from '@strata/shared';
import type { Actor, AppContext, AuditActor } from '../../context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { invalidFields, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { SYSTEM_ACTOR, writeAudit } from '../../platform/audit.js';
import type { SecurityEvents } from '../account/security-events.js';
import type { SettingsService } from '../settings/settings.service.js';
import { NO_PERMISSIONS, RolePermissionsCache } from './role-permissions.js';
import { SessionCache } from './session-cache.js';
import {
  findSessionByTokenHash,
  findSessionsByIds,
  insertSession,
  purgeLoginFailures,
  purgeSessions,
  touchSession,
  type SessionUser,
  clearLoginFailures,
  countLoginFailures,
  recordLoginFailure,
  revokeSession,
} from './sessions.repository.js';
import { rememberClient } from '../account/account.service.js';
import { findUserByLoginName } from '../users/users.service.js';

/** What other modules use of this module's data (the login throttle (account), password resets and user administration): they reach it through this service, not the repository. */
export { clearLoginFailures, countLoginFailures, recordLoginFailure, revokeSession, revokeUserSessions } from './sessions.repository.js';

export const SESSIONS_CHANNEL = 'sessions';
/**
 * Failures of one login name within the window, as a multiple of LOGIN_MAX_FAILURES, past which the name is locked
 * for every address, a correct password included (decision 032).
 */
export const ACCOUNT_LOCK_FACTOR = 10;

/**
 * Whether a sign-in attempt is refused before its password is checked (decision 032). The address is over its own
 * limit (many names tried); or the name has failed LOGIN_MAX_FAILURES times and this address is one of those that
 * failed on it; or the name has failed ACCOUNT_LOCK_FACTOR times that (from many addresses). A locked name still lets
 * an address that has not failed on it try, so one attacker cannot keep its owner out.
 */
export function signInRefused(
  failures: { byName: number; byAddress: number; byNameAndAddress: number },
  limits: { maxFailures: number; maxFailuresPerIp: number },
): boolean {
  return (
    failures.byAddress >= limits.maxFailuresPerIp ||
    failures.byName >= limits.maxFailures * ACCOUNT_LOCK_FACTOR ||
    (failures.byName >= limits.maxFailures && failures.byNameAndAddress > 0)
  );
}

/** How long after `/auth` the second step (POST /auth/tfa) may be passed on that session. */
export const TFA_STEP_MS = 10 * 60_000;

/** The password is older than the expiry setting (0 = never expires); a user without a change date counts as expired. */
export function isPasswordExpired(passwordChangedAt: Date | null, expiryDays: number, now: Date): boolean {
  return expiryDays > 0 && (!passwordChangedAt || now.getTime() - passwordChangedAt.getTime() > expiryDays * 86_400_000);
}

export interface SignInInput {
  username?: string | undefined;
  password?: string | undefined;
  clientAddress: string;
  userAgent: string | undefined;
}

export interface SignInResult {
  response: TLoginResponse;
  csrfToken: string;
}

/** Sign-in, sign-out and the resolution of a bearer token to an actor. */
export class AuthService {
  /** Role id -> permission codes, per instance; the roles service tells it of changes (`changed`). */
  readonly rolePermissions: RolePermissionsCache;
  /**
   * Token hash -> session and user, per instance, kept fresh by the database's `auth_changes` notifications. Work on
   * this instance that changes users calls `sessions.forgetUsers` after committing (the notification follows anyway).
   */
  readonly sessions: SessionCache;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    /** Sign-in from a new client (user agent + address) creates a security notification and a mail. */
    private readonly security?: SecurityEvents,
  ) {
    this.rolePermissions = new RolePermissionsCache(ctx);
    this.sessions = new SessionCache(ctx.bus, (kind, hash) => findSessionByTokenHash(ctx.db.orm, hash, kind));
  }

  /** Listens for role, session and user changes (of every instance). */
  async start(): Promise<void> {
    await this.rolePermissions.start();
    await this.sessions.start();
  }

  async signIn(input: SignInInput): Promise<SignInResult> {
    const { db, config } = this.ctx;
    // The spec's missing-field messages, both together (shared `ZSignInFields`, as the sign-in form checks them).
    const fields = ZSignInFields.safeParse({ userName: input.username ?? '', userPassword: input.password ?? '' });
    if (!fields.success) throw invalidFields(fields.error.issues);
    const loginName = fields.data.userName.toLowerCase();
    const password = fields.data.userPassword;

    const now = this.ctx.now();
    const anonymous: AuditActor = { userId: null, loginName, clientAddress: input.clientAddress };
    const { windowMs } = config.loginThrottle;
    const failures = await countLoginFailures(db.orm, new Date(now.getTime() - windowMs), loginName, input.clientAddress);
    if (signInRefused(failures, config.loginThrottle)) {
      await writeAudit(db.orm, anonymous, { action: 'auth.signin.throttled', entityType: 'session' });
      throw tooManyRequests(Math.ceil(windowMs / 1000));
    }

    const user = await findUserByLoginName(db.orm, loginName);
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    if (!user || !passwordOk || user.status !== 'active') {
      await db.orm.transaction(async (tx) => {
        await recordLoginFailure(tx, loginName, input.clientAddress, now);
        await writeAudit(tx, { ...anonymous, userId: user?.userId ?? null }, { action: 'auth.signin.failed', entityType: 'session' });
      });
      throw unauthorized(MESSAGES.invalidCredentials);
    }

    const accessToken = randomToken();
    const resourceToken = randomToken();
    const csrfToken = randomToken();
    const policy = await this.settings.get();
    const passwordExpired = isPasswordExpired(user.passwordChangedAt, policy.password_expiry_days, now);

    const after = new AfterCommit();
    const session = await db.orm.transaction(async (tx) => {
      // This address's failures only: those of other addresses keep the name locked for them (decision 032).
      await clearLoginFailures(tx, loginName, input.clientAddress);
      const s = await insertSession(tx, {
        userId: user.userId,
        tokenHash: sha256(accessToken),
        resourceTokenHash: sha256(resourceToken),
        csrfToken,
        verified: !user.tfaEnabled,
        clientAddress: input.clientAddress,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + config.session.absoluteMs),
      });
      await writeAudit(
        tx,
        { userId: user.userId, loginName, clientAddress: input.clientAddress },
        {
          action: 'auth.signin',
          entityType: 'session',
          entityId: s.sessionId,
        },
      );
      // A new user agent + address pair for this user (not the very first sign-in) is told to the user.
      const client = await rememberClient(tx, user.userId, sha256(`${input.userAgent ?? ''}\n${input.clientAddress}`), now);
      if (client === 'new') await this.security?.record(tx, after, user, 'new_client', { clientAddress: input.clientAddress, userAgent: input.userAgent });
      return s;
    });
    await after.run();
    this.ctx.log.info({ userId: user.userId, sessionId: session.sessionId }, 'signed in');

    return {
      csrfToken,
      response: {
        access_token: accessToken,
        user_name: user.loginName,
        resource_token: resourceToken,
        tfa_enabled: user.tfaEnabled,
        password_expired: passwordExpired,
        last_url: user.lastUrl,
      },
    };
  }

  async signOut(actor: Actor): Promise<void> {
    await this.ctx.db.orm.transaction(async (tx) => {
      await revokeSession(tx, actor.sessionId, this.ctx.now());
      await writeAudit(tx, actor, { action: 'auth.signout', entityType: 'session', entityId: actor.sessionId });
    });
    await this.publishSessionsEnded([actor.sessionId]);
  }

  /**
   * Housekeeping: deletes sessions that ended or expired more than a day ago and sign-in failures older than a day
   * (the throttle windows are minutes long). Returns how many rows went.
   */
  async purgeExpired(): Promise<{ sessions: number; failures: number }> {
    const before = new Date(this.ctx.now().getTime() - 86_400_000);
    return this.ctx.db.orm.transaction(async (tx) => {
      const sessions = await purgeSessions(tx, before);
      const failures = await purgeLoginFailures(tx, before);
      await writeAudit(tx, SYSTEM_ACTOR, {
        action: 'sessions.purge',
        entityType: 'session',
        after: { sessions, failures },
      });
      return { sessions, failures };
    });
  }

  /**
   * Tells every instance that these sessions ended, so their sockets close; this instance stops accepting them at
   * once (the others when the database's `auth_changes` notification reaches them).
   */
  async publishSessionsEnded(sessionIds: number[]): Promise<void> {
    this.sessions.forgetSessions(sessionIds);
    if (sessionIds.length > 0) await this.ctx.bus.publish(SESSIONS_CHANNEL, { ended: sessionIds });
  }

  /**
   * Which of these sessions are still live (same rule as `authenticate`), without moving their last activity:
   * long-lived connections (the websocket hub) re-check their sessions with it.
   */
  async liveSessionIds(sessionIds: number[]): Promise<Set<number>> {
    const rows = await findSessionsByIds(this.ctx.db.orm, sessionIds);
    const now = this.ctx.now();
    const idleMs = await this.settings.idleMs();
    return new Set(rows.filter((r) => isLive(r.session, r.user, now, idleMs)).map((r) => r.session.sessionId));
  }

  /**
   * Resolves a token to an actor, or undefined when the token is unknown, revoked, past its absolute expiry,
   * idle longer than the session age, its user no longer active, or its second factor not yet passed — except, with
   * `allowUnverified` (routes declaring `unverifiedSession`), an access token whose second step is still due.
   * The session comes from the per-instance cache when it may (`session-cache.ts`); one the cached copy would refuse
   * is read again first. A live session's last activity moves forward (written at most every few seconds).
   */
  async authenticate(
    token: string,
    kind: 'access' | 'resource',
    clientAddress: string,
    options: { allowUnverified?: boolean } = {},
  ): Promise<Actor | undefined> {
    if (!token || token.length > 200) return undefined;
    const hash = sha256(token);
    const now = this.ctx.now();
    const idleMs = await this.settings.idleMs();
    // Between the two sign-in steps the access token is accepted on the second step's route only, for TFA_STEP_MS.
    const accepted = ({ session, user }: SessionUser) => {
      const secondStep =
        options.allowUnverified === true && kind === 'access' && !session.verified && now.getTime() - session.createdAt.getTime() <= TFA_STEP_MS;
      return isLive(secondStep ? { ...session, verified: true } : session, user, now, idleMs);
    };
    let hit = await this.sessions.find(kind, hash);
    if (hit?.cached && !accepted(hit.found)) hit = await this.sessions.find(kind, hash, { reload: true });
    if (!hit || !accepted(hit.found)) return undefined;
    const { session, user } = hit.found;
    if (now.getTime() - session.lastSeenAt.getTime() > Math.min(5_000, idleMs / 10)) {
      await touchSession(this.ctx.db.orm, session.sessionId, now);
      this.sessions.touched(session.sessionId, now);
    }
    const [permissions, policy] = await Promise.all([
      session.verified ? this.rolePermissions.get(user.roleId) : Promise.resolve(NO_PERMISSIONS),
      this.settings.get(),
    ]);
    return {
      userId: user.userId,
      loginName: user.loginName,
      fullname: user.fullname,
      userType: user.userType,
      roleId: user.roleId,
      permissions,
      sessionId: session.sessionId,
      csrfToken: session.csrfToken,
      via: kind,
      clientAddress,
      verified: session.verified,
      passwordExpired: isPasswordExpired(user.passwordChangedAt, policy.password_expiry_days, now),
    };
  }
}

/** A session is live unless revoked, past its absolute expiry, idle longer than the session age, its user not active, or its second factor not yet passed. */
function isLive(
  session: { revokedAt: Date | null; expiresAt: Date; lastSeenAt: Date; verified: boolean },
  user: { status: string },
  now: Date,
  idleMs: number,
): boolean {
  const idleFor = now.getTime() - session.lastSeenAt.getTime();
  return !session.revokedAt && now < session.expiresAt && idleFor <= idleMs && user.status === 'active' && session.verified;
}

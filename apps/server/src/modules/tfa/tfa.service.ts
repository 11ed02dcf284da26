import { randomBytes } from 'node:crypto';
import { MESSAGES, type TTfaConfirmResponse, type TTfaEnrollResponse, type TTfaStatus, type TTfaVerifyResponse } from '@strata/shared';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Actor, AppContext } from '../../context.js';
import { sha256 } from '../../lib/crypto.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { writeAudit } from '../../platform/audit.js';
import type { SecurityEvents } from '../account/security-events.js';
import { throttleCheck, throttleClear, throttleHit, type ThrottleRule } from '../account/throttle.js';
import type { PasswordsService } from '../passwords/passwords.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { openSecret, sealSecret } from '../../lib/secret-box.js';
import { acceptTotpStep, countUnusedRecoveryCodes, deleteRecoveryCodes, markSessionVerified, replaceRecoveryCodes, useRecoveryCode } from './tfa.repository.js';
import { findUserById, updateUser, type UserRow } from '../users/users.service.js';

/** RFC 6238 defaults, which every authenticator app reads: SHA-1, 6 digits, 30 s; ±1 step of clock drift. */
const TOTP_PERIOD = 30;
const TOTP_WINDOW = 1;
const RECOVERY_CODES = 10;
/** Recovery code alphabet: 32 characters without i, l, o, u (50 bits per 10-character code). */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function totpFor(appName: string, loginName: string, base32: string): TOTP {
  return new TOTP({ issuer: appName, label: loginName, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(base32) });
}

/** The time step a code matches at `now` (±1 step), or undefined. */
function matchStep(totp: TOTP, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? undefined : TOTP.counter({ period: TOTP_PERIOD, timestamp: now.getTime() }) + delta;
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^0-9a-z]/g, '');

/**
 * Two-factor authentication with TOTP: enrol (a pending secret, unusable until confirmed), confirm (on, with one-time
 * recovery codes), disable (with the password), and the second sign-in step. Codes are throttled like passwords
 * (`tfa:<login name>` in the sign-in failure table); a TOTP time step is accepted once per user.
 */
export class TfaService {
  readonly rule: ThrottleRule;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly security: SecurityEvents,
    private readonly passwords: PasswordsService,
  ) {
    const t = ctx.config.loginThrottle;
    this.rule = { bucket: 'tfa', windowMs: t.windowMs, perKey: t.maxFailures, perAddress: t.maxFailuresPerIp };
  }

  /** A stored TOTP seed in clear (sealed under the instance key; lib/secret-box.ts). */
  private open(stored: string): string {
    return openSecret(this.ctx.config.secretKey(), stored);
  }

  /** GET /account/tfa: the spec's two-factor lookup. */
  async status(actor: Actor): Promise<TTfaStatus> {
    const [settings, user] = await Promise.all([this.settings.get(), this.user(actor)]);
    return { tfa_config: settings.tfa_required, tfa: user.tfaEnabled };
  }

  /** A new secret, kept pending (not usable at sign-in) until a code from it confirms it. */
  async enroll(actor: Actor): Promise<TTfaEnrollResponse> {
    const user = await this.user(actor);
    if (user.tfaEnabled) throw badRequest(MESSAGES.tfaAlreadyEnabled);
    const secret = new Secret({ size: 20 }).base32;
    const totp = totpFor(this.ctx.config.appName, user.loginName, secret);
    const otpauthUrl = totp.toString();
    const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    await this.ctx.db.orm.transaction(async (tx) => {
      await updateUser(tx, user.userId, { tfaPendingSecret: sealSecret(this.ctx.config.secretKey(), secret), updatedAt: this.ctx.now() });
      await writeAudit(tx, actor, { action: 'account.tfa.enroll', entityType: 'user', entityId: user.userId });
    });
    return { secret, otpauth_url: otpauthUrl, qr_data_url: qrDataUrl };
  }

  /** Confirms the pending secret with a code: two-factor is on, and 10 one-time recovery codes are answered once. */
  async confirm(actor: Actor, code: string, userAgent: string | undefined): Promise<TTfaConfirmResponse> {
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    await throttleCheck(db, this.rule, actor.loginName, actor.clientAddress, now);
    const user = await this.user(actor);
    if (user.tfaEnabled) throw badRequest(MESSAGES.tfaAlreadyEnabled);
    if (!user.tfaPendingSecret) throw badRequest(MESSAGES.tfaNotEnrolling);
    const seed = this.open(user.tfaPendingSecret);
    const step = matchStep(totpFor(this.ctx.config.appName, user.loginName, seed), code.trim(), now);
    if (step === undefined) return this.fail(actor, 'account.tfa.confirm_failed');

    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const after = new AfterCommit();
    await db.transaction(async (tx) => {
      await updateUser(tx, user.userId, {
        tfaSecret: sealSecret(this.ctx.config.secretKey(), seed),
        tfaPendingSecret: null,
        tfaEnabled: true,
        tfaLastStep: step,
        updatedAt: now,
      });
      await replaceRecoveryCodes(
        tx,
        user.userId,
        codes.map((c) => sha256(normaliseRecoveryCode(c))),
        now,
      );
      await throttleClear(tx, this.rule, actor.loginName);
      await writeAudit(tx, actor, {
        action: 'account.tfa.enable',
        entityType: 'user',
        entityId: user.userId,
        before: { tfa_enabled: false },
        after: { tfa_enabled: true },
      });
      await this.security.record(tx, after, user, 'tfa_enabled', { clientAddress: actor.clientAddress, userAgent });
    });
    await after.run();
    return { recovery_codes: codes };
  }

  /** Turns two-factor off after checking the password (throttled like sign-in); recovery codes are deleted. */
  async disable(actor: Actor, password: string, userAgent: string | undefined): Promise<void> {
    const user = await this.passwords.verifyCurrent(actor, password, 'password', MESSAGES.passwordWrong);
    if (!user.tfaEnabled && !user.tfaPendingSecret) throw badRequest(MESSAGES.tfaNotEnabled);
    const now = this.ctx.now();
    const after = new AfterCommit();
    await this.ctx.db.orm.transaction(async (tx) => {
      await updateUser(tx, user.userId, { tfaSecret: null, tfaPendingSecret: null, tfaEnabled: false, tfaLastStep: null, updatedAt: now });
      await deleteRecoveryCodes(tx, user.userId);
      await writeAudit(tx, actor, {
        action: 'account.tfa.disable',
        entityType: 'user',
        entityId: user.userId,
        before: { tfa_enabled: user.tfaEnabled },
        after: { tfa_enabled: false },
      });
      if (user.tfaEnabled) await this.security.record(tx, after, user, 'tfa_disabled', { clientAddress: actor.clientAddress, userAgent });
    });
    await after.run();
  }

  /**
   * POST /auth/tfa, the second sign-in step, on the session `/auth` answered: a 6-digit TOTP code (accepted once) or
   * an unused recovery code (then a security event). On success the session becomes verified (usable).
   */
  async verify(actor: Actor, code: string, userAgent: string | undefined): Promise<TTfaVerifyResponse> {
    if (actor.verified) return { ok: true };
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    await throttleCheck(db, this.rule, actor.loginName, actor.clientAddress, now);
    const user = await this.user(actor);
    if (!user.tfaEnabled || !user.tfaSecret) throw badRequest(MESSAGES.tfaNotEnabled);
    const trimmed = code.trim();
    const after = new AfterCommit();

    if (/^\d{6}$/.test(trimmed)) {
      const step = matchStep(totpFor(this.ctx.config.appName, user.loginName, this.open(user.tfaSecret)), trimmed, now);
      const accepted = await db.transaction(async (tx) => {
        if (step === undefined || !(await acceptTotpStep(tx, user.userId, step))) return false;
        await this.verified(tx, actor, 'totp');
        return true;
      });
      if (!accepted) return this.fail(actor, 'auth.tfa.failed');
      return { ok: true };
    }

    const normalised = normaliseRecoveryCode(trimmed);
    const left = await db.transaction(async (tx) => {
      if (normalised.length !== 10 || !(await useRecoveryCode(tx, user.userId, sha256(normalised), now))) return undefined;
      const remaining = await countUnusedRecoveryCodes(tx, user.userId);
      await this.verified(tx, actor, 'recovery_code');
      await this.security.record(tx, after, user, 'recovery_code_used', {
        clientAddress: actor.clientAddress,
        userAgent,
        extra: `${remaining} recovery code${remaining === 1 ? '' : 's'} left.`,
      });
      return remaining;
    });
    if (left === undefined) return this.fail(actor, 'auth.tfa.failed');
    await after.run();
    return { ok: true, recovery_codes_left: left };
  }

  private async verified(tx: Parameters<typeof markSessionVerified>[0], actor: Actor, method: 'totp' | 'recovery_code') {
    await markSessionVerified(tx, actor.sessionId);
    await throttleClear(tx, this.rule, actor.loginName);
    await writeAudit(tx, actor, { action: 'auth.tfa.verified', entityType: 'session', entityId: actor.sessionId, after: { method } });
  }

  /** A wrong code: counted towards the throttle, audited, answered as a field error. */
  private async fail(actor: Actor, action: string): Promise<never> {
    const now = this.ctx.now();
    await this.ctx.db.orm.transaction(async (tx) => {
      await throttleHit(tx, this.rule, actor.loginName, actor.clientAddress, now);
      await writeAudit(tx, actor, { action, entityType: 'session', entityId: actor.sessionId });
    });
    throw badRequest({ code: MESSAGES.tfaCodeInvalid });
  }

  private async user(actor: Actor): Promise<UserRow> {
    const user = await findUserById(this.ctx.db.orm, actor.userId);
    if (!user) throw notFound(MESSAGES.userNotFound);
    return user;
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@strata/shared';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { auditLog, tfaRecoveryCodes, users } from '../../db/schema/index.js';
import { createUser, TEST_PASSWORD } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { lastMailTo, linkIn, mailsTo } from '../../testing/mail.js';
import { openSecret } from '../../lib/secret-box.js';
import { writeSetting } from '../settings/settings.service.js';

describe('two-factor authentication (TOTP)', () => {
  let t: TestApp;
  let n = 0;
  const ip = () => `10.80.${Math.floor(++n / 200)}.${n % 200}`;
  const code = (secret: string, offsetMs = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: t.clock.now().getTime() + offsetMs });
  const secondStep = (s: Session, c: string) => as(t, s, { method: 'POST', url: '/api/v1/auth/tfa', payload: { code: c } });
  const auditOf = (action: string) => t.db.orm.select().from(auditLog).where(eq(auditLog.action, action));

  /** A user with two-factor on: enrols and confirms through the API; returns the secret and the recovery codes. */
  async function enrolled(loginName: string) {
    await createUser(t.db, { loginName });
    const s = await signIn(t, loginName, TEST_PASSWORD, ip());
    const enroll = (await as(t, s, { method: 'POST', url: '/api/v1/account/tfa/enroll' })).json();
    const confirm = await as(t, s, { method: 'POST', url: '/api/v1/account/tfa/confirm', payload: { code: code(enroll.secret) } });
    expect(confirm.statusCode).toBe(200);
    // The confirming code's time step is spent: later tests start three steps on.
    t.clock.advance(90_000);
    return { secret: enroll.secret as string, recovery: confirm.json().recovery_codes as string[], session: s };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('enrols with a QR code and the secret in text, unusable until confirmed; confirming answers 10 one-time recovery codes', async () => {
    const user = await createUser(t.db, { loginName: 'enrolee' });
    const s = await signIn(t, 'enrolee', TEST_PASSWORD, ip());
    expect((await as(t, s, { method: 'GET', url: '/api/v1/account/tfa' })).json()).toEqual({ tfa_config: false, tfa: false });

    const res = await as(t, s, { method: 'POST', url: '/api/v1/account/tfa/enroll' });
    expect(res.statusCode).toBe(200);
    const { secret, otpauth_url, qr_data_url } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Strata:enrolee\?/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    const [pending] = await t.db.orm.select().from(users).where(eq(users.userId, user.userId));
    // The seed is kept sealed under the instance key, never in clear.
    expect(pending).toMatchObject({ tfaEnabled: false, tfaSecret: null });
    expect(pending!.tfaPendingSecret).toMatch(/^v1\./);
    expect(pending!.tfaPendingSecret).not.toContain(secret);
    expect(openSecret(t.ctx.config.secretKey(), pending!.tfaPendingSecret!)).toBe(secret);
    // Not confirmed: sign-in stays one step.
    expect((await signIn(t, 'enrolee', TEST_PASSWORD, ip())).login.tfa_enabled).toBe(false);

    const wrong = await as(t, s, { method: 'POST', url: '/api/v1/account/tfa/confirm', payload: { code: '000000' === code(secret) ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: MESSAGES.tfaCodeInvalid });

    const ok = await as(t, s, { method: 'POST', url: '/api/v1/account/tfa/confirm', payload: { code: code(secret) } });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await t.db.orm.select().from(tfaRecoveryCodes).where(eq(tfaRecoveryCodes.userId, user.userId));
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => codes.some((c) => r.codeHash.includes(c.replace('-', ''))))).toBe(false);
    const [enabled] = await t.db.orm.select().from(users).where(eq(users.userId, user.userId));
    expect(enabled!.tfaSecret).toMatch(/^v1\./);
    expect(openSecret(t.ctx.config.secretKey(), enabled!.tfaSecret!)).toBe(secret);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/account/tfa' })).json()).toEqual({ tfa_config: false, tfa: true });
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).json().profile.tfa_enabled).toBe(true);

    // This user's rows: the other tests enrol users of their own.
    expect((await auditOf('account.tfa.enroll')).filter((r) => r.loginName === 'enrolee')).toHaveLength(1);
    const [enable] = (await auditOf('account.tfa.enable')).filter((r) => r.loginName === 'enrolee');
    expect(enable).toMatchObject({ loginName: 'enrolee', after: { tfa_enabled: true } });
    expect(JSON.stringify(await t.db.orm.select().from(auditLog))).not.toContain(secret);
    expect((await lastMailTo(t, 'enrolee@example.com')).subject).toBe('Strata: Two-factor authentication turned on');
  });

  it('signs an enrolled user in in two steps: the first session is unusable until a code passes', async () => {
    const { secret } = await enrolled('twostep');
    const s = await signIn(t, 'twostep', TEST_PASSWORD, ip());
    expect(s.login.tfa_enabled).toBe(true);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/account/picture/1?_token=${s.resourceToken}` })).statusCode).toBe(401);

    const wrong = await secondStep(s, code(secret, 5 * 60_000));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: MESSAGES.tfaCodeInvalid });
    const ok = await secondStep(s, code(secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(200);
    const verified = await auditOf('auth.tfa.verified');
    expect(verified.at(-1)).toMatchObject({ loginName: 'twostep', after: { method: 'totp' } });
  });

  it('still accepts codes of a seed stored in clear before seeds were sealed', async () => {
    const { secret } = await enrolled('legacyseed');
    await t.db.orm.update(users).set({ tfaSecret: secret }).where(eq(users.loginName, 'legacyseed'));
    const s = await signIn(t, 'legacyseed', TEST_PASSWORD, ip());
    expect((await secondStep(s, code(secret))).statusCode).toBe(200);
  });

  it('refuses the first-step session on every route but the second step', async () => {
    await enrolled('walker');
    const s = await signIn(t, 'walker', TEST_PASSWORD, ip());
    const routes = t.app.apiRoutes.flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method])
        .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
        .map((method) => ({
          method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          url: r.url.replace(/:[a-zA-Z_]+/g, '1'),
          config: r.config as { public?: boolean },
        })),
    );
    const guarded = routes.filter((r) => r.config.public !== true && r.url !== '/api/v1/auth/tfa');
    expect(guarded.length).toBeGreaterThan(20);
    for (const r of guarded) {
      const res = await as(t, s, { method: r.method, url: r.url, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('accepts a code within ±1 time step, and each code (time step) once', async () => {
    const { secret } = await enrolled('replay');
    const first = await signIn(t, 'replay', TEST_PASSWORD, ip());
    const c = code(secret, -30_000);
    expect((await secondStep(first, c)).statusCode).toBe(200);
    const second = await signIn(t, 'replay', TEST_PASSWORD, ip());
    const reused = await secondStep(second, c);
    expect(reused.statusCode).toBe(400);
    // An older step than the last accepted one is refused too; the current one works.
    expect((await secondStep(second, code(secret, -60_000))).statusCode).toBe(400);
    expect((await secondStep(second, code(secret))).statusCode).toBe(200);
  });

  it('takes a recovery code once, then tells the user by notification and mail', async () => {
    const { recovery } = await enrolled('recoverer');
    const s = await signIn(t, 'recoverer', TEST_PASSWORD, ip());
    const used = await secondStep(s, ` ${recovery[3]!.toUpperCase()} `);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ ok: true, recovery_codes_left: 9 });
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(200);
    const again = await signIn(t, 'recoverer', TEST_PASSWORD, ip());
    expect((await secondStep(again, recovery[3]!)).statusCode).toBe(400);
    expect((await secondStep(again, recovery[4]!)).json()).toEqual({ ok: true, recovery_codes_left: 8 });
    const subjects = (await mailsTo(t, 'recoverer@example.com')).map((m) => m.subject);
    expect(subjects).toContain('Strata: A recovery code was used');
    const notices = await as(t, s, { method: 'GET', url: '/api/v1/notifications?type=security' });
    expect(notices.json().records.map((r: { message: string }) => r.message)).toContainEqual(expect.stringContaining('9 recovery codes left'));
  });

  it('throttles wrong codes like passwords: after 5 failures even the right code answers 429', async () => {
    const { secret } = await enrolled('bruteforced');
    const s = await signIn(t, 'bruteforced', TEST_PASSWORD, ip());
    const right = code(secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await secondStep(s, wrongCode)).statusCode).toBe(400);
    const blocked = await secondStep(s, right);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toBe(MESSAGES.rateLimited);
    expect((await auditOf('auth.tfa.failed')).filter((r) => r.loginName === 'bruteforced')).toHaveLength(5);
    // After the window, within the step's time limit (10 minutes), the right code passes.
    t.clock.advance(5 * 60_000 + 1000);
    const fresh = await signIn(t, 'bruteforced', TEST_PASSWORD, ip());
    expect((await secondStep(fresh, code(secret))).statusCode).toBe(200);
  });

  it('gives the second step 10 minutes after /auth', async () => {
    const { secret } = await enrolled('dawdler');
    const s = await signIn(t, 'dawdler', TEST_PASSWORD, ip());
    for (let i = 0; i < 11; i++) {
      t.clock.advance(60_000);
      await as(t, s, { method: 'GET', url: '/api/v1/sync' }); // refused, but keeps nothing alive
    }
    expect((await secondStep(s, code(secret))).statusCode).toBe(401);
  });

  it('never lets a password reset bypass two-factor', async () => {
    const { secret } = await enrolled('resetter');
    await t.app.inject({ method: 'POST', url: '/api/v1/account/forgot-password', payload: { login: 'resetter' }, remoteAddress: ip() });
    const { token } = linkIn(await lastMailTo(t, 'resetter@example.com'), 'reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/reset-password',
      payload: { token, password: 'brand new phrase here' },
      remoteAddress: ip(),
    });
    expect(reset.statusCode).toBe(200);
    const s = await signIn(t, 'resetter', 'brand new phrase here', ip());
    expect(s.login.tfa_enabled).toBe(true);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(401);
    expect((await secondStep(s, code(secret))).statusCode).toBe(200);
  });

  it('turns two-factor off with the password only; audits, notifies and mails', async () => {
    const { session } = await enrolled('quitter');
    const wrong = await as(t, session, { method: 'POST', url: '/api/v1/account/tfa/disable', payload: { password: 'not my password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: MESSAGES.passwordWrong });
    const ok = await as(t, session, { method: 'POST', url: '/api/v1/account/tfa/disable', payload: { password: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.orm.select().from(users).where(eq(users.loginName, 'quitter'));
    expect(row).toMatchObject({ tfaEnabled: false, tfaSecret: null, tfaPendingSecret: null });
    expect(await t.db.orm.select().from(tfaRecoveryCodes).where(eq(tfaRecoveryCodes.userId, row!.userId))).toHaveLength(0);
    expect((await auditOf('account.tfa.disable')).at(-1)).toMatchObject({ loginName: 'quitter', after: { tfa_enabled: false } });
    expect((await lastMailTo(t, 'quitter@example.com')).subject).toBe('Strata: Two-factor authentication turned off');
    expect((await signIn(t, 'quitter', TEST_PASSWORD, ip())).login.tfa_enabled).toBe(false);
  });

  it('says {tfa_config: true, tfa: false} when two-factor is required and the user has not enrolled', async () => {
    await createUser(t.db, { loginName: 'notyet' });
    await writeSetting(t.db.orm, 'tfa_required', true);
    t.services.settings.invalidate();
    try {
      const s = await signIn(t, 'notyet', TEST_PASSWORD, ip());
      expect((await as(t, s, { method: 'GET', url: '/api/v1/account/tfa' })).json()).toEqual({ tfa_config: true, tfa: false });
      expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).json().tfa_config).toBe(true);
    } finally {
      await writeSetting(t.db.orm, 'tfa_required', false);
      t.services.settings.invalidate();
    }
  });
});

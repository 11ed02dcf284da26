import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_MESSAGES } from '@strata/shared';
import { desc, eq } from 'drizzle-orm';
import { auditLog, sessions, users } from '../../db/schema/index.js';
import { createUser, TEST_PASSWORD } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type TestApp } from '../../testing/harness.js';
import { lastMailTo, linkIn, mailsTo } from '../../testing/mail.js';
import { isCommonPassword } from './password-policy.js';
import { writeSetting } from '../settings/settings.service.js';

const NEW_PASSWORD = 'granite tunnel lantern';

describe('forgot, reset and change password; the password rules; password expiry', () => {
  let t: TestApp;
  let n = 0;
  const ip = () => `10.70.${Math.floor(++n / 200)}.${n % 200}`;
  const post = (url: string, payload: object, remoteAddress = ip()) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
  const auditOf = (action: string) => t.db.orm.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.auditId));
  const setSetting = async (key: string, value: unknown) => {
    await writeSetting(t.db.orm, key, value);
    t.services.settings.invalidate();
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers forgot-password for an unknown account exactly as for a known one, and mails only the known one', async () => {
    await createUser(t.db, { loginName: 'known' });
    const known = await post('/account/forgot-password', { login: 'known' });
    const unknown = await post('/account/forgot-password', { login: 'nobody-here' });
    const unknownEmail = await post('/account/forgot-password', { login: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    for (const other of [unknown, unknownEmail]) {
      expect(other.statusCode).toBe(known.statusCode);
      expect(other.body).toBe(known.body);
      expect(other.headers['content-type']).toBe(known.headers['content-type']);
    }
    expect(known.json()).toEqual({ ok: true, message: MESSAGES.forgotPasswordSent });
    expect(await mailsTo(t, 'known@example.com')).toHaveLength(1);
    const { rows } = await t.db.query<{ n: number }>(`select count(*)::int n from outbox where "to" like 'nobody%'`);
    expect(rows[0]?.n).toBe(0);
    // Both requests leave an audit row; only the row says whether an account matched.
    const rowsAudit = (await auditOf('account.password.forgot')).slice(0, 3); // this test's three, the newest
    expect(rowsAudit.map((r) => (r.after as { matched: number }).matched).sort()).toEqual([0, 0, 1]);
  });

  it('accepts the e-mail address too, in any case, and mails nothing for a suspended account', async () => {
    await createUser(t.db, { loginName: 'bymail' });
    await createUser(t.db, { loginName: 'frozen', status: 'suspended' });
    expect((await post('/account/forgot-password', { login: 'ByMail@Example.com' })).statusCode).toBe(200);
    expect(await mailsTo(t, 'bymail@example.com')).toHaveLength(1);
    expect((await post('/account/forgot-password', { login: 'frozen' })).statusCode).toBe(200);
    expect(await mailsTo(t, 'frozen@example.com')).toHaveLength(0);
  });

  it('resets with the mailed link once, ends every session of the user, and the old password stops working', async () => {
    const user = await createUser(t.db, { loginName: 'resetme' });
    const s1 = await signIn(t, 'resetme', TEST_PASSWORD, ip());
    const s2 = await signIn(t, 'resetme', TEST_PASSWORD, ip());
    await post('/account/forgot-password', { login: 'resetme' });
    const mail = await lastMailTo(t, 'resetme@example.com');
    expect(mail.subject).toBe('Strata: Reset your password');
    expect(mail.html).toMatch(/<a href="http:\/\/localhost:8080\/en\/reset-password\?token=[A-Za-z0-9_-]+"/);
    const { token } = linkIn(mail, 'reset-password');

    const common = await post('/account/reset-password', { token, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ password: PASSWORD_MESSAGES.tooCommon });

    const ok = await post('/account/reset-password', { token, password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, login_name: 'resetme' });
    for (const s of [s1, s2]) expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(401);
    const live = await t.db.orm.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);

    const again = await post('/account/reset-password', { token, password: 'yet another long phrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toBe(MESSAGES.invalidLink);
    expect((await post('/auth', { username: 'resetme', password: TEST_PASSWORD })).statusCode).toBe(401);
    await signIn(t, 'resetme', NEW_PASSWORD, ip());

    const [audit] = await auditOf('account.password.reset');
    expect(audit).toMatchObject({ entityId: String(user.userId), after: { sessions_ended: 2 } });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
    const notices = await t.db.query<{ message: string }>(`select message from notifications where user_id = $1 and type = 'security'`, [user.userId]);
    expect(notices.rows.map((r) => r.message)).toContainEqual(expect.stringContaining('reset'));
    expect((await mailsTo(t, 'resetme@example.com')).map((m) => m.subject)).toContain('Strata: Your password was reset');
  });

  it('expires a reset link after 1 hour, and a newer link replaces an older one', async () => {
    await createUser(t.db, { loginName: 'lateone' });
    await post('/account/forgot-password', { login: 'lateone' });
    const first = linkIn(await lastMailTo(t, 'lateone@example.com'), 'reset-password').token;
    await post('/account/forgot-password', { login: 'lateone' });
    const second = linkIn(await lastMailTo(t, 'lateone@example.com'), 'reset-password').token;
    expect((await post('/account/reset-password', { token: first, password: NEW_PASSWORD })).json()).toBe(MESSAGES.invalidLink);
    t.clock.advance(60 * 60_000 + 1000);
    const late = await post('/account/reset-password', { token: second, password: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toBe(MESSAGES.invalidLink);
  });

  it('throttles forgot-password: at most 3 mails per account per hour (silently), 10 requests per address per hour (429)', async () => {
    await createUser(t.db, { loginName: 'popular' });
    for (let i = 0; i < 5; i++) expect((await post('/account/forgot-password', { login: 'popular' })).statusCode).toBe(200);
    expect(await mailsTo(t, 'popular@example.com')).toHaveLength(3);
    const address = '10.71.0.1';
    for (let i = 0; i < 10; i++) expect((await post('/account/forgot-password', { login: `someone${i}` }, address)).statusCode).toBe(200);
    const blocked = await post('/account/forgot-password', { login: 'popular' }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toBe(MESSAGES.rateLimited);
  });

  it('applies the password rules in words: minimum length from the setting, common passwords, the login name', async () => {
    expect(isCommonPassword('Password123')).toBe(true);
    await createUser(t.db, { loginName: 'rules' });
    const s = await signIn(t, 'rules', TEST_PASSWORD, ip());
    const change = (new_password: string) =>
      as(t, s, { method: 'POST', url: '/api/v1/account/change-password', payload: { current_password: TEST_PASSWORD, new_password } });
    expect((await change('short')).json()).toEqual({ new_password: 'Password must be at least 8 characters' });
    expect((await change('iloveyou')).json()).toEqual({ new_password: 'This password is too common; choose another' });
    expect((await change('my rules are best')).json()).toEqual({ new_password: 'Password must not contain your login name' });
    expect((await change('x'.repeat(129))).json()).toEqual({ new_password: 'Password must be at most 128 characters' });
    expect((await change(TEST_PASSWORD)).json()).toEqual({ new_password: PASSWORD_MESSAGES.sameAsCurrent });
    await setSetting('password_min_length', 20);
    try {
      expect((await change('nineteen characters')).json()).toEqual({ new_password: 'Password must be at least 20 characters' });
    } finally {
      await setSetting('password_min_length', 8);
    }
  });

  it('changes the password: checks the current one, ends every other session, keeps this one, audits, notifies and mails', async () => {
    const user = await createUser(t.db, { loginName: 'changer' });
    const here = await signIn(t, 'changer', TEST_PASSWORD, ip());
    const other = await signIn(t, 'changer', TEST_PASSWORD, ip());
    const wrong = await as(t, here, {
      method: 'POST',
      url: '/api/v1/account/change-password',
      payload: { current_password: 'not it', new_password: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: MESSAGES.currentPasswordWrong });

    const ok = await as(t, here, {
      method: 'POST',
      url: '/api/v1/account/change-password',
      payload: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect((await as(t, other, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(401);
    expect((await as(t, here, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(200);
    const [row] = await t.db.orm.select().from(users).where(eq(users.userId, user.userId));
    expect(row!.passwordChangedAt!.getTime()).toBe(t.clock.now().getTime());
    const [audit] = await auditOf('account.password.change');
    expect(audit).toMatchObject({ loginName: 'changer', entityId: String(user.userId), after: { sessions_ended: 1 } });
    expect((await lastMailTo(t, 'changer@example.com')).subject).toBe('Strata: Your password was changed');
    const unread = (await as(t, here, { method: 'GET', url: '/api/v1/sync' })).json().profile.unread_notifications;
    expect(unread).toBeGreaterThanOrEqual(1);
    await signIn(t, 'changer', NEW_PASSWORD, ip());
  });

  it('throttles wrong current passwords like sign-in failures', async () => {
    await createUser(t.db, { loginName: 'guesser' });
    const s = await signIn(t, 'guesser', TEST_PASSWORD, ip());
    for (let i = 0; i < 5; i++) {
      const res = await as(t, s, {
        method: 'POST',
        url: '/api/v1/account/change-password',
        payload: { current_password: `guess ${i}`, new_password: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await as(t, s, {
      method: 'POST',
      url: '/api/v1/account/change-password',
      payload: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('limits a session whose password expired to changing it (and sync, preferences, sign-out) until it is changed', async () => {
    const user = await createUser(t.db, { loginName: 'oldpass' });
    await t.db.orm
      .update(users)
      .set({ passwordChangedAt: new Date(t.clock.now().getTime() - 100 * 86_400_000) })
      .where(eq(users.userId, user.userId));
    await setSetting('password_expiry_days', 90);
    try {
      const s = await signIn(t, 'oldpass', TEST_PASSWORD, ip());
      expect(s.login.password_expired).toBe(true);
      const refused = await as(t, s, { method: 'GET', url: '/api/v1/contracts' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toBe(MESSAGES.passwordExpired);
      expect((await as(t, s, { method: 'GET', url: '/api/v1/bookmarks' })).statusCode).toBe(403);
      expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(200);
      expect((await as(t, s, { method: 'GET', url: '/api/v1/preferences' })).statusCode).toBe(200);
      expect((await as(t, s, { method: 'GET', url: '/api/v1/account/tfa' })).statusCode).toBe(200);

      const changed = await as(t, s, {
        method: 'POST',
        url: '/api/v1/account/change-password',
        payload: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      });
      expect(changed.statusCode).toBe(200);
      expect((await as(t, s, { method: 'GET', url: '/api/v1/contracts' })).statusCode).toBe(200);
      const again = await signIn(t, 'oldpass', NEW_PASSWORD, ip());
      expect(again.login.password_expired).toBe(false);
      // Switching expiry off lifts the limit at once, for sessions already open too.
      t.clock.advance(10 * 60_000);
      await t.db.orm
        .update(users)
        .set({ passwordChangedAt: new Date(0) })
        .where(eq(users.userId, user.userId));
      expect((await as(t, again, { method: 'GET', url: '/api/v1/contracts' })).statusCode).toBe(403);
      await setSetting('password_expiry_days', 0);
      expect((await as(t, again, { method: 'GET', url: '/api/v1/contracts' })).statusCode).toBe(200);
    } finally {
      await setSetting('password_expiry_days', 0);
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, USER_TYPE } from '@strata/shared';
import { and, eq } from 'drizzle-orm';
import { accountTokens, auditLog, users } from '../../db/schema/index.js';
import { createContractor, createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { lastMailTo, linkIn, mailsTo } from '../../testing/mail.js';

const PASSWORD = 'river stones in autumn';

describe('registration, approval, activation and the first password', () => {
  let t: TestApp;
  let admin: Session;
  let contractorId: number;
  let roleId: number;
  let ipCounter = 0;
  const ip = () => `10.60.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

  const post = (url: string, payload: object, remoteAddress = ip()) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
  const register = (fields: Record<string, unknown>, remoteAddress?: string) =>
    post('/account/register', { fullname: 'Alice Tan', user_type: USER_TYPE.Authority, ...fields }, remoteAddress);
  const userNamed = async (loginName: string) => (await t.db.orm.select().from(users).where(eq(users.loginName, loginName)))[0];
  /** The audit rows of an action on one user (other tests register, approve and activate users of their own). */
  const auditOf = (action: string, userId: number) =>
    t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(userId))));

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://strata.example.org' });
    const adminRole = await createRole(t.db, ['ApproveUserUpload']);
    await createUser(t.db, { loginName: 'approver', roleId: adminRole.roleId });
    contractorId = (await createContractor(t.db, 'Tunnels Pte Ltd')).contractorId;
    roleId = (await createRole(t.db, ['SearchUsers'])).roleId;
  });
  afterAll(() => t.close());
  // Tests move the clock by hours: sign the administrator in afresh each time (from one address: a known client).
  beforeEach(async () => {
    admin = await signIn(t, 'approver', undefined, '10.60.250.1');
  });

  it('finds pending registrations by a keyword in the login name, the name or the e-mail, any case, % taken literally', async () => {
    await register({ login_name: 'kw.lee', fullname: 'Keyword Lee', email: 'kw.lee@tunnels.example' }, '10.60.251.1');
    await register({ login_name: 'kw.ong', fullname: 'Ong 100% Sure', email: 'ong@elsewhere.example' }, '10.60.251.2');
    const names = async (keyword: string) =>
      (await as(t, admin, { method: 'GET', url: `/api/v1/admin/users/pending?keyword=${encodeURIComponent(keyword)}` }))
        .json()
        .records.map((r: { login_name: string }) => r.login_name)
        .filter((n: string) => n.startsWith('kw.'));
    expect(await names('KW.')).toEqual(['kw.lee', 'kw.ong']);
    expect(await names('keyword lee')).toEqual(['kw.lee']);
    expect(await names('@tunnels.')).toEqual(['kw.lee']);
    expect(await names('100%')).toEqual(['kw.ong']);
    expect(await names('0%s')).toEqual([]);
    const counted = (await as(t, admin, { method: 'GET', url: '/api/v1/admin/users/pending?keyword=kw.lee' })).json();
    expect(counted.total_records).toBe(1);
  });

  it('walks a person from registration to approval, the activation mail, activation, the first password and sign-in', async () => {
    const res = await register({ login_name: ' Alice.Tan ', email: 'alice@example.com', note: 'Site engineer on C100' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'pending', message: MESSAGES.registered });
    const pending = await userNamed('alice.tan');
    expect(pending).toMatchObject({ status: 'pending', passwordHash: null, roleId: null, registrationNote: 'Site engineer on C100' });
    expect((await auditOf('account.register', pending!.userId))[0]).toMatchObject({ entityId: String(pending!.userId), loginName: 'alice.tan' });

    // A pending user cannot sign in (no password yet, and not active).
    const early = await t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: 'alice.tan', password: PASSWORD }, remoteAddress: ip() });
    expect(early.statusCode).toBe(401);

    const list = await as(t, admin, { method: 'GET', url: '/api/v1/admin/users/pending' });
    expect(list.statusCode).toBe(200);
    expect(list.json().records).toContainEqual(
      expect.objectContaining({ user_id: pending!.userId, login_name: 'alice.tan', email: 'alice@example.com', note: 'Site engineer on C100', user_type: 0 }),
    );

    const approve = await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${pending!.userId}/approve`, payload: { role_id: roleId } });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ user_id: pending!.userId, status: 'active' });
    expect(await userNamed('alice.tan')).toMatchObject({ status: 'active', roleId, passwordHash: null });
    expect((await auditOf('users.approve', pending!.userId))[0]).toMatchObject({
      loginName: 'approver',
      before: { status: 'pending', role_id: null },
      after: { status: 'active', role_id: roleId },
    });

    // Approved but without a password: still no sign-in.
    const stillNo = await t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: 'alice.tan', password: PASSWORD }, remoteAddress: ip() });
    expect(stillNo.statusCode).toBe(401);

    const mail = await lastMailTo(t, 'alice@example.com');
    expect(mail.subject).toBe('Strata: Activate your account');
    expect(mail.text).toContain('Strata');
    expect(mail.html).toContain('Strata');
    const { url, token } = linkIn(mail, 'activation');
    expect(url.origin + url.pathname).toBe('https://strata.example.org/en/activation');
    expect(mail.html).toContain(`https://strata.example.org/en/activation?token=${token}`);
    // Only the hash is stored.
    const stored = await t.db.orm.select().from(accountTokens).where(eq(accountTokens.userId, pending!.userId));
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);

    const activated = await post('/account/activate', { token });
    expect(activated.statusCode).toBe(200);
    const { setup_token, login_name } = activated.json();
    expect(login_name).toBe('alice.tan');
    expect(setup_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await post('/account/activate', { token })).json()).toBe(MESSAGES.invalidLink);
    expect((await auditOf('account.activate', pending!.userId))[0]).toMatchObject({ entityId: String(pending!.userId), loginName: 'alice.tan' });

    const weak = await post('/account/setup-password', { token: setup_token, password: 'alice.tan2024' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ password: 'Password must not contain your login name' });

    const setup = await post('/account/setup-password', { token: setup_token, password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toEqual({ ok: true, login_name: 'alice.tan' });
    expect((await auditOf('account.password.setup', pending!.userId))[0]).toMatchObject({ entityId: String(pending!.userId) });
    expect((await post('/account/setup-password', { token: setup_token, password: 'another fine phrase' })).json()).toBe(MESSAGES.invalidLink);
    const notices = await t.db.query<{ type: string; severity: number }>('select type, severity from notifications where user_id = $1', [pending!.userId]);
    expect(notices.rows).toEqual([{ type: 'security', severity: 2 }]);
    expect((await lastMailTo(t, 'alice@example.com')).subject).toBe('Strata: Your password was set');

    const s = await signIn(t, 'alice.tan', PASSWORD, ip());
    const sync = await as(t, s, { method: 'GET', url: '/api/v1/sync' });
    expect(sync.statusCode).toBe(200);
    expect(sync.json().permissions).toEqual(['SearchUsers']);
  });

  it('lists the contractors to choose from without sign-in, with their id and name only', async () => {
    const res = await t.app.inject('/api/v1/account/register/contractors');
    expect(res.statusCode).toBe(200);
    const records = res.json().records as Record<string, unknown>[];
    expect(records).toContainEqual({ contractor_id: contractorId, name: 'Tunnels Pte Ltd' });
    for (const r of records) expect(Object.keys(r).sort()).toEqual(['contractor_id', 'name']);
  });

  it('refuses a taken login name or e-mail address, and a Contractor without a known contractor, as field errors', async () => {
    await createUser(t.db, { loginName: 'taken' });
    const dup = await register({ login_name: 'TAKEN', email: 'TAKEN@example.com' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ login_name: MESSAGES.loginNameTaken, email: MESSAGES.emailTaken });

    const bad = await register({ login_name: 'x!', email: 'not-an-address', user_type: USER_TYPE.AppAdmin });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['email', 'login_name', 'user_type']);

    const noContractor = await register({ login_name: 'carl', email: 'carl@example.com', user_type: USER_TYPE.Contractor });
    expect(noContractor.json()).toEqual({ contractor_id: MESSAGES.contractorRequired });
    const unknown = await register({ login_name: 'carl', email: 'carl@example.com', user_type: USER_TYPE.Contractor, contractor_id: 99999 });
    expect(unknown.json()).toEqual({ contractor_id: MESSAGES.contractorNotFound });
    const ok = await register({ login_name: 'carl', email: 'carl@example.com', user_type: USER_TYPE.Contractor, contractor_id: contractorId });
    expect(ok.statusCode).toBe(200);
    const pendingList = (await as(t, admin, { method: 'GET', url: '/api/v1/admin/users/pending' })).json();
    expect(pendingList.records).toContainEqual(
      expect.objectContaining({ login_name: 'carl', contractor_id: contractorId, contractor_name: 'Tunnels Pte Ltd' }),
    );
  });

  it("limits registrations to 5 per client address per hour with the spec's 429 message", async () => {
    const address = '10.61.0.1';
    for (let i = 0; i < 5; i++) {
      const res = await register({ login_name: `spam${i}`, email: `spam${i}@example.com` }, address);
      expect(res.statusCode).toBe(200);
    }
    const blocked = await register({ login_name: 'spam5', email: 'spam5@example.com' }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toBe('Rate limit exceeded. Please try again later.');
    expect(await userNamed('spam5')).toBeUndefined();
    expect((await register({ login_name: 'spam5', email: 'spam5@example.com' }, '10.61.0.2')).statusCode).toBe(200);
    t.clock.advance(61 * 60_000);
    expect((await register({ login_name: 'spam6', email: 'spam6@example.com' }, address)).statusCode).toBe(200);
  });

  it('rejects a registration: the request is deleted, the reason mailed, the audit row keeps both', async () => {
    await register({ login_name: 'rejectme', email: 'rejectme@example.com' });
    const user = await userNamed('rejectme');
    const res = await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${user!.userId}/reject`, payload: { reason: 'Not on the project list' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user_id: user!.userId, status: 'deleted' });
    expect(await userNamed('rejectme')).toBeUndefined();
    const mail = await lastMailTo(t, 'rejectme@example.com');
    expect(mail.text).toContain('Reason: Not on the project list');
    expect(mail.text).toContain('https://strata.example.org/en/account/register');
    const [row] = await auditOf('users.reject', user!.userId);
    expect(row).toMatchObject({
      entityId: String(user!.userId),
      before: { login_name: 'rejectme', email: 'rejectme@example.com' },
      after: { reason: 'Not on the project list' },
    });
    // The name is free again.
    expect((await register({ login_name: 'rejectme', email: 'rejectme@example.com' })).statusCode).toBe(200);
  });

  it('approves only pending users, only for holders of ApproveUserUpload, and mails HTML-escaped names', async () => {
    await register({ login_name: 'escaper', email: 'escaper@example.com', fullname: 'Tom & "Jerry"' });
    const user = await userNamed('escaper');
    const plain = await createRole(t.db, []);
    await createUser(t.db, { loginName: 'plain', roleId: plain.roleId });
    const p = await signIn(t, 'plain', undefined, ip());
    expect((await as(t, p, { method: 'POST', url: `/api/v1/admin/users/${user!.userId}/approve`, payload: {} })).statusCode).toBe(403);
    expect((await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${user!.userId}/approve`, payload: { role_id: 99999 } })).json()).toEqual({
      role_id: MESSAGES.roleNotFound,
    });
    expect((await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${user!.userId}/approve`, payload: {} })).statusCode).toBe(200);
    const again = await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${user!.userId}/approve`, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toBe(MESSAGES.userNotPending);
    expect((await as(t, admin, { method: 'POST', url: '/api/v1/admin/users/99999/reject', payload: { reason: 'x' } })).statusCode).toBe(404);
    const mail = await lastMailTo(t, 'escaper@example.com');
    expect(mail.html).toContain('Hello Tom &amp; &quot;Jerry&quot;,');
    expect(mail.html).not.toContain('Tom & "Jerry"');
    expect(mail.text).toContain('Hello Tom & "Jerry",');
  });

  it('expires an activation link after 24 hours and a setup token after 24 hours; forgot-password then mails a fresh link', async () => {
    await register({ login_name: 'slowpoke', email: 'slowpoke@example.com' });
    const user = await userNamed('slowpoke');
    await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${user!.userId}/approve`, payload: {} });
    const { token } = linkIn(await lastMailTo(t, 'slowpoke@example.com'), 'activation');
    t.clock.advance(24 * 3_600_000 + 1000);
    const late = await post('/account/activate', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toBe(MESSAGES.invalidLink);

    // The way back: forgot password sets the first password.
    expect((await post('/account/forgot-password', { login: 'slowpoke@example.com' })).statusCode).toBe(200);
    const mail = await lastMailTo(t, 'slowpoke@example.com');
    expect(mail.subject).toBe('Strata: Set your password');
    const reset = linkIn(mail, 'reset-password');
    expect((await post('/account/reset-password', { token: reset.token, password: PASSWORD })).statusCode).toBe(200);
    await signIn(t, 'slowpoke', PASSWORD, ip());

    // The activation token of an account that has a password no longer works either.
    const tokens = await t.db.orm
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user!.userId), eq(accountTokens.purpose, 'activation')));
    expect(tokens.every((r) => r.usedAt !== null || r.expiresAt <= t.clock.now())).toBe(true);
    expect((await mailsTo(t, 'slowpoke@example.com')).length).toBeGreaterThanOrEqual(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, MESSAGES, USER_TYPE } from '@strata/shared';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { createContract, createRole, createUser, TEST_PASSWORD } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type TestApp } from '../../testing/harness.js';

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/v1/auth',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('sign-in, sessions and CSRF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginThrottle: { maxFailures: 3, windowMs: 60_000, maxFailuresPerIp: 8 } });
    const role = await createRole(t.db, ['SearchUsers']);
    await createUser(t.db, { loginName: 'alice', roleId: role.roleId });
    await createUser(t.db, { loginName: 'suspended', status: 'suspended' });
    await createUser(t.db, { loginName: 'terminated', status: 'terminated' });
    await createUser(t.db, { loginName: 'pending', status: 'pending' });
  });
  afterAll(() => t.close());

  it('signs in with a form-encoded login name and password and returns the spec fields', async () => {
    const res = await t.app.inject({ ...form({ username: 'ALICE', password: TEST_PASSWORD }), remoteAddress: '10.1.0.1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'last_url', 'password_expired', 'resource_token', 'tfa_enabled', 'user_name']);
    expect(body.user_name).toBe('alice');
    expect(body.access_token.length).toBeGreaterThanOrEqual(22); // >= 128 bits in base64url
    expect(body.resource_token).not.toBe(body.access_token);
    expect(body.tfa_enabled).toBe(false);
    expect(body.password_expired).toBe(false);
    expect(res.headers[CSRF_HEADER]).toBeTruthy();
    const [row] = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'auth.signin')).orderBy(desc(auditLog.auditId)).limit(1);
    expect(row?.loginName).toBe('alice');
    expect(row?.clientAddress).toBe('10.1.0.1');
  });

  it('stores only a hash of the session token', async () => {
    const s = await signIn(t, 'alice', TEST_PASSWORD, '10.1.0.2');
    const { rows } = await t.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(rows.some((r) => r.token_hash === s.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('reports both missing fields together, or just the one missing', async () => {
    const both = await t.app.inject(form({}));
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ userName: MESSAGES.userNameRequired, userPassword: MESSAGES.userPasswordRequired });
    const noPassword = await t.app.inject(form({ username: 'alice' }));
    expect(noPassword.json()).toEqual({ userPassword: 'User password is required' });
    const noName = await t.app.inject(form({ password: 'x' }));
    expect(noName.json()).toEqual({ userName: 'User name is required' });
  });

  it('answers a wrong password and an unknown login name identically', async () => {
    const wrong = await t.app.inject({ ...form({ username: 'alice', password: 'nope-nope' }), remoteAddress: '10.2.0.1' });
    const unknown = await t.app.inject({ ...form({ username: 'nobody', password: 'nope-nope' }), remoteAddress: '10.2.0.2' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toBe(MESSAGES.invalidCredentials);
  });

  it('refuses suspended, terminated and pending users with the same generic answer', async () => {
    for (const name of ['suspended', 'terminated', 'pending']) {
      const res = await t.app.inject({ ...form({ username: name, password: TEST_PASSWORD }), remoteAddress: '10.3.0.1' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toBe(MESSAGES.invalidCredentials);
    }
  });

  // Decision 032: a name that failed LOGIN_MAX_FAILURES (3 here) times is locked for the addresses that failed on it.
  const attempt = (name: string, password: string, address: string) => t.app.inject({ ...form({ username: name, password }), remoteAddress: address });

  it('locks a login name after repeated failures for the address that failed, with 429, until the window has passed', async () => {
    await createUser(t.db, { loginName: 'bob' });
    for (let i = 0; i < 3; i++) expect((await attempt('bob', 'guess', '10.4.0.1')).statusCode).toBe(401);
    const blocked = await attempt('bob', TEST_PASSWORD, '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toBe('Rate limit exceeded. Please try again later.');
    t.clock.advance(61_000);
    expect((await attempt('bob', TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('lets the owner in with the right password from an address that has not failed, while an attacker keeps the name locked', async () => {
    await createUser(t.db, { loginName: 'bea' });
    // The attacker locks the name again in every window; the owner signs in each time, and the attacker stays out.
    for (let round = 0; round < 3; round++) {
      t.clock.advance(61_000);
      for (let i = 0; i < 3; i++) expect((await attempt('bea', 'guess', '10.4.1.66')).statusCode).toBe(401);
      expect((await attempt('bea', 'guess', '10.4.1.66')).statusCode).toBe(429);
      expect((await attempt('bea', TEST_PASSWORD, '10.4.1.1')).statusCode).toBe(200);
      expect((await attempt('bea', TEST_PASSWORD, '10.4.1.66')).statusCode).toBe(429);
    }
  });

  it('gives an address that has not failed one try on a locked name: a wrong password locks it out too', async () => {
    await createUser(t.db, { loginName: 'bart' });
    for (let i = 0; i < 3; i++) await attempt('bart', 'guess', `10.4.2.${i}`);
    expect((await attempt('bart', 'guess-again', '10.4.2.50')).statusCode).toBe(401);
    expect((await attempt('bart', TEST_PASSWORD, '10.4.2.50')).statusCode).toBe(429);
    expect((await attempt('bart', TEST_PASSWORD, '10.4.2.51')).statusCode).toBe(200);
  });

  it('locks a name for every address, a correct password included, once it failed ten times the limit from many addresses', async () => {
    await createUser(t.db, { loginName: 'bianca' });
    for (let i = 0; i < 30; i++) expect((await attempt('bianca', 'guess', `10.4.3.${i}`)).statusCode).toBe(401);
    expect((await attempt('bianca', TEST_PASSWORD, '10.4.3.200')).statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await attempt('bianca', TEST_PASSWORD, '10.4.3.200')).statusCode).toBe(200);
  });

  it('throttles one client address trying many login names', async () => {
    for (let i = 0; i < 8; i++) await t.app.inject({ ...form({ username: `spray${i}`, password: 'guess' }), remoteAddress: '10.5.0.1' });
    const res = await t.app.inject({ ...form({ username: 'alice', password: TEST_PASSWORD }), remoteAddress: '10.5.0.1' });
    expect(res.statusCode).toBe(429);
    const other = await t.app.inject({ ...form({ username: 'alice', password: TEST_PASSWORD }), remoteAddress: '10.5.0.2' });
    expect(other.statusCode).toBe(200);
  });

  it('expires a session left idle longer than the session age, and activity keeps it alive', async () => {
    const s = await signIn(t, 'alice', TEST_PASSWORD, '10.6.0.1');
    t.clock.advance(20 * 60_000);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(401);
  });

  it('ends a session at its absolute expiry of 12 hours even with steady activity', async () => {
    const s = await signIn(t, 'alice', TEST_PASSWORD, '10.7.0.1');
    for (let h = 0; h < 12 * 3; h++) {
      t.clock.advance(20 * 60_000);
      const res = await as(t, s, { method: 'GET', url: '/api/v1/preferences' });
      if (h < 12 * 3 - 1) expect(res.statusCode).toBe(200);
      else expect(res.statusCode).toBe(401);
    }
  });

  it('revokes the session at sign-out', async () => {
    const s = await signIn(t, 'alice', TEST_PASSWORD, '10.8.0.1');
    expect((await as(t, s, { method: 'POST', url: '/api/v1/signout' })).statusCode).toBe(200);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(401);
    const [row] = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'auth.signout')).orderBy(desc(auditLog.auditId)).limit(1);
    expect(row?.loginName).toBe('alice');
  });

  it('refuses an unsafe request without the CSRF token, or with a wrong one, and changes nothing', async () => {
    const s = await signIn(t, 'alice', TEST_PASSWORD, '10.9.0.1');
    const before = (await as(t, s, { method: 'GET', url: '/api/v1/preferences' })).json();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/preferences',
      headers: { authorization: `Bearer ${s.token}` },
      payload: { ...before, dark_theme: !before.dark_theme },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toBe(MESSAGES.csrf);
    const wrong = await as(t, s, {
      method: 'POST',
      url: '/api/v1/preferences',
      headers: { [CSRF_HEADER]: 'forged' },
      payload: { ...before, dark_theme: true },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/preferences' })).json()).toEqual(before);
  });

  it('purges sessions ended more than a day ago and old sign-in failures, keeping live ones', async () => {
    const ended = await signIn(t, 'alice', TEST_PASSWORD, '10.11.0.1');
    await as(t, ended, { method: 'POST', url: '/api/v1/signout' });
    // A failure of a login name that then never signs in (a successful sign-in clears its name's failures).
    await t.app.inject({ ...form({ username: 'purged-guess', password: 'wrong-one' }), remoteAddress: '10.11.0.2' });
    t.clock.advance(25 * 3_600_000);
    const live = await signIn(t, 'alice', TEST_PASSWORD, '10.11.0.3');
    const { rows: before } = await t.db.query<{ n: number }>('select count(*)::int n from login_attempts');
    expect(before[0]!.n).toBeGreaterThan(0);
    const purged = await t.services.auth.purgeExpired();
    expect(purged.sessions).toBeGreaterThan(0);
    expect(purged.failures).toBeGreaterThan(0);
    expect((await as(t, live, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(200);
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int n from sessions where revoked_at is not null');
    expect(rows[0]!.n).toBe(0);
    const [audit] = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'sessions.purge'));
    expect(audit?.after).toEqual(purged);
  });

  it('never accepts the resource token as a bearer token on the API', async () => {
    const s = await signIn(t, 'alice', TEST_PASSWORD, '10.10.0.1');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sync', headers: { authorization: `Bearer ${s.resourceToken}` } });
    expect(res.statusCode).toBe(401);
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/v1/sync?_token=${s.resourceToken}` });
    expect(viaQuery.statusCode).toBe(401);
  });
});

describe('sync, preferences and contracts', () => {
  let t: TestApp;
  let contractA: number;
  let contractB: number;
  let contractC: number;
  beforeAll(async () => {
    t = await createTestApp();
    const a = await createContract(t.db, { no: 'A100', title: 'Alpha' });
    const b = await createContract(t.db, { no: 'B200', title: 'Bravo', type: 2 });
    const c = await createContract(t.db, { no: 'C300', title: 'Charlie', active: false });
    [contractA, contractB, contractC] = [a.contractId, b.contractId, c.contractId];
    const role = await createRole(t.db, ['SearchUsers', 'ManageRoles']);
    await createUser(t.db, { loginName: 'carol', roleId: role.roleId, userType: USER_TYPE.Contractor, contractIds: [contractA] });
    await createUser(t.db, { loginName: 'root', roleId: role.roleId, userType: USER_TYPE.AppAdmin });
  });
  afterAll(() => t.close());

  it('returns the profile, permissions, contracts and tfa_config in /sync', async () => {
    const s = await signIn(t, 'carol');
    const res = await as(t, s, { method: 'GET', url: '/api/v1/sync' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profile).toMatchObject({ login_name: 'carol', fullname: 'Test carol', unread_notifications: 0, tfa_enabled: false, user_type: 1 });
    expect(body.profile).toHaveProperty('description');
    expect(body.profile).toHaveProperty('pic_uri');
    expect(body.permissions).toEqual(['ManageRoles', 'SearchUsers']);
    expect(body.contracts.records.map((c: { no: string }) => c.no)).toEqual(['A100']);
    expect(body.contracts.last_filtered).toEqual([contractA]);
    expect(body.tfa_config).toBe(false);
    expect(res.headers[CSRF_HEADER]).toBe(s.csrf);
  });

  it('lists only the contracts assigned to the caller; an AppAdmin sees every contract', async () => {
    const carol = await signIn(t, 'carol');
    const mine = (await as(t, carol, { method: 'GET', url: '/api/v1/contracts' })).json();
    expect(mine.records.map((c: { contract_id: number }) => c.contract_id)).toEqual([contractA]);
    expect(mine.total_records).toBe(1);
    const root = await signIn(t, 'root');
    const all = (await as(t, root, { method: 'GET', url: '/api/v1/contracts?limit=2&skip=0' })).json();
    expect(all.records).toHaveLength(2);
    expect(all.total_records).toBe(3);
    const im = (await as(t, root, { method: 'GET', url: '/api/v1/contracts?type=2' })).json();
    expect(im.records.map((c: { no: string }) => c.no)).toEqual(['B200']);
  });

  it('saves the active contracts, refuses contracts the caller cannot see, and audits the change', async () => {
    const root = await signIn(t, 'root');
    const before = (await as(t, root, { method: 'GET', url: '/api/v1/contracts' })).json();
    expect(before.last_filtered).toEqual([contractA, contractB]); // active ones by default
    const save = await as(t, root, { method: 'POST', url: '/api/v1/filter-contracts', payload: { contract_ids: [contractC] } });
    expect(save.statusCode).toBe(200);
    expect((await as(t, root, { method: 'GET', url: '/api/v1/contracts' })).json().last_filtered).toEqual([contractC]);

    const carol = await signIn(t, 'carol');
    const refused = await as(t, carol, { method: 'POST', url: '/api/v1/filter-contracts', payload: { contract_ids: [contractA, contractB] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('contract_ids');
    const audit = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'contracts.filter'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual({ contract_ids: [contractC] });
  });

  it('keeps preferences with defaults and audits a change', async () => {
    const s = await signIn(t, 'carol');
    const prefs = (await as(t, s, { method: 'GET', url: '/api/v1/preferences' })).json();
    expect(prefs).toEqual({ show_label: true, show_legend: true, show_stations: false, sync_panel: true, map_size: 'Equal', layers: [], dark_theme: false });
    const saved = await as(t, s, { method: 'POST', url: '/api/v1/preferences', payload: { ...prefs, dark_theme: true } });
    expect(saved.statusCode).toBe(200);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/preferences' })).json().dark_theme).toBe(true);
    const [row] = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'preferences.update'));
    expect(row?.before).toEqual({ dark_theme: false });
    expect(row?.after).toEqual({ dark_theme: true });
  });

  it('answers a bad preferences body with field errors and a malicious text with the sanitise message', async () => {
    const s = await signIn(t, 'carol');
    const bad = await as(t, s, { method: 'POST', url: '/api/v1/preferences', payload: { map_size: 'Huge' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('map_size');
    const evil = await as(t, s, { method: 'POST', url: '/api/v1/last-url', payload: { url: '/en/<script>alert(1)</script>' } });
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toEqual({ url: 'input contains malicious character' });
  });

  it('remembers the last page and returns it at the next sign-in', async () => {
    const s = await signIn(t, 'carol');
    await as(t, s, { method: 'POST', url: '/api/v1/last-url', payload: { url: '/en/account/profile/info?tab=1' } });
    const again = await signIn(t, 'carol');
    expect(again.login.last_url).toBe('/en/account/profile/info?tab=1');
  });
});

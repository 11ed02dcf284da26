/**
 * Sessions are cached per instance (decision 020): an authenticated request reads nothing from the database, and
 * whatever ends a session or changes its user — this instance, another one, or SQL straight in the database — is
 * seen by the next request, pushed by the database's `auth_changes` triggers.
 */
import { CSRF_HEADER, USER_TYPE } from '@strata/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { sessions, users } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { waitFor } from '../../testing/wait.js';

describe('sessions cached per instance', () => {
  let t: TestApp;
  let other: App;
  let viewerRole: number;
  let noRole: number;
  const url = '/api/v1/instruments/latest?ids=1'; // needs ViewInstrumentData or ViewInstrumentCharts

  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp({ config: testConfig(), db: t.db, now: t.clock.now });
    await other.app.ready();
    viewerRole = (await createRole(t.db, ['ViewInstrumentData'])).roleId;
    noRole = (await createRole(t.db, [])).roleId;
    await createUser(t.db, { loginName: 'sessadmin', userType: USER_TYPE.AppAdmin, roleId: (await createRole(t.db, 'all')).roleId });
  });
  afterAll(async () => {
    await other?.app.close();
    await t.close();
  });

  const here = (s: Session) => as(t, s, { method: 'GET', url });
  const there = (s: Session) => other.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}`, [CSRF_HEADER]: s.csrf } });
  const status = async (s: Session) => [(await here(s)).statusCode, (await there(s)).statusCode];
  const viewer = async (loginName: string) => {
    const u = await createUser(t.db, { loginName, roleId: viewerRole });
    const s = await signIn(t, loginName);
    expect(await status(s)).toEqual([200, 200]); // both instances now hold it
    expect(t.services.auth.sessions.size).toBeGreaterThan(0);
    return { u, s };
  };
  const triggers = async (table: 'sessions' | 'users', on: boolean) =>
    t.db.exec(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${table}_auth_changes`);

  it('answers from memory: with the database’s notifications off, a session revoked in SQL is still taken', async () => {
    const { s } = await viewer('cached-a');
    await triggers('sessions', false);
    try {
      await t.db.orm.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.csrfToken, s.csrf));
      expect(await status(s)).toEqual([200, 200]);
    } finally {
      await triggers('sessions', true);
    }
  });

  it('refuses, on every instance, a session revoked straight in the database', async () => {
    const { s } = await viewer('cached-b');
    await t.db.orm.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.csrfToken, s.csrf));
    await waitFor(async () => (await status(s)).join() === '401,401', 5_000);
  });

  it('sees a user suspended, given another role or deleted in the database on every instance', async () => {
    const a = await viewer('cached-c');
    await t.db.orm.update(users).set({ roleId: noRole }).where(eq(users.userId, a.u.userId));
    await waitFor(async () => (await status(a.s)).join() === '403,403', 5_000);
    await t.db.orm.update(users).set({ roleId: viewerRole }).where(eq(users.userId, a.u.userId));
    await waitFor(async () => (await status(a.s)).join() === '200,200', 5_000);
    await t.db.orm.update(users).set({ status: 'suspended' }).where(eq(users.userId, a.u.userId));
    await waitFor(async () => (await status(a.s)).join() === '401,401', 5_000);

    const b = await viewer('cached-d');
    await t.db.exec(`delete from users where user_id = ${b.u.userId}`);
    await waitFor(async () => (await status(b.s)).join() === '401,401', 5_000);
  });

  it('sees the daily purge and a mass deletion of sessions', async () => {
    const { s } = await viewer('cached-e');
    // More than 500 sessions gone at once arrive as one "everything changed".
    await t.db.exec(`insert into sessions (user_id, token_hash, resource_token_hash, csrf_token, expires_at)
      select (select user_id from users where login_name = 'cached-e'), 'x' || g, 'y' || g, 'z', now() from generate_series(1, 600) g`);
    await t.db.orm.execute(sql`delete from sessions where user_id = (select user_id from users where login_name = 'cached-e')`);
    await waitFor(async () => (await status(s)).join() === '401,401', 5_000);
  });

  it('on this instance, sees at once what this instance changed, without waiting for the notification', async () => {
    // Signed in here: the idle test moves the clock past the lifetime of a session made before it.
    const admin = await signIn(t, 'sessadmin');
    await triggers('users', false);
    await triggers('sessions', false);
    try {
      // An administrator moves a user to a role without the permission…
      const { u, s } = await viewer('cached-f');
      const put = await as(t, admin, { method: 'PUT', url: `/api/v1/admin/users/${u.userId}`, payload: { role_id: noRole } });
      expect(put.statusCode, put.body).toBe(200);
      expect((await here(s)).statusCode).toBe(403);
      // …suspends another one…
      const g = await viewer('cached-g');
      expect((await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${g.u.userId}/suspend` })).statusCode).toBe(200);
      expect((await here(g.s)).statusCode).toBe(401);
      // …and a user signs out.
      const h = await viewer('cached-h');
      expect((await as(t, h.s, { method: 'POST', url: '/api/v1/signout' })).statusCode).toBe(200);
      expect((await here(h.s)).statusCode).toBe(401);
    } finally {
      await triggers('users', true);
      await triggers('sessions', true);
    }
  });

  it('reads a session the cached copy finds idle again before refusing it (another instance may have seen it since)', async () => {
    const { s } = await viewer('cached-i');
    const idleMs = await t.services.settings.idleMs();
    // Another instance kept the session going: the row's last activity is newer than this instance's copy.
    t.clock.advance(idleMs + 60_000);
    await t.db.orm.update(sessions).set({ lastSeenAt: t.clock.now() }).where(eq(sessions.csrfToken, s.csrf));
    expect((await here(s)).statusCode).toBe(200);
    // Nobody did: idle past the session age is refused.
    t.clock.advance(idleMs + 60_000);
    expect((await here(s)).statusCode).toBe(401);
  });
});

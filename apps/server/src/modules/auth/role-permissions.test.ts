/**
 * Role permissions are cached per instance (one query less per request); a change of a role's permissions is seen by
 * the next request, on this instance at once and on the others through the bus. Sessions are cached too
 * (`sessions-cached.test.ts`); signing out still ends one at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { waitFor } from '../../testing/wait.js';

describe('role permissions cached per instance', () => {
  let t: TestApp;
  let other: App;
  let admin: Session;
  let roleId: number;
  let otherRoleId: number;
  const url = '/api/v1/instruments/latest?ids=1'; // needs ViewInstrumentData or ViewInstrumentCharts

  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp({ config: testConfig(), db: t.db, now: t.clock.now });
    await other.app.ready();
    roleId = (await createRole(t.db, [])).roleId;
    otherRoleId = (await createRole(t.db, ['ViewInstrumentCharts'])).roleId;
    await createUser(t.db, { loginName: 'roleadmin', roleId: (await createRole(t.db, ['ManageRoles'])).roleId });
    admin = await signIn(t, 'roleadmin');
  });
  afterAll(async () => {
    await other?.app.close();
    await t.close();
  });

  const setPermissions = async (id: number, permissions: string[]) => {
    const res = await as(t, admin, { method: 'PUT', url: `/api/v1/roles/${id}`, payload: { name: `role-${id}`, description: '', permissions } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const onOther = (s: Session) => other.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });

  it('sees a role given or losing a permission on the next request, here at once and on another instance via the bus', async () => {
    await createUser(t.db, { loginName: 'cached1', roleId });
    const s = await signIn(t, 'cached1');
    // Both instances read (and cache) the role without the permission.
    expect((await as(t, s, { method: 'GET', url })).statusCode).toBe(403);
    expect((await onOther(s)).statusCode).toBe(403);

    await setPermissions(roleId, ['ViewInstrumentData']);
    expect((await as(t, s, { method: 'GET', url })).statusCode).toBe(200);
    await waitFor(async () => (await onOther(s)).statusCode === 200, 10_000);

    await setPermissions(roleId, []);
    expect((await as(t, s, { method: 'GET', url })).statusCode).toBe(403);
    await waitFor(async () => (await onOther(s)).statusCode === 403, 10_000);
  });

  it('gives the rights of the new role when a deleted role\u2019s holders move, and still ends a signed-out session', async () => {
    const temp = (await createRole(t.db, ['ViewInstrumentData'])).roleId;
    await createUser(t.db, { loginName: 'mover', roleId: temp });
    const s = await signIn(t, 'mover');
    expect((await as(t, s, { method: 'GET', url })).statusCode).toBe(200);
    await setPermissions(otherRoleId, []);
    const del = await as(t, admin, { method: 'DELETE', url: `/api/v1/roles/${temp}?move_to=${otherRoleId}` });
    expect(del.statusCode, del.body).toBe(200);
    expect((await as(t, s, { method: 'GET', url })).statusCode).toBe(403);

    // Signing out ends the session, cached rights or not: here at once, on the other instance when the database's
    // notification reaches it.
    await createUser(t.db, { loginName: 'leaver', roleId: otherRoleId });
    await setPermissions(otherRoleId, ['ViewInstrumentCharts']);
    const leaver = await signIn(t, 'leaver');
    expect((await as(t, leaver, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(t, leaver, { method: 'POST', url: '/api/v1/signout' })).statusCode).toBe(200);
    expect((await as(t, leaver, { method: 'GET', url })).statusCode).toBe(401);
    await waitFor(async () => (await onOther(leaver)).statusCode === 401, 10_000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';

describe('GET /admin/system/status', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    const role = await createRole(t.db, ['ManageSystemSettings']);
    const user = await createUser(t.db, { roleId: role.roleId });
    admin = await signIn(t, user.loginName);
  });
  afterAll(() => t.close());

  it('reports the version the database itself gives (server_version), not "unknown"', async () => {
    const res = await as(t, admin, { method: 'GET', url: '/api/v1/admin/system/status' });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.db.query<{ server_version: string }>('show server_version');
    const expected = rows[0]?.server_version;
    expect(expected).toMatch(/^\d+(\.\d+)?/);
    expect(res.json<{ database: { version: string } }>().database.version).toBe(expected);
  });
});

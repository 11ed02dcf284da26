/** Two instances, each with its own connections, on one PostgreSQL (run when TEST_DATABASE_URL is set). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import type { TestDatabase } from '../../platform/test-database.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTwoInstances, signIn, type TestApp, type TwoInstances } from '../../testing/harness.js';
import { waitFor } from '../../testing/wait.js';

describe('role permissions cached on two instances of one PostgreSQL', () => {
  let two: TwoInstances;
  let database: TestDatabase;
  let a: App;
  let b: App;
  beforeAll(async () => {
    two = await createTwoInstances();
    ({ database, a, b } = two);
  });
  afterAll(() => two?.close());

  it('drops a role changed on instance A from the cache of instance B', async () => {
    const role = await createRole(database.db, []);
    await createUser(database.db, { loginName: 'viewer', roleId: role.roleId });
    await createUser(database.db, { loginName: 'rolesadmin', roleId: (await createRole(database.db, ['ManageRoles'])).roleId });
    const viewer = await signIn({ app: a.app } as TestApp, 'viewer');
    const admin = await signIn({ app: a.app } as TestApp, 'rolesadmin');
    const onB = () => b.app.inject({ method: 'GET', url: '/api/v1/instruments/latest?ids=1', headers: { authorization: `Bearer ${viewer.token}` } });
    expect((await onB()).statusCode).toBe(403); // B caches the role without the permission

    const put = await as({ app: a.app } as TestApp, admin, {
      method: 'PUT',
      url: `/api/v1/roles/${role.roleId}`,
      payload: { name: 'viewers', description: '', permissions: ['ViewInstrumentData'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    await waitFor(async () => (await onB()).statusCode === 200, 10_000);
  });
});

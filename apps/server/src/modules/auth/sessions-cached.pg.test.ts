/** Sessions cached on two instances of one PostgreSQL, each with its own connections (run when TEST_DATABASE_URL is set). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import type { TestDatabase } from '../../platform/test-database.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTwoInstances, signIn, type Session, type TestApp, type TwoInstances } from '../../testing/harness.js';
import { waitFor } from '../../testing/wait.js';

describe('sessions cached on two instances of one PostgreSQL', () => {
  let two: TwoInstances;
  let database: TestDatabase;
  let a: App;
  let b: App;
  const resets: string[] = [];
  const url = '/api/v1/instruments/latest?ids=1';

  beforeAll(async () => {
    two = await createTwoInstances();
    ({ database, a, b } = two);
    b.ctx.bus.onReset((state) => resets.push(state));
  });
  afterAll(() => two?.close());

  const onB = (s: Session) => b.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });
  const viewer = async (loginName: string) => {
    await createUser(database.db, { loginName, roleId: (await createRole(database.db, ['ViewInstrumentData'])).roleId });
    const s = await signIn({ app: a.app } as TestApp, loginName);
    expect((await onB(s)).statusCode).toBe(200); // B holds it now
    return s;
  };

  it('refuses on instance B a session signed out on instance A', async () => {
    const s = await viewer('pg-cached-a');
    expect((await as({ app: a.app } as TestApp, s, { method: 'POST', url: '/api/v1/signout' })).statusCode).toBe(200);
    await waitFor(async () => (await onB(s)).statusCode === 401, 10_000);
  });

  it('trusts nothing it holds while its LISTEN connection is down, nor what it held before', async () => {
    const s = await viewer('pg-cached-b');
    expect(b.services.auth.sessions.size).toBeGreaterThan(0);
    await database.db.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
    );
    await waitFor(() => resets.includes('lost'), 10_000);
    expect(b.services.auth.sessions.size).toBe(0);
    // A revocation whose notification nobody can hear now: B reads the database and refuses.
    await database.db.query(`update sessions set revoked_at = now() where csrf_token = $1`, [s.csrf]);
    expect((await onB(s)).statusCode).toBe(401);
    expect(b.services.auth.sessions.size).toBe(0);

    await waitFor(() => resets.at(-1) === 'restored', 15_000);
    const again = await viewer('pg-cached-c');
    expect(b.services.auth.sessions.size).toBeGreaterThan(0); // caching again
    await database.db.query(`update sessions set revoked_at = now() where csrf_token = $1`, [again.csrf]);
    await waitFor(async () => (await onB(again)).statusCode === 401, 10_000);
  });
});

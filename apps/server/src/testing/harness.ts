import { CSRF_HEADER, type TLoginResponse } from '@strata/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import { testConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../platform/test-database.js';
import { TEST_PASSWORD } from './fixtures.js';

/** A controllable clock for expiry tests. */
export class TestClock {
  constructor(private t = Date.now()) {}
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestApp extends App {
  db: Database;
  clock: TestClock;
  close(): Promise<void>;
}

/** A fresh database (PGlite, or real Postgres when TEST_DATABASE_URL is set) and the app built on it. */
export async function createTestApp(overrides: Partial<Config> = {}, options: Pick<BuildAppOptions, 'reports'> = {}): Promise<TestApp> {
  const { db, drop } = await createTestDatabase();
  const clock = new TestClock();
  const built = await buildApp({ config: testConfig(overrides), db, now: clock.now, ...options });
  await built.app.ready();
  return {
    ...built,
    db,
    clock,
    async close() {
      await built.app.close();
      await drop();
    },
  };
}

export interface TwoInstances {
  database: TestDatabase;
  /** Instance A, on the test database's own connections. */
  a: App;
  /** Instance B, on connections of its own (another pool, another LISTEN connection). */
  b: App;
  close(): Promise<void>;
}

/** Two app instances on one fresh database, each with its own connections, both ready (the `*.pg.test.ts` files). */
export async function createTwoInstances(): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const a = await buildApp({ config: testConfig(), db: database.db });
  const b = await buildApp({ config: testConfig(), db: await database.open() });
  await a.app.ready();
  await b.app.ready();
  return {
    database,
    a,
    b,
    async close() {
      await a.app.close();
      await b.app.close();
      await database.drop();
    },
  };
}

export interface Session {
  token: string;
  resourceToken: string;
  csrf: string;
  login: TLoginResponse;
}

export async function signIn(t: TestApp, loginName: string, password = TEST_PASSWORD, ip = '10.0.0.1'): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
    payload: new URLSearchParams({ username: loginName, password }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const login = res.json<TLoginResponse>();
  return { token: login.access_token, resourceToken: login.resource_token, csrf: String(res.headers[CSRF_HEADER]), login };
}

/** An authenticated request with the session's bearer and CSRF headers. */
export function as(t: TestApp, s: Session, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject({
    ...opts,
    headers: { authorization: `Bearer ${s.token}`, [CSRF_HEADER]: s.csrf, ...(opts.headers ?? {}) },
  });
}

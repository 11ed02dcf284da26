/**
 * A fresh, migrated database for one test file.
 *
 * - `TEST_DATABASE_URL` unset: an in-memory PGlite, restored from the migrated template (testing/pglite-template.ts).
 * - `TEST_DATABASE_URL` set (a server + database the tests may create databases beside): a new database
 *   `strata_t_<time>_<random>` on that server, dropped `WITH (FORCE)` by `drop()`.
 *
 * `drop()` closes the returned `db` and every Database made by `open()`; call it in `afterAll`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { openMigratedPglite } from '../testing/pglite-template.js';

export interface TestDatabase {
  db: Database;
  /** URL of the fresh database on real Postgres; undefined on PGlite. */
  url: string | undefined;
  /** Opens one more `Database` on the same database — a second app instance. Real Postgres only. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

const POOL_SIZE = 5;

async function closeQuietly(db: Database) {
  await db.close().catch(() => undefined);
}

export interface TestDatabaseOptions {
  /** False: a new empty database, nothing migrated (real Postgres only: start-up tests migrate it themselves). */
  migrated?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  const migrated = options.migrated ?? true;
  if (!base && !migrated) throw new Error('createTestDatabase: an empty database needs TEST_DATABASE_URL');
  if (!base) {
    // From the migrated template when the suite's global set-up made one; migrate() then has nothing left to do.
    const db = await openMigratedPglite();
    return {
      db,
      url: undefined,
      async open() {
        throw new Error('createTestDatabase: an in-memory PGlite cannot be opened twice; set TEST_DATABASE_URL');
      },
      async drop() {
        await closeQuietly(db);
      },
    };
  }

  const name = `strata_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: base });
    c.on('error', () => undefined);
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end().catch(() => undefined);
    }
  };
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();

  const opened: Database[] = [];
  const drop = async () => {
    for (const d of opened.splice(0)) await closeQuietly(d);
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
  try {
    const db = await openDatabase({ url, poolSize: POOL_SIZE });
    opened.push(db);
    if (migrated) await db.migrate();
    return {
      db,
      url,
      async open() {
        const d = await openDatabase({ url, poolSize: POOL_SIZE });
        opened.push(d);
        return d;
      },
      drop,
    };
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
}

/**
 * A deployment's first start (PostgreSQL only): two API instances (WORKERS=off) and a job worker started at the same
 * moment on a new, empty database, through the entries `npm start` and `npm run worker` run (`src/main.ts`,
 * `src/worker.ts`), with the demo on. They take turns under the start-up lock: one migrates and seeds, the others wait
 * and find nothing left to do. Without the lock they ran the migrations side by side and one died on a duplicate key;
 * and since every one of them starts pg-boss (the API instances send jobs), its schema is installed under the lock too:
 * pg-boss's own install, run by three at once, died the same way (`pg_namespace_nspname_index`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './db/client.js';
import { createTestDatabase, type TestDatabase } from './platform/test-database.js';
import { DEMO_USERS } from './seed/demo.js';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Three processes importing the whole app at once on two cores: generous, and bounded. */
const START_MS = 150_000;

interface Started {
  name: string;
  proc: ChildProcess;
  /** Resolves with the API's address once it listens, or with '' once the worker says it started. */
  ready: Promise<string>;
  exited: Promise<void>;
}

describe('API instances and a worker started together on an empty database', () => {
  let tdb: TestDatabase;
  let dataDir: string;
  const started: Started[] = [];
  let output = '';

  /** Starts an entry as its npm script does (`node --import tsx src/…`) on the test database. */
  function start(name: string, entry: 'src/main.ts' | 'src/worker.ts', env: Record<string, string>, secretKey: string): Started {
    const proc = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: tdb.url!,
        DATA_DIR: dataDir,
        DEMO: '1',
        // The seed's feed schedule would have the worker load readings meanwhile: not what this test is about.
        DEMO_FEED: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SECRET_KEY: secretKey,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    const ready = new Promise<string>((resolve, reject) => {
      let pending = '';
      const read = (chunk: Buffer) => {
        const text = chunk.toString();
        output += text.replace(/^/gm, `[${name}] `);
        pending += text;
        const listening = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(pending);
        if (listening) resolve(listening[1]!);
        if (pending.includes('"msg":"worker started"')) resolve('');
      };
      proc.stdout!.on('data', read);
      proc.stderr!.on('data', read);
      proc.once('exit', (code, signal) => reject(new Error(`${name} ended before it was ready (${signal ?? `exit ${code}`})`)));
    });
    ready.catch(() => undefined); // awaited in the test, with the output
    return { name, proc, ready, exited };
  }

  beforeAll(async () => {
    tdb = await createTestDatabase({ migrated: false });
    dataDir = mkdtempSync(path.join(tmpdir(), 'strata-startup-'));
  });

  afterAll(async () => {
    for (const s of started) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
    await Promise.all(started.map((s) => s.exited));
    await tdb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('all become ready; the migrations ran once, the job queue was installed and the demo data was seeded once', { timeout: START_MS + 30_000 }, async () => {
    const empty = await tdb.db.query<{ n: number }>(`select count(*)::int n from pg_tables where schemaname in ('public', 'drizzle')`);
    expect(empty.rows[0]!.n).toBe(0);

    // Instances sharing a database share the secret key (README).
    const secretKey = randomBytes(32).toString('hex');
    started.push(
      start('api-1', 'src/main.ts', { PORT: '0', WORKERS: 'off' }, secretKey),
      start('api-2', 'src/main.ts', { PORT: '0', WORKERS: 'off' }, secretKey),
      start('worker', 'src/worker.ts', {}, secretKey),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not all ready within ${START_MS} ms`)), START_MS);
    });
    let addresses: string[];
    try {
      addresses = await Promise.race([Promise.all(started.map((s) => s.ready)), timeout]);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${output}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }

    for (const address of addresses.filter(Boolean)) {
      const health = await fetch(`${address}/api/v1/health`);
      expect(health.status, address).toBe(200);
    }
    for (const s of started) expect(s.proc.exitCode, s.name).toBeNull();

    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await tdb.db.query<{ n: number; distinct: number }>(
      'select count(*)::int n, count(distinct hash)::int "distinct" from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });

    const boss = await tdb.db.query<{ version: string }>('select version from pgboss.version');
    expect(boss.rows).toHaveLength(1);

    const users = await tdb.db.query<{ login_name: string }>('select login_name from users order by login_name');
    expect(users.rows.map((u) => u.login_name)).toEqual(DEMO_USERS.map((u) => u.loginName).sort());
    const contracts = await tdb.db.query<{ n: number }>('select count(*)::int n from contracts');
    expect(contracts.rows[0]!.n).toBeGreaterThan(0);
    // Exactly one of the API instances seeded; the other found the data there.
    const seedLines = output.split('\n').filter((l) => l.includes('demo data seeded'));
    expect(seedLines, output).toHaveLength(1);
  });
});

/**
 * Shared pieces of the benchmarks (not part of `npm test`): a database of its own, the app on it listening on a
 * loopback port, a signed-in session, timing and percentiles.
 *
 * The database: BENCH_DATABASE_URL (a PostgreSQL server and a database there to connect to first, e.g.
 * postgres://root@127.0.0.1:5432/postgres): a database `strata_bench_<name>` is created beside it (and dropped at the
 * end unless BENCH_KEEP=1, which also reuses it on the next run). Without it: PGlite in a temporary folder, as
 * `npm start` runs it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { contracts, instrumentTypes, readingCodes, rolePermissions, roles, users } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { CSRF_HEADER, PERMISSIONS, USER_TYPE, type TLoginResponse } from '../packages/shared/src/index.js';

export const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

export interface BenchDatabase {
  db: Database;
  kind: 'pg' | 'pglite';
  /** True when an existing kept database was opened (BENCH_KEEP=1). */
  reused: boolean;
  close(): Promise<void>;
}

export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const base = process.env.BENCH_DATABASE_URL;
  const keep = process.env.BENCH_KEEP === '1';
  if (!base) {
    const dir = mkdtempSync(path.join(tmpdir(), `strata-bench-${name}-`));
    const db = await openDatabase({ dataDir: dir });
    await db.migrate();
    return {
      db,
      kind: 'pglite',
      reused: false,
      async close() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const dbName = `strata_bench_${name}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount! > 0;
  if (exists && !keep) await admin.query(`drop database "${dbName}" with (force)`);
  if (!exists || !keep) await admin.query(`create database "${dbName}"`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  const db = await openDatabase({ url: u.toString(), poolSize: 12 });
  await db.migrate();
  return {
    db,
    kind: 'pg',
    reused: exists && keep,
    async close() {
      await db.close();
      if (keep) return;
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${dbName}" with (force)`);
      await c.end();
    },
  };
}

export const BENCH_USER = 'bench';
export const BENCH_PASSWORD = 'bench-password-2026';

/** A contract, an SM type with its DSPA code (±1000 mm), an AppAdmin; returns their ids (reused when present). */
export async function benchMasterData(db: Database) {
  const found = await db.query<{ contract_id: number; type_id: number; reading_code_id: number }>(
    `select c.contract_id, t.type_id, r.reading_code_id from contracts c, instrument_types t join reading_codes r using (type_id) where c.no = 'B1' and t.code = 'SM'`,
  );
  if (found.rows[0]) return { contractId: found.rows[0].contract_id, typeId: found.rows[0].type_id, codeId: found.rows[0].reading_code_id };
  const [role] = await db.orm.insert(roles).values({ name: 'Bench' }).returning();
  await db.orm.insert(rolePermissions).values(PERMISSIONS.map((p) => ({ roleId: role!.roleId, permissionId: p.id })));
  await db.orm.insert(users).values({
    loginName: BENCH_USER,
    fullname: 'Bench',
    email: 'bench@example.com',
    userType: USER_TYPE.AppAdmin,
    roleId: role!.roleId,
    status: 'active',
    passwordHash: await hashPassword(BENCH_PASSWORD),
    passwordChangedAt: new Date(),
  });
  const [c] = await db.orm.insert(contracts).values({ no: 'B1', title: 'Bench', easting: 30000, northing: 30000, type: 2 }).returning();
  const [t] = await db.orm.insert(instrumentTypes).values({ code: 'SM', name: 'Settlement Marker' }).returning();
  const [r] = await db.orm
    .insert(readingCodes)
    .values({ typeId: t!.typeId, code: 'DSPA', description: 'Settlement', unit: 'mm', minValue: -1000, maxValue: 1000 })
    .returning();
  return { contractId: c!.contractId, typeId: t!.typeId, codeId: r!.readingCodeId };
}

/** `count` instruments SM-00001… of the contract (created when missing); their ids in name order. */
export async function benchInstruments(db: Database, contractId: number, typeId: number, count: number): Promise<number[]> {
  await db.query(
    `insert into instruments (contract_id, type_id, name, easting, northing)
     select $1, $2, 'SM-' || lpad(g::text, 5, '0'), 30000 + g, 30000 from generate_series(1, $3::int) g on conflict do nothing`,
    [contractId, typeId, count],
  );
  const r = await db.query<{ instrument_id: number }>(`select instrument_id from instruments where contract_id = $1 order by name limit $2`, [
    contractId,
    count,
  ]);
  return r.rows.map((x) => x.instrument_id);
}

export interface RunningApp {
  built: App;
  base: string;
  headers: Record<string, string>;
  stop(): Promise<void>;
}

/** Signs `login` in (password BENCH_PASSWORD) at `base`: its access token and the headers of a signed-in request. */
export async function signInAt(base: string, login: string): Promise<{ token: string; headers: Record<string, string> }> {
  const res = await fetch(`${base}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: login, password: BENCH_PASSWORD }).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${login} failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as TLoginResponse;
  return { token: body.access_token, headers: { authorization: `Bearer ${body.access_token}`, [CSRF_HEADER]: res.headers.get(CSRF_HEADER) ?? '' } };
}

/** The app on the database, listening on a loopback port, and a signed-in session's headers. */
export async function startApp(db: Database, opts: { workers: boolean }): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'strata-bench-files-'));
  const built = await buildApp({ config: testConfig({ dataDir, logLevel: 'silent' }), db, workers: opts.workers });
  const base = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { headers } = await signInAt(base, BENCH_USER);
  return {
    built,
    base,
    headers,
    async stop() {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time (ms) so far of the PostgreSQL processes on this machine, this process's main thread, and its other threads. */
export interface CpuSnapshot {
  postgres: number;
  main: number;
  other: number;
}

const TICK_MS = 10; // /proc counts in clock ticks of 1/100 s (getconf CLK_TCK)

/** utime + stime of a /proc stat file, in ms (0 when unreadable: not Linux, or the process went). */
function cpuOf(statFile: string): number {
  try {
    const text = readFileSync(statFile, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Reads /proc: where the CPU went (Linux only; PostgreSQL only when it runs on this machine — zeros otherwise). */
export function cpuSnapshot(): CpuSnapshot {
  let postgres = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) postgres += cpuOf(`/proc/${pid}/stat`);
      } catch {
        /* gone meanwhile */
      }
    }
  } catch {
    /* no /proc */
  }
  const main = cpuOf(`/proc/${process.pid}/task/${process.pid}/stat`);
  return { postgres, main, other: cpuOf(`/proc/${process.pid}/stat`) - main };
}

export const cpuSince = (a: CpuSnapshot, b: CpuSnapshot = cpuSnapshot()): CpuSnapshot => ({
  postgres: b.postgres - a.postgres,
  main: b.main - a.main,
  other: b.other - a.other,
});

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
export const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

/** Runs `tasks` with `concurrency` workers; returns each task's duration (ms), in task order. */
export async function runConcurrently(tasks: (() => Promise<unknown>)[], concurrency: number): Promise<number[]> {
  const durations = new Array<number>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= tasks.length) return;
        const t0 = performance.now();
        await tasks[i]!();
        durations[i] = performance.now() - t0;
      }
    }),
  );
  return durations;
}

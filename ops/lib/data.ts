/**
 * Data that survives operations: a pg_dump of the running demo restored into a new database, and a database made by
 * an earlier release upgraded by this one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEMO_ADMIN, call, signIn } from './http.js';
import type { Topology } from './context.js';
import { freePort } from './postgres.js';
import { check, note } from './report.js';
import { apiReady, ROOT, startApi, type StrataEnv } from './strata.js';

/** Tables whose counts differ, as `table before -> after` lines (only `tables` are compared). */
function differences(before: Map<string, number>, after: Map<string, number>, tables: Iterable<string>): string[] {
  const out: string[] = [];
  for (const name of tables) if (before.get(name) !== after.get(name)) out.push(`${name} ${before.get(name)} -> ${after.get(name)}`);
  return out;
}

const rowsOf = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/**
 * Starts an API on `database` (this checkout's, or `env.serverDir`'s), waits until it is ready, runs `inspect` (before
 * any request writes a row), then signs the demo admin in, syncs, and stops it.
 */
async function serveOnce(t: Topology, name: string, database: string, env: Partial<StrataEnv> = {}, inspect = async () => {}): Promise<void> {
  const api = startApi(name, await freePort(), { ...t.env, ...env, databaseUrl: t.cluster.url(database) });
  try {
    await apiReady(api);
    await inspect();
    const admin = await signIn(api.base, DEMO_ADMIN);
    const sync = await call(admin, 'GET', '/sync');
    check(sync.status === 200, `${name}: GET /sync ${sync.status}`);
  } finally {
    await api.stop('SIGTERM');
  }
}

/**
 * pg_dump of the running database (the topology's processes still connected) restored into a new one: every table of
 * every schema holds the rows it held at the dump's snapshot, and Strata starts on it and serves them.
 */
export async function dumpAndRestore(t: Topology): Promise<void> {
  const schemas = ['public', 'drizzle', 'pgboss'];
  const dump = path.join(t.tmp, 'strata.dump');
  // The dump's snapshot, exported by a transaction the counts are taken in too: the same rows, whatever runs meanwhile.
  const holder = new pg.Client({ connectionString: t.cluster.url(t.database, 'topology-snapshot') });
  holder.on('error', () => undefined);
  await holder.connect();
  let source: Map<string, number>;
  try {
    await holder.query('begin isolation level repeatable read');
    const snapshot = (await holder.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s;
    await t.cluster.client('pg_dump', ['-Fc', `--snapshot=${snapshot}`, '-f', dump, t.database]);
    source = await t.cluster.tableCounts(t.database, schemas, snapshot);
  } finally {
    await holder.end().catch(() => undefined);
  }
  const restored = `${t.database}_restored`;
  await t.cluster.createDatabase(restored);
  await t.cluster.client('pg_restore', ['--exit-on-error', '-d', restored, dump]);
  const copy = await t.cluster.tableCounts(restored, schemas);
  const diff = differences(source, copy, new Set([...source.keys(), ...copy.keys()]));
  check(diff.length === 0, `restored counts equal the dump's: ${diff.join('; ')}`);
  note(`dump restored: ${source.size} tables, ${rowsOf(source)} rows, every count equal`);

  await serveOnce(t, 'api-restored', restored, {}, async () => {
    const strataTables = [...source.keys()].filter((n) => !n.startsWith('pgboss.'));
    const after = await t.cluster.tableCounts(restored, ['public', 'drizzle']);
    const changed = differences(source, after, strataTables);
    check(changed.length === 0, `Strata started on the restored database and left its rows as they were: ${changed.join('; ')}`);
  });
  note(`Strata started on the restored database with every table's count equal; the demo admin signed in and synced`);
}

/** The commit before issue 17's work (TRUST_PROXY, the start-up lock, this script): the release a deployment runs. */
export const UPGRADE_FROM_DEFAULT = '7d4cd88';

/** That commit's server and shared package in `dir`, resolving this checkout's installed packages. */
function checkoutOf(commit: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['-C', ROOT, 'archive', commit, 'apps/server', 'packages/shared', 'tsconfig.base.json', 'package.json'], {
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  // node_modules: this checkout's packages, except @strata/shared, which must be the old release's own.
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@strata'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry !== '@strata' && entry !== '.bin') symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  symlinkSync(path.join(dir, 'packages/shared'), path.join(modules, '@strata/shared'));
  symlinkSync(path.join(ROOT, 'apps/server/node_modules'), path.join(dir, 'apps/server/node_modules'));
  return path.join(dir, 'apps/server');
}

const journal = (serverDir: string) =>
  (JSON.parse(readFileSync(path.join(serverDir, 'src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/**
 * A database made and seeded by an earlier release (its own code and migrations), then started by this checkout: the
 * new migrations apply and every row is kept.
 */
export async function upgradeFromEarlierRelease(t: Topology): Promise<void> {
  const commit = process.env.TOPOLOGY_UPGRADE_FROM ?? UPGRADE_FROM_DEFAULT;
  const resolved = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', `${commit}^{commit}`])
    .toString()
    .trim();
  const oldServer = checkoutOf(commit, path.join(t.tmp, 'release'));
  const database = `${t.database}_upgrade`;
  await t.cluster.createDatabase(database);
  // The earlier release migrates an empty database and seeds its demo data.
  await serveOnce(t, 'api-old-release', database, { serverDir: oldServer });
  const schemas = ['public', 'drizzle'];
  const before = await t.cluster.tableCounts(database, schemas);
  const applied = async () => Number((await t.cluster.query<{ n: string }>(database, 'select count(*) as n from drizzle.__drizzle_migrations'))[0]!.n);
  const migrationsBefore = await applied();
  check(migrationsBefore === journal(oldServer), `the earlier release applied its ${journal(oldServer)} migrations (${migrationsBefore})`);

  let after = new Map<string, number>();
  let migrationsAfter = 0;
  await serveOnce(t, 'api-upgraded', database, {}, async () => {
    migrationsAfter = await applied();
    after = await t.cluster.tableCounts(database, schemas);
  });
  const current = journal(path.join(ROOT, 'apps/server'));
  check(migrationsAfter === current, `this checkout's ${current} migrations applied (${migrationsAfter})`);
  const lost = differences(
    before,
    after,
    [...before.keys()].filter((n) => n !== 'drizzle.__drizzle_migrations'),
  );
  check(lost.length === 0, `every row kept: ${lost.join('; ')}`);
  note(
    `release ${resolved}: ${migrationsBefore} migrations, ${rowsOf(before)} rows seeded; upgraded by this checkout: ` +
      `${migrationsAfter - migrationsBefore} new migration(s) applied, ${before.size} tables with every count equal`,
  );
}

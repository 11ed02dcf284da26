/**
 * A migrated PGlite cluster, dumped once per set of migrations, that every test file's in-memory database starts
 * from: restoring the dump costs a fraction of creating a cluster and applying every migration.
 * The dump's name carries a hash of the migration files (and of the template's own recipe), so a new migration makes
 * a new template.
 *
 * The template is made small, since every test file (and every test of the files that want a database per test)
 * restores it: the `template0` and `template1` databases are dropped (tests use `postgres` and never create a
 * database on PGlite), and `shared_buffers` is 16 MB instead of 128 MB (postgresql.auto.conf). Restoring it then
 * takes about half the CPU (docs/benchmarks.md, "Test suite time": the per-file set-up).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../db/client.js';

/** What the template is made of besides the migrations; part of its name, so changing it makes a new one. */
const RECIPE = [
  `ALTER SYSTEM SET shared_buffers = '16MB'`,
  `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
  'DROP DATABASE template0',
  'DROP DATABASE template1',
  'CHECKPOINT',
];

function templateHash(): string {
  const hash = createHash('sha256').update(RECIPE.join(';'));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

// The migrations do not change during a run: hashed once per worker.
let hashed: string | undefined;
export const templatePath = () => path.join(tmpdir(), `strata-pglite-template-${(hashed ??= templateHash())}.tar`);

/** Makes the template when it does not exist yet (vitest globalSetup of the server project). */
export async function ensurePgliteTemplate(): Promise<void> {
  const file = templatePath();
  if (existsSync(file)) return;
  const db = await openDatabase();
  try {
    await db.migrate();
    for (const statement of RECIPE) await db.exec(statement);
    const dump = await db.pglite!.dumpDataDir('none');
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
    renameSync(temp, file);
  } finally {
    await db.close();
  }
}

/** The template's dump, read once per worker (a Blob cannot change), or undefined when there is none (the caller migrates). */
let cached: { file: string; blob: Blob } | undefined;
export function pgliteTemplate(): Blob | undefined {
  const file = templatePath();
  if (cached?.file === file) return cached.blob;
  if (!existsSync(file)) return undefined;
  cached = { file, blob: new Blob([readFileSync(file)]) };
  return cached.blob;
}

/**
 * A fresh, migrated in-memory PGlite, whatever TEST_DATABASE_URL says: for the tests of PGlite itself (the bus, the
 * jobs, the web plugin on the embedded engine). From the template when there is one; migrate() then has nothing to do.
 */
export async function openMigratedPglite(): Promise<Database> {
  const db = await openDatabase({ loadDataDir: pgliteTemplate() });
  await db.migrate();
  return db;
}

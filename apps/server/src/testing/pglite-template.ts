/**
 * A migrated PGlite cluster, dumped once per set of migrations, that every test file's in-memory database starts
 * from: restoring the dump costs a fraction of creating a cluster and applying every migration (docs/benchmarks.md
 * has no figure for it: it is test-suite plumbing, measured when introduced at ~1 s saved per test file).
 * The dump's name carries a hash of the migration files, so a new migration makes a new template.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, openDatabase } from '../db/client.js';

function migrationsHash(): string {
  const hash = createHash('sha256');
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

export const templatePath = () => path.join(tmpdir(), `strata-pglite-template-${migrationsHash()}.tar`);

/** Makes the template when it does not exist yet (vitest globalSetup of the server project). */
export async function ensurePgliteTemplate(): Promise<void> {
  const file = templatePath();
  if (existsSync(file)) return;
  const db = await openDatabase();
  try {
    await db.migrate();
    const dump = await db.pglite!.dumpDataDir('none');
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
    renameSync(temp, file);
  } finally {
    await db.close();
  }
}

/** The template's dump when it exists for the current migrations, else undefined (the caller migrates). */
export function pgliteTemplate(): Blob | undefined {
  const file = templatePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

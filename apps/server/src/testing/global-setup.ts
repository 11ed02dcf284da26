import { ensurePgliteTemplate } from './pglite-template.js';

/** Vitest global set-up of the server project: the migrated PGlite template every test file's database starts from. */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensurePgliteTemplate();
}

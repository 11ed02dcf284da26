import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './pglite-template.js';

/**
 * Vitest global set-up of the server project: the migrated PGlite template every test file's database starts from,
 * and the seed of this run's test order (testing/shuffled-runner.ts), so that a failing order can be run again.
 */
export default async function setup(project: TestProject): Promise<void> {
  const seed = project.globalConfig.sequence.seed;
  console.log(`server tests run in a shuffled order, seed ${seed}: repeat it with npx vitest run --project server --sequence.seed=${seed} <file>`);
  // On PostgreSQL too: the tests of the embedded engine itself (bus, jobs, the web plugin) start from it.
  await ensurePgliteTemplate();
}

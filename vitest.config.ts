import { defineConfig } from 'vitest/config';

/** `npm test`: the unit and API suites of every workspace (end-to-end tests run apart: `npm run e2e`). */
export default defineConfig({
  test: {
    // `tools`: the repository's own lint rules (RuleTester), small enough to live inline.
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      { test: { name: 'tools', environment: 'node', include: ['tools/**/*.test.js'] } },
    ],
    // Two workers fit the 2 cores CI has; each server test file opens its own database.
    maxWorkers: 2,
    // Every run has a seed (`--sequence.seed=N` or TEST_SEED gives it): the server project shuffles its tests by it.
    // CI pins a seed every file has passed under (.ci/run), so a red run is never an order no one has tried.
    sequence: { seed: Number(process.env.TEST_SEED) || Date.now() },
  },
});

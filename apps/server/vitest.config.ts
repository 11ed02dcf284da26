import { defineProject } from 'vitest/config';

/** PostgreSQL-only tests (`*.pg.test.ts`: several instances on one server, engine parity) run when TEST_DATABASE_URL is set. */
const withPostgres = !!process.env.TEST_DATABASE_URL;

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: withPostgres ? ['**/node_modules/**'] : ['**/node_modules/**', 'src/**/*.pg.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own in-memory PGlite (or its own database on real Postgres).
    pool: 'forks',
    globalSetup: ['src/testing/global-setup.ts'],
    // The tests of each file run in a shuffled order (the seed is printed at the start); see testing/shuffled-runner.ts.
    runner: 'src/testing/shuffled-runner.ts',
  },
});

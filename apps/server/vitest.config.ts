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
    // The files of a worker share one module graph: Fastify, drizzle, exceljs and the app are imported once per worker,
    // not once per file (docs/benchmarks.md, "Test suite time"). Nothing a test builds lives in a module: each file
    // builds its own app on its own database (testing/harness.ts), and no server test mocks a module or stubs a global.
    isolate: false,
    globalSetup: ['src/testing/global-setup.ts'],
    // The tests of each file run in a shuffled order (the seed is printed at the start); see testing/shuffled-runner.ts.
    runner: 'src/testing/shuffled-runner.ts',
  },
});

import { defineConfig } from '@playwright/test';

/**
 * End-to-end: the built app in Debian's Chromium. One server per run (globalSetup), one worker: the specs share that
 * server and its demo data, so they run one after another. On CI a failed test runs once more; one that passes then
 * is reported FLAKY (support/flaky-reporter.ts) and its first attempt's trace kept under .artifacts.
 */
export default defineConfig({
  testDir: 'specs',
  testMatch: '**/*.test.ts',
  outputDir: '.artifacts/test-results',
  globalSetup: './support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list'], ['./support/flaky-reporter.ts']],
  use: {
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});

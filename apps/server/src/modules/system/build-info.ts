import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

/** Version from the package; commit and build time from the environment when the build sets them. */
export const BUILD = {
  version: pkg.version,
  commit: process.env.BUILD_COMMIT ?? 'dev',
  built_at: process.env.BUILD_TIME ?? new Date().toISOString(),
};

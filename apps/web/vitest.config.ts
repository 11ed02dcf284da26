import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

/**
 * The web tests run in two projects. `web` shares one module graph and one jsdom across the files of a worker
 * (`isolate: false`): importing React, MUI and the app once per worker instead of once per file halves the suite's
 * CPU time (docs/benchmarks.md, "Test suite time"); test/setup.ts resets every global store after each test.
 * `web-isolated` (vitest.isolated.config.ts) runs apart the files that replace a module (`vi.mock`, `vi.doMock`) or
 * start from fresh modules (`vi.resetModules`): a mock cannot replace a module another file has already imported into
 * the shared graph, and a module's state (Chinese texts loaded, say) depends on the files that ran before.
 */
const root = path.dirname(fileURLToPath(import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

/** The test files that mock or reset modules (found by reading them, so a new one is never left in the shared project). */
export const MOCKING_FILES = testFiles(path.join(root, 'src')).filter((file) =>
  /\bvi\.(?:mock|doMock|resetModules)\(/.test(readFileSync(path.join(root, file), 'utf8')),
);

export function webProject(name: string, test: UserWorkspaceConfig['test']): UserWorkspaceConfig {
  return defineProject({
    plugins: [react()],
    test: {
      name,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // A test's time limit, for a busy machine: a test ends as soon as its last wait is met (test/setup.ts).
      testTimeout: 20_000,
      ...test,
    },
  });
}

export default webProject('web', { isolate: false, exclude: ['**/node_modules/**', ...MOCKING_FILES] });

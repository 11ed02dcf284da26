import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importBoundaries } from './tools/eslint-import-boundaries.js';

const NO_SKIPPED_TESTS = {
  selector: 'CallExpression[callee.property.name=/^(skip|only|todo)$/][callee.object.name=/^(it|test|describe)$/]',
  message: 'No skipped, focused or todo tests.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**', 'e2e/.artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { strata: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      'strata/import-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', NO_SKIPPED_TESTS],
    },
  },
  {
    // The server's test files share one module graph per worker (apps/server/vitest.config.ts, `isolate: false`):
    // a module replaced, a module registry reset or a global stubbed in one file would leak into the next file.
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_SKIPPED_TESTS,
        {
          selector: 'CallExpression[callee.object.name="vi"][callee.property.name=/^(mock|doMock|unmock|doUnmock|resetModules|stubGlobal|stubEnv)$/]',
          message: 'Server test files share their module graph (isolate: false): build what the test needs instead of replacing a module or a global.',
        },
      ],
    },
  },
  {
    // One purpose a file: source past 400 lines of code is split (a file that must stay longer says why in an
    // `/* eslint max-lines: ... */` comment at its top). Tests are not held to it.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts', 'ops/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts', 'apps/web/src/test/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Every time the web shows is in the configured zone: its formatters (lib/display-time) default to it, the shared
    // ones default to Asia/Singapore whatever the configuration says.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/display-time.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@strata/shared',
              importNames: ['formatDate', 'formatDateTime', 'formatTime', 'formatRelativeTime'],
              message: 'Use lib/display-time: it shows times in the configured zone.',
            },
          ],
        },
      ],
    },
  },
);

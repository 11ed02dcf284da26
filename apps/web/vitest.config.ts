import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A test's time limit, for a busy machine: a test ends as soon as its last wait is met (test/setup.ts).
    testTimeout: 20_000,
  },
});

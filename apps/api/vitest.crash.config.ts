import { defineProject } from 'vitest/config';

/**
 * Crash safety and multi-process suites: they spawn the real server, so they are slow and run on
 * their own (`npm run test:crash`), one file at a time. CRASH_ITERATIONS sets the kill loop's length.
 */
export default defineProject({
  test: {
    name: 'crash',
    environment: 'node',
    include: ['test/crash/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});

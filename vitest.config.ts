import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web', 'apps/api/vitest.crash.config.ts'],
    // One test file per core. Vitest's default keeps a core for its main process, which leaves a
    // 2-core machine with one worker and the other core mostly idle: the main process does little
    // once files are transformed (docs/decisions/0021-test-workers.md).
    maxWorkers: os.availableParallelism(),
    // `npm run test:coverage` (CI): v8 coverage of the source, summary in the log, HTML in
    // coverage/. The thresholds guard the shared rules and sign-in: set a little under what the
    // suite measured when they were introduced, raised as tests are added, never lowered to pass.
    coverage: {
      provider: 'v8',
      include: [
        'packages/domain/src/**/*.ts',
        'apps/api/src/**/*.ts',
        'apps/web/src/**/*.{ts,tsx}',
      ],
      exclude: ['**/*.test.{ts,tsx}', '**/test-utils.tsx', 'apps/api/src/server.ts'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: 'coverage',
      thresholds: {
        // Measured 2026-11-25 with the domain project alone: 95.6 / 90.3 / 87.0 / 95.0 %.
        'packages/domain/src/**': { lines: 94, functions: 88, branches: 85, statements: 93 },
        // Measured with auth.test.ts and auth-throttle.test.ts alone, without Redis:
        // 77.4 / 74.3 / 68.0 / 75.2 % (the Redis limiter adds to it when REDIS_URL is set).
        'apps/api/src/auth/**': { lines: 75, functions: 72, branches: 65, statements: 73 },
      },
    },
  },
});

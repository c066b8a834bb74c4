import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Spawns real servers: its own project (vitest.crash.config.ts, `npm run test:crash`).
    exclude: [...configDefaults.exclude, 'test/crash/**'],
    globalSetup: ['./test/global-setup.ts'],
    // fast-check's seed: fixed, random and printed under `npm run test:fuzz`.
    setupFiles: ['../../vitest.fast-check.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

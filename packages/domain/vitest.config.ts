import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // fast-check's seed: fixed in CI, printed elsewhere.
    setupFiles: ['../../vitest.fast-check.ts'],
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // fast-check's seed: fixed, random and printed under `npm run test:fuzz`.
    setupFiles: ['../../vitest.fast-check.ts'],
  },
});

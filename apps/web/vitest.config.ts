import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { mantineUseId, singletonPackages } from './vite.config.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
  root: webRoot,
  plugins: [react(), mantineUseId()],
  resolve: { dedupe: singletonPackages },
  test: {
    name: 'web',
    environment: 'jsdom',
    // fast-check's seed (fixed; random under `npm run test:fuzz`), then the DOM stubs.
    setupFiles: ['../../vitest.fast-check.ts', './vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20_000,
    // Processed by Vite instead of Node so that each exists once: Mantine (see resolve.dedupe;
    // its CSS imports resolve to nothing) and react-router, whose 'react-router/dom' entry would
    // otherwise load the CommonJS build next to the ESM one (two router contexts).
    server: { deps: { inline: [/@mantine\//] } },
  },
});

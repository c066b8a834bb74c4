import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from './env.ts';

const dataDir = path.join(os.tmpdir(), `portal-e2e-${E2E_PORT}`);

/**
 * The app is started as a user starts it (built web + API on the embedded database, demo seed),
 * on a fresh DATA_DIR each run. One worker: the embedded database serves one process anyway.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // A flaky test is fixed, not retried: CI reports exactly what ran.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node --enable-source-maps apps/api/dist/server.js`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${E2E_PORT}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DATABASE_URL: '',
      REDIS_URL: '',
      // Every browser of the run is 127.0.0.1: a spec that needs an address of its own (the Web
      // Vitals bounds count per address, e2e/vitals.spec.ts) names one in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
    },
  },
});

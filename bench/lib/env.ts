import os from 'node:os';
import path from 'node:path';

/** Shared settings of the benchmarks and the load test (all overridable by environment). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** Scratch space (data directories, Chromium profiles); git- and lint-ignored. */
export const TMP_DIR = path.join(REPO_ROOT, 'bench/.tmp');
/** The compiled server `npm start` runs; startApiServer builds it once per benchmark process. */
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.js');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags that work on these machines (no sandbox, no GPU, no background traffic). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Seconds per autocannon run (short by default so `npm run bench` stays within minutes). */
export const BENCH_DURATION_S = positiveNumber('BENCH_DURATION', 5);
export const BENCH_CONNECTIONS = positiveNumber('BENCH_CONNECTIONS', 10);

/** The first admin of every server the benchmarks start. */
export const BENCH_ADMIN = {
  email: 'admin.bench@portalestetica.com.br',
  password: 'Admin-bench-2026!',
};
/** A fixed signing key, so a process restarted on the same database accepts earlier tokens. */
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
/** Seals the audit entries the seed and the timed requests write (apps/api/src/audit/key.ts). */
export const BENCH_AUDIT_KEY = Buffer.from('bench-audit-key-that-never-leaves-the-bench');

export function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

export function machineDescription(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  // Other work on the machine skews every figure; the load average says how much.
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  return (
    `${cpus.length} × ${model}, ${memoryGiB} GiB RAM, ${os.type()} ${os.release()}, ` +
    `Node ${process.version}; load average (1/5/15 min) ${load}`
  );
}

/** True when the file at `moduleUrl` is the script node was started with (run standalone). */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === new URL(moduleUrl).pathname;
}

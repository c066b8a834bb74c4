import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The real server as a user starts it (`node --import tsx apps/api/src/server.ts`), one OS
 * process per instance, so SIGKILL and SIGTERM reach it exactly as they would in production.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
export const ADMIN_EMAIL = 'admin.crash@teste.com.br';
export const ADMIN_PASSWORD = 'senha-do-admin-crash-1';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/** Kills every server this file started that still runs (afterAll / afterEach safety net). */
export function killAllServers(): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(child.pid, 'SIGKILL');
    }
  }
  running.clear();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export interface StartOptions {
  dataDir?: string;
  databaseUrl?: string;
  redisUrl?: string;
  port?: number;
  /** Resolve once the process has exited instead of waiting for it to be healthy. */
  expectExit?: boolean;
}

/**
 * Spawns a server and waits until it says it listens on its port and /api/v1/health answers 200.
 * The port is picked free just before; if someone takes it first (EADDRINUSE) another is tried,
 * and only our own process's "rodando em" line counts, so another server that grabbed the port
 * (another suite on this machine) is never mistaken for ours.
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  for (let attempt = 0; ; attempt++) {
    const server = spawnServer(options, options.port ?? (await freePort()));
    if (options.expectExit) {
      await server.exited;
      return server;
    }
    try {
      await waitUntilReady(server);
      return server;
    } catch (error) {
      if (attempt < 4 && !options.port && server.output().includes('EADDRINUSE')) continue;
      throw error;
    }
  }
}

function spawnServer(options: StartOptions, port: number): ServerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Only what this instance is given: the parent's DATABASE_URL/REDIS_URL must not leak in.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.JWT_SECRET;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    WEB_DIST: path.join(REPO_ROOT, 'nonexistent-web-dist'),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // The tests play a proxy on this host: X-Forwarded-For names the client each request is from.
    TRUST_PROXY: 'loopback',
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

async function waitUntilReady(server: ServerProcess): Promise<void> {
  let ended = false;
  void server.exited.then(() => (ended = true));
  const listening = `rodando em ${server.url}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`O servidor terminou ao iniciar:\n${server.output()}`);
    if (server.output().includes(listening)) {
      try {
        const res = await fetch(`${server.url}/api/v1/health`);
        if (res.status === 200) return;
      } catch {
        // Listening, but not answering yet.
      }
    }
    await sleep(100);
  }
  if (server.child.pid) process.kill(server.child.pid, 'SIGKILL');
  throw new Error(`O servidor não ficou saudável em 120 s:\n${server.output()}`);
}

let template: Promise<string> | undefined;
const tempDirs: string[] = [];

/**
 * A data directory already initialised, migrated and bootstrapped, copied for each caller: a
 * PGlite initdb costs seconds (tens on a busy machine), a copy a fraction of one.
 */
export async function preparedDataDir(): Promise<string> {
  template ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-template-'));
    tempDirs.push(dir);
    const server = await startServer({ dataDir: dir });
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    if (code !== 0) throw new Error(`O servidor modelo não parou limpo:\n${server.output()}`);
    return dir;
  })();
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
  tempDirs.push(copy);
  fs.cpSync(await template, copy, { recursive: true });
  return copy;
}

/** A new, empty directory for an embedded database (its first start runs initdb). */
export function emptyDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
  tempDirs.push(dir);
  return dir;
}

/** Removes every directory made by preparedDataDir and emptyDataDir. */
export function removeDataDirs(): void {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  template = undefined;
}

/** A pause between two looks at a condition (waitUntil), or a random moment; never a wait. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves as soon as `condition` holds, looking every 20 ms; fails naming `what` after
 * `timeoutMs`. A test waits on what it needs, not on a time that is too short on a loaded machine.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Esperou ${timeoutMs} ms por: ${what}`);
    await sleep(20);
  }
}

/** Whether a new TCP connection to the server is refused: it closed its listening socket. */
export function refusesConnections(server: Pick<ServerProcess, 'url'>): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** A client address for this run: the server trusts X-Forwarded-For from loopback. */
export const clientAddress = () =>
  `10.${crypto.randomInt(0, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

export async function api(
  server: Pick<ServerProcess, 'url'>,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; forwardedFor?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a PDF): keep the text.
  }
  return { status: res.status, body };
}

export async function signIn(
  server: Pick<ServerProcess, 'url'>,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
  forwardedFor = clientAddress(),
): Promise<string> {
  const res = await api(server, 'POST', '/api/v1/auth/login', {
    body: { email, password },
    forwardedFor,
  });
  if (res.status !== 200)
    throw new Error(`Login falhou: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { access_token: string }).access_token;
}

/** A new, empty PostgreSQL database for one test, and how to drop it. */
export async function freshPostgresDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_crash_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { BENCH_ADMIN, BENCH_AUDIT_KEY, BENCH_JWT_SECRET, REPO_ROOT, SERVER_ENTRY } from './env.ts';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Header name/value pairs exactly as received (for replaying them). */
  rawHeaders: string[];
  /** The body as transferred (not decompressed). */
  body: Buffer;
}

/** One HTTP request with node:http (no connection reuse, no decompression). */
export function httpRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs?: number;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            rawHeaders: response.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(options.timeoutMs ?? 10_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(options.body);
  });
}

export async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await httpRequest(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`POST ${url} answered ${response.status}: ${response.body.toString('utf8')}`);
  }
  return JSON.parse(response.body.toString('utf8')) as T;
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process printed (stdout and stderr), for diagnosis and log checks. */
  output: string[];
  /** Milliseconds from spawn to the first healthy answer. */
  readyMs: number;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Spawns a process and resolves once `healthUrl` answers 200. `readyMs` is measured from just
 * before spawn(), so it includes Node's own start (what a user waits for).
 */
export async function spawnUntilHealthy(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; healthUrl: string; timeoutMs?: number; pollMs?: number },
): Promise<RunningProcess> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const deadline = started + (options.timeoutMs ?? 120_000);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (!hasExited) child.kill(signal);
    const timer = setTimeout(() => {
      if (!hasExited) child.kill('SIGKILL');
    }, 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };

  for (;;) {
    if (hasExited) {
      throw new Error(`process exited before it was healthy:\n${output.join('').slice(-4000)}`);
    }
    if (performance.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`process not healthy in time:\n${output.join('').slice(-4000)}`);
    }
    try {
      const response = await httpRequest(options.healthUrl, { timeoutMs: 2_000 });
      if (response.status === 200) {
        return { child, output, readyMs: performance.now() - started, exited, stop };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 10));
  }
}

export interface ApiServer extends RunningProcess {
  baseUrl: string;
}

/**
 * The real server as a user starts it (`npm start` runs the compiled apps/api/dist/server.js), on an
 * embedded database directory or on DATABASE_URL, with the benchmark admin as first admin.
 */
let serverBuilt = false;

/** Compiles the server from the current source (70 ms) before the first start of this run. */
function buildServerOnce(): void {
  if (serverBuilt) return;
  execFileSync('npm', ['run', 'build', '-w', 'apps/api', '--silent'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  serverBuilt = true;
}

export async function startApiServer(options: {
  dataDir?: string;
  databaseUrl?: string;
  seedDemo?: boolean;
  extraEnv?: Record<string, string>;
  /** Extra node flags before the entry, e.g. ['--cpu-prof'] to see where the time goes. */
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<ApiServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl ?? '',
    REDIS_URL: '',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    JWT_SECRET: BENCH_JWT_SECRET,
    // The key the prepared database's seed sealed its audit entries with.
    AUDIT_KEY: BENCH_AUDIT_KEY.toString('utf8'),
    SEED_DEMO: options.seedDemo === false ? '0' : '1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseUrl,
    ...options.extraEnv,
  };
  // An empty DATA_DIR is invalid configuration: leave it out unless the embedded database is used.
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  else delete env.DATA_DIR;
  buildServerOnce();
  const running = await spawnUntilHealthy(
    process.execPath,
    [...(options.nodeArgs ?? []), '--enable-source-maps', SERVER_ENTRY],
    {
      env,
      healthUrl: `${baseUrl}/api/v1/health`,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    },
  );
  return { ...running, baseUrl };
}

export async function loginToken(
  baseUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const answer = await postJson<{ access_token: string }>(`${baseUrl}/api/v1/auth/login`, {
    email,
    password,
  });
  return answer.access_token;
}

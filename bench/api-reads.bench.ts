/**
 * API reads on a catalogue ten times the demo size, served by the real server process, against a
 * bare node:http server answering the same bytes: requests/s and p99 latency with autocannon.
 *   node --import tsx bench/api-reads.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CapturedResponse } from './lib/bare-server.ts';
import { measureThroughput, type ThroughputRun } from './lib/cannon.ts';
import { prepareDemoDatabase, scratchDir } from './lib/databases.ts';
import {
  BENCH_ADMIN,
  BENCH_CONNECTIONS,
  BENCH_DURATION_S,
  isEntryPoint,
  REPO_ROOT,
} from './lib/env.ts';
import {
  freePort,
  httpRequest,
  loginToken,
  spawnUntilHealthy,
  startApiServer,
} from './lib/processes.ts';
import type { BenchSection, Figure } from './lib/report.ts';
import { formatMs, formatRatio } from './lib/stats.ts';

const CATALOGUE_COPIES = 10;
const WARMUP_S = 1;

/** What a browser sends; the app then compresses on the fly (brotli), the baseline does not. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

interface Endpoint {
  path: string;
  encoding: CapturedResponse['encoding'];
}

const ENDPOINTS: Endpoint[] = [
  { path: '/api/v1/services/', encoding: 'identity' },
  { path: '/api/v1/packages/', encoding: 'identity' },
  { path: '/api/v1/trainings/?limit=24', encoding: 'identity' },
  // The same list as a browser asks for it: shows what on-the-fly compression costs.
  { path: '/api/v1/services/', encoding: 'br' },
];

/** Headers that describe one connection, not the answer: never replayed. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export async function benchApiReads(): Promise<BenchSection[]> {
  const kinds: Array<'pglite' | 'postgres'> = ['pglite'];
  if (process.env.DATABASE_URL) kinds.push('postgres');
  const sections: BenchSection[] = [];
  for (const kind of kinds) sections.push(await benchOneDatabase(kind));
  return sections;
}

async function benchOneDatabase(kind: 'pglite' | 'postgres'): Promise<BenchSection> {
  const label = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (DATABASE_URL)';
  console.log(`[api-reads] preparing a ${CATALOGUE_COPIES}× demo catalogue on ${label}`);
  const database = await prepareDemoDatabase({ kind, copies: CATALOGUE_COPIES });
  const scratch = scratchDir('bare');
  const raw: string[] = [`rows: ${JSON.stringify(database.counts)}`];
  const figures: Figure[] = [];
  try {
    const app = await startApiServer({
      ...(database.dataDir ? { dataDir: database.dataDir } : {}),
      ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      seedDemo: false,
    });
    try {
      const token = await loginToken(app.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
      const authorization = `Bearer ${token}`;

      // Capture the real answers first, so the baseline serves exactly the same bytes.
      const captured: CapturedResponse[] = [];
      for (const endpoint of ENDPOINTS) {
        const response = await httpRequest(app.baseUrl + endpoint.path, {
          headers: {
            authorization,
            ...(endpoint.encoding === 'br' ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {}),
          },
        });
        if (response.status !== 200) {
          throw new Error(
            `${endpoint.path} answered ${response.status}: ${response.body.toString()}`,
          );
        }
        const headers: Array<[string, string]> = [];
        for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i] ?? '';
          if (!HOP_HEADERS.has(name.toLowerCase()))
            headers.push([name, response.rawHeaders[i + 1] ?? '']);
        }
        captured.push({
          path: endpoint.path,
          encoding: endpoint.encoding,
          status: response.status,
          headers,
          bodyBase64: response.body.toString('base64'),
        });
        raw.push(
          `${endpoint.path} [${endpoint.encoding}]: ${response.body.length} bytes` +
            `${response.headers['content-encoding'] ? ` (${String(response.headers['content-encoding'])})` : ''}`,
        );
      }

      const fixturesPath = path.join(scratch, 'fixtures.json');
      fs.writeFileSync(fixturesPath, JSON.stringify(captured));
      const barePort = await freePort();
      const bareUrl = `http://127.0.0.1:${barePort}`;
      const bare = await spawnUntilHealthy(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(REPO_ROOT, 'bench/lib/bare-server.ts'),
          fixturesPath,
          String(barePort),
        ],
        { env: process.env, healthUrl: bareUrl + (ENDPOINTS[0]?.path ?? '/') },
      );
      try {
        for (const endpoint of ENDPOINTS) {
          const headers = {
            authorization,
            ...(endpoint.encoding === 'br' ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {}),
          };
          const run = async (baseUrl: string, durationS: number) =>
            measureThroughput({
              url: baseUrl + endpoint.path,
              connections: BENCH_CONNECTIONS,
              durationS,
              headers,
            });
          console.log(`[api-reads] ${kind} ${endpoint.path} [${endpoint.encoding}]`);
          await run(app.baseUrl, WARMUP_S);
          const appRun = await run(app.baseUrl, BENCH_DURATION_S);
          await run(bareUrl, WARMUP_S);
          const bareRun = await run(bareUrl, BENCH_DURATION_S);
          const name = `GET ${endpoint.path}${endpoint.encoding === 'br' ? ' (Accept-Encoding br)' : ''}`;
          figures.push(...throughputFigures(name, appRun, bareRun));
          raw.push(describeRun(`app  ${name}`, appRun), describeRun(`bare ${name}`, bareRun));
        }
      } finally {
        await bare.stop();
      }
    } finally {
      const code = await app.stop();
      raw.push(`app exit code after SIGTERM: ${code}`);
    }
  } finally {
    await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return {
    title: `API reads, ${CATALOGUE_COPIES}× demo catalogue, ${label}`,
    method:
      `The real server (the compiled \`apps/api/dist/server.js\` that \`npm start\` runs, signed-in admin) against a bare ` +
      `node:http server replaying the app's captured status, headers and body byte for byte. ` +
      `autocannon, ${BENCH_CONNECTIONS} connections, ${BENCH_DURATION_S} s per run after a ` +
      `${WARMUP_S} s warm-up, same settings for both. Requests/s: higher is better; p99: lower is better.`,
    figures,
    raw,
  };
}

function throughputFigures(name: string, app: ThroughputRun, bare: ThroughputRun): Figure[] {
  const suspect =
    app.failures + bare.failures > 0 ? ` — ${app.failures + bare.failures} failed requests` : '';
  return [
    {
      name: `${name} — requests/s`,
      value: app.requestsPerSecond.toFixed(0),
      baseline: bare.requestsPerSecond.toFixed(0),
      ratio: formatRatio(app.requestsPerSecond, bare.requestsPerSecond),
      note: `higher is better${suspect}`,
    },
    {
      name: `${name} — p99 latency`,
      value: formatMs(app.p99Ms),
      baseline: formatMs(bare.p99Ms),
      ratio: formatRatio(app.p99Ms, bare.p99Ms),
      note: 'lower is better',
    },
  ];
}

function describeRun(label: string, run: ThroughputRun): string {
  const r = run.result;
  return (
    `${label}: ${run.requestsPerSecond.toFixed(1)} req/s, latency p50 ${r.latency.p50} ms, ` +
    `p99 ${r.latency.p99} ms, max ${r.latency.max} ms, 2xx ${r['2xx']}, non-2xx ${r.non2xx}, ` +
    `errors ${r.errors}, timeouts ${r.timeouts}, ${(r.throughput.average / 1024 / 1024).toFixed(1)} MiB/s`
  );
}

if (isEntryPoint(import.meta.url)) {
  for (const section of await benchApiReads()) console.log(section.figures, section.raw.join('\n'));
}

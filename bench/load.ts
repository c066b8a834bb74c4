/**
 * Load test (issue 7, 'Crash safety and load'): a realistic mix against the real server process
 * on the embedded database, with 100 concurrent connections for a fixed time.
 *   - professionals browsing trainings: list pages, category, search, detail, like, related list,
 *     active notices;
 *   - professionals building packages: services, packages, synergy relations, synergy
 *     suggestions, proposal PDF;
 *   - admins editing: PATCH a service, create and delete a notice, lists.
 * Passes only with zero errors: every answer 2xx, no timeout, no socket error, no error logged by
 * the server, and the server still healthy and stopping cleanly afterwards. Prints p50/p99
 * latency per route group.
 *   npm run test:load                 (LOAD_DURATION=15 s by default, as in CI)
 *   LOAD_DURATION=60 npm run test:load
 *   LOAD_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=bench/.tmp/prof' npm run test:load
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import autocannon, {
  type AutocannonClient,
  type AutocannonRequest,
  type AutocannonRequestStep,
} from 'autocannon';
import {
  NOTICE_CATEGORIES,
  TRAINING_CATEGORIES,
  type Package,
  type ProposalPdfPayload,
  type Service,
  type Training,
} from '@portal/domain';
import { scratchDir } from './lib/databases.ts';
import { BENCH_ADMIN, isEntryPoint, positiveNumber } from './lib/env.ts';
import { httpRequest, loginToken, postJson, startApiServer } from './lib/processes.ts';
import { percentile } from './lib/stats.ts';

const DURATION_S = positiveNumber('LOAD_DURATION', 15);
const CONNECTIONS = Math.round(positiveNumber('LOAD_CONNECTIONS', 100));
const TIMEOUT_S = 10;
const ADMINS = 4;
/** One connection in ten is an admin; the rest split between browsing and building. */
const ADMIN_EVERY = 10;
/**
 * One professional per connection that is not an admin: PDFs and AI suggestions are limited per
 * user and minute (apps/api/src/http/rate-limits.ts), as a person works, not as a shared robot.
 */
const PROFESSIONALS = CONNECTIONS - Math.ceil(CONNECTIONS / ADMIN_EVERY);
const USER_PASSWORD = 'Senha-carga-2026!';

interface Catalogue {
  services: Service[];
  packages: Package[];
  trainings: Training[];
  searchTerms: string[];
}

interface GroupStats {
  latenciesMs: number[];
  statuses: Map<number, number>;
}

/** Per route group latencies and statuses (autocannon's own histogram mixes every route). */
class GroupRecorder {
  readonly groups = new Map<string, GroupStats>();
  /** Set by a step's onResponse, read by the instance's 'response' event that follows at once. */
  private answered: string | undefined;

  onResponse(group: string, status: number): void {
    let stats = this.groups.get(group);
    if (!stats) {
      stats = { latenciesMs: [], statuses: new Map() };
      this.groups.set(group, stats);
    }
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    this.answered = group;
  }

  onLatency(ms: number): void {
    if (this.answered === undefined) return;
    this.groups.get(this.answered)?.latenciesMs.push(ms);
    this.answered = undefined;
  }
}

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};
const pickSome = <T>(items: readonly T[], count: number): T[] =>
  [...items].sort(() => Math.random() - 0.5).slice(0, count);

type Context = Record<string, unknown>;

/** A step of a journey: what to send, given the connection's context. */
interface Step {
  group: string;
  build(context: Context): { method: string; path: string; body?: unknown };
  /** Reads the answer (e.g. the id of a created notice) into the context. */
  read?(body: string, context: Context): void;
}

function toRequests(
  steps: Step[],
  token: string,
  recorder: GroupRecorder,
): AutocannonRequestStep[] {
  return steps.map((step) => ({
    method: 'GET',
    path: '/',
    setupRequest(request: AutocannonRequest, context: Context): AutocannonRequest {
      const { method, path, body } = step.build(context);
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      // Fastify refuses an empty body declared as JSON, so the header goes only with a body.
      if (body !== undefined) headers['content-type'] = 'application/json';
      return {
        ...request,
        method,
        path,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : { body: '' }),
      };
    },
    onResponse(status: number, body: string, context: Context) {
      recorder.onResponse(step.group, status);
      if (status >= 200 && status < 300) step.read?.(body, context);
    },
  }));
}

function browsingJourney(catalogue: Catalogue): Step[] {
  const ids = catalogue.trainings.map((t) => t.id);
  return [
    {
      group: 'trainings: list page',
      build: () => ({
        method: 'GET',
        path: `/api/v1/trainings/?limit=24&offset=${pick([0, 0, 24])}&order=${pick(['newest', 'popular'])}`,
      }),
    },
    {
      group: 'trainings: list page',
      build: () => ({
        method: 'GET',
        path: `/api/v1/trainings/?limit=24&offset=0&category=${pick(TRAINING_CATEGORIES)}`,
      }),
    },
    {
      group: 'trainings: search',
      build: () => ({
        method: 'GET',
        path: `/api/v1/trainings/?limit=24&offset=0&q=${encodeURIComponent(pick(catalogue.searchTerms))}`,
      }),
    },
    {
      group: 'trainings: detail',
      build: (context) => {
        context.trainingId = pick(ids);
        return { method: 'GET', path: `/api/v1/trainings/${String(context.trainingId)}` };
      },
    },
    {
      group: 'trainings: like',
      build: (context) => ({
        method: 'POST',
        path: `/api/v1/trainings/${String(context.trainingId ?? pick(ids))}/like`,
      }),
    },
    {
      group: 'trainings: list page',
      build: () => ({
        method: 'GET',
        path: `/api/v1/trainings/?limit=12&offset=0&category=${pick(TRAINING_CATEGORIES)}`,
      }),
    },
    {
      group: 'notices: active',
      build: () => ({ method: 'GET', path: '/api/v1/notices/notices/?active=true' }),
    },
  ];
}

function buildingJourney(catalogue: Catalogue): Step[] {
  const active = catalogue.services.filter((s) => s.status === 'active');
  const activePackages = catalogue.packages.filter((p) => p.status === 'active');
  return [
    { group: 'builder: services', build: () => ({ method: 'GET', path: '/api/v1/services/' }) },
    {
      group: 'builder: packages',
      build: () => ({ method: 'GET', path: '/api/v1/packages/?status_eq=active' }),
    },
    {
      group: 'builder: relations',
      build: () => ({ method: 'GET', path: '/api/v1/services-relations/' }),
    },
    {
      group: 'builder: synergies generate',
      build: () => ({
        method: 'POST',
        path: '/api/v1/synergies/synergies/generate',
        body: {
          procedures: pickSome(active, 2 + Math.floor(Math.random() * 3)).map((s) => ({
            id: s.id,
            name: s.name,
          })),
        },
      }),
    },
    {
      group: 'builder: proposal PDF',
      build: () => {
        const pkg = pick(activePackages);
        const payload: ProposalPdfPayload = {
          client_name: `Cliente ${crypto.randomBytes(2).toString('hex')}`,
          pkg: { id: pkg.id, name: pkg.name, annual_value: pkg.annual_value },
          rows: pickSome(active, 6).map((s) => ({
            id: s.id,
            name: s.name,
            unit: s.value,
            qty: 1 + Math.floor(Math.random() * 4),
            benefits: [s.benefits.benefit1, s.benefits.benefit2, s.benefits.benefit3].filter(
              (b): b is string => typeof b === 'string' && b !== '',
            ),
          })),
          benefit_cards: [
            { title: 'Benefícios do plano', lines: ['Pele mais firme', 'Menos medidas'] },
          ],
          synergy_items: [
            { title: 'Sinergia', description: 'Procedimentos que se potencializam.' },
          ],
        };
        return { method: 'POST', path: '/api/v1/pdf/proposal/download', body: payload };
      },
    },
  ];
}

function adminJourney(catalogue: Catalogue): Step[] {
  return [
    { group: 'admin: lists', build: () => ({ method: 'GET', path: '/api/v1/services/' }) },
    {
      group: 'admin: PATCH service',
      build: () => ({
        method: 'PATCH',
        path: `/api/v1/services/${pick(catalogue.services).id}`,
        body: { description: `Revisado no teste de carga em ${new Date().toISOString()}.` },
      }),
    },
    {
      group: 'admin: create notice',
      build: () => ({
        method: 'POST',
        path: '/api/v1/notices/notices/',
        body: {
          title: `Aviso de carga ${crypto.randomBytes(6).toString('hex')}`,
          text: 'Aviso criado e apagado pelo teste de carga.',
          category: pick(NOTICE_CATEGORIES),
          active: false,
        },
      }),
      read: (body, context) => {
        context.noticeId = (JSON.parse(body) as { id: number }).id;
      },
    },
    {
      group: 'admin: delete notice',
      build: (context) =>
        typeof context.noticeId === 'number'
          ? { method: 'DELETE', path: `/api/v1/notices/notices/${context.noticeId}` }
          : // The create failed (and was counted); keep the journey going with a read.
            { method: 'GET', path: '/api/v1/notices/notices/' },
    },
    { group: 'admin: lists', build: () => ({ method: 'GET', path: '/api/v1/notices/notices/' }) },
  ];
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await httpRequest(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return JSON.parse(response.body.toString('utf8')) as T;
}

async function createUsers(
  baseUrl: string,
  adminToken: string,
  profile: 'professional' | 'admin',
  count: number,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `carga.${profile}.${i}.${crypto.randomBytes(3).toString('hex')}@teste.com.br`;
    await postJson(
      `${baseUrl}/api/v1/users/`,
      {
        name: `Carga ${profile} ${i}`,
        email,
        password: USER_PASSWORD,
        profile,
        status: 'active',
        unit: 'PAULISTA',
      },
      adminToken,
    );
    tokens.push(await loginToken(baseUrl, email, USER_PASSWORD));
  }
  return tokens;
}

export interface LoadResult {
  passed: boolean;
  report: string[];
}

export async function runLoadTest(): Promise<LoadResult> {
  const dataDir = scratchDir('load');
  const report: string[] = [];
  const problems: string[] = [];
  console.log(`[load] starting the server on an empty embedded database (${dataDir})`);
  const server = await startApiServer({
    dataDir,
    seedDemo: true,
    timeoutMs: 180_000,
    // e.g. LOAD_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=bench/.tmp/prof' to profile the server.
    nodeArgs: (process.env.LOAD_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
  try {
    const adminToken = await loginToken(server.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const professionals = await createUsers(
      server.baseUrl,
      adminToken,
      'professional',
      PROFESSIONALS,
    );
    const admins = await createUsers(server.baseUrl, adminToken, 'admin', ADMINS);
    const trainings = await getJson<Training[]>(
      `${server.baseUrl}/api/v1/trainings/?limit=100`,
      adminToken,
    );
    const catalogue: Catalogue = {
      services: await getJson<Service[]>(`${server.baseUrl}/api/v1/services/`, adminToken),
      packages: await getJson<Package[]>(`${server.baseUrl}/api/v1/packages/`, adminToken),
      trainings,
      searchTerms: [
        ...new Set(
          trainings
            .flatMap((t) => t.title.toLowerCase().split(/[^\p{L}]+/u))
            .filter((w) => w.length >= 5),
        ),
      ].slice(0, 20),
    };
    if (
      catalogue.trainings.length === 0 ||
      catalogue.services.length === 0 ||
      catalogue.packages.length === 0
    ) {
      throw new Error('the demo seed is missing trainings, services or packages');
    }

    const recorder = new GroupRecorder();
    let clientIndex = 0;
    // Each professional has one connection: with `index % PROFESSIONALS` the last building
    // connections (92, 94, …) shared the users of the first ones (2, 4, …), and on a fast run
    // those users passed the per-user limit of 30 PDFs a minute (429s that failed CI).
    let professionalIndex = 0;
    const nextProfessional = () =>
      professionals[professionalIndex++ % PROFESSIONALS] ?? pick(professionals);
    const journeys = { browse: 0, build: 0, admin: 0 };
    console.log(`[load] ${CONNECTIONS} connections for ${DURATION_S} s`);
    const instance = autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: TIMEOUT_S,
      // Every connection is one user on one journey, repeated for the whole run.
      setupClient(client: AutocannonClient) {
        const index = clientIndex++;
        if (index % ADMIN_EVERY === 0) {
          journeys.admin++;
          client.setRequests(toRequests(adminJourney(catalogue), pick(admins), recorder));
        } else if (index % 2 === 1) {
          journeys.browse++;
          client.setRequests(toRequests(browsingJourney(catalogue), nextProfessional(), recorder));
        } else {
          journeys.build++;
          client.setRequests(toRequests(buildingJourney(catalogue), nextProfessional(), recorder));
        }
      },
      // Overridden per connection by setupClient.
      requests: [{ method: 'GET', path: '/api/v1/health' }],
    });
    instance.on('response', (_client, _status, _bytes, responseTime) =>
      recorder.onLatency(responseTime),
    );
    const reqErrors: string[] = [];
    instance.on('reqError', (error) => {
      if (reqErrors.length < 5) reqErrors.push(error.message);
    });
    const result = await instance;

    report.push(
      `Load test: ${CONNECTIONS} connections (${journeys.browse} browsing trainings, ${journeys.build} building packages, ` +
        `${journeys.admin} admins editing), ${DURATION_S} s, embedded database, ${PROFESSIONALS} professionals, ${ADMINS} admins`,
      `total: ${result['2xx'] + result.non2xx} answers, ${result.requests.average.toFixed(1)} req/s, ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
        `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}, resets ${result.resets}`,
      '',
      `${'route group'.padEnd(30)} ${'count'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  statuses`,
    );
    for (const [group, stats] of [...recorder.groups].sort(([a], [b]) => a.localeCompare(b))) {
      const statuses = [...stats.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
      report.push(
        `${group.padEnd(30)} ${String(stats.latenciesMs.length).padStart(6)} ` +
          `${percentile(stats.latenciesMs, 50).toFixed(0).padStart(8)} ${percentile(stats.latenciesMs, 99).toFixed(0).padStart(8)} ` +
          `${Math.max(...stats.latenciesMs)
            .toFixed(0)
            .padStart(8)}  ${statuses}`,
      );
      const failed = [...stats.statuses].filter(([status]) => status < 200 || status >= 300);
      if (failed.length > 0)
        problems.push(`${group}: non-2xx answers ${failed.map(([s, c]) => `${s}×${c}`).join(' ')}`);
    }
    if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx answers`);
    if (result.errors > 0)
      problems.push(`${result.errors} connection errors (${reqErrors.join('; ')})`);
    if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts (> ${TIMEOUT_S} s)`);
    if (result.mismatches > 0) problems.push(`${result.mismatches} body mismatches`);
    if (result['2xx'] === 0) problems.push('no request succeeded');
    for (const group of [
      'trainings: like',
      'builder: proposal PDF',
      'admin: create notice',
      'admin: delete notice',
    ]) {
      if (!recorder.groups.get(group)?.latenciesMs.length)
        problems.push(`no answer recorded for ${group}`);
    }

    const health = await httpRequest(`${server.baseUrl}/api/v1/health`);
    if (health.status !== 200) problems.push(`server unhealthy after the run (${health.status})`);
  } finally {
    const code = await server.stop();
    if (code !== 0) problems.push(`server exit code after SIGTERM: ${code}`);
    // pino writes JSON lines; level 50 is error, 60 fatal.
    const errorLines = server.output
      .join('')
      .split('\n')
      .filter((line) => /"level":\s*(5|6)0\b/.test(line));
    if (errorLines.length > 0) {
      problems.push(
        `${errorLines.length} error lines logged by the server, first: ${errorLines[0]?.slice(0, 1500)}`,
      );
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  report.push(
    '',
    problems.length === 0 ? 'PASS: zero errors' : `FAIL:\n  ${problems.join('\n  ')}`,
  );
  return { passed: problems.length === 0, report };
}

if (isEntryPoint(import.meta.url)) {
  const { passed, report } = await runLoadTest();
  console.log(report.join('\n'));
  process.exitCode = passed ? 0 : 1;
}

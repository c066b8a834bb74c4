/**
 * Issue 29: API Pix webhooks at 200 requests/s, open loop (each request leaves at its scheduled
 * instant, whether or not the earlier ones were answered), against the real server process on
 * PostgreSQL and on the embedded PGlite. 2 000 contracts of 12 instalments on API Pix in one
 * unit; each request is one Pix paying a distinct instalment, and about one in ten is a replay of
 * an earlier body (answered 'repetido'). Latency runs from the scheduled instant to the answer, so
 * a server that falls behind shows it. Budget: p99 under 50 ms on PostgreSQL, the rate held.
 * Baseline: GET /api/v1/health at the same rate.
 *
 * Not part of CI. Standalone: `node --import tsx bench/webhooks.bench.ts`
 * (BENCH_WEBHOOKS_ONLY=pglite|postgres). Environment: BENCH_WEBHOOK_CONTRACTS (2000),
 * BENCH_WEBHOOK_RATE (200 per second), BENCH_WEBHOOK_SECONDS (20), BENCH_WEBHOOK_BASELINE_SECONDS
 * (5), BENCH_WEBHOOK_CPU_PROF (a directory: the server writes a --cpu-prof profile there).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { UNITS } from '@portal/domain';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { prepareDemoDatabase } from './lib/databases.ts';
import { BENCH_ADMIN, isEntryPoint, positiveNumber } from './lib/env.ts';
import { loginToken, startApiServer } from './lib/processes.ts';
import { sectionMarkdown, type BenchSection } from './lib/report.ts';
import { formatMs, formatRatio, percentile } from './lib/stats.ts';

const CONTRACTS = positiveNumber('BENCH_WEBHOOK_CONTRACTS', 2000);
const RATE = positiveNumber('BENCH_WEBHOOK_RATE', 200);
const SECONDS = positiveNumber('BENCH_WEBHOOK_SECONDS', 20);
const BASELINE_SECONDS = positiveNumber('BENCH_WEBHOOK_BASELINE_SECONDS', 5);
/** Unmeasured requests first, at the same rate: the server's code warms up. */
const WARMUP_SECONDS = 2;
const REPLAY_SHARE = 0.1;
const BUDGET_MS = 50;
const UNIT = UNITS[0];
const SECRET = 'segredo-do-webhook-do-bench-0123456789';
const AMOUNT = '100.00';

/** Contracts on API Pix in UNIT with 12 instalments each, charges sent, due in the future. */
async function fill(database: Database): Promise<string[]> {
  const span = `generate_series(1, ${CONTRACTS}) AS g`;
  await database.query(
    `INSERT INTO clients (full_name, unit, phone)
     SELECT 'Cliente Webhook ' || g, '${UNIT}', '(11) 9' || lpad(g::text, 8, '0') FROM ${span}`,
  );
  await database.query(
    `INSERT INTO proposals (number, version, client_id, author_name, unit, status, valid_days,
       valid_until, client_name, package_name, annual_value, snapshot, min_margin_pct,
       answered_at, created_at, updated_at)
     SELECT '2032-' || lpad(substr(c.full_name, 17), 7, '0'), 1, c.id, 'Bench', c.unit,
            'accepted', 7, now(), c.full_name, 'Pacote', 1200,
            jsonb_build_object('items', '[]'::jsonb, 'totals', '{}'::jsonb, 'warnings', '[]'::jsonb),
            0, now(), now(), now()
       FROM clients c WHERE c.full_name LIKE 'Cliente Webhook %'`,
  );
  await database.query(
    `INSERT INTO contracts (proposal_id, number, client_id, unit, seller_name, package_name,
       channel, accepted_at, valid_from, valid_until, price_total)
     SELECT p.id, p.number, p.client_id, p.unit, 'Bench', 'Pacote', 'presencial', now(),
            current_date, current_date + 364, 1200
       FROM proposals p WHERE p.number LIKE '2032-%'`,
  );
  await database.query(
    `INSERT INTO payment_plans (contract_id, method, installments, due_day, total)
     SELECT c.id, 'api_pix', 12, 10, 1200 FROM contracts c WHERE c.number LIKE '2032-%'`,
  );
  // Due from next month on, so no job of the server (overdue, charge window) touches them.
  await database.query(
    `INSERT INTO installments (plan_id, contract_id, n, due_date, amount, txid, base_status, status)
     SELECT pl.id, c.id, n, current_date + 30 * n, 100,
            'WEBHOOK' || lpad(c.id::text, 8, '0') || 'N' || lpad(n::text, 2, '0'),
            'solicitada', 'solicitada'
       FROM contracts c JOIN payment_plans pl ON pl.contract_id = c.id
       CROSS JOIN generate_series(1, 12) AS n
      WHERE c.number LIKE '2032-%'`,
  );
  for (const table of ['clients', 'proposals', 'contracts', 'payment_plans', 'installments']) {
    await database.query(`VACUUM ANALYZE ${table}`);
  }
  const rows = await database.query<{ txid: string }>(
    `SELECT txid FROM installments WHERE txid LIKE 'WEBHOOK%' ORDER BY id`,
  );
  return rows.map((row) => row.txid);
}

/** mulberry32: the same order of instalments and replays on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Outcome {
  /** From each request's scheduled instant to its answer. */
  latencies: number[];
  /** From the moment it was actually sent (leaves out this process's own stalls). */
  fromSend: number[];
  statuses: Map<string, number>;
  errors: number;
  /** From the first scheduled instant to the last answer. */
  elapsedMs: number;
  /** How late the generator sent, worst case (it shares the machine with the server). */
  worstSendLagMs: number;
}

/**
 * Sends `count` requests at `rate` per second on keep-alive connections, never waiting for an
 * answer before the next is due. `label` names each answer (status and result) for the counts.
 */
async function openLoop(
  count: number,
  rate: number,
  request: (i: number) => { method: string; path: string; body?: string },
  baseUrl: string,
  label: (status: number, body: string) => string,
): Promise<Outcome> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const fromSend: number[] = [];
  const statuses = new Map<string, number>();
  let errors = 0;
  let worstSendLagMs = 0;
  let lastAnswer = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now() + 50;
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      const { method, path, body } = request(i);
      const req = http.request(
        `${baseUrl}${path}`,
        {
          method,
          agent,
          headers: body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {},
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const now = performance.now();
            lastAnswer = now;
            latencies.push(now - due);
            fromSend.push(now - sentAt);
            const key = label(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'));
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
  for (let i = 0; i < count;) {
    const now = performance.now();
    while (i < count && start + i * interval <= now) {
      const due = start + i * interval;
      worstSendLagMs = Math.max(worstSendLagMs, now - due);
      pending.push(send(i, due));
      i += 1;
    }
    if (i < count) {
      const wait = start + i * interval - performance.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    }
  }
  await Promise.all(pending);
  agent.destroy();
  return {
    latencies,
    fromSend,
    statuses,
    errors,
    elapsedMs: lastAnswer - start,
    worstSendLagMs,
  };
}

const e2eidOf = (random: () => number) =>
  `E${Array.from({ length: 31 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(random() * 32)]).join('')}`;

async function benchOn(kind: 'pglite' | 'postgres'): Promise<BenchSection> {
  const prepared = await prepareDemoDatabase({ kind });
  try {
    const database = await openDatabase(
      prepared.databaseUrl
        ? { databaseUrl: prepared.databaseUrl }
        : { dataDir: prepared.dataDir ?? '' },
    );
    const fillStarted = performance.now();
    let txids: string[];
    try {
      txids = await fill(database);
    } finally {
      // PGlite: one process per data directory; the server opens it next.
      await database.close();
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const profileDir = process.env.BENCH_WEBHOOK_CPU_PROF;
    const server = await startApiServer({
      ...(prepared.dataDir ? { dataDir: prepared.dataDir } : {}),
      ...(prepared.databaseUrl ? { databaseUrl: prepared.databaseUrl } : {}),
      seedDemo: false,
      ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    });
    try {
      const token = await loginToken(server.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
      // API Pix for the unit (no call reaches these addresses: charges are already 'solicitada').
      const settings = await fetch(
        `${server.baseUrl}/api/v1/units/${encodeURIComponent(UNIT)}/billing`,
        {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            provider: 'api_pix',
            pix_key: '123e4567-e12b-12d1-a456-426655440000',
            api_base_url: 'http://127.0.0.1:9/api/v2',
            api_token_url: 'http://127.0.0.1:9/oauth/token',
            api_client_id: 'bench',
            api_client_secret: 'bench-secret',
            webhook_secret: SECRET,
          }),
        },
      );
      if (settings.status !== 200) {
        throw new Error(`PATCH billing: ${settings.status} ${await settings.text()}`);
      }

      const random = seeded(20261128);
      const order = [...txids];
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j] ?? '', order[i] ?? ''];
      }
      const warmup = Math.round(WARMUP_SECONDS * RATE);
      const measured = Math.round(SECONDS * RATE);
      if (warmup + measured > order.length) {
        throw new Error(`${order.length} instalments for ${warmup + measured} requests`);
      }
      const path = `/api/v1/payments/webhooks/api_pix?unidade=${encodeURIComponent(UNIT)}&segredo=${SECRET}&ignorar=/pix`;
      const sent: string[] = [];
      let next = 0;
      let replays = 0;
      const webhook = () => {
        let body: string;
        const earlier = sent[Math.floor(random() * sent.length)];
        if (earlier && random() < REPLAY_SHARE) {
          body = earlier;
          replays += 1;
        } else {
          const txid = order[next] ?? '';
          next += 1;
          body = JSON.stringify({
            pix: [
              {
                endToEndId: e2eidOf(random),
                txid,
                valor: AMOUNT,
                horario: new Date().toISOString(),
              },
            ],
          });
          sent.push(body);
        }
        return { method: 'POST', path, body };
      };
      const result = (status: number, text: string) => {
        try {
          const parsed = JSON.parse(text) as { results?: { result: string }[] };
          return `${status} ${parsed.results?.[0]?.result ?? ''}`.trim();
        } catch {
          return String(status);
        }
      };
      await openLoop(warmup, RATE, webhook, server.baseUrl, result);
      replays = 0;
      const run = await openLoop(measured, RATE, webhook, server.baseUrl, result);
      const baseline = await openLoop(
        Math.round(BASELINE_SECONDS * RATE),
        RATE,
        () => ({ method: 'GET', path: '/api/v1/health' }),
        server.baseUrl,
        (status) => String(status),
      );

      const achieved = (run.latencies.length * 1000) / run.elapsedMs;
      const ok = (run.statuses.get('200 aplicado') ?? 0) + (run.statuses.get('200 repetido') ?? 0);
      const held = run.errors === 0 && ok === measured && achieved >= RATE * 0.98;
      const p = (samples: number[], q: number) => percentile(samples, q);
      const label = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (DATABASE_URL)';
      const figures = [50, 95, 99].map((q) => ({
        name: `POST /payments/webhooks/api_pix at ${RATE}/s — p${q} latency`,
        value: formatMs(p(run.latencies, q)),
        baseline: formatMs(p(baseline.latencies, q)),
        ratio: formatRatio(p(run.latencies, q), p(baseline.latencies, q)),
        note: 'lower is better',
      }));
      figures.push({
        name: `POST /payments/webhooks/api_pix at ${RATE}/s — p99 from the actual send`,
        value: formatMs(p(run.fromSend, 99)),
        baseline: formatMs(p(baseline.fromSend, 99)),
        ratio: formatRatio(p(run.fromSend, 99), p(baseline.fromSend, 99)),
        note: `lower is better; leaves out the sender's own stalls (worst ${formatMs(run.worstSendLagMs)})`,
      });
      figures.push({
        name: `POST /payments/webhooks/api_pix — achieved rate`,
        value: `${achieved.toFixed(1)}/s`,
        baseline: `${RATE}/s (offered)`,
        ratio: formatRatio(achieved, RATE),
        note: `higher is better; ${run.errors} errors; answers ${JSON.stringify(Object.fromEntries(run.statuses))}`,
      });
      return {
        title: `Webhooks (issue 29), ${RATE}/s for ${SECONDS} s, ${CONTRACTS} contracts × 12 instalments, ${label}`,
        method: `Open loop from this process to the compiled server (its own process): ${measured} POSTs of one Pix each, a distinct instalment per new Pix and ${replays} replays of earlier bodies, after ${warmup} unmeasured ones; latency from each request's scheduled instant. Baseline: GET /api/v1/health at the same rate for ${BASELINE_SECONDS} s. Rows made with generate_series in ${fillSeconds.toFixed(1)} s.`,
        figures,
        // The budget is PostgreSQL's; PGlite's figures are for comparison.
        ...(kind === 'postgres'
          ? {
              budgets: [
                {
                  name: `webhooks at ${RATE}/s, p99 (${label})`,
                  measured: formatMs(p(run.latencies, 99)),
                  budget: `${BUDGET_MS} ms`,
                  passed: p(run.latencies, 99) < BUDGET_MS,
                },
                {
                  name: `webhooks, ${RATE}/s held without errors (${label})`,
                  measured: `${achieved.toFixed(1)}/s, ${run.errors} errors, ${measured - ok} not 200`,
                  budget: `≥ ${(RATE * 0.98).toFixed(0)}/s, 0 errors`,
                  passed: held,
                },
              ],
            }
          : {}),
        raw: [
          `webhook ms: p50 ${p(run.latencies, 50).toFixed(2)} p95 ${p(run.latencies, 95).toFixed(2)} p99 ${p(run.latencies, 99).toFixed(2)} max ${p(run.latencies, 100).toFixed(2)}`,
          `webhook ms from send: p50 ${p(run.fromSend, 50).toFixed(2)} p95 ${p(run.fromSend, 95).toFixed(2)} p99 ${p(run.fromSend, 99).toFixed(2)} max ${p(run.fromSend, 100).toFixed(2)}`,
          `health ms: p50 ${p(baseline.latencies, 50).toFixed(2)} p95 ${p(baseline.latencies, 95).toFixed(2)} p99 ${p(baseline.latencies, 99).toFixed(2)} max ${p(baseline.latencies, 100).toFixed(2)}`,
          `answers ${JSON.stringify(Object.fromEntries(run.statuses))}; errors ${run.errors}; replays ${replays}`,
          `achieved ${achieved.toFixed(1)}/s over ${(run.elapsedMs / 1000).toFixed(2)} s; worst send lag ${run.worstSendLagMs.toFixed(1)} ms`,
          `instalments ${txids.length}; fill ${fillSeconds.toFixed(1)} s`,
        ],
      };
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.drop();
  }
}

export async function benchWebhooks(): Promise<BenchSection[]> {
  const sections = [await benchOn('pglite')];
  if (process.env.DATABASE_URL) sections.push(await benchOn('postgres'));
  return sections;
}

if (isEntryPoint(import.meta.url)) {
  const only = process.env.BENCH_WEBHOOKS_ONLY;
  const sections =
    only === 'postgres' || only === 'pglite' ? [await benchOn(only)] : await benchWebhooks();
  console.log(sections.map(sectionMarkdown).join('\n'));
}

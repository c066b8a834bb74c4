/**
 * Issue 27: a cheap request of one user while another user saturates the heavy reads. The app
 * in process on the embedded PGlite with BENCH_HEAVY_PROPOSALS proposals (default 20 000), one
 * client holding BENCH_HEAVY_CLIENT_PROPOSALS of them (default 2 000). `GET /api/v1/auth/me` of a
 * professional is timed one request after another, alone, then while an admin runs 12
 * concurrent loops over the heavy routes (a year's dashboard, its CSV, pipeline, renewals,
 * liability, a deep offset, the big client's export); a loop refused with 429 waits 50 ms.
 *
 * Three runs: "before" with no bound (an in-flight limiter that always grants and a per-minute
 * counter that never counts heavyRead, flags of this bench only), "in-flight bound" (the bound,
 * the per-minute rate still off) and "as shipped" (both). Target: cheap p50 within 2× of alone.
 * Standalone: `node --import tsx bench/heavy-reads.bench.ts`; prints the section's markdown.
 */
import { buildApp } from '../apps/api/src/app.ts';
import { MemoryAttemptLimiter, type AttemptLimiter } from '../apps/api/src/auth/attempt-limiter.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import {
  HEAVY_READS_IN_FLIGHT,
  MemoryInFlightLimiter,
  type InFlightLimiter,
} from '../apps/api/src/http/heavy-reads.ts';
import { usersService } from '../apps/api/src/modules/people/users/service.ts';
import { saoPauloDate } from '@portal/domain';
import { fillPeople, fillProposals } from './dashboard.bench.ts';
import { prepareDemoDatabase } from './lib/databases.ts';
import {
  BENCH_ADMIN,
  BENCH_AUDIT_KEY,
  BENCH_JWT_SECRET,
  isEntryPoint,
  machineDescription,
  positiveNumber,
} from './lib/env.ts';
import { sectionMarkdown, type BenchSection, type Figure } from './lib/report.ts';
import { formatMs, formatRatio, percentile } from './lib/stats.ts';

const PROPOSALS = positiveNumber('BENCH_HEAVY_PROPOSALS', 20_000);
const CLIENT_PROPOSALS = positiveNumber('BENCH_HEAVY_CLIENT_PROPOSALS', 2_000);
const LOAD_SECONDS = positiveNumber('BENCH_HEAVY_SECONDS', 10);
const LOOPS = 12;
const IDLE_SAMPLES = 200;
const RETRY_PAUSE_MS = 50;

/** No bound: every heavy read granted (this bench's "before"). */
const unbounded: InFlightLimiter = { acquire: async () => async () => undefined };

/** The app's counters, except that the heavyRead group never counts (this bench only). */
function withoutHeavyRate(limiter: AttemptLimiter): AttemptLimiter {
  return {
    hit: (key, windowMs) =>
      key.startsWith('rate:heavyRead:')
        ? Promise.resolve({ count: 1, retryAfterMs: windowMs })
        : limiter.hit(key, windowMs),
    peek: (key) => limiter.peek(key),
    undo: (key) => limiter.undo(key),
    reset: (key) => limiter.reset(key),
  };
}

interface Run {
  name: string;
  heavyReads: InFlightLimiter;
  heavyRate: boolean;
}

interface RunResult {
  name: string;
  alone: number[];
  under: number[];
  statuses: Record<string, number>;
}

export async function benchHeavyReads(): Promise<BenchSection> {
  const prepared = await prepareDemoDatabase({ kind: 'pglite' });
  const database = await openDatabase({ dataDir: prepared.dataDir ?? '' });
  try {
    const fillStarted = performance.now();
    await fillPeople(database);
    for (let first = 1; first <= PROPOSALS; first += 20_000) {
      await fillProposals(database, first, Math.min(PROPOSALS, first + 19_999));
    }
    // One client with many proposals: the export that "never answered" (issue 27).
    const [big] = await database.query<{ id: number }>(
      'SELECT client_id AS id FROM proposals ORDER BY id LIMIT 1',
    );
    await database.query(
      `INSERT INTO proposals (number, version, client_id, package_id, author_id, author_name, unit,
         status, valid_days, valid_until, client_name, package_name, annual_value, snapshot,
         min_margin_pct, created_at, updated_at)
       SELECT '2027-' || lpad(g::text, 6, '0'), 1, p.client_id, p.package_id, p.author_id,
         p.author_name, p.unit, 'draft', 7, now(), p.client_name, p.package_name, p.annual_value,
         p.snapshot, p.min_margin_pct, now() - g * interval '1 hour', now()
         FROM proposals p, generate_series(1, $2::int) AS g WHERE p.id = (
           SELECT min(id) FROM proposals WHERE client_id = $1)`,
      [big?.id, CLIENT_PROPOSALS],
    );
    for (const table of ['proposals', 'proposal_items', 'sales_summary']) {
      await database.query(`VACUUM ANALYZE ${table}`);
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const cheapUser = await usersService.create(database.db, {
      name: 'Profissional Barata',
      email: 'barata@bench.example.com',
      password: BENCH_ADMIN.password,
      phone: null,
      unit: 'PAULISTA',
      profile: 'professional',
      status: 'active',
      profile_photo: null,
    });

    const config = loadConfig({ JWT_SECRET: BENCH_JWT_SECRET, DATA_DIR: prepared.dataDir ?? '' });
    const to = saoPauloDate(new Date());
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const month = to.slice(0, 7);
    const heavyUrls = [
      `/api/v1/dashboard/sales?from=${from}&to=${to}`,
      `/api/v1/dashboard/sales.csv?from=${from}&to=${to}`,
      '/api/v1/proposals/pipeline',
      '/api/v1/renewals/',
      `/api/v1/reports/liability?from=${from.slice(0, 7)}&to=${month}`,
      '/api/v1/proposals/?offset=15000&limit=100',
      `/api/v1/clients/${big?.id}/export`,
    ];

    const runs: Run[] = [
      { name: 'before (no bound)', heavyReads: unbounded, heavyRate: false },
      {
        name: `in-flight bound (${HEAVY_READS_IN_FLIGHT} per user)`,
        heavyReads: new MemoryInFlightLimiter(),
        heavyRate: false,
      },
      {
        name: 'as shipped (bound + heavyRead rate)',
        heavyReads: new MemoryInFlightLimiter(),
        heavyRate: true,
      },
    ];
    const results: RunResult[] = [];
    for (const run of runs) {
      const counters = new MemoryAttemptLimiter();
      const app = await buildApp({
        config,
        database,
        logger: false,
        auditKey: BENCH_AUDIT_KEY,
        heavyReads: run.heavyReads,
        loginLimiter: run.heavyRate ? counters : withoutHeavyRate(counters),
      });
      try {
        const login = async (email: string) =>
          (
            (
              await app.inject({
                method: 'POST',
                url: '/api/v1/auth/login',
                payload: { email, password: BENCH_ADMIN.password },
              })
            ).json() as { access_token: string }
          ).access_token;
        const heavyToken = await login(BENCH_ADMIN.email);
        const cheapToken = await login(cheapUser.email);
        const cheap = async () => {
          const started = performance.now();
          const res = await app.inject({
            method: 'GET',
            url: '/api/v1/auth/me',
            headers: { authorization: `Bearer ${cheapToken}` },
          });
          if (res.statusCode !== 200) throw new Error(`/auth/me answered ${res.statusCode}`);
          return performance.now() - started;
        };
        for (let i = 0; i < 20; i++) await cheap();
        const alone: number[] = [];
        for (let i = 0; i < IDLE_SAMPLES; i++) alone.push(await cheap());

        console.log(`[heavy-reads] ${run.name}: ${LOOPS} heavy loops for ${LOAD_SECONDS} s`);
        const statuses: Record<string, number> = {};
        const endsAt = performance.now() + LOAD_SECONDS * 1000;
        const loops = Array.from({ length: LOOPS }, async (_, loop) => {
          for (let i = loop; performance.now() < endsAt; i++) {
            const url = heavyUrls[i % heavyUrls.length] ?? '/';
            const res = await app
              .inject({ method: 'GET', url, headers: { authorization: `Bearer ${heavyToken}` } })
              .catch((error: unknown) => {
                // An answer broken off mid-way (a stream that failed): counted, not fatal.
                const key = `broken ${url.split('?')[0]}: ${String(error)}`;
                statuses[key] = (statuses[key] ?? 0) + 1;
                return undefined;
              });
            if (!res) continue;
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            if (res.statusCode === 429) {
              await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
            }
          }
        });
        const under: number[] = [];
        while (performance.now() < endsAt) under.push(await cheap());
        await Promise.all(loops);
        results.push({ name: run.name, alone, under, statuses });
      } finally {
        await app.close();
      }
    }

    const figures: Figure[] = results.map((r) => ({
      name: `GET /api/v1/auth/me p50 during ${LOOPS} heavy loops — ${r.name}`,
      value: formatMs(percentile(r.under, 50)),
      baseline: formatMs(percentile(r.alone, 50)),
      ratio: formatRatio(percentile(r.under, 50), percentile(r.alone, 50)),
      note: 'lower is better; baseline: the same request alone, same run; target ≤ 2×',
    }));
    const raw = results.flatMap((r) => [
      `${r.name}: alone ${r.alone.length} samples p50 ${formatMs(percentile(r.alone, 50))} p99 ${formatMs(percentile(r.alone, 99))}; ` +
        `under load ${r.under.length} samples p50 ${formatMs(percentile(r.under, 50))} p99 ${formatMs(percentile(r.under, 99))} max ${formatMs(Math.max(...r.under))}`,
      `${r.name}: heavy answers by status ${JSON.stringify(r.statuses)}`,
    ]);
    raw.push(
      `rows: ${PROPOSALS} proposals + ${CLIENT_PROPOSALS} of one client; fill ${fillSeconds.toFixed(1)} s`,
      `machine: ${machineDescription()}`,
    );
    return {
      title: `Cheap read while one user saturates the heavy reads (issue 27), embedded PGlite`,
      method:
        `The app in process (app.inject), ${PROPOSALS} proposals and one client with ${CLIENT_PROPOSALS}. ` +
        `A professional's \`GET /api/v1/auth/me\` is timed back to back for ${LOAD_SECONDS} s while an admin runs ${LOOPS} ` +
        `concurrent loops over ${heavyUrls.length} heavy routes (a 429 waits ${RETRY_PAUSE_MS} ms); baseline: ${IDLE_SAMPLES} of the same ` +
        'request alone just before, in the same app. Before = no bound (a flag of this bench only).',
      figures,
      budgets: results.slice(1).map((r) => ({
        name: `cheap p50 under heavy load within 2× of alone — ${r.name}`,
        measured: formatRatio(percentile(r.under, 50), percentile(r.alone, 50)),
        budget: '2×',
        passed: percentile(r.under, 50) <= 2 * percentile(r.alone, 50),
      })),
      raw,
    };
  } finally {
    await database.close();
    await prepared.drop();
  }
}

if (isEntryPoint(import.meta.url)) {
  console.log(sectionMarkdown(await benchHeavyReads()));
}

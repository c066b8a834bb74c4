/**
 * Issue 14: the managers' dashboard for a whole year of the whole network
 * (GET /api/v1/dashboard/sales?from=…&to=…, as an admin) over 200 000 proposals and 2 million
 * items (10 per proposal, in the snapshot and in proposal_items) across 14 units and 300
 * professionals, median over sequential requests through the app in process, on the embedded
 * PGlite and, when DATABASE_URL is set, on PostgreSQL. Baseline: a bare
 * `SELECT count(*) FROM proposals` over the same rows, straight on the database. Budgets: 300 ms
 * median on PostgreSQL, 1 s on PGlite.
 *
 * The rows are made with generate_series, a batch per statement (the items trigger of migration
 * 0012 runs once per statement). Standalone: `node --import tsx bench/dashboard.bench.ts`.
 * Environment: BENCH_DASHBOARD_PROPOSALS (default 200000), BENCH_DASHBOARD_SAMPLES (default 20).
 */
import { addDays, saoPauloDate, UNITS } from '@portal/domain';
import type { Database } from '../apps/api/src/db/client.ts';
import { openInProcessApp } from './lib/in-process-app.ts';
import { prepareDemoDatabase, type PreparedDatabase } from './lib/databases.ts';
import { BENCH_ADMIN, positiveNumber } from './lib/env.ts';
import { sectionMarkdown, type BenchSection } from './lib/report.ts';
import { formatMs, formatRatio, median, percentile } from './lib/stats.ts';

const ROWS = positiveNumber('BENCH_DASHBOARD_PROPOSALS', 200_000);
const SAMPLES = positiveNumber('BENCH_DASHBOARD_SAMPLES', 20);
const ITEMS_PER_PROPOSAL = 10;
const PROFESSIONALS = 300;
const CLIENTS = 20_000;
const BATCH = 20_000;
const BUDGET_MS = { pglite: 1000, postgres: 300 } as const;

/** 300 professionals over the 14 units and 20 000 clients, set-based. */
export async function fillPeople(database: Database): Promise<void> {
  const units = `ARRAY[${UNITS.map((unit) => `'${unit}'`).join(', ')}]`;
  await database.query(
    `INSERT INTO users (name, email, profile, unit, status, password_hash)
     SELECT 'Profissional ' || g, 'prof' || g || '@bench.example', 'professional',
            (${units})[1 + g % 14], 'active', 'x'
       FROM generate_series(1, $1::int) AS g`,
    [PROFESSIONALS],
  );
  await database.query(
    `INSERT INTO clients (full_name, unit)
     SELECT 'Cliente ' || g, (${units})[1 + g % 14] FROM generate_series(1, $1::int) AS g`,
    [CLIENTS],
  );
}

/**
 * Proposals `first`..`last`: author, unit (the author's), client of that unit, status mix, dates
 * over the last 365 days, and a snapshot of 10 demo procedures with its totals.
 */
export async function fillProposals(
  database: Database,
  first: number,
  last: number,
): Promise<void> {
  await database.query(
    `WITH svc AS (SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, name, block,
                         value, cost FROM services),
          n AS (SELECT count(*)::int AS c FROM svc),
          prof AS (SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, name, unit
                     FROM users WHERE email LIKE '%@bench.example'),
          cli AS (SELECT (row_number() OVER (PARTITION BY unit ORDER BY id) - 1)::int AS k, id,
                         full_name, unit FROM clients),
          pkg AS (SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, name
                    FROM packages),
          pn AS (SELECT count(*)::int AS c FROM pkg)
     INSERT INTO proposals (number, version, client_id, package_id, author_id, author_name, unit,
       status, valid_days, valid_until, client_name, package_name, annual_value, snapshot,
       min_margin_pct, sent_at, viewed_at, answered_at, decline_reason_code, declined_by,
       created_at, updated_at)
     SELECT '2026-' || lpad(g::text, 6, '0'), 1, c.id, pk.id, pr.id, pr.name, pr.unit,
       st.status, 7, t.created + interval '7 days', c.full_name, pk.name, s.annual,
       jsonb_build_object(
         'package', jsonb_build_object('id', pk.id, 'name', pk.name, 'annual_value', s.annual),
         'items', s.items,
         -- Every figure of proposalTotalsSchema, as DESIGN.md section 6 computes them: a
         -- stored snapshot the API answers (a list, an export) must serialize.
         'totals', jsonb_build_object('annual', s.annual, 'monthly', round(s.annual / 12, 2),
           'servicesTotalValue', s.standalone, 'discount', s.standalone - s.annual,
           'discountPct', (1 - s.annual / s.standalone) * 100,
           'receitaLiquida', round(0.7 * s.annual, 2), 'lucro', round(0.7 * s.annual - s.cost, 2),
           'margemPct', (0.7 * s.annual - s.cost) / s.annual * 100,
           'monthlyRemaining', round(s.annual / 12, 2)),
         'warnings', '[]'::jsonb),
       (g % 40)::numeric,
       CASE WHEN st.status <> 'draft' THEN t.created + interval '1 hour' END,
       CASE WHEN st.status IN ('viewed', 'accepted', 'declined') AND g % 2 = 0
            THEN t.created + interval '2 hours' END,
       CASE WHEN st.status IN ('accepted', 'declined') THEN t.created + interval '1 day' END,
       CASE WHEN st.status = 'declined'
            THEN (ARRAY['preco', 'prazo', 'concorrente', 'sem_interesse', 'saude', 'outro'])[1 + g % 6]
       END,
       CASE WHEN st.status = 'declined' THEN 'staff' END,
       t.created, t.created
     FROM generate_series($1::int, $2::int) AS g
     CROSS JOIN n CROSS JOIN pn
     CROSS JOIN LATERAL (SELECT now() - (g % 365) * interval '1 day'
                                - (g % 86400) * interval '1 second' AS created) t
     CROSS JOIN LATERAL (SELECT (ARRAY['draft', 'sent', 'viewed', 'accepted', 'accepted',
                                       'accepted', 'declined', 'declined', 'sent', 'viewed'])
                                [1 + g % 10] AS status) st
     JOIN prof pr ON pr.k = g % ${PROFESSIONALS}
     JOIN cli c ON c.unit = pr.unit AND c.k = (g / ${PROFESSIONALS}) % (${CLIENTS} / 14)
     JOIN pkg pk ON pk.k = g % pn.c
     CROSS JOIN LATERAL (
       SELECT jsonb_agg(jsonb_build_object('service_id', v.id, 'name', v.name, 'block', v.block,
                'sessions', 1 + (g + i) % 2, 'unit_value', v.value,
                'total_value', v.value * (1 + (g + i) % 2), 'unit_cost', v.cost,
                'total_cost', v.cost * (1 + (g + i) % 2), 'traits', '[]'::jsonb) ORDER BY i)
                AS items,
              sum(v.value * (1 + (g + i) % 2)) AS standalone,
              sum(v.cost * (1 + (g + i) % 2)) AS cost,
              round(sum(v.value * (1 + (g + i) % 2)) * (0.7 + (g % 20) / 100.0), 2) AS annual
         FROM generate_series(0, ${ITEMS_PER_PROPOSAL - 1}) AS i
         JOIN svc v ON v.k = (g * 7 + i * 13) % n.c) s`,
    [first, last],
  );
}

async function timed(run: () => Promise<number>, samples: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<BenchSection> {
  const prepared: PreparedDatabase = await prepareDemoDatabase({ kind });
  const { database, app } = await openInProcessApp(prepared);
  try {
    const fillStarted = performance.now();
    await fillPeople(database);
    for (let first = 1; first <= ROWS; first += BATCH) {
      await fillProposals(database, first, Math.min(ROWS, first + BATCH - 1));
    }
    // The bulk fill updated each summary and count row thousands of times in a few transactions;
    // vacuum them as autovacuum would after such a load, like bench/proposals.bench.ts does.
    for (const table of [
      'proposals',
      'proposal_items',
      'proposal_counts',
      'sales_summary',
      'sales_item_summary',
      'sales_package_summary',
    ]) {
      await database.query(`VACUUM ANALYZE ${table}`);
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const [counts] = await database.query<{ proposals: number; items: number; units: number }>(
      `SELECT (SELECT count(*)::int FROM proposals) AS proposals,
              (SELECT count(*)::int FROM proposal_items) AS items,
              (SELECT count(DISTINCT unit)::int FROM proposals) AS units`,
    );

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: BENCH_ADMIN,
    });
    const token = (login.json() as { access_token: string }).access_token;
    const today = saoPauloDate(new Date());
    const year = `from=${addDays(today, -364)}&to=${today}`;
    const get = async (url: string) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.statusCode;
    };
    const network = `/api/v1/dashboard/sales?${year}`;
    const check = JSON.parse(
      (
        await app.inject({
          method: 'GET',
          url: network,
          headers: { authorization: `Bearer ${token}` },
        })
      ).body,
    ) as { proposals_created: number; by_unit: unknown[]; by_professional: unknown[] };
    const dashboard = await timed(() => get(network), SAMPLES);
    const unit = await timed(() => get(`${network}&unit=PAULISTA`), SAMPLES);
    const pipeline = await timed(() => get('/api/v1/proposals/pipeline'), SAMPLES);
    const renewals = await timed(() => get('/api/v1/renewals/?within_days=60'), SAMPLES);
    const count = await timed(async () => {
      await database.query('SELECT count(*) FROM proposals');
      return 200;
    }, SAMPLES);

    const label = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (DATABASE_URL)';
    const base = median(count);
    const figure = (name: string, samples: number[]) => ({
      name: `${name} — median`,
      value: formatMs(median(samples)),
      baseline: formatMs(base),
      ratio: formatRatio(median(samples), base),
      note: `lower is better; p90 ${formatMs(percentile(samples, 90))}`,
    });
    const raw = (name: string, samples: number[]) =>
      `${name} ms: median ${median(samples).toFixed(2)} p90 ${percentile(samples, 90).toFixed(2)} max ${Math.max(...samples).toFixed(2)}`;
    return {
      title: `Managers' dashboard (issue 14), ${counts?.proposals} proposals and ${counts?.items} items, ${label}`,
      method: `${SAMPLES} sequential requests each through the app in process (app.inject, as an admin); a year (${addDays(today, -364)} to ${today}) of the whole network: ${check.proposals_created} proposals counted, ${check.by_unit.length} units, ${check.by_professional.length} professionals. Baseline: a bare \`SELECT count(*) FROM proposals\` over the same rows, straight on the database. Rows made with generate_series in ${fillSeconds.toFixed(0)} s.`,
      figures: [
        figure('GET /api/v1/dashboard/sales, a year, whole network', dashboard),
        figure('GET /api/v1/dashboard/sales, a year, one unit (PAULISTA)', unit),
        figure('GET /api/v1/proposals/pipeline (admin, all units)', pipeline),
        figure('GET /api/v1/renewals/?within_days=60 (admin)', renewals),
      ],
      budgets: [
        {
          name: `dashboard, a year of the network, median (${label})`,
          measured: formatMs(median(dashboard)),
          budget: `${BUDGET_MS[kind]} ms`,
          passed: median(dashboard) < BUDGET_MS[kind],
        },
      ],
      raw: [
        raw('dashboard network', dashboard),
        raw('dashboard unit', unit),
        raw('pipeline', pipeline),
        raw('renewals', renewals),
        raw('SELECT count(*)', count),
        `rows: ${JSON.stringify(counts)}; fill ${fillSeconds.toFixed(1)} s`,
      ],
    };
  } finally {
    await app.close();
    await database.close();
    await prepared.drop();
  }
}

export async function benchDashboard(): Promise<BenchSection[]> {
  const sections = [await benchOn('pglite')];
  if (process.env.DATABASE_URL) sections.push(await benchOn('postgres'));
  return sections;
}

if (process.argv[1]?.endsWith('dashboard.bench.ts')) {
  const only = process.env.BENCH_DASHBOARD_ONLY;
  const sections =
    only === 'postgres' || only === 'pglite' ? [await benchOn(only)] : await benchDashboard();
  console.log(sections.map(sectionMarkdown).join('\n'));
}

/**
 * Issue 29: the 'Cobranças' list at the scale of 14 units × 10 000 contracts × 12 instalments
 * (1.68 M instalments, accepted over the last two years, paid up to last month, a few overdue),
 * on the embedded PGlite and, when DATABASE_URL is set, on PostgreSQL. Timed through the app in
 * process, as an admin: a unit's week (what the front desk opens), a unit's overdue, and the
 * network's week. Budget: under 50 ms median each.
 *
 * Rows are made with generate_series. Not part of CI. Standalone:
 * `node --import tsx bench/receivables.bench.ts` (BENCH_RECEIVABLES_ONLY=pglite|postgres).
 * Environment: BENCH_RECEIVABLE_CONTRACTS (default 140000), BENCH_RECEIVABLE_SAMPLES (20).
 */
import { addDays, saoPauloDate, UNITS } from '@portal/domain';
import type { Database } from '../apps/api/src/db/client.ts';
import { openInProcessApp } from './lib/in-process-app.ts';
import { prepareDemoDatabase } from './lib/databases.ts';
import { BENCH_ADMIN, isEntryPoint, positiveNumber } from './lib/env.ts';
import { sectionMarkdown, type BenchSection } from './lib/report.ts';
import { formatMs, formatRatio, median, percentile } from './lib/stats.ts';

const CONTRACTS = positiveNumber('BENCH_RECEIVABLE_CONTRACTS', 140_000);
const SAMPLES = positiveNumber('BENCH_RECEIVABLE_SAMPLES', 20);
const BATCH = 20_000;
const BUDGET_MS = 50;

/** Contracts `first`..`last` (a client and a proposal each), their plans and instalments. */
async function fill(database: Database, first: number, last: number): Promise<void> {
  const units = `ARRAY[${UNITS.map((unit) => `'${unit}'`).join(', ')}]`;
  const span = `generate_series(${first}, ${last}) AS g`;
  await database.query(
    `INSERT INTO clients (full_name, unit, phone)
     SELECT 'Cliente Cobrança ' || g, (${units})[1 + g % 14], '(11) 9' || lpad(g::text, 8, '0')
       FROM ${span}`,
  );
  await database.query(
    `INSERT INTO proposals (number, version, client_id, author_name, unit, status, valid_days,
       valid_until, client_name, package_name, annual_value, snapshot, min_margin_pct,
       answered_at, created_at, updated_at)
     SELECT '2031-' || lpad(substr(c.full_name, 18), 7, '0'), 1, c.id, 'Bench', c.unit,
            'accepted', 7, now(), c.full_name, 'Pacote', 1200,
            jsonb_build_object('items', '[]'::jsonb, 'totals', '{}'::jsonb, 'warnings', '[]'::jsonb),
            0, now(), now(), now()
       FROM clients c
      WHERE c.full_name LIKE 'Cliente Cobrança %'
        AND substr(c.full_name, 18)::int BETWEEN ${first} AND ${last}`,
  );
  const fresh = `(SELECT p.* FROM proposals p WHERE p.number LIKE '2031-%'
                    AND substr(p.number, 6)::int BETWEEN ${first} AND ${last})`;
  await database.query(
    `INSERT INTO contracts (proposal_id, number, client_id, unit, seller_name, package_name,
       channel, accepted_at, valid_from, valid_until, price_total)
     SELECT p.id, p.number, p.client_id, p.unit, 'Bench', 'Pacote', 'presencial', t.at, t.day,
            (t.day + interval '1 year' - interval '1 day')::date, 1200
       FROM ${fresh} p
       CROSS JOIN LATERAL (SELECT now() - (substr(p.number, 6)::int % 730) * interval '1 day'
                                  AS at) a
       CROSS JOIN LATERAL (SELECT a.at, (a.at AT TIME ZONE 'America/Sao_Paulo')::date AS day) t`,
  );
  const sold = `(SELECT c.* FROM contracts c WHERE c.number LIKE '2031-%'
                   AND substr(c.number, 6)::int BETWEEN ${first} AND ${last})`;
  await database.query(
    `INSERT INTO payment_plans (contract_id, method, installments, due_day, total)
     SELECT c.id, 'pix_manual', 12, 10, 1200 FROM ${sold} c`,
  );
  // Monthly instalments from acceptance; those due before today are paid on their day, but one
  // contract in fifty-one left those of the last two months unpaid (overdue).
  await database.query(
    `INSERT INTO installments (plan_id, contract_id, n, due_date, amount, txid, base_status,
       base_paid_at, status, paid_at)
     SELECT pl.id, c.id, n, d.due, 100, 'BENCHREC' || c.id || 'N' || n,
            CASE WHEN paid THEN 'paga' ELSE 'agendada' END, CASE WHEN paid THEN d.due::timestamptz END,
            CASE WHEN paid THEN 'paga' ELSE 'agendada' END, CASE WHEN paid THEN d.due::timestamptz END
       FROM ${sold} c JOIN payment_plans pl ON pl.contract_id = c.id
       CROSS JOIN generate_series(1, 12) AS n
       CROSS JOIN LATERAL (SELECT (c.valid_from + 30 * (n - 1))::date AS due) d
       CROSS JOIN LATERAL (SELECT d.due < current_date - 60
                                  OR (d.due < current_date AND c.id % 51 <> 0) AS paid) p`,
  );
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<BenchSection> {
  const prepared = await prepareDemoDatabase({ kind });
  const { database, app } = await openInProcessApp(prepared);
  try {
    const fillStarted = performance.now();
    for (let first = 0; first < CONTRACTS; first += BATCH) {
      await fill(database, first, Math.min(CONTRACTS, first + BATCH) - 1);
    }
    for (const table of ['clients', 'proposals', 'contracts', 'payment_plans', 'installments']) {
      await database.query(`VACUUM ANALYZE ${table}`);
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const [counts] = await database.query<{ contracts: number; installments: number }>(
      `SELECT (SELECT count(*)::int FROM contracts) AS contracts,
              (SELECT count(*)::int FROM installments) AS installments`,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: BENCH_ADMIN,
    });
    const token = (login.json() as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}` };
    const today = saoPauloDate(new Date());
    const week = `from=${today}&to=${addDays(today, 6)}`;
    const unit = encodeURIComponent(UNITS[0]);
    const urls = {
      unitWeek: `/api/v1/billing/receivables?unit=${unit}&${week}`,
      unitOverdue: `/api/v1/billing/receivables?unit=${unit}&status=vencida`,
      networkWeek: `/api/v1/billing/receivables?${week}`,
    };
    const times: Record<keyof typeof urls, number[]> = {
      unitWeek: [],
      unitOverdue: [],
      networkWeek: [],
    };
    const totals: Record<string, string | null> = {};
    for (let i = 0; i < SAMPLES; i += 1) {
      for (const [name, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        times[name].push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        totals[name] = String(res.headers['x-total-count'] ?? null);
      }
    }
    const baseline: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const started = performance.now();
      await database.query('SELECT count(*) FROM payment_plans');
      baseline.push(performance.now() - started);
    }
    const label = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (DATABASE_URL)';
    const names: Record<keyof typeof urls, string> = {
      unitWeek: `a unit's week (${UNITS[0]})`,
      unitOverdue: `a unit's overdue (${UNITS[0]})`,
      networkWeek: "the network's week",
    };
    return {
      title: `Receivables (issue 29), ${counts?.contracts} contracts and ${counts?.installments} instalments, ${label}`,
      method: `${SAMPLES} rounds of sequential GET /api/v1/billing/receivables through the app in process (app.inject, as an admin). Baseline: \`SELECT count(*) FROM payment_plans\`. Rows made with generate_series in ${fillSeconds.toFixed(0)} s. X-Total-Count: ${JSON.stringify(totals)}.`,
      figures: (Object.keys(urls) as (keyof typeof urls)[]).map((name) => ({
        name: `${names[name]} — median`,
        value: formatMs(median(times[name])),
        baseline: formatMs(median(baseline)),
        ratio: formatRatio(median(times[name]), median(baseline)),
        note: `lower is better; p90 ${formatMs(percentile(times[name], 90))}`,
      })),
      budgets: (Object.keys(urls) as (keyof typeof urls)[]).map((name) => ({
        name: `receivables, ${names[name]}, median (${label})`,
        measured: formatMs(median(times[name])),
        budget: `${BUDGET_MS} ms`,
        passed: median(times[name]) < BUDGET_MS,
      })),
      raw: [
        ...(Object.keys(urls) as (keyof typeof urls)[]).map(
          (name) =>
            `${name} ms: median ${median(times[name]).toFixed(2)} p90 ${percentile(times[name], 90).toFixed(2)}`,
        ),
        `rows: ${JSON.stringify(counts)}; fill ${fillSeconds.toFixed(1)} s`,
      ],
    };
  } finally {
    await app.close();
    await database.close();
    await prepared.drop();
  }
}

export async function benchReceivables(): Promise<BenchSection[]> {
  const sections = [await benchOn('pglite')];
  if (process.env.DATABASE_URL) sections.push(await benchOn('postgres'));
  return sections;
}

if (isEntryPoint(import.meta.url)) {
  const only = process.env.BENCH_RECEIVABLES_ONLY;
  const sections =
    only === 'postgres' || only === 'pglite' ? [await benchOn(only)] : await benchReceivables();
  console.log(sections.map(sectionMarkdown).join('\n'));
}

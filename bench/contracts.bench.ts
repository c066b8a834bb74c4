/**
 * Issue 28: contracts at the scale of 10 years of a 14-unit network, about 1 M ledger entries
 * (100 000 contracts × 3 grants, 6 sessions and, for those past their end, an expiry), on the
 * embedded PGlite and, when DATABASE_URL is set, on PostgreSQL (a database of its own, created and
 * dropped). Medians over sequential requests through the app in process, as an admin:
 * GET /api/v1/contracts/{id}, POST /api/v1/contracts/{id}/sessions, and the liability report of a
 * year of the network (GET /api/v1/reports/liability?from=&to=). Budgets: a contract read and a
 * session under 20 ms; the year's report under 300 ms on PostgreSQL and 1 s on PGlite.
 *
 * Rows are made with generate_series, a batch per statement (migration 0020's liability trigger
 * runs once per statement). Not part of CI. Standalone:
 * `node --import tsx bench/contracts.bench.ts` (BENCH_CONTRACTS_ONLY=pglite|postgres).
 * Environment: BENCH_CONTRACTS (default 100000), BENCH_CONTRACT_SAMPLES (default 30).
 */
import { addMonths, saoPauloDate } from '@portal/domain';
import type { Database } from '../apps/api/src/db/client.ts';
import { fillPeople } from './dashboard.bench.ts';
import { openInProcessApp } from './lib/in-process-app.ts';
import { prepareDemoDatabase } from './lib/databases.ts';
import { BENCH_ADMIN, positiveNumber } from './lib/env.ts';
import { sectionMarkdown, type BenchSection } from './lib/report.ts';
import { formatMs, formatRatio, median, percentile } from './lib/stats.ts';

const CONTRACTS = positiveNumber('BENCH_CONTRACTS', 100_000);
const SAMPLES = positiveNumber('BENCH_CONTRACT_SAMPLES', 30);
const BATCH = 5_000;
const DAYS = 3_650;
const BUDGET_MS = {
  pglite: { read: 20, session: 20, report: 1000 },
  postgres: { read: 20, session: 20, report: 300 },
} as const;

/** Contracts `first`..`last`, each on a proposal of its own, accepted over the last 10 years. */
async function fillContracts(database: Database, first: number, last: number): Promise<void> {
  const span = `generate_series(${first}, ${last}) AS g`;
  await database.query(
    `WITH cli AS (SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, full_name, unit
                    FROM clients),
          n AS (SELECT count(*)::int AS c FROM cli)
     INSERT INTO proposals (number, version, client_id, author_name, unit, status, valid_days,
       valid_until, client_name, package_name, annual_value, snapshot, min_margin_pct,
       answered_at, created_at, updated_at)
     SELECT 'B' || '-' || lpad(g::text, 7, '0'), 1, c.id, 'Bench', c.unit, 'accepted', 7,
            now(), c.full_name, 'Pacote', 900,
            jsonb_build_object('items', '[]'::jsonb, 'totals', '{}'::jsonb,
                               'warnings', '[]'::jsonb),
            0, now(), now(), now()
       FROM ${span} CROSS JOIN n JOIN cli c ON c.k = g % n.c`,
  );
  await database.query(
    `INSERT INTO contracts (proposal_id, number, client_id, unit, seller_name, package_name,
       channel, accepted_at, valid_from, valid_until, price_total)
     SELECT p.id, p.number, p.client_id, p.unit, 'Bench', 'Pacote', 'presencial', t.at,
            t.day, (t.day + interval '1 year' - interval '1 day')::date, 900
       FROM proposals p
       CROSS JOIN LATERAL (SELECT (now() - ((substr(p.number, 3)::int * 37) % ${DAYS})
                                   * interval '1 day') AS at) a
       CROSS JOIN LATERAL (SELECT a.at, (a.at AT TIME ZONE 'America/Sao_Paulo')::date AS day) t
      WHERE p.number LIKE 'B-%' AND substr(p.number, 3)::int BETWEEN ${first} AND ${last}`,
  );
  const batch = `(SELECT c.*, s.k, s.id AS service_id, s.name AS service_name
       FROM contracts c
       CROSS JOIN (SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, name
                     FROM services ORDER BY id LIMIT 3) s
      WHERE c.number LIKE 'B-%' AND substr(c.number, 3)::int BETWEEN ${first} AND ${last})`;
  await database.query(
    `INSERT INTO contract_entitlements (contract_id, service_id, name, sessions, total, unit_cost,
       position)
     SELECT id, service_id, service_name, 3, 300, 30, k FROM ${batch} b`,
  );
  // Per contract: 3 grants, 2 sessions of each procedure a month apart, and an expiry for those
  // past their last day (what was not used, 3 × R$ 100, released).
  await database.query(
    `INSERT INTO contract_ledger (contract_id, kind, service_id, quantity, on_date, value, cost,
       actor_kind, unit, professional_name)
     SELECT id, 'grant', service_id, 3, valid_from, 300, 0, 'system', unit, NULL FROM ${batch} b
     UNION ALL
     SELECT id, 'redeem', service_id, 1, (valid_from + (30 * (k * 2 + r) + 1))::date, -100, 30,
            'staff', unit, 'Bench'
       FROM ${batch} b CROSS JOIN generate_series(0, 1) AS r
      WHERE (valid_from + (30 * (k * 2 + r) + 1)) <= current_date`,
  );
  await database.query(
    `INSERT INTO contract_ledger (contract_id, kind, on_date, value, actor_kind, unit)
     SELECT c.id, 'expire', c.valid_until + 1, -(900 + coalesce(sum(l.value) FILTER (WHERE l.kind = 'redeem'), 0)), 'system', c.unit
       FROM contracts c JOIN contract_ledger l ON l.contract_id = c.id
      WHERE c.number LIKE 'B-%' AND substr(c.number, 3)::int BETWEEN ${first} AND ${last}
        AND c.valid_until < current_date
      GROUP BY c.id`,
  );
}

async function timed(run: (index: number) => Promise<unknown>, samples: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return times;
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<BenchSection> {
  const prepared = await prepareDemoDatabase({ kind });
  const { database, app } = await openInProcessApp(prepared);
  try {
    const fillStarted = performance.now();
    await fillPeople(database);
    for (let first = 1; first <= CONTRACTS; first += BATCH) {
      await fillContracts(database, first, Math.min(CONTRACTS, first + BATCH - 1));
    }
    for (const table of ['proposals', 'contracts', 'contract_entitlements', 'contract_ledger']) {
      await database.query(`VACUUM ANALYZE ${table}`);
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const [counts] = await database.query<{ contracts: number; entries: number }>(
      `SELECT (SELECT count(*)::int FROM contracts) AS contracts,
              (SELECT count(*)::int FROM contract_ledger) AS entries`,
    );
    // Active contracts (accepted in the last 300 days) with sessions left, to read and record on.
    const active = await database.query<{ id: number; service_id: number }>(
      `SELECT c.id, e.service_id FROM contracts c
         JOIN contract_entitlements e ON e.contract_id = c.id AND e.position = 2
        WHERE c.accepted_at > now() - interval '300 days' AND c.number LIKE 'B-%'
        ORDER BY c.id LIMIT ${SAMPLES * 2}`,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: BENCH_ADMIN,
    });
    const token = (login.json() as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, expected = 200) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode !== expected) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    };
    const pick = (index: number) => active[index % active.length] ?? { id: 1, service_id: 1 };
    const reads = await timed((i) => call('GET', `/api/v1/contracts/${pick(i).id}`), SAMPLES);
    const sessions = await timed(
      (i) =>
        call(
          'POST',
          `/api/v1/contracts/${pick(SAMPLES + i).id}/sessions`,
          { service_id: pick(SAMPLES + i).service_id },
          201,
        ),
      SAMPLES,
    );
    const thisMonth = saoPauloDate(new Date()).slice(0, 7);
    const from = addMonths(`${thisMonth}-01`, -11).slice(0, 7);
    const reportUrl = `/api/v1/reports/liability?from=${from}&to=${thisMonth}`;
    const reports = await timed(() => call('GET', reportUrl), SAMPLES);
    const count = await timed(() => database.query('SELECT count(*) FROM contracts'), SAMPLES);

    const label = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (DATABASE_URL)';
    const base = median(count);
    const figure = (name: string, samples: number[]) => ({
      name: `${name} — median`,
      value: formatMs(median(samples)),
      baseline: formatMs(base),
      ratio: formatRatio(median(samples), base),
      note: `lower is better; p90 ${formatMs(percentile(samples, 90))}`,
    });
    const budget = (name: string, samples: number[], ms: number) => ({
      name: `${name}, median (${label})`,
      measured: formatMs(median(samples)),
      budget: `${ms} ms`,
      passed: median(samples) < ms,
    });
    const raw = (name: string, samples: number[]) =>
      `${name} ms: median ${median(samples).toFixed(2)} p90 ${percentile(samples, 90).toFixed(2)} max ${Math.max(...samples).toFixed(2)}`;
    return {
      title: `Contracts (issue 28), ${counts?.contracts} contracts and ${counts?.entries} ledger entries, ${label}`,
      method: `${SAMPLES} sequential requests each through the app in process (app.inject, as an admin). Baseline: a bare \`SELECT count(*) FROM contracts\`. Rows made with generate_series in ${fillSeconds.toFixed(0)} s.`,
      figures: [
        figure('GET /api/v1/contracts/{id}', reads),
        figure('POST /api/v1/contracts/{id}/sessions', sessions),
        figure(`GET /api/v1/reports/liability (${from} to ${thisMonth}, network)`, reports),
      ],
      budgets: [
        budget('contract read', reads, BUDGET_MS[kind].read),
        budget('session record', sessions, BUDGET_MS[kind].session),
        budget('liability report of a year', reports, BUDGET_MS[kind].report),
      ],
      raw: [
        raw('contract read', reads),
        raw('session record', sessions),
        raw('liability year', reports),
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

export async function benchContracts(): Promise<BenchSection[]> {
  const sections = [await benchOn('pglite')];
  if (process.env.DATABASE_URL) sections.push(await benchOn('postgres'));
  return sections;
}

if (process.argv[1]?.endsWith('contracts.bench.ts')) {
  const only = process.env.BENCH_CONTRACTS_ONLY;
  const sections =
    only === 'postgres' || only === 'pglite' ? [await benchOn(only)] : await benchContracts();
  console.log(sections.map(sectionMarkdown).join('\n'));
}

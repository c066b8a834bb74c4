/**
 * Issue 30: a month's commission statements for a 14-unit network, 2 000 professionals and
 * about 200 000 commission events (20 000 sales accepted over the last two years, up to
 * 120 000 paid instalments and 60 000 sessions performed, none in the future), under three rules (5 % of margin on the sale, 2 % of the price
 * on each paid instalment, R$ 40 per session). Timed: GET /api/v1/commission-statements/?period=
 * as an admin (every professional's month, derived from the contracts, the ledger and the
 * payments), last month. Budget: under 1 s on PostgreSQL; PGlite is reported beside it.
 *
 * Rows are made with generate_series. Not part of CI. Standalone:
 * `node --import tsx bench/commissions.bench.ts` (BENCH_COMMISSIONS_ONLY=pglite|postgres).
 * Environment: BENCH_COMMISSION_SALES (default 20000), BENCH_COMMISSION_PROFESSIONALS (2000),
 * BENCH_COMMISSION_SAMPLES (5).
 */
import { addMonths, saoPauloDate, UNITS } from '@portal/domain';
import type { Database } from '../apps/api/src/db/client.ts';
import { openInProcessApp } from './lib/in-process-app.ts';
import { prepareDemoDatabase } from './lib/databases.ts';
import { BENCH_ADMIN, isEntryPoint, positiveNumber } from './lib/env.ts';
import { sectionMarkdown, type BenchSection } from './lib/report.ts';
import { formatMs, formatRatio, median, percentile } from './lib/stats.ts';

const SALES = positiveNumber('BENCH_COMMISSION_SALES', 20_000);
const PROFESSIONALS = positiveNumber('BENCH_COMMISSION_PROFESSIONALS', 2_000);
const SAMPLES = positiveNumber('BENCH_COMMISSION_SAMPLES', 5);
const PAID_INSTALMENTS = 6;
const SESSIONS = 3;
const BUDGET_MS = { postgres: 1000 } as const;

/** Professionals, clients, and per sale: a proposal, a contract, its plan, payments, sessions. */
async function fill(database: Database): Promise<void> {
  const units = `ARRAY[${UNITS.map((unit) => `'${unit}'`).join(', ')}]`;
  await database.query(
    `INSERT INTO users (name, email, profile, unit, status, password_hash)
     SELECT 'Vendedora ' || g, 'vend' || g || '@commission.bench', 'professional',
            (${units})[1 + g % 14], 'active', 'x'
       FROM generate_series(0, $1::int - 1) AS g`,
    [PROFESSIONALS],
  );
  await database.query(
    `INSERT INTO clients (full_name, unit)
     SELECT 'Cliente Comissão ' || g, (${units})[1 + g % 14] FROM generate_series(0, $1::int - 1) g`,
    [SALES],
  );
  await database.query(
    `WITH cli AS (SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, full_name, unit
                    FROM clients WHERE full_name LIKE 'Cliente Comissão %')
     INSERT INTO proposals (number, version, client_id, author_name, unit, status, valid_days,
       valid_until, client_name, package_name, annual_value, snapshot, min_margin_pct,
       answered_at, created_at, updated_at)
     SELECT '2030-' || lpad(c.k::text, 7, '0'), 1, c.id, 'Bench', c.unit, 'accepted', 7, now(),
            c.full_name, 'Pacote', 1200,
            jsonb_build_object('items', '[]'::jsonb, 'totals', '{}'::jsonb, 'warnings', '[]'::jsonb),
            0, now(), now(), now()
       FROM cli c`,
  );
  // The seller is a professional of the client's unit; sales spread over the last 360 days.
  await database.query(
    `WITH prof AS (SELECT (row_number() OVER (PARTITION BY unit ORDER BY id) - 1)::int AS k, id,
                          name, unit FROM users WHERE email LIKE '%@commission.bench'),
          per AS (SELECT unit, count(*)::int AS c FROM prof GROUP BY unit)
     INSERT INTO contracts (proposal_id, number, client_id, unit, seller_id, seller_name,
       package_name, channel, accepted_at, valid_from, valid_until, price_total)
     SELECT p.id, p.number, p.client_id, p.unit, s.id, s.name, 'Pacote', 'presencial', t.at,
            t.day, (t.day + interval '1 year' - interval '1 day')::date, 1200
       FROM proposals p
       JOIN per ON per.unit = p.unit
       JOIN prof s ON s.unit = p.unit AND s.k = substr(p.number, 6)::int % per.c
       CROSS JOIN LATERAL (SELECT now() - (substr(p.number, 6)::int % 720) * interval '1 day'
                                  AS at) a
       CROSS JOIN LATERAL (SELECT a.at, (a.at AT TIME ZONE 'America/Sao_Paulo')::date AS day) t
      WHERE p.number LIKE '2030-%'`,
  );
  const sold = `(SELECT c.* FROM contracts c WHERE c.number LIKE '2030-%')`;
  await database.query(
    `INSERT INTO contract_entitlements (contract_id, service_id, name, sessions, total, unit_cost,
       position)
     SELECT c.id, (SELECT min(id) FROM services), 'Procedimento', ${SESSIONS}, 1200, 100, 0
       FROM ${sold} c`,
  );
  // Sessions a month apart, performed by another professional of the unit (the seller's
  // neighbour in id order), as long as they fall before today.
  await database.query(
    `INSERT INTO contract_ledger (contract_id, kind, service_id, quantity, on_date, value, cost,
       actor_kind, unit, professional_id, professional_name)
     SELECT c.id, 'grant', (SELECT min(id) FROM services), ${SESSIONS}, c.valid_from, 1200, 0,
            'system', c.unit, NULL, NULL
       FROM ${sold} c`,
  );
  await database.query(
    `INSERT INTO contract_ledger (contract_id, kind, service_id, quantity, on_date, value, cost,
       actor_kind, unit, professional_id, professional_name, created_at)
     SELECT c.id, 'redeem', (SELECT min(id) FROM services), 1, (c.valid_from + 30 * r)::date,
            -400, 100, 'staff', c.unit, c.seller_id, c.seller_name,
            c.accepted_at + r * interval '30 days'
       FROM ${sold} c CROSS JOIN generate_series(0, ${SESSIONS - 1}) AS r
      WHERE c.accepted_at + r * interval '30 days' <= now()`,
  );
  await database.query(
    `INSERT INTO payment_plans (contract_id, method, installments, due_day, total)
     SELECT c.id, 'pix_manual', 12, 10, 1200 FROM ${sold} c`,
  );
  // The first PAID_INSTALMENTS are paid on their due day, when that day has come.
  await database.query(
    `INSERT INTO installments (plan_id, contract_id, n, due_date, amount, txid, base_status,
       base_paid_at, status, paid_at)
     SELECT pl.id, c.id, n, (c.valid_from + 30 * (n - 1))::date, 100,
            'BENCHCOMM' || c.id || 'N' || n,
            CASE WHEN paid THEN 'paga' ELSE 'agendada' END,
            CASE WHEN paid THEN at END,
            CASE WHEN paid THEN 'paga' ELSE 'agendada' END,
            CASE WHEN paid THEN at END
       FROM ${sold} c JOIN payment_plans pl ON pl.contract_id = c.id
       CROSS JOIN generate_series(1, 12) AS n
       CROSS JOIN LATERAL (SELECT c.accepted_at + (n - 1) * interval '30 days' AS at) d
       CROSS JOIN LATERAL (SELECT n <= ${PAID_INSTALMENTS} AND d.at <= now() AS paid) p`,
  );
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<BenchSection> {
  const prepared = await prepareDemoDatabase({ kind });
  const { database, app } = await openInProcessApp(prepared);
  try {
    const fillStarted = performance.now();
    await fill(database);
    for (const table of ['contracts', 'contract_ledger', 'installments', 'users']) {
      await database.query(`VACUUM ANALYZE ${table}`);
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: BENCH_ADMIN,
    });
    const token = (login.json() as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}` };
    const validFrom = addMonths(`${saoPauloDate(new Date()).slice(0, 7)}-01`, -13);
    for (const rule of [
      { name: 'Venda na margem', event: 'venda_aceita', basis: 'margem', value: 5 },
      { name: 'Parcela paga', event: 'parcela_paga', basis: 'preco_contratado', value: 2 },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/commission-rules/',
        headers,
        payload: {
          name: rule.name,
          scope: {},
          event: rule.event,
          basis: rule.basis,
          rate: { type: 'pct', value: rule.value },
          clawback: 'integral',
          valid_from: validFrom,
        },
      });
      if (res.statusCode !== 201) throw new Error(`regra: ${res.statusCode} ${res.body}`);
    }
    const session = await app.inject({
      method: 'POST',
      url: '/api/v1/commission-rules/',
      headers,
      payload: {
        name: 'Sessão realizada',
        scope: {},
        event: 'sessao_realizada',
        basis: 'preco_contratado',
        rate: { type: 'fixo', value: 40 },
        clawback: 'nenhum',
        valid_from: validFrom,
      },
    });
    if (session.statusCode !== 201) throw new Error(`regra: ${session.statusCode} ${session.body}`);

    const [counts] = await database.query<{ sales: number; paid: number; sessions: number }>(
      `SELECT (SELECT count(*)::int FROM contracts WHERE number LIKE '2030-%') AS sales,
              (SELECT count(*)::int FROM installments WHERE status = 'paga') AS paid,
              (SELECT count(*)::int FROM contract_ledger WHERE kind = 'redeem') AS sessions`,
    );
    const period = addMonths(`${saoPauloDate(new Date()).slice(0, 7)}-01`, -1).slice(0, 7);
    const url = `/api/v1/commission-statements/?period=${period}`;
    let statements = 0;
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      statements = (res.json() as unknown[]).length;
    }
    const baseline: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const started = performance.now();
      await database.query('SELECT count(*) FROM contract_ledger');
      baseline.push(performance.now() - started);
    }
    const label = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (DATABASE_URL)';
    const events = (counts?.sales ?? 0) + (counts?.paid ?? 0) + (counts?.sessions ?? 0);
    return {
      title: `Commissions (issue 30), ${PROFESSIONALS} professionals and ${events} events, ${label}`,
      method: `${SAMPLES} sequential GET ${url} through the app in process (app.inject, as an admin): ${statements} statements. Baseline: \`SELECT count(*) FROM contract_ledger\`. Rows made with generate_series in ${fillSeconds.toFixed(0)} s.`,
      figures: [
        {
          name: `GET /api/v1/commission-statements/?period=${period} (network) — median`,
          value: formatMs(median(times)),
          baseline: formatMs(median(baseline)),
          ratio: formatRatio(median(times), median(baseline)),
          note: `lower is better; p90 ${formatMs(percentile(times, 90))}`,
        },
      ],
      budgets:
        kind === 'postgres'
          ? [
              {
                name: `a month's statements of the network, median (${label})`,
                measured: formatMs(median(times)),
                budget: `${BUDGET_MS.postgres} ms`,
                passed: median(times) < BUDGET_MS.postgres,
              },
            ]
          : [],
      raw: [
        `statements ms: ${times.map((t) => t.toFixed(1)).join(', ')}`,
        `rows: ${JSON.stringify(counts)}; statements ${statements}; fill ${fillSeconds.toFixed(1)} s`,
      ],
    };
  } finally {
    await app.close();
    await database.close();
    await prepared.drop();
  }
}

export async function benchCommissions(): Promise<BenchSection[]> {
  const sections = [await benchOn('pglite')];
  if (process.env.DATABASE_URL) sections.push(await benchOn('postgres'));
  return sections;
}

if (isEntryPoint(import.meta.url)) {
  const only = process.env.BENCH_COMMISSIONS_ONLY;
  const sections =
    only === 'postgres' || only === 'pglite' ? [await benchOn(only)] : await benchCommissions();
  console.log(sections.map(sectionMarkdown).join('\n'));
}

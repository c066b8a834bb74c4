/**
 * Issue 13: saving a proposal (POST /api/v1/proposals/) and listing 50 of 100 000 proposals
 * (GET /api/v1/proposals/?limit=50, with the X-Total-Count count), median over sequential
 * requests through the whole app in process (routing, sign-in check, validation, SQL,
 * serialization), on the embedded PGlite and, when DATABASE_URL is set, on PostgreSQL. Baseline:
 * GET /api/v1/health through the same app, the floor of any request. Budget: 50 ms median each.
 *
 * Standalone: `node --import tsx bench/proposals.bench.ts` prints the sections as markdown.
 * Environment: BENCH_PROPOSALS (rows, default 100000), BENCH_PROPOSAL_SAMPLES (default 200).
 */
import type { Package, Service } from '@portal/domain';
import type { Database } from '../apps/api/src/db/client.ts';
import { openInProcessApp } from './lib/in-process-app.ts';
import { prepareDemoDatabase, type PreparedDatabase } from './lib/databases.ts';
import { demoProposalChoice } from './lib/demo-proposal.ts';
import { BENCH_ADMIN, positiveNumber } from './lib/env.ts';
import { sectionMarkdown, type BenchSection } from './lib/report.ts';
import { formatMs, formatRatio, median, percentile } from './lib/stats.ts';

const ROWS = positiveNumber('BENCH_PROPOSALS', 100_000);
const SAMPLES = positiveNumber('BENCH_PROPOSAL_SAMPLES', 200);
const BUDGET_MS = 50;

/** ROWS proposals copied from one real one (same snapshot), spread over a year of dates. */
async function fillProposals(database: Database, templateId: number): Promise<void> {
  await database.query(
    `INSERT INTO proposals (number, version, client_id, package_id, author_id, author_name, unit,
       status, valid_days, valid_until, client_name, package_name, annual_value, snapshot,
       sent_at, created_at, updated_at)
     SELECT '2025-' || lpad(g::text, 6, '0'), 1, p.client_id, p.package_id, p.author_id,
       p.author_name, p.unit, (ARRAY['draft','sent','viewed','accepted','declined'])[1 + g % 5],
       7, now() - (g % 365) * interval '1 day' + interval '7 days', p.client_name, p.package_name,
       p.annual_value, p.snapshot, now() - (g % 365) * interval '1 day',
       now() - (g % 365) * interval '1 day' - (g % 1000) * interval '1 second',
       now() - (g % 365) * interval '1 day'
     FROM proposals p, generate_series(1, $1::int) AS g WHERE p.id = $2`,
    [ROWS, templateId],
  );
  await database.query('ANALYZE proposals');
}

async function timed(run: () => Promise<{ statusCode: number; body: string }>, expected: number) {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    const res = await run();
    samples.push(performance.now() - started);
    if (res.statusCode !== expected) {
      throw new Error(`expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
  }
  return samples;
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<BenchSection> {
  const prepared: PreparedDatabase = await prepareDemoDatabase({ kind });
  const { database, app } = await openInProcessApp(prepared);
  try {
    const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload ? { payload } : {}),
      });
    const login = await inject('POST', '/api/v1/auth/login', undefined, BENCH_ADMIN);
    const token = (login.json() as { access_token: string }).access_token;
    const client = (
      await inject('POST', '/api/v1/clients/', token, {
        full_name: 'Cliente Bench',
        unit: 'PAULISTA',
      })
    ).json() as { id: number };
    const packages = (
      await inject('GET', '/api/v1/packages/?status_eq=active', token)
    ).json() as Package[];
    const services = (await inject('GET', '/api/v1/services/', token)).json() as Service[];
    const { pkg, blocks } = demoProposalChoice(packages, services);
    const body = { client_id: client.id, package_id: pkg.id, blocks };
    const first = await inject('POST', '/api/v1/proposals/', token, body);
    if (first.statusCode !== 201) throw new Error(`save failed: ${first.body}`);
    await fillProposals(database, (first.json() as { id: number }).id);
    // One statement added 100 000 rows, so the per-scope counter row of proposal_counts (migration
    // 0014) was updated 100 000 times in one transaction: until vacuumed, every save walks those
    // dead versions (save median 164 ms instead of 23 ms on PostgreSQL). A clinic's history grows a
    // row at a time under autovacuum; the bench vacuums once, as autovacuum would.
    await database.exec('VACUUM ANALYZE proposal_counts, proposals, proposal_items');

    const save = await timed(() => inject('POST', '/api/v1/proposals/', token, body), 201);
    const list = await timed(() => inject('GET', '/api/v1/proposals/?limit=50', token), 200);
    const listUnit = await timed(
      () => inject('GET', '/api/v1/proposals/?limit=50&status=accepted', token),
      200,
    );
    const health = await timed(() => inject('GET', '/api/v1/health'), 200);
    const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM proposals',
    );
    const label = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (DATABASE_URL)';
    const base = median(health);
    const figure = (name: string, samples: number[]) => ({
      name: `${name} — median`,
      value: formatMs(median(samples)),
      baseline: formatMs(base),
      ratio: formatRatio(median(samples), base),
      note: `lower is better; p90 ${formatMs(percentile(samples, 90))}`,
    });
    return {
      title: `Proposals (issue 13), ${n} proposals, ${label}`,
      method: `${SAMPLES} sequential requests each through the app in process (app.inject: routing, token check, validation, SQL, serialization); baseline: GET /api/v1/health through the same app. Package "${pkg.name}" with ${Object.values(blocks).flat().length} sessions.`,
      figures: [
        figure('POST /api/v1/proposals/ (save, server-computed totals)', save),
        figure('GET /api/v1/proposals/?limit=50 (with X-Total-Count)', list),
        figure('GET /api/v1/proposals/?limit=50&status=accepted', listUnit),
      ],
      budgets: [
        {
          name: `save a proposal, median (${label})`,
          measured: formatMs(median(save)),
          budget: `${BUDGET_MS} ms`,
          passed: median(save) < BUDGET_MS,
        },
        {
          name: `list 50 of ${n}, median (${label})`,
          measured: formatMs(median(list)),
          budget: `${BUDGET_MS} ms`,
          passed: median(list) < BUDGET_MS,
        },
      ],
      raw: [
        `save ms: median ${median(save).toFixed(2)} p90 ${percentile(save, 90).toFixed(2)} max ${Math.max(...save).toFixed(2)}`,
        `list ms: median ${median(list).toFixed(2)} p90 ${percentile(list, 90).toFixed(2)} max ${Math.max(...list).toFixed(2)}`,
        `list accepted ms: median ${median(listUnit).toFixed(2)} p90 ${percentile(listUnit, 90).toFixed(2)}`,
        `health ms: median ${base.toFixed(2)}`,
      ],
    };
  } finally {
    await app.close();
    await database.close();
    await prepared.drop();
  }
}

export async function benchProposals(): Promise<BenchSection[]> {
  const sections = [await benchOn('pglite')];
  if (process.env.DATABASE_URL) sections.push(await benchOn('postgres'));
  return sections;
}

if (process.argv[1]?.endsWith('proposals.bench.ts')) {
  const sections = await benchProposals();
  console.log(sections.map(sectionMarkdown).join('\n'));
}

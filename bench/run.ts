/**
 * `npm run bench`: every benchmark of issue 7, each figure as a ratio against a baseline measured
 * in this same run on this machine, written to bench/RESULTS.md (summary, then raw numbers).
 *
 * Environment: BENCH_DURATION (s per autocannon run, default 5), BENCH_CONNECTIONS (10),
 * BENCH_PDF_DOCUMENTS (30), BENCH_COLD_RUNS (3), BENCH_WEB_DIST (use an existing web build
 * instead of building one into bench/.tmp), BENCH_LIGHTHOUSE_RUNS (3, median taken),
 * BENCH_LIGHTHOUSE_ONLY (regular expression on "preset page", e.g. 'mobile builder'),
 * BENCH_ONLY (comma list of api,photos,pdf,optimizer,cold,web,proposals,dashboard,clinical,contracts,heavy,commissions,receivables,webhooks),
 * BENCH_CLINICAL_SAMPLES (2000),
 * BENCH_PHOTO_READS (10), BENCH_PROPOSALS (100000), BENCH_PROPOSAL_SAMPLES (200),
 * BENCH_DASHBOARD_PROPOSALS (200000), BENCH_DASHBOARD_SAMPLES (20),
 * DATABASE_URL (adds the API reads on PostgreSQL), CHROMIUM_PATH (/usr/bin/chromium).
 */
import fs from 'node:fs';
import path from 'node:path';
import { benchApiReads } from './api-reads.bench.ts';
import { benchClinical } from './clinical.bench.ts';
import { benchColdStart } from './cold-start.bench.ts';
import { benchCommissions } from './commissions.bench.ts';
import { benchContracts } from './contracts.bench.ts';
import { benchDashboard } from './dashboard.bench.ts';
import { benchHeavyReads } from './heavy-reads.bench.ts';
import { BENCH_CONNECTIONS, BENCH_DURATION_S, machineDescription, REPO_ROOT } from './lib/env.ts';
import { sectionMarkdown, type BenchSection } from './lib/report.ts';
import { benchOptimizer } from './optimizer-runner.ts';
import { benchPdf } from './pdf.bench.ts';
import { benchPhotoReads } from './photo-reads.bench.ts';
import { benchReceivables } from './receivables.bench.ts';
import { benchProposals } from './proposals.bench.ts';
import { benchWeb } from './web.bench.ts';
import { benchWebhooks } from './webhooks.bench.ts';

const RESULTS = path.join(REPO_ROOT, 'bench/RESULTS.md');
const ALL = [
  'api',
  'photos',
  'pdf',
  'optimizer',
  'cold',
  'web',
  'proposals',
  'dashboard',
  'clinical',
  'contracts',
  'heavy',
  'commissions',
  'receivables',
  'webhooks',
] as const;
type BenchName = (typeof ALL)[number];

function selected(): Set<BenchName> {
  const only = process.env.BENCH_ONLY;
  if (!only) return new Set(ALL);
  const names = only.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(ALL as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown ${unknown.join(', ')} (use ${ALL.join(',')})`);
  return new Set(names as BenchName[]);
}

/** A benchmark that throws becomes a section saying so; the others still run. */
async function attempt(title: string, run: () => Promise<BenchSection[]>): Promise<BenchSection[]> {
  try {
    return await run();
  } catch (error) {
    console.error(`[bench] ${title} failed:`, error);
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return [{ title, method: '', figures: [], raw: [], skipped: `failed: ${message ?? ''}` }];
  }
}

async function main(): Promise<void> {
  const started = new Date();
  const wanted = selected();
  const machineAtStart = machineDescription();
  const sections: BenchSection[] = [];

  if (wanted.has('api')) sections.push(...(await attempt('API reads', benchApiReads)));
  if (wanted.has('photos')) {
    sections.push(
      ...(await attempt('Cheap read during photo-set reads', async () => [
        await benchPhotoReads(),
      ])),
    );
  }
  if (wanted.has('proposals'))
    sections.push(...(await attempt('Proposals: save and list', benchProposals)));
  if (wanted.has('dashboard'))
    sections.push(...(await attempt("Managers' dashboard", benchDashboard)));
  if (wanted.has('contracts'))
    sections.push(...(await attempt('Contracts: read, session, liability', benchContracts)));
  if (wanted.has('receivables'))
    sections.push(...(await attempt('Receivables: Cobranças', benchReceivables)));
  if (wanted.has('webhooks'))
    sections.push(...(await attempt('Webhooks: API Pix at 200/s', benchWebhooks)));
  if (wanted.has('commissions'))
    sections.push(...(await attempt("Commissions: a network's month", benchCommissions)));
  if (wanted.has('heavy')) {
    sections.push(
      ...(await attempt('Cheap read under heavy reads', async () => [await benchHeavyReads()])),
    );
  }
  if (wanted.has('pdf'))
    sections.push(...(await attempt('Proposal PDF generation', async () => [await benchPdf()])));
  if (wanted.has('optimizer')) {
    sections.push(
      ...(await attempt('Recommendation optimizer', async () => [await benchOptimizer()])),
    );
  }
  if (wanted.has('clinical')) {
    sections.push(...(await attempt('Clinical check', async () => [await benchClinical()])));
  }
  // The cold start leaves a demo database behind; the web benchmark serves from it.
  let demoDataDir: string | undefined;
  if (wanted.has('cold')) {
    sections.push(
      ...(await attempt('Cold start', async () => {
        const result = await benchColdStart({ keepDemoDataDir: wanted.has('web') });
        demoDataDir = result.demoDataDir;
        return [result.section];
      })),
    );
  }
  if (wanted.has('web')) {
    sections.push(
      ...(await attempt('Web: JavaScript weight and Lighthouse', async () => [
        await benchWeb(demoDataDir ? { demoDataDir } : {}),
      ])),
    );
  }
  if (demoDataDir) fs.rmSync(demoDataDir, { recursive: true, force: true });

  const minutes = ((Date.now() - started.getTime()) / 60000).toFixed(1);
  const budgets = sections.flatMap((s) => s.budgets ?? []);
  const failedRuns = sections.filter((s) => s.skipped?.startsWith('failed'));
  const summary = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${started.toISOString()}, ${minutes} min.`,
    '',
    `- Machine at start: ${machineAtStart}`,
    `- Machine at end: ${machineDescription()}`,
    `- Settings: ${BENCH_DURATION_S} s per autocannon run, ${BENCH_CONNECTIONS} connections` +
      `${process.env.DATABASE_URL ? ', PostgreSQL from DATABASE_URL' : ', embedded database only (set DATABASE_URL to add PostgreSQL)'}` +
      `${process.env.BENCH_ONLY ? `, only ${process.env.BENCH_ONLY}` : ''}`,
    '',
    'Every figure is "app / baseline", both measured in this run on this machine; the note says ' +
      'whether lower or higher is better. Other work on the machine (see the load average) slows ' +
      'app and baseline alike, so compare ratios, not absolute numbers, between runs.',
    '',
    '## Summary',
    '',
    '| section | figure | app | baseline | ratio | note |',
    '|---|---|---|---|---|---|',
    ...sections.flatMap((s) =>
      s.skipped && s.figures.length === 0
        ? [`| ${s.title} | — | — | — | — | ${s.skipped} |`]
        : s.figures.map(
            (f) =>
              `| ${s.title} | ${f.name} | ${f.value} | ${f.baseline} | ${f.ratio} | ${f.note ?? ''} |`,
          ),
    ),
    '',
  ];
  if (budgets.length > 0) {
    const passed = budgets.filter((b) => b.passed).length;
    summary.push(
      `## Budgets: ${passed} of ${budgets.length} passed`,
      '',
      '| budget | measured | limit | result |',
      '|---|---|---|---|',
      ...budgets.map(
        (b) => `| ${b.name} | ${b.measured} | ${b.budget} | ${b.passed ? 'pass' : '**FAIL**'} |`,
      ),
      '',
    );
  }
  summary.push('# Details', '');
  const markdown = [...summary, ...sections.map(sectionMarkdown)].join('\n');
  fs.writeFileSync(RESULTS, markdown);
  console.log(`\n[bench] wrote ${path.relative(REPO_ROOT, RESULTS)} in ${minutes} min`);
  console.log(summary.join('\n'));
  // Budgets are reported, not enforced; a benchmark that could not run fails the command.
  if (failedRuns.length > 0) process.exitCode = 1;
}

await main();

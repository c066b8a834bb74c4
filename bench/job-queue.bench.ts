/**
 * Issue 29, docs/decisions/0043-job-queue.md: pg-boss on the app's database, PGlite (the app's
 * own embedded client, through apps/api/src/jobs) and PostgreSQL (its own pool of 3). On a demo
 * database as the first start makes it: the queue's start on a database without its schema and
 * with it; enqueue-to-completed latency of one job at a time (production polling, 2 s); 1 000 jobs
 * queued then drained by one worker; and `GET /api/v1/health` (one `SELECT 1`) timed one request
 * after another, alone and while the 1 000 drain (a worker
 * taking 50 a fetch, polling every 0.5 s).
 * Standalone: `node --import tsx bench/job-queue.bench.ts` (PostgreSQL too with DATABASE_URL).
 */
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { startJobQueue, type JobQueue } from '../apps/api/src/jobs/queue.ts';
import { prepareDemoDatabase } from './lib/databases.ts';
import { BENCH_AUDIT_KEY, BENCH_JWT_SECRET, isEntryPoint, machineDescription } from './lib/env.ts';
import { formatMs, percentile } from './lib/stats.ts';

const JOBS = 1000;
const LATENCY_SAMPLES = 5;
/** The drain's worker: 50 a fetch, polling every 0.5 s (scheduled jobs take 1, every 2 s). */
const DRAIN = { batchSize: 50, pollingIntervalSeconds: 0.5 } as const;
const HEALTH_SAMPLES = 200;

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const prepared = await prepareDemoDatabase({ kind });
  const open = (): Promise<Database> =>
    prepared.databaseUrl
      ? openDatabase({ databaseUrl: prepared.databaseUrl })
      : openDatabase({ dataDir: prepared.dataDir ?? '' });
  let database = await open();
  const lines: string[] = [`### ${kind}`, ''];
  let done = 0;
  const job = {
    name: 'bench.noop',
    cron: '0 0 * * *',
    async run() {
      done += 1;
      return {};
    },
  };
  const startQueue = (drain = false) =>
    startJobQueue({
      database,
      jobs: [job],
      schedule: true,
      catchUp: false,
      ...(drain ? DRAIN : {}),
    });
  try {
    let started = performance.now();
    let queue: JobQueue = await startQueue();
    lines.push(`- start, no schema yet: ${formatMs(performance.now() - started)}`);
    console.error(lines.at(-1));
    await queue.stop();
    await database.close();
    database = await open();
    started = performance.now();
    queue = await startQueue();
    lines.push(`- start, schema there (a second start): ${formatMs(performance.now() - started)}`);

    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const before = done;
      const sent = performance.now();
      await queue.enqueue(job.name);
      await until(() => done > before);
      latencies.push(performance.now() - sent);
    }
    lines.push(
      `- enqueue → handler done, one at a time (poll 2 s): p50 ${formatMs(percentile(latencies, 50))}, max ${formatMs(Math.max(...latencies))}`,
    );

    const config = {
      ...loadConfig({ JWT_SECRET: BENCH_JWT_SECRET }),
      webDist: '/nonexistent',
    };
    const app = await buildApp({ config, database, auditKey: BENCH_AUDIT_KEY });
    await app.ready();
    const health = async (whileTrue?: () => boolean): Promise<number[]> => {
      const samples: number[] = [];
      for (let i = 0; whileTrue ? whileTrue() : i < HEALTH_SAMPLES; i++) {
        const at = performance.now();
        const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
        if (res.statusCode !== 200) throw new Error(`health ${res.statusCode}`);
        samples.push(performance.now() - at);
      }
      return samples;
    };
    const alone = await health();
    await queue.stop();
    queue = await startQueue(true);

    const before = done;
    started = performance.now();
    let draining = true;
    const enqueueAll = async () => {
      for (let i = 0; i < JOBS; i++) await queue.enqueue(job.name);
      return performance.now() - started;
    };
    const drainAll = async () => {
      await until(() => done - before >= JOBS);
      draining = false;
      return performance.now() - started;
    };
    const [enqueued, drained, during] = await Promise.all([
      enqueueAll(),
      drainAll(),
      health(() => draining),
    ]);
    lines.push(
      `- ${JOBS} jobs: enqueued one by one (while draining) in ${formatMs(enqueued)} (${Math.round((JOBS / enqueued) * 1000)}/s); all done after ${formatMs(drained)} (${Math.round((JOBS / drained) * 1000)} jobs/s)`,
      `- GET /api/v1/health one after another: alone (${HEALTH_SAMPLES}) p50 ${formatMs(percentile(alone, 50))}, p95 ${formatMs(percentile(alone, 95))}; while the ${JOBS} are queued and drained (${during.length}) p50 ${formatMs(percentile(during, 50))}, p95 ${formatMs(percentile(during, 95))}, max ${formatMs(Math.max(...during))}`,
      '',
    );
    await queue.stop();
    await app.close();
  } finally {
    await database.close();
    await prepared.drop();
  }
  return lines;
}

export async function benchJobQueue(): Promise<string> {
  const lines = ['## Job queue (pg-boss)', '', machineDescription(), ''];
  lines.push(...(await benchOn('pglite')));
  if (process.env.DATABASE_URL) lines.push(...(await benchOn('postgres')));
  return lines.join('\n');
}

if (isEntryPoint(import.meta.url)) {
  console.log(await benchJobQueue());
  process.exit(0);
}

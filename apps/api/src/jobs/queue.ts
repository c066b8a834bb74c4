import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import { SAO_PAULO_TIME_ZONE } from '@portal/domain';
import type { Database } from '../db/client.ts';
import type { ScheduledJob } from './port.ts';

/** pg-boss keeps its tables in a schema of its own, beside the app's. */
export const QUEUE_SCHEMA = 'pgboss';

export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueueOptions {
  database: Database;
  jobs: readonly ScheduledJob[];
  log?: JobLog;
  /** The clock a run reads (tests pass their own). */
  clock?: () => Date;
  /** Seconds between a worker's polls when idle (default 2; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * Runs a worker claims per fetch (default 1: scheduled runs are few). A full batch makes the
   * worker fetch again at once instead of waiting a polling interval (pg-boss's burst mode).
   */
  batchSize?: number;
  /** Whether cron schedules fire (default true; tests enqueue by hand). */
  schedule?: boolean;
  /** Queue each job marked catchUpAtStart once at start (default true). */
  catchUp?: boolean;
}

export interface JobQueue {
  /**
   * One run of a job, as its schedule makes it. With a key, processes asking within the same
   * `singletonSeconds` get one run between them (the others get null).
   */
  enqueue(
    name: string,
    options?: { singletonKey?: string; singletonSeconds?: number },
  ): Promise<string | null>;
  /** A queued run's state ('created', 'retry', 'active', 'completed', 'failed'…), or null. */
  stateOf(name: string, id: string): Promise<string | null>;
  stop(): Promise<void>;
}

function bossOptions(database: Database, schedule: boolean): ConstructorOptions {
  const common: ConstructorOptions = {
    schema: QUEUE_SCHEMA,
    schedule,
    // No instance registry or telemetry tables to keep; supervision (expiring stuck jobs,
    // retention) stays on.
    registerInstance: false,
  };
  const target = database.queueTarget;
  return target.kind === 'pglite'
    ? // The app's own embedded client: its statements take turns with the requests' (ADR 0004).
      { ...common, db: fromPglite(target.client), backend: 'pglite' }
    : { ...common, connectionString: target.url, max: 3, application_name: 'portal-jobs' };
}

/**
 * The job queue (docs/decisions/0043-job-queue.md): pg-boss on the app's database, the embedded
 * PGlite or PostgreSQL. Each job is a queue with retries and exponential backoff; its cron is
 * turned into one queued run per tick across processes, and a run is claimed by one worker
 * (FOR UPDATE SKIP LOCKED), so it runs once however many API processes poll.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const clock = options.clock ?? (() => new Date());
  const log = options.log;
  const boss = new PgBoss(bossOptions(options.database, options.schedule ?? true));
  boss.on('error', (error: unknown) => {
    log?.error(
      { error: error instanceof Error ? error.message : String(error) },
      'fila de tarefas',
    );
  });
  await boss.start();
  const runOne = async (job: ScheduledJob, attempt: number): Promise<void> => {
    const started = performance.now();
    try {
      const counts = await job.run({ db: options.database.db, now: clock(), attempt });
      log?.info(
        { job: job.name, ms: Math.round(performance.now() - started), ...counts },
        'tarefa concluída',
      );
    } catch (error) {
      log?.error(
        { job: job.name, attempt, error: error instanceof Error ? error.message : String(error) },
        'tarefa falhou; nova tentativa com espera crescente',
      );
      throw error;
    }
  };
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  try {
    for (const job of options.jobs) {
      await boss.createQueue(job.name, {
        retryLimit: job.retryLimit ?? 4,
        retryDelay: job.retryDelaySeconds ?? 30,
        retryBackoff: true,
        // A run is a batch over the database: ten minutes is far past any we measured.
        expireInSeconds: 600,
      });
      await boss.work<object>(
        job.name,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          batchSize: options.batchSize ?? 1,
          burstWhenBatchFull: (options.batchSize ?? 1) > 1,
        },
        async (claimed) => {
          // A batch fails (and is retried) as a whole; scheduled jobs take one run at a time.
          for (const one of claimed) await runOne(job, one.retryCount);
        },
      );
      if (options.schedule ?? true) {
        await boss.schedule(job.name, job.cron, null, { tz: SAO_PAULO_TIME_ZONE });
      }
    }
    if (options.catchUp ?? true) {
      for (const job of options.jobs) {
        if (!job.catchUpAtStart) continue;
        // Processes starting together queue one catch-up between them.
        await boss.send(job.name, null, { singletonKey: 'start', singletonSeconds: 300 });
      }
    }
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }
  let stopped = false;
  return {
    async enqueue(name, sendOptions = {}) {
      if (!byName.has(name)) throw new Error(`tarefa desconhecida: ${name}`);
      return boss.send(name, null, sendOptions);
    },
    async stateOf(name, id) {
      const job = await boss.getJobById(name, id);
      return job?.state ?? null;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Waits for runs in progress (up to 30 s), then closes pg-boss's own pool, never the app's.
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}

import type { AppDb } from '../db/client.ts';

/**
 * What a module declares to have work done on a schedule (issue 29): a name, a cron in São Paulo
 * and a handler. The queue (./queue.ts) runs each due run once across every API process sharing
 * the database, retries a failed run with backoff, and logs the counts the handler returns.
 * Modules export their jobs; app.ts lists them (JOBS), as it lists MODULES.
 */
export interface ScheduledJob {
  /** The queue's name, `<context>.<what>` (letters, digits, dots, dashes). */
  name: string;
  /** Five-field cron on the wall clock of America/Sao_Paulo. */
  cron: string;
  /** Also queued when a process starts, for a night the server was down (once across processes). */
  catchUpAtStart?: boolean;
  /** Attempts after the first failure, spaced by `retryDelaySeconds` × 2^attempt (default 4, 30). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** One run: what it did as counts, never personal data (they are logged). */
  run(job: JobRun): Promise<Record<string, number>>;
}

export interface JobRun {
  db: AppDb;
  /** The queue's clock at the start of the run (tests pass their own). */
  now: Date;
  /** 0 on the first attempt, then 1, 2… on retries. */
  attempt: number;
}

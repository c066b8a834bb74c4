import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.ts';
import { startJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import type { ScheduledJob } from '../src/jobs/port.ts';
import { contractExpiryJob } from '../src/modules/care/contracts/expiry-job.ts';
import { chargeWindowJob, installmentsOverdueJob } from '../src/modules/billing/payments/jobs.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { billingFixtures } from './billing/helpers.ts';

/** Waits for `check` to hold, polling; fails after `timeoutMs` (no fixed sleeps). */
async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 45_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const allCompleted = (queue: JobQueue, name: string, ids: readonly string[]) => async () => {
  for (const id of ids) if ((await queue.stateOf(name, id)) !== 'completed') return false;
  return true;
};

const FAST = { schedule: false, catchUp: false, pollingIntervalSeconds: 0.5 } as const;

/**
 * The job queue (docs/decisions/0043-job-queue.md) on the database the tests run on: PGlite by
 * default, PostgreSQL with DATABASE_URL, where the second "process" is a second pool (the app's
 * Database and a pg-boss of its own) on the same database.
 */
describe('job queue (issue 29): once across processes, retried, on both databases', () => {
  let t: TestApp;
  /** A second app process's database: a new connection pool on PostgreSQL, the same PGlite. */
  let other: Database;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const target = t.database.queueTarget;
    other =
      target.kind === 'postgres' ? await openDatabase({ databaseUrl: target.url }) : t.database;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    if (other !== t.database) await other.close();
    await t.close();
  });

  async function start(database: Database, jobs: readonly ScheduledJob[], clock?: () => Date) {
    const queue = await startJobQueue({ database, jobs, ...FAST, ...(clock ? { clock } : {}) });
    queues.push(queue);
    return queue;
  }

  it('runs each queued job once while two processes poll, and one catch-up between them', async () => {
    const runs = { a: 0, b: 0 };
    const job = (who: 'a' | 'b'): ScheduledJob => ({
      name: 'test.once',
      cron: '0 0 * * *',
      async run() {
        runs[who] += 1;
        return {};
      },
    });
    const [a, b] = await Promise.all([start(t.database, [job('a')]), start(other, [job('b')])]);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = await (i % 2 === 0 ? a : b).enqueue('test.once');
      if (id) ids.push(id);
    }
    expect(ids).toHaveLength(20);
    // Both processes queue the same singleton at once (as at start): one run between them.
    const keyed = await Promise.all([
      a.enqueue('test.once', { singletonKey: 'start', singletonSeconds: 300 }),
      b.enqueue('test.once', { singletonKey: 'start', singletonSeconds: 300 }),
    ]);
    const keyedIds = keyed.filter((id): id is string => id !== null);
    expect(keyedIds).toHaveLength(1);
    await until('every run completed', allCompleted(a, 'test.once', [...ids, ...keyedIds]));
    expect(runs.a + runs.b).toBe(21);
  });

  it('retries a failing run with backoff, then it succeeds', async () => {
    const attempts: number[] = [];
    const queue = await start(t.database, [
      {
        name: 'test.flaky',
        cron: '0 0 * * *',
        retryLimit: 3,
        retryDelaySeconds: 1,
        async run({ attempt }) {
          attempts.push(attempt);
          if (attempts.length < 3) throw new Error('provedor indisponível');
          return { ok: 1 };
        },
      },
    ]);
    const id = await queue.enqueue('test.flaky');
    expect(id).not.toBeNull();
    await until('the third attempt completed', allCompleted(queue, 'test.flaky', [id ?? '']));
    expect(attempts).toEqual([0, 1, 2]);
  });

  it('expires a due contract once through the queue, and records overdue instalments once', async () => {
    const admin = await t.as('admin');
    const f = await billingFixtures(t, admin, admin, 'Fila');
    const { contractId } = await f.acceptedOnLink();
    // Two years on: the contract is past its end and all 12 instalments are past due.
    const later = new Date(Date.now() + 2 * 366 * 86_400_000);
    const jobs = [contractExpiryJob, installmentsOverdueJob];
    const [a, b] = await Promise.all([
      start(t.database, jobs, () => later),
      start(other, jobs, () => later),
    ]);
    const ids = (
      await Promise.all([
        a.enqueue(contractExpiryJob.name),
        b.enqueue(contractExpiryJob.name),
        a.enqueue(installmentsOverdueJob.name),
        b.enqueue(installmentsOverdueJob.name),
      ])
    ).filter((id): id is string => id !== null);
    expect(ids).toHaveLength(4);
    await until('expiry runs completed', allCompleted(a, contractExpiryJob.name, ids.slice(0, 2)));
    await until(
      'overdue runs completed',
      allCompleted(a, installmentsOverdueJob.name, ids.slice(2)),
    );
    const ledger = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM contract_ledger WHERE contract_id = $1 AND kind = 'expire'`,
      [contractId],
    );
    expect(ledger[0]?.n).toBe(1);
    const audit = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log
          WHERE action = 'installment_overdue' AND entity_id = ${String(contractId)}`,
    );
    expect((audit as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(12);
  });

  it('counts the pix_manual instalments entering the 2-to-10-day window, charging none', async () => {
    const admin = await t.as('admin');
    const f = await billingFixtures(t, admin, admin, 'Janela');
    const { contractId } = await f.acceptedOnLink();
    const second = (await f.payments(contractId)).installments[1];
    expect(second?.status).toBe('agendada');
    // Five days before the second instalment's due date (noon in São Paulo).
    const at = new Date(`${second?.due_date ?? ''}T12:00:00-03:00`);
    const now = new Date(at.getTime() - 5 * 86_400_000);
    const counts: Record<string, number>[] = [];
    const queue = await start(
      t.database,
      [
        {
          ...chargeWindowJob,
          async run(job) {
            const done = await chargeWindowJob.run(job);
            counts.push(done);
            return done;
          },
        },
      ],
      () => now,
    );
    const id = await queue.enqueue(chargeWindowJob.name);
    await until('the window run', allCompleted(queue, chargeWindowJob.name, [id ?? '']));
    expect(counts).toHaveLength(1);
    expect(counts[0]).toMatchObject({ charges_sent: 0, api_contracts: 0 });
    expect(counts[0]?.manual_due).toBeGreaterThanOrEqual(1);
  });
});

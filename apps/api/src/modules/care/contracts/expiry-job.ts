import { Cron } from 'croner';
import { SAO_PAULO_TIME_ZONE } from '@portal/domain';
import type { AppDb } from '../../../db/client.ts';
import { contractsService } from './service.ts';

/**
 * Expiry by itself (issue 28): at 00:00 in São Paulo, the first instant after a contract's last
 * valid day, every contract past its end is closed with an `expire` entry that releases what was
 * not used. croner keeps the wall clock of America/Sao_Paulo (no hand-written timers to drift or to
 * miss a change of offset); the server also catches up once at start, for a night it was down.
 * Several server processes on one PostgreSQL are safe: a run holds an advisory lock and each
 * contract is expired once (contractsService.expireDue, docs/decisions/0032-contract-liability-and-expiry.md).
 */
export const EXPIRY_SCHEDULE = '0 0 0 * * *';

export interface ExpiryJobOptions {
  db: AppDb;
  /** The clock a run reads (tests pass their own). */
  clock?: () => Date;
  /** What a run does (default: expire what is due); tests count the runs. */
  run?: (now: Date) => Promise<number>;
  /** Errors are logged without personal data: counts and messages only. */
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Start paused (tests drive `runNow`). */
  paused?: boolean;
}

export interface ExpiryJob {
  /** When the next run is due after `from` (default: the clock's now). */
  nextRun(from?: Date): Date | null;
  /** One run now, as the schedule would make it. */
  runNow(): Promise<number>;
  stop(): void;
}

export function startContractExpiry(options: ExpiryJobOptions): ExpiryJob {
  const clock = options.clock ?? (() => new Date());
  const run = options.run ?? ((now: Date) => contractsService.expireDue(options.db, now));
  const runNow = async (): Promise<number> => {
    try {
      const expired = await run(clock());
      if (expired > 0) options.log?.info({ expired }, 'contratos expirados');
      return expired;
    } catch (error) {
      options.log?.error(
        { error: error instanceof Error ? error.message : String(error) },
        'expiração de contratos falhou',
      );
      return 0;
    }
  };
  const cron = new Cron(
    EXPIRY_SCHEDULE,
    { timezone: SAO_PAULO_TIME_ZONE, protect: true, paused: options.paused ?? false },
    async () => {
      await runNow();
    },
  );
  return {
    nextRun: (from) => cron.nextRun(from ?? clock()),
    runNow,
    stop: () => cron.stop(),
  };
}

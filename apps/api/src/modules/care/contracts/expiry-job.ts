import type { ScheduledJob } from '../../../jobs/port.ts';
import { contractsService } from './service.ts';

/**
 * Expiry by itself (issue 28): at 00:00 in São Paulo, the first instant after a contract's last
 * valid day, every contract past its end is closed with an `expire` entry that releases what was
 * not used. The job queue (apps/api/src/jobs, docs/decisions/0043-job-queue.md) fires it on the wall
 * clock of America/Sao_Paulo, once across processes, retries it on failure, and queues a catch-up
 * at start for a night the server was down. expireDue keeps its advisory lock, so even two runs at
 * once expire each contract once (docs/decisions/0032-contract-liability-and-expiry.md).
 */
export const contractExpiryJob: ScheduledJob = {
  name: 'care.contract-expiry',
  cron: '0 0 * * *',
  catchUpAtStart: true,
  async run({ db, now }) {
    return { expired: await contractsService.expireDue(db, now) };
  },
};

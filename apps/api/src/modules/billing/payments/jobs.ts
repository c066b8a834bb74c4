import type { ScheduledJob } from '../../../jobs/port.ts';
import { paymentsService } from './service.ts';

/**
 * Billing's scheduled work (issue 29), run by the job queue (docs/decisions/0043-job-queue.md).
 * Both are safe to run twice: the overdue notes are taken row by row, and a charge is requested
 * only for an instalment still 'agendada' under its plan's lock.
 */
export const installmentsOverdueJob: ScheduledJob = {
  name: 'billing.installments-overdue',
  // Just after São Paulo midnight, when yesterday's due dates have passed.
  cron: '5 0 * * *',
  catchUpAtStart: true,
  async run({ db, now }) {
    return { noted: await paymentsService.noteOverdue(db, now) };
  },
};

export const chargeWindowJob: ScheduledJob = {
  name: 'billing.charge-window',
  // Business hours, so a payer's bank shows the charge in the morning.
  cron: '0 8 * * *',
  retryLimit: 5,
  retryDelaySeconds: 60,
  async run({ db, now }) {
    return paymentsService.chargeWindow(db, now);
  },
};

/**
 * What follows a contract's end, soon after it: refunds sent through the API Pix and Pix
 * Automático authorisations ended at the institution (paymentsService.afterContractsEnded).
 */
export const afterContractsEndedJob: ScheduledJob = {
  name: 'billing.after-contracts-ended',
  cron: '*/15 * * * *',
  catchUpAtStart: true,
  retryLimit: 5,
  retryDelaySeconds: 60,
  async run({ db, now }) {
    return paymentsService.afterContractsEnded(db, now);
  },
};

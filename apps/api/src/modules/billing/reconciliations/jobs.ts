import type { ScheduledJob } from '../../../jobs/port.ts';
import { reconciliationsService } from './service.ts';

/**
 * The daily reconciliation of received Pix (docs/decisions/0044-pix-reconciliation.md): after the
 * overdue job, for yesterday (São Paulo). Safe to run twice: every Pix goes through the webhook's
 * idempotent path and the day's report is rewritten with the same figures.
 */
export const reconciliationJob: ScheduledJob = {
  name: 'billing.reconciliation',
  cron: '30 6 * * *',
  catchUpAtStart: true,
  retryLimit: 5,
  retryDelaySeconds: 300,
  run: ({ db, now }) => reconciliationsService.runDaily(db, now),
};

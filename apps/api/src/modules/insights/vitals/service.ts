import {
  WEB_VITALS_WINDOWS,
  type WebVitalEntry,
  type WebVitalsSummary,
  type webVitalsReportSchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { AppDb } from '../../../db/client.ts';
import { vitalsRepository, type WebVitalRow } from './repository.ts';

type WebVitalsReportData = z.output<typeof webVitalsReportSchema>;

/** Old rows go at most this often per process, with an insert: cheap, and never a table scan. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface VitalsServiceOptions {
  /** Share of reports kept (VITALS_SAMPLE_RATE). */
  sampleRate: number;
  random?: () => number;
  now?: () => number;
}

/** One per app: the pruning clock belongs to the process, not to a module-wide variable. */
export function createVitalsService(db: AppDb, options: VitalsServiceOptions) {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  let lastPrunedAt = Number.NEGATIVE_INFINITY;

  return {
    /** Stores a page view's metrics, or drops the whole page view when it is not sampled. */
    async record(report: WebVitalsReportData): Promise<void> {
      if (!(random() < options.sampleRate)) return;
      // The last value of each metric id wins (one statement cannot update a row twice).
      const byId = new Map<string, WebVitalEntry>();
      for (const entry of report.entries) byId.set(entry.id, entry);
      const rows: WebVitalRow[] = [...byId.values()].map((entry) => ({
        metricId: entry.id,
        page: report.page,
        device: report.device,
        metric: entry.name,
        value: entry.value,
        rating: entry.rating,
        navigationType: entry.navigation_type,
      }));
      const prune = now() - lastPrunedAt >= PRUNE_EVERY_MS;
      if (prune) lastPrunedAt = now();
      await vitalsRepository.insert(db, rows, prune);
    },

    async summary(): Promise<WebVitalsSummary> {
      const rows = await vitalsRepository.summary(db);
      return {
        windows: WEB_VITALS_WINDOWS.map((days) => ({
          days,
          rows: rows
            .filter((row) => row.days === days)
            .map(({ page, device, metric, p75, samples }) => ({
              page,
              device,
              metric,
              p75,
              samples,
            })),
        })),
      };
    },
  };
}

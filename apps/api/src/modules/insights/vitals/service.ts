import {
  WEB_VITALS_WINDOWS,
  type WebVitalEntry,
  type WebVitalsSummary,
  type webVitalsReportSchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { AttemptLimiter } from '../../../auth/attempt-limiter.ts';
import type { AppDb } from '../../../db/client.ts';
import { vitalsRepository, type WebVitalRow } from './repository.ts';

type WebVitalsReportData = z.output<typeof webVitalsReportSchema>;

/** Old rows go at most this often per process, with an insert: cheap, and never a table scan. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * What one address and one day can add to the percentiles (issue 27: 2 000 reports from 40
 * addresses moved p75 LCP from 1 200 to 60 000 ms). Page views, per UTC day; an address is an
 * IPv4 address or an IPv6 /64 (http/client-address.ts). Past a bound a report is answered 204
 * like any other (a beacon cannot retry) and not stored. A flood from A addresses then adds at
 * most 3·A samples to a page's day, so its p75 reads the honest quantile 0.75 + 0.75·3A/N at
 * worst (N honest samples), and a day adds at most 2 000 to a page's 7- and 28-day windows.
 * Decision 0038 has the measurement.
 */
export const VITALS_COUNTED_PER_DAY = {
  /** One address on one route pattern: a few visits say how the page felt to it. */
  addressPage: 3,
  /** One address on all pages: a clinic's staff behind one address, across the app. */
  address: 20,
  /** Every address on one route pattern: the most one day weighs in a window. */
  page: 2_000,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface VitalsServiceOptions {
  /** Share of reports kept (VITALS_SAMPLE_RATE). */
  sampleRate: number;
  /** The app's shared counter (Redis when REDIS_URL is set): the bounds hold across processes. */
  limiter: AttemptLimiter;
  random?: () => number;
  now?: () => number;
}

/** One per app: the pruning clock belongs to the process, not to a module-wide variable. */
export function createVitalsService(db: AppDb, options: VitalsServiceOptions) {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  let lastPrunedAt = Number.NEGATIVE_INFINITY;

  /**
   * Whether this page view still counts today. One atomic hit per bound, the narrowest first, so
   * a refused view takes nothing from the wider bounds; the keys name the day, so they never
   * carry over, and each lives a day.
   */
  async function counts(page: string, address: string): Promise<boolean> {
    const day = new Date(now()).toISOString().slice(0, 10);
    const bounds: [string, number][] = [
      [`vitals:${day}:address-page:${address}:${page}`, VITALS_COUNTED_PER_DAY.addressPage],
      [`vitals:${day}:address:${address}`, VITALS_COUNTED_PER_DAY.address],
      [`vitals:${day}:page:${page}`, VITALS_COUNTED_PER_DAY.page],
    ];
    for (const [key, max] of bounds) {
      if ((await options.limiter.hit(key, DAY_MS)).count > max) return false;
    }
    return true;
  }

  return {
    /**
     * Stores a page view's metrics, or drops the whole page view when it is not sampled or its
     * address (rateLimitAddress of http/client-address.ts) or its page has given enough today.
     */
    async record(report: WebVitalsReportData, from: { address: string }): Promise<void> {
      if (!(random() < options.sampleRate)) return;
      if (!(await counts(report.page, from.address))) return;
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

import { sql } from 'drizzle-orm';
import {
  WEB_VITALS_RETENTION_DAYS,
  WEB_VITALS_WINDOWS,
  type DeviceClass,
  type WebVitalName,
  type WebVitalsSummaryRow,
} from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';

export interface WebVitalRow {
  metricId: string;
  page: string;
  device: DeviceClass;
  metric: WebVitalName;
  value: number;
  rating: string;
  navigationType: string;
}

export const vitalsRepository = {
  /**
   * Stores a page view's metrics in one statement. A metric reported again (the page was hidden,
   * shown and hidden again) replaces its value. With `prune`, the same statement deletes the rows
   * past the retention period, by the index on recorded_at.
   */
  async insert(db: DbOrTx, rows: readonly WebVitalRow[], prune: boolean): Promise<void> {
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${r.metricId}, ${r.page}, ${r.device}, ${r.metric}, ${r.value}::double precision, ${r.rating}, ${r.navigationType})`,
      ),
      sql`, `,
    );
    const pruneOld = prune
      ? sql`WITH pruned AS (DELETE FROM web_vitals WHERE recorded_at < now() - make_interval(days => ${WEB_VITALS_RETENTION_DAYS}::int)) `
      : sql``;
    await db.execute(sql`${pruneOld}INSERT INTO web_vitals
        (metric_id, page, device, metric, value, rating, navigation_type)
      VALUES ${values}
      ON CONFLICT (metric_id) DO UPDATE SET value = excluded.value, rating = excluded.rating`);
  },

  /** p75 (continuous percentile, as CrUX reports it) per window, page, device class and metric. */
  async summary(db: DbOrTx): Promise<(WebVitalsSummaryRow & { days: number })[]> {
    const windows = sql.join(
      WEB_VITALS_WINDOWS.map((days) => sql`(${days}::int)`),
      sql`, `,
    );
    // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
    const result = (await db.execute(sql`SELECT w.days, v.page, v.device, v.metric,
        percentile_cont(0.75) WITHIN GROUP (ORDER BY v.value) AS p75,
        count(*)::int AS samples
      FROM (VALUES ${windows}) AS w(days)
      JOIN web_vitals v ON v.recorded_at >= now() - make_interval(days => w.days)
      GROUP BY w.days, v.page, v.device, v.metric
      ORDER BY w.days, v.page, v.device, v.metric`)) as unknown as {
      rows: {
        days: number;
        page: string;
        device: DeviceClass;
        metric: WebVitalName;
        p75: number;
        samples: number;
      }[];
    };
    return result.rows.map((row) => ({
      days: Number(row.days),
      page: row.page,
      device: row.device,
      metric: row.metric,
      p75: Number(row.p75),
      samples: Number(row.samples),
    }));
  },
};

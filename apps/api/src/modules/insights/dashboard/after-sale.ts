import { sql } from 'drizzle-orm';
import { DASHBOARD_TIME_ZONE, type SalesAggregates, type SalesCounts } from '@portal/domain';
import { rowFilterSql } from '../../../auth/scope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { SalesFilter } from './repository.ts';

/**
 * Issue 28: a sale withdrawn within 7 days or cancelled is not a sale. The accepted figures the
 * summaries of migration 0015 keep are lowered by the accepted proposals of the period whose
 * contract ended so, in the same groups (total, author, unit, week), and those are counted apart.
 * Kept beside the summary reads so the two change independently.
 */
interface EndedRow {
  g_author: number;
  g_unit: number;
  g_week: number;
  author_key: number | null;
  unit: string | null;
  week: string | null;
  kind: 'withdraw' | 'cancel';
  n: number;
  value: number;
  discount_pct_sum: number;
  margin_pct_sum: number;
  below_min_margin: number;
}

export async function excludeEndedSales(
  db: DbOrTx,
  filter: SalesFilter,
  aggregates: SalesAggregates,
): Promise<void> {
  const scope = rowFilterSql(filter, { unit: sql.raw('p.unit'), authorId: sql.raw('p.author_id') });
  const result = await db.execute(
    sql`SELECT grouping(author_key)::int AS g_author, grouping(unit)::int AS g_unit,
               grouping(week)::int AS g_week, author_key, unit, week::text AS week, kind,
               count(*)::int AS n, (sum(annual_value) * 100)::float8 AS value,
               sum(discount_pct)::float8 AS discount_pct_sum,
               sum(margin_pct)::float8 AS margin_pct_sum,
               count(*) FILTER (WHERE margin_pct < min_margin_pct)::int AS below_min_margin
          FROM (SELECT coalesce(p.author_id, 0) AS author_key, p.unit, l.kind, p.annual_value,
                       p.discount_pct, p.margin_pct, p.min_margin_pct,
                       date_trunc('week', p.created_at AT TIME ZONE ${DASHBOARD_TIME_ZONE})::date
                         AS week
                  FROM contract_ledger l
                  JOIN contracts c ON c.id = l.contract_id
                  JOIN proposals p ON p.id = c.proposal_id
                 WHERE l.kind IN ('withdraw', 'cancel') AND p.status = 'accepted'
                   AND p.superseded_by_id IS NULL
                   AND p.created_at >= ${filter.from.toISOString()}::timestamptz
                   AND p.created_at < ${filter.before.toISOString()}::timestamptz
                   AND ${scope}) e
         GROUP BY GROUPING SETS ((kind), (author_key, kind), (unit, kind), (week, kind))`,
  );
  const rows = (
    Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
  ) as EndedRow[];
  for (const row of rows) {
    const counts = countsFor(aggregates, row);
    if (!counts) continue;
    const n = Number(row.n);
    const value = Math.round(Number(row.value));
    counts.accepted -= n;
    counts.accepted_value -= value;
    counts.discount_pct_sum -= Number(row.discount_pct_sum ?? 0);
    counts.margin_pct_sum -= Number(row.margin_pct_sum ?? 0);
    counts.below_min_margin -= Number(row.below_min_margin);
    if (row.kind === 'withdraw') {
      counts.withdrawn += n;
      counts.withdrawn_value += value;
    } else {
      counts.cancelled += n;
      counts.cancelled_value += value;
    }
  }
}

function countsFor(aggregates: SalesAggregates, row: EndedRow): SalesCounts | undefined {
  if (row.g_author === 0) {
    const authorId = Number(row.author_key) || null;
    return aggregates.professionals.find((entry) => entry.professional_id === authorId)?.counts;
  }
  if (row.g_unit === 0) return aggregates.units.find((entry) => entry.unit === row.unit)?.counts;
  if (row.g_week === 0) {
    return aggregates.weeks.find((entry) => entry.week_start === row.week)?.counts;
  }
  return aggregates.totals;
}

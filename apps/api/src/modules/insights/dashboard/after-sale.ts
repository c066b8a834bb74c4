import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_TIME_ZONE,
  type SalesAggregates,
  type DashboardBasis,
  type SalesCounts,
  type ServiceBlock,
} from '@portal/domain';
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
  discount_bp_sum: number;
  margin_bp_sum: number;
  below_min_margin: number;
}

export async function excludeEndedSales(
  db: DbOrTx,
  filter: SalesFilter,
  basis: DashboardBasis,
  aggregates: SalesAggregates,
): Promise<void> {
  const scope = rowFilterSql(filter, { unit: sql.raw('p.unit'), authorId: sql.raw('p.author_id') });
  // The day a sale counts on: its creation, or its answer with `basis=aceite` (as the figures).
  const day = sql.raw(basis === 'aceite' ? 'p.answered_at' : 'p.created_at');
  const ended = sql`SELECT p.id, p.package_id, p.annual_value, l.kind
                      FROM contract_ledger l
                      JOIN contracts c ON c.id = l.contract_id
                      JOIN proposals p ON p.id = c.proposal_id
                     WHERE l.kind IN ('withdraw', 'cancel') AND p.status = 'accepted'
                       AND p.superseded_by_id IS NULL
                       AND ${day} >= ${filter.from.toISOString()}::timestamptz
                       AND ${day} < ${filter.before.toISOString()}::timestamptz
                       AND ${scope}`;
  await excludeEndedItems(db, ended, aggregates);
  const result = await db.execute(
    sql`SELECT grouping(author_key)::int AS g_author, grouping(unit)::int AS g_unit,
               grouping(week)::int AS g_week, author_key, unit, week::text AS week, kind,
               count(*)::int AS n, (sum(annual_value) * 100)::float8 AS value,
               round(sum(discount_pct) * 100)::float8 AS discount_bp_sum,
               round(sum(margin_pct) * 100)::float8 AS margin_bp_sum,
               count(*) FILTER (WHERE margin_pct < min_margin_pct)::int AS below_min_margin
          FROM (SELECT coalesce(p.author_id, 0) AS author_key, p.unit, l.kind, p.annual_value,
                       p.discount_pct, p.margin_pct, p.min_margin_pct,
                       date_trunc('week', ${day} AT TIME ZONE ${DASHBOARD_TIME_ZONE})::date
                         AS week
                  FROM contract_ledger l
                  JOIN contracts c ON c.id = l.contract_id
                  JOIN proposals p ON p.id = c.proposal_id
                 WHERE l.kind IN ('withdraw', 'cancel') AND p.status = 'accepted'
                   AND p.superseded_by_id IS NULL
                   AND ${day} >= ${filter.from.toISOString()}::timestamptz
                   AND ${day} < ${filter.before.toISOString()}::timestamptz
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
    // Stored percents have two decimals (migration 0021), so ×100 is whole basis points.
    counts.discount_bp_sum -= Number(row.discount_bp_sum ?? 0);
    counts.margin_bp_sum -= Number(row.margin_bp_sum ?? 0);
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

interface EndedItemRow {
  service_id: number | null;
  block: ServiceBlock | null;
  package_key: number | null;
  g_service: number;
  g_block: number;
  sessions: number;
  proposals: number;
  value: number;
}

/**
 * The top procedures, blocks and packages lose the ended sales too: a withdrawn package is not
 * the best seller of the month. An entry left with no accepted proposal leaves its list.
 */
async function excludeEndedItems(db: DbOrTx, ended: SQL, aggregates: SalesAggregates) {
  const result = await db.execute(
    sql`WITH e AS (${ended})
        SELECT grouping(i.service_id)::int AS g_service, grouping(i.block)::int AS g_block,
               i.service_id, i.block, NULL::int AS package_key,
               sum(i.sessions)::int AS sessions, count(*)::int AS proposals,
               (sum(i.total_value) * 100)::float8 AS value
          FROM proposal_items i JOIN e ON e.id = i.proposal_id
         GROUP BY GROUPING SETS ((i.service_id), (i.block))
        UNION ALL
        SELECT 1, 1, NULL, NULL, coalesce(e.package_id, 0), 0, count(*)::int,
               (sum(e.annual_value) * 100)::float8
          FROM e GROUP BY e.package_id`,
  );
  const rows = (
    Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
  ) as EndedItemRow[];
  for (const row of rows) {
    const value = Math.round(Number(row.value));
    if (Number(row.g_service) === 0 && row.service_id !== null) {
      const procedure = aggregates.procedures.find((p) => p.service_id === row.service_id);
      if (!procedure) continue;
      procedure.sessions -= Number(row.sessions);
      procedure.proposals -= Number(row.proposals);
      procedure.value -= value;
    } else if (Number(row.g_block) === 0 && row.block !== null) {
      const block = aggregates.blocks.find((b) => b.block === row.block);
      if (!block) continue;
      block.sessions -= Number(row.sessions);
      block.value -= value;
    } else if (row.package_key !== null) {
      const key = Number(row.package_key) || null;
      const pkg = aggregates.packages.find((p) => p.package_id === key);
      if (!pkg) continue;
      pkg.accepted -= Number(row.proposals);
      pkg.value -= value;
    }
  }
  aggregates.procedures = aggregates.procedures.filter((p) => p.proposals > 0);
  aggregates.blocks = aggregates.blocks.filter((b) => b.sessions > 0);
  aggregates.packages = aggregates.packages.filter((p) => p.accepted > 0);
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

export interface UseRenewalRow {
  contract_id: number;
  proposal_id: number;
  number: string;
  version: number;
  client_id: number;
  client_name: string;
  package_id: number | null;
  package_name: string;
  annual_value: number;
  answered_at: Date | string;
  author_id: number | null;
  author_name: string;
  unit: string;
  valid_from: string;
  valid_until: string;
  sessions_total: number;
  sessions_used: number;
  last_session: string | null;
}

/**
 * Issue 28: contracts not ended whose sessions are used up, or three quarters used, in the
 * caller's reach (a professional: the proposals they authored), with what their renewal entry
 * shows. The caller derives the end (freezes, extensions) from the contract's status rule.
 */
export async function useRenewalCandidates(
  db: DbOrTx,
  filter: { unit: string | null; authorId: number | null },
  share: number,
): Promise<UseRenewalRow[]> {
  const scope = rowFilterSql(filter, { unit: sql.raw('c.unit'), authorId: sql.raw('p.author_id') });
  const result = await db.execute(
    sql`SELECT c.id AS contract_id, p.id AS proposal_id, p.number, p.version, c.client_id,
               cl.full_name AS client_name, p.package_id, p.package_name,
               p.annual_value::float8 AS annual_value, p.answered_at, p.author_id, p.author_name,
               c.unit, c.valid_from::text AS valid_from, c.valid_until::text AS valid_until,
               u.sessions_total, u.sessions_used, u.last_session::text AS last_session
          FROM contracts c
          JOIN proposals p ON p.id = c.proposal_id
          JOIN clients cl ON cl.id = c.client_id
          CROSS JOIN LATERAL (
            SELECT coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'grant'), 0)::int AS sessions_total,
                   (count(*) FILTER (WHERE l.kind = 'redeem')
                     - count(*) FILTER (WHERE l.kind = 'reverse'))::int AS sessions_used,
                   max(l.on_date) FILTER (WHERE l.kind = 'redeem') AS last_session,
                   bool_or(l.kind IN ('withdraw', 'cancel', 'expire')) AS ended
              FROM contract_ledger l WHERE l.contract_id = c.id) u
         WHERE NOT u.ended AND u.sessions_total > 0
           AND u.sessions_used >= ${share}::float8 * u.sessions_total
           AND ${scope}
         ORDER BY c.id`,
  );
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as UseRenewalRow[];
}

import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_TIME_ZONE,
  emptySalesCounts,
  type DeclineReasonCode,
  type SalesAggregates,
  type SalesCounts,
  type ServiceBlock,
  type StoredProposalStatus,
  type Unit,
} from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The dashboard's reads: aggregates in SQL over `proposals` and `proposal_items` (migration 0012),
 * the same definitions as packages/domain dashboard.ts (docs/decisions/0008-dashboard-figures.md).
 * Read-only; nothing here writes.
 */

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

export interface SalesFilter {
  /** [from, before): the period's instants (São Paulo days). */
  from: Date;
  before: Date;
  unit: Unit | null;
  authorId: number | null;
  now: Date;
}

interface GroupRow {
  g_author: number;
  g_unit: number;
  g_week: number;
  g_reason: number;
  author_id: number | null;
  unit: Unit | null;
  week: string | null;
  decline_reason_code: DeclineReasonCode | null;
  last_id: number;
  created: number;
  sent: number;
  viewed: number;
  accepted: number;
  declined: number;
  expired: number;
  accepted_value: number;
  discount_pct_sum: number | null;
  margin_pct_sum: number | null;
  below_min_margin: number;
  author_name: string | null;
}

interface ItemRow {
  g_service: number;
  service_id: number | null;
  block: ServiceBlock | null;
  sessions: number;
  proposals: number;
  value: number;
  name: string | null;
  item_block: ServiceBlock | null;
}

interface PackageRow {
  package_id: number | null;
  name: string;
  accepted: number;
  value: number;
}

/** The latest versions created in the period, of the unit and author asked. */
function scopedProposals(filter: SalesFilter): SQL {
  const unit = filter.unit === null ? sql`` : sql` AND p.unit = ${filter.unit}`;
  const author = filter.authorId === null ? sql`` : sql` AND p.author_id = ${filter.authorId}`;
  return sql`SELECT p.id, p.author_id, p.unit, p.package_id, p.created_at, p.decline_reason_code,
      p.sent_at, p.viewed_at, p.annual_value, p.discount_pct, p.margin_pct, p.min_margin_pct,
      CASE WHEN p.status IN ('draft', 'sent', 'viewed')
             AND p.valid_until <= ${filter.now.toISOString()}::timestamptz
           THEN 'expired' ELSE p.status END AS stage
    FROM proposals p
   WHERE p.superseded_by_id IS NULL AND p.status <> 'superseded'
     AND p.created_at >= ${filter.from.toISOString()}::timestamptz
     AND p.created_at < ${filter.before.toISOString()}::timestamptz${unit}${author}`;
}

const countsOf = (row: GroupRow): SalesCounts => ({
  ...emptySalesCounts(),
  created: Number(row.created),
  sent: Number(row.sent),
  viewed: Number(row.viewed),
  accepted: Number(row.accepted),
  declined: Number(row.declined),
  expired: Number(row.expired),
  accepted_value: Number(row.accepted_value),
  discount_pct_sum: Number(row.discount_pct_sum ?? 0),
  margin_pct_sum: Number(row.margin_pct_sum ?? 0),
  below_min_margin: Number(row.below_min_margin),
});

/**
 * Every aggregate of the dashboard in three statements: the figures by total, author, unit,
 * week and decline reason (one scan, grouping sets), the accepted items by procedure and by
 * block, and the accepted value by package.
 */
export async function salesAggregates(db: DbOrTx, filter: SalesFilter): Promise<SalesAggregates> {
  const scoped = scopedProposals(filter);
  const groups = await rowsOf<GroupRow>(
    db,
    sql`WITH s AS (${scoped}), g AS (
      SELECT grouping(author_id)::int AS g_author, grouping(unit)::int AS g_unit,
             grouping(week)::int AS g_week, grouping(decline_reason_code)::int AS g_reason,
             author_id, unit, week::text AS week, decline_reason_code,
             max(id)::int AS last_id,
             count(*)::int AS created,
             count(sent_at)::int AS sent,
             count(viewed_at)::int AS viewed,
             count(*) FILTER (WHERE stage = 'accepted')::int AS accepted,
             count(*) FILTER (WHERE stage = 'declined')::int AS declined,
             count(*) FILTER (WHERE stage = 'expired')::int AS expired,
             (coalesce(sum(annual_value) FILTER (WHERE stage = 'accepted'), 0) * 100)::float8
               AS accepted_value,
             sum(discount_pct) FILTER (WHERE stage = 'accepted')::float8 AS discount_pct_sum,
             sum(margin_pct) FILTER (WHERE stage = 'accepted')::float8 AS margin_pct_sum,
             count(*) FILTER (WHERE stage = 'accepted' AND margin_pct < min_margin_pct)::int
               AS below_min_margin
        FROM (SELECT s.*, date_trunc('week', s.created_at AT TIME ZONE ${DASHBOARD_TIME_ZONE})::date
                       AS week
                FROM s) w
       GROUP BY GROUPING SETS ((), (author_id), (unit), (week), (decline_reason_code)))
    SELECT g.*, CASE WHEN g.g_author = 0 THEN p.author_name END AS author_name
      FROM g LEFT JOIN proposals p ON g.g_author = 0 AND p.id = g.last_id`,
  );
  const accepted = sql`SELECT id, package_id, annual_value FROM (${scoped}) s
    WHERE stage = 'accepted'`;
  const items = await rowsOf<ItemRow>(
    db,
    sql`WITH a AS (${accepted}), g AS (
      SELECT grouping(i.service_id)::int AS g_service, i.service_id,
             CASE WHEN grouping(i.block) = 0 THEN i.block END AS block,
             sum(i.sessions)::int AS sessions, count(*)::int AS proposals,
             (sum(i.total_value) * 100)::float8 AS value, max(i.proposal_id) AS last_id
        FROM proposal_items i JOIN a ON a.id = i.proposal_id
       GROUP BY GROUPING SETS ((i.service_id), (i.block)))
    SELECT g.g_service, g.service_id, g.block, g.sessions, g.proposals, g.value,
           li.name, li.block AS item_block
      FROM g LEFT JOIN proposal_items li
        ON g.g_service = 0 AND li.proposal_id = g.last_id AND li.service_id = g.service_id`,
  );
  const packages = await rowsOf<PackageRow>(
    db,
    sql`WITH a AS (${accepted}), g AS (
      SELECT package_id, count(*)::int AS accepted, max(id) AS last_id,
             (sum(annual_value) * 100)::float8 AS value
        FROM a GROUP BY package_id)
    SELECT g.package_id, p.package_name AS name, g.accepted, g.value
      FROM g JOIN proposals p ON p.id = g.last_id`,
  );

  const aggregates: SalesAggregates = {
    totals: emptySalesCounts(),
    professionals: [],
    units: [],
    weeks: [],
    blocks: [],
    procedures: [],
    packages: packages.map((row) => ({
      package_id: row.package_id,
      name: row.name,
      accepted: Number(row.accepted),
      value: Math.round(Number(row.value)),
    })),
    decline_reasons: [],
  };
  for (const row of groups) {
    const counts = countsOf(row);
    counts.accepted_value = Math.round(counts.accepted_value);
    if (row.g_author === 0) {
      aggregates.professionals.push({
        professional_id: row.author_id,
        name: row.author_name ?? '',
        counts,
      });
    } else if (row.g_unit === 0 && row.unit !== null) {
      aggregates.units.push({ unit: row.unit, counts });
    } else if (row.g_week === 0 && row.week !== null) {
      aggregates.weeks.push({ week_start: row.week, counts });
    } else if (row.g_reason === 0) {
      if (counts.declined > 0) {
        aggregates.decline_reasons.push({
          reason_code: row.decline_reason_code,
          count: counts.declined,
        });
      }
    } else {
      aggregates.totals = counts;
    }
  }
  for (const row of items) {
    const value = Math.round(Number(row.value));
    if (row.g_service === 0 && row.service_id !== null) {
      aggregates.procedures.push({
        service_id: row.service_id,
        name: row.name ?? '',
        block: row.item_block ?? 'A',
        sessions: Number(row.sessions),
        proposals: Number(row.proposals),
        value,
      });
    } else if (row.block !== null) {
      aggregates.blocks.push({ block: row.block, sessions: Number(row.sessions), value });
    }
  }
  return aggregates;
}

/** A proposal as the pipeline and renewals read it (no snapshot). */
export interface PipelineRow {
  id: number;
  number: string;
  version: number;
  status: StoredProposalStatus;
  client_id: number;
  client_name: string;
  package_id: number | null;
  package_name: string;
  annual_value: number;
  author_id: number | null;
  author_name: string;
  unit: Unit;
  created_at: Date | string;
  sent_at: Date | string | null;
  viewed_at: Date | string | null;
  answered_at: Date | string | null;
  valid_until: Date | string;
}

export interface VisibilityFilter {
  unit: Unit | null;
  authorId: number | null;
}

function visibility(filter: VisibilityFilter): SQL {
  const unit = filter.unit === null ? sql`` : sql` AND p.unit = ${filter.unit}`;
  const author = filter.authorId === null ? sql`` : sql` AND p.author_id = ${filter.authorId}`;
  return sql`${unit}${author}`;
}

const PIPELINE_COLUMNS = sql`p.id, p.number, p.version, p.status, p.client_id, p.client_name,
  p.package_id, p.package_name, p.annual_value::float8 AS annual_value, p.author_id,
  p.author_name, p.unit, p.created_at, p.sent_at, p.viewed_at, p.answered_at, p.valid_until`;

/**
 * The newest `perStage` latest versions of each stage, and each stage's count. Stages are read at
 * `now` (an open proposal past its validity is expired).
 */
export async function pipeline(
  db: DbOrTx,
  filter: VisibilityFilter,
  now: Date,
  perStage: number,
): Promise<{ rows: PipelineRow[]; counts: { stage: string; count: number }[] }> {
  const stage = sql`CASE WHEN p.status IN ('draft', 'sent', 'viewed')
      AND p.valid_until <= ${now.toISOString()}::timestamptz THEN 'expired' ELSE p.status END`;
  const scoped = sql`SELECT ${PIPELINE_COLUMNS}, ${stage} AS stage FROM proposals p
    WHERE p.superseded_by_id IS NULL AND p.status <> 'superseded'${visibility(filter)}`;
  const rows = await rowsOf<PipelineRow>(
    db,
    sql`SELECT * FROM (SELECT s.*, row_number() OVER (PARTITION BY stage
                                ORDER BY created_at DESC, id DESC) AS rank
                         FROM (${scoped}) s) ranked
         WHERE rank <= ${perStage} ORDER BY created_at DESC, id DESC`,
  );
  const counts = await rowsOf<{ stage: string; count: number }>(
    db,
    sql`SELECT stage, count(*)::int AS count FROM (${scoped}) s GROUP BY stage`,
  );
  return { rows, counts };
}

/**
 * Each client's last accepted proposal (latest version, latest acceptance) accepted between
 * `acceptedFrom` and `acceptedBefore`, in the caller's reach.
 */
export async function lastAcceptedProposals(
  db: DbOrTx,
  filter: VisibilityFilter,
  acceptedFrom: Date,
  acceptedBefore: Date,
): Promise<PipelineRow[]> {
  return rowsOf<PipelineRow>(
    db,
    sql`SELECT * FROM (
          SELECT DISTINCT ON (p.client_id) ${PIPELINE_COLUMNS}
            FROM proposals p
           WHERE p.status = 'accepted' AND p.superseded_by_id IS NULL${visibility(filter)}
           ORDER BY p.client_id, p.answered_at DESC, p.id DESC) last
         WHERE answered_at >= ${acceptedFrom.toISOString()}::timestamptz
           AND answered_at < ${acceptedBefore.toISOString()}::timestamptz
         ORDER BY answered_at, id`,
  );
}

import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  DASHBOARD_TIME_ZONE,
  type DashboardProposalRow,
  DECLINE_REASON_CODES,
  saoPauloDate,
  weekStart,
  emptySalesAggregates,
  emptySalesCounts,
  type DeclineReasonCode,
  type SalesAggregates,
  type SalesCounts,
  type ServiceBlock,
  type StoredProposalStatus,
  type Unit,
} from '@portal/domain';
import { rowFilterSql } from '../../../auth/scope.ts';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * The dashboard's reads: sums kept by migration 0015's trigger, and aggregates in SQL over
 * `proposals` and `proposal_items` (migration 0012), the same definitions as packages/domain
 * dashboard.ts (docs/decisions/0008-dashboard-figures.md, 0020-dashboard-summary.md).
 * Read-only; nothing here writes.
 */

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * ` AND <scope>` over the given columns: the one SQL form of a row filter
 * (apps/api/src/auth/scope.ts), for this module's hand-written SQL.
 */
function andScope(
  filter: { unit: string | null; authorId: number | null },
  unitColumn: string,
  authorColumn?: string,
): SQL {
  const scoped = authorColumn ? filter : { unit: filter.unit, authorId: null };
  return sql` AND ${rowFilterSql(scoped, {
    unit: sql.raw(unitColumn),
    ...(authorColumn ? { authorId: sql.raw(authorColumn) } : {}),
  })}`;
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
  discount_bp_sum: number | null;
  margin_bp_sum: number | null;
  below_min_margin: number;
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
  const scope = andScope(filter, 'p.unit', 'p.author_id');
  return sql`SELECT p.id, p.author_id, p.unit, p.package_id, p.created_at, p.decline_reason_code,
      p.sent_at, p.viewed_at, p.annual_value, p.discount_pct, p.margin_pct, p.min_margin_pct,
      CASE WHEN p.status IN ('draft', 'sent', 'viewed')
             AND p.valid_until <= ${filter.now.toISOString()}::timestamptz
           THEN 'expired' ELSE p.status END AS stage
    FROM proposals p
   WHERE p.superseded_by_id IS NULL AND p.status <> 'superseded'
     AND p.created_at >= ${filter.from.toISOString()}::timestamptz
     AND p.created_at < ${filter.before.toISOString()}::timestamptz${scope}`;
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
  discount_bp_sum: Number(row.discount_bp_sum ?? 0),
  margin_bp_sum: Number(row.margin_bp_sum ?? 0),
  below_min_margin: Number(row.below_min_margin),
});

/**
 * Every aggregate of the dashboard. The sums come from the summaries of migration 0015 (kept by
 * a trigger in the transaction of each proposal write, docs/decisions/0020-dashboard-summary.md);
 * only `expired`, which depends on `now`, is counted live. A professional's own figures read
 * their accepted items and packages from their proposals (a few hundred a year).
 */
export async function salesAggregates(db: DbOrTx, filter: SalesFilter): Promise<SalesAggregates> {
  return db.transaction(async (tx) => {
    // One snapshot for the summary, the live `expired` and the names.
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    const aggregates = await summaryCounts(tx, filter);
    if (filter.authorId === null) {
      await summaryItems(tx, filter, aggregates);
    } else {
      await liveItems(tx, filter, aggregates);
    }
    return aggregates;
  });
}

/** The São Paulo days [from, to] as whole weeks (Monday to Sunday) and the days around them. */
interface Spans {
  from: string;
  to: string;
  /** [weeksFrom, weeksBefore): the Mondays of whole weeks inside the period (maybe none). */
  weeksFrom: string;
  weeksBefore: string;
}

function spansOf(filter: SalesFilter): Spans {
  const from = saoPauloDate(filter.from);
  const to = addDays(saoPauloDate(filter.before), -1);
  const firstMonday = weekStart(from) === from ? from : addDays(weekStart(from), 7);
  const afterLastSunday = weekStart(addDays(to, 1));
  return afterLastSunday > firstMonday
    ? { from, to, weeksFrom: firstMonday, weeksBefore: afterLastSunday }
    : { from, to, weeksFrom: from, weeksBefore: from };
}

/** The summary rows covering the period, each once: whole weeks, then the days around them. */
function summarySpans(spans: Spans): SQL {
  return sql`((span = 'w' AND start >= ${spans.weeksFrom}::date AND start < ${spans.weeksBefore}::date)
    OR (span = 'd' AND start >= ${spans.from}::date AND start <= ${spans.to}::date
        AND (start < ${spans.weeksFrom}::date OR start >= ${spans.weeksBefore}::date)))`;
}

const REASON_COLUMNS: { code: DeclineReasonCode | null; column: string }[] = [
  ...DECLINE_REASON_CODES.map((code) => ({ code, column: `declined_${code}` })),
  { code: null, column: 'declined_none' },
];

interface SummaryRow extends GroupRow {
  open_count: number;
  [reason: `declined_${string}`]: number;
}

interface ValidRow {
  g_author: number;
  g_unit: number;
  g_week: number;
  author_key: number | null;
  unit: Unit | null;
  week: string | null;
  valid: number;
}

async function summaryCounts(db: DbOrTx, filter: SalesFilter): Promise<SalesAggregates> {
  const spans = spansOf(filter);
  const scope = andScope(filter, 'unit', 'author_key');
  const reasons = sql.raw(
    REASON_COLUMNS.map(({ column }) => `sum(${column})::int AS ${column}`).join(', '),
  );
  const groups = await rowsOf<SummaryRow>(
    db,
    sql`SELECT grouping(author_key)::int AS g_author, grouping(unit)::int AS g_unit,
               grouping(week)::int AS g_week, 0 AS g_reason,
               author_key AS author_id, unit, week::text AS week,
               max(max_id)::int AS last_id,
               sum(created)::int AS created, sum(sent)::int AS sent, sum(viewed)::int AS viewed,
               sum(open_count)::int AS open_count, sum(accepted)::int AS accepted,
               sum(declined)::int AS declined, ${reasons},
               (sum(accepted_value) * 100)::float8 AS accepted_value,
               -- Percents of 2 decimals summed exactly (numeric): × 100 is a whole number of basis
               -- points (shared/basis-points.ts), read as such.
               round(sum(discount_pct_sum) * 100)::float8 AS discount_bp_sum,
               round(sum(margin_pct_sum) * 100)::float8 AS margin_bp_sum,
               sum(below_min_margin)::int AS below_min_margin
          FROM (SELECT s.*, CASE WHEN span = 'w' THEN start
                                 ELSE date_trunc('week', start::timestamp)::date END AS week
                  FROM sales_summary s
                 WHERE ${summarySpans(spans)}${scope}) r
         GROUP BY GROUPING SETS ((), (author_key), (unit), (week))
        HAVING sum(created) > 0`,
  );
  // The open proposals still valid at `now`: every other open one is expired.
  const pScope = andScope(filter, 'p.unit', 'p.author_id');
  const valid = await rowsOf<ValidRow>(
    db,
    sql`SELECT grouping(author_key)::int AS g_author, grouping(unit)::int AS g_unit,
               grouping(week)::int AS g_week, author_key, unit, week::text AS week,
               count(*)::int AS valid
          FROM (SELECT coalesce(p.author_id, 0) AS author_key, p.unit,
                       date_trunc('week', p.created_at AT TIME ZONE ${DASHBOARD_TIME_ZONE})::date
                         AS week
                  FROM proposals p
                 WHERE p.superseded_by_id IS NULL AND p.status IN ('draft', 'sent', 'viewed')
                   AND p.valid_until > ${filter.now.toISOString()}::timestamptz
                   AND p.created_at >= ${filter.from.toISOString()}::timestamptz
                   AND p.created_at < ${filter.before.toISOString()}::timestamptz${pScope}) v
         GROUP BY GROUPING SETS ((), (author_key), (unit), (week))`,
  );
  const validOf = new Map(
    valid.map((row) => [
      `${row.g_author}${row.g_unit}${row.g_week}|${row.author_key}|${row.unit}|${row.week}`,
      Number(row.valid),
    ]),
  );
  const lastIds = groups.filter((row) => row.g_author === 0).map((row) => Number(row.last_id));
  const names = new Map(
    (lastIds.length > 0
      ? await rowsOf<{ id: number; author_name: string }>(
          db,
          sql`SELECT id, author_name FROM proposals
               WHERE id IN (${sql.join(
                 lastIds.map((id) => sql`${id}`),
                 sql`, `,
               )})`,
        )
      : []
    ).map((row) => [Number(row.id), row.author_name]),
  );

  const aggregates = emptySalesAggregates();
  for (const row of groups) {
    const key = `${row.g_author}${row.g_unit}${row.g_week}|${row.g_author === 0 ? row.author_id : null}|${row.unit}|${row.week}`;
    const counts = countsOf({
      ...row,
      expired: Number(row.open_count) - (validOf.get(key) ?? 0),
    });
    counts.accepted_value = Math.round(counts.accepted_value);
    if (row.g_author === 0) {
      const authorId = Number(row.author_id);
      aggregates.professionals.push({
        professional_id: authorId === 0 ? null : authorId,
        name: names.get(Number(row.last_id)) ?? '',
        counts,
      });
    } else if (row.g_unit === 0 && row.unit !== null) {
      aggregates.units.push({ unit: row.unit, counts });
    } else if (row.g_week === 0 && row.week !== null) {
      aggregates.weeks.push({ week_start: row.week, counts });
    } else {
      aggregates.totals = counts;
      for (const { code, column } of REASON_COLUMNS) {
        const count = Number(row[column as `declined_${string}`] ?? 0);
        if (count > 0) aggregates.decline_reasons.push({ reason_code: code, count });
      }
    }
  }
  return aggregates;
}

/** Accepted items by procedure and block, and accepted proposals by package, from the summary. */
async function summaryItems(
  db: DbOrTx,
  filter: SalesFilter,
  aggregates: SalesAggregates,
): Promise<void> {
  // The items' summary has no author: the unit alone narrows it.
  const where = sql`${summarySpans(spansOf(filter))}${andScope(filter, 'unit')}`;
  const items = await rowsOf<ItemRow>(
    db,
    sql`WITH g AS (
      SELECT grouping(service_id)::int AS g_service, service_id,
             CASE WHEN grouping(block) = 0 THEN block END AS block,
             sum(sessions)::int AS sessions, sum(proposals)::int AS proposals,
             (sum(value) * 100)::float8 AS value, max(max_proposal_id) AS last_id
        FROM sales_item_summary WHERE ${where}
       GROUP BY GROUPING SETS ((service_id), (block))
      HAVING sum(proposals) > 0)
    SELECT g.g_service, g.service_id, g.block, g.sessions, g.proposals, g.value,
           li.name, li.block AS item_block
      FROM g LEFT JOIN proposal_items li
        ON g.g_service = 0 AND li.proposal_id = g.last_id AND li.service_id = g.service_id`,
  );
  const packages = await rowsOf<PackageRow>(
    db,
    sql`WITH g AS (
      SELECT package_key, sum(accepted)::int AS accepted, max(max_id) AS last_id,
             (sum(value) * 100)::float8 AS value
        FROM sales_package_summary WHERE ${where}
       GROUP BY package_key HAVING sum(accepted) > 0)
    SELECT p.package_id, p.package_name AS name, g.accepted, g.value
      FROM g JOIN proposals p ON p.id = g.last_id`,
  );
  addItems(aggregates, items, packages);
}

function addItems(aggregates: SalesAggregates, items: ItemRow[], packages: PackageRow[]): void {
  aggregates.packages = packages.map((row) => ({
    package_id: row.package_id,
    name: row.name,
    accepted: Number(row.accepted),
    value: Math.round(Number(row.value)),
  }));
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
}

/** A professional's accepted items and packages, from their proposals of the period. */
async function liveItems(
  db: DbOrTx,
  filter: SalesFilter,
  aggregates: SalesAggregates,
): Promise<void> {
  const accepted = sql`SELECT id, package_id, annual_value FROM (${scopedProposals(filter)}) s
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
  addItems(aggregates, items, packages);
}

interface AnsweredRow extends Omit<DashboardProposalRow, 'annual_value' | 'items'> {
  annual_value: number | string;
  items:
    | {
        service_id: number;
        name: string;
        block: ServiceBlock;
        sessions: number;
        total_value: number;
      }[]
    | null;
}

/**
 * The latest versions answered (accepted or declined) in [from, before), of the unit and author
 * asked, as the domain's rows: `basis=aceite` counts them by the answer's day with the same
 * definition as every other figure (computeSalesDashboard). The answered ones of a period are
 * read through `proposals_answered_idx` (migration 0021).
 */
export async function answeredRows(
  db: DbOrTx,
  filter: SalesFilter,
): Promise<DashboardProposalRow[]> {
  const rows = await rowsOf<AnsweredRow>(
    db,
    sql`SELECT p.id, p.author_id, p.author_name, p.unit, p.package_id, p.package_name, p.status,
               p.superseded_by_id, p.created_at, p.valid_until, p.sent_at, p.viewed_at,
               p.answered_at, p.annual_value::text AS annual_value, p.discount_pct, p.margin_pct,
               p.min_margin_pct::float8 AS min_margin_pct, p.decline_reason_code,
               CASE WHEN p.status = 'accepted' THEN (
                 SELECT json_agg(json_build_object('service_id', i.service_id, 'name', i.name,
                          'block', i.block, 'sessions', i.sessions,
                          'total_value', (i.total_value * 100)::bigint) ORDER BY i.position)
                   FROM proposal_items i WHERE i.proposal_id = p.id) END AS items
          FROM proposals p
         WHERE p.superseded_by_id IS NULL AND p.status IN ('accepted', 'declined')
           AND p.answered_at >= ${filter.from.toISOString()}::timestamptz
           AND p.answered_at < ${filter.before.toISOString()}::timestamptz${andScope(filter, 'p.unit', 'p.author_id')}`,
  );
  return rows.map((row) => ({
    ...row,
    annual_value: Math.round(Number(row.annual_value) * 100),
    discount_pct: Number(row.discount_pct),
    margin_pct: Number(row.margin_pct),
    min_margin_pct: Number(row.min_margin_pct),
    items: (row.items ?? []).map((item) => ({ ...item, total_value: Number(item.total_value) })),
  }));
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
  return andScope(filter, 'p.unit', 'p.author_id');
}

const PIPELINE_COLUMNS = sql`p.id, p.number, p.version, p.status, p.client_id, p.client_name,
  p.package_id, p.package_name, p.annual_value::float8 AS annual_value, p.author_id,
  p.author_name, p.unit, p.created_at, p.sent_at, p.viewed_at, p.answered_at, p.valid_until`;

const OPEN_STATUSES = sql`('draft', 'sent', 'viewed')`;

/**
 * The newest `perStage` latest versions of each stage, and each stage's count. Stages are read at
 * `now` (an open proposal past its validity is expired). Nothing here grows with the history:
 * the counts of stored statuses are a few rows of `proposal_counts` (migration 0014, kept by a
 * trigger); the open proposals still valid are at most 90 days of them, read through
 * `proposals_open_valid_idx` (migration 0015), and `expired` is every other open one; the
 * accepted, declined and expired cards walk a `created_at` index until the column is full.
 * Reading every latest version of the network to rank them took 1.4 s on PGlite for 200 000
 * (docs/decisions/0023-pipeline-reads.md).
 */
export async function pipeline(
  db: DbOrTx,
  filter: VisibilityFilter,
  now: Date,
  perStage: number,
): Promise<{ rows: PipelineRow[]; counts: { stage: string; count: number }[] }> {
  return db.transaction(async (tx) => {
    // One snapshot for the counts and the cards.
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    const at = sql`${now.toISOString()}::timestamptz`;
    const scope = andScope(filter, 'unit', 'author_key');
    // A superseded version has status 'superseded' (proposals service, revise), so the stored
    // statuses other than that one are the latest versions'.
    const stored = await rowsOf<{ status: string; count: number }>(
      tx,
      sql`SELECT status, sum(n)::int AS count FROM proposal_counts
           WHERE status <> 'superseded'${scope} GROUP BY status`,
    );
    const valid = await rowsOf<PipelineRow & { stage: string; rank: number }>(
      tx,
      sql`SELECT * FROM (
            SELECT ${PIPELINE_COLUMNS}, p.status AS stage,
                   row_number() OVER (PARTITION BY p.status
                                      ORDER BY p.created_at DESC, p.id DESC)::int AS rank
              FROM proposals p
             WHERE p.superseded_by_id IS NULL AND p.status IN ${OPEN_STATUSES}
               AND p.valid_until > ${at}${visibility(filter)}) v`,
    );
    const storedCount = (status: string) =>
      stored.find((entry) => entry.status === status)?.count ?? 0;
    const validCount = (status: string) => valid.filter((row) => row.stage === status).length;
    const counts = ['draft', 'sent', 'viewed'].map((stage) => ({
      stage,
      count: validCount(stage),
    }));
    counts.push(
      { stage: 'accepted', count: storedCount('accepted') },
      { stage: 'declined', count: storedCount('declined') },
      {
        stage: 'expired',
        count: ['draft', 'sent', 'viewed'].reduce(
          (sum, status) => sum + storedCount(status) - validCount(status),
          0,
        ),
      },
    );
    const newest = (where: SQL) =>
      sql`(SELECT ${PIPELINE_COLUMNS} FROM proposals p
            WHERE p.superseded_by_id IS NULL AND ${where}${visibility(filter)}
            ORDER BY p.created_at DESC, p.id DESC LIMIT ${perStage})`;
    const closed = [
      { stage: 'accepted', where: sql`p.status = 'accepted'` },
      { stage: 'declined', where: sql`p.status = 'declined'` },
      { stage: 'expired', where: sql`p.status IN ${OPEN_STATUSES} AND p.valid_until <= ${at}` },
    ].filter(({ stage }) => (counts.find((entry) => entry.stage === stage)?.count ?? 0) > 0);
    const closedRows =
      closed.length > 0
        ? await rowsOf<PipelineRow>(
            tx,
            sql.join(
              closed.map(({ where }) => newest(where)),
              sql` UNION ALL `,
            ),
          )
        : [];
    const rows = [...valid.filter((row) => row.rank <= perStage), ...closedRows].sort(
      (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id,
    );
    return { rows, counts };
  });
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

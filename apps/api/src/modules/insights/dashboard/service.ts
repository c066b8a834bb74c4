import {
  addDays,
  addMonths,
  ageInDays,
  aggregateSalesRows,
  buildSalesDashboard,
  centavosToReais,
  defaultDashboardPeriod,
  emptySalesAggregates,
  isExpiring,
  isFollowUpDue,
  isRenewalDue,
  daysBetween,
  RENEWAL_USE_SHARE,
  useRenewalLabel,
  PIPELINE_CARDS_PER_STAGE,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  pipelineStage,
  RENEWAL_TERM_MONTHS,
  renewalTerm,
  reaisToCentavos,
  saoPauloDate,
  saoPauloDayStart,
  type Pipeline,
  type PipelineCard,
  type PipelineQueryData,
  type Renewal,
  type RenewalsQueryData,
  type SalesDashboard,
  type SalesDashboardQueryData,
  type SalesScope,
  type Unit,
} from '@portal/domain';
import { rowFilter, type Viewer } from '../../../auth/scope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import * as repo from './repository.ts';
import { excludeEndedSales, useRenewalCandidates } from './after-sale.ts';
import { contractsService } from '../../care/contracts/service.ts';

/** The contract's last valid day as its status rule derives it; null once it ended. */
async function contractEnd(db: DbOrTx, contractId: number, now: Date): Promise<string | null> {
  const end = await contractsService.validity(db, contractId, now);
  return end && (end.status === 'ativo' || end.status === 'congelado' || end.status === 'concluido')
    ? end.valid_until
    : null;
}

/** Whole months from São Paulo day `from` to `to` (0 in the same contract month). */
function monthsBetweenDays(from: string, to: string): number {
  let months = 0;
  while (addMonths(from, months + 1) <= to) months += 1;
  return months;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Whose proposals a caller reaches, narrowed by what they asked (apps/api/src/auth/scope.ts). */
function reach(
  viewer: Viewer,
  asked: { unit?: Unit | undefined; professional_id?: number | undefined },
): repo.VisibilityFilter | null {
  const filter = rowFilter(viewer, { unit: asked.unit, authorId: asked.professional_id });
  return filter === null ? null : { unit: filter.unit as Unit | null, authorId: filter.authorId };
}

function toCard(row: repo.PipelineRow, now: Date): PipelineCard | null {
  const stage = pipelineStage(row.status, row.valid_until, now);
  if (stage === null) return null;
  return {
    id: row.id,
    number: row.number,
    version: row.version,
    stage,
    client: { id: row.client_id, full_name: row.client_name },
    package: { id: row.package_id, name: row.package_name },
    value: centavosToReais(reaisToCentavos(Number(row.annual_value))),
    created_at: iso(row.created_at),
    age_days: ageInDays(row.created_at, now),
    owner: { id: row.author_id, name: row.author_name },
    unit: row.unit,
    sent_at: isoOrNull(row.sent_at),
    viewed_at: isoOrNull(row.viewed_at),
    answered_at: isoOrNull(row.answered_at),
    valid_until: iso(row.valid_until),
    follow_up_due: isFollowUpDue(row, now),
    expiring: isExpiring(row, now),
  };
}

export const dashboardService = {
  /** The scope a caller gets: the period's defaults, a manager's own unit. */
  salesScope(viewer: Viewer, query: SalesDashboardQueryData, now: Date): SalesScope {
    const period = defaultDashboardPeriod(now);
    const from = query.from ?? (query.to && query.to < period.from ? query.to : period.from);
    const to = query.to ?? (query.from && query.from > period.to ? query.from : period.to);
    const filter = reach(viewer, query);
    return {
      from,
      to,
      unit: filter?.unit ?? null,
      professional_id: filter?.authorId ?? null,
      basis: query.basis ?? 'criacao',
    };
  },

  /** GET /dashboard/sales: managers and admins (the route refuses professionals). */
  async sales(
    db: DbOrTx,
    viewer: Viewer,
    query: SalesDashboardQueryData,
    now: Date = new Date(),
  ): Promise<SalesDashboard> {
    const scope = this.salesScope(viewer, query, now);
    if (reach(viewer, query) === null) {
      // A manager without a unit manages nothing: an empty dashboard, never the network's.
      return buildSalesDashboard(emptySalesAggregates(), scope);
    }
    const filter: repo.SalesFilter = {
      from: saoPauloDayStart(scope.from),
      before: saoPauloDayStart(addDays(scope.to, 1)),
      unit: scope.unit,
      authorId: scope.professional_id,
      now,
    };
    // By the answer's day: the answered proposals of the period through the domain's one
    // definition; by creation: the summaries kept by migration 0015's trigger.
    const aggregates =
      scope.basis === 'aceite'
        ? aggregateSalesRows(await repo.answeredRows(db, filter), scope, now)
        : await repo.salesAggregates(db, filter);
    // Withdrawn and cancelled sales leave the accepted figures (issue 28).
    await excludeEndedSales(db, filter, scope.basis ?? 'criacao', aggregates);
    return buildSalesDashboard(aggregates, scope);
  },

  /** GET /proposals/pipeline. */
  async pipeline(
    db: DbOrTx,
    viewer: Viewer,
    query: PipelineQueryData,
    now: Date = new Date(),
  ): Promise<Pipeline> {
    const filter = reach(viewer, query);
    const { rows, counts } = filter
      ? await repo.pipeline(db, filter, now, PIPELINE_CARDS_PER_STAGE)
      : { rows: [], counts: [] };
    const cards = rows.map((row) => toCard(row, now)).filter((card) => card !== null);
    return {
      unit: filter?.unit ?? null,
      professional_id: filter?.authorId ?? null,
      columns: PIPELINE_STAGES.map((stage) => ({
        stage,
        label: PIPELINE_STAGE_LABELS[stage],
        count: counts.find((entry) => entry.stage === stage)?.count ?? 0,
        cards: cards.filter((card) => card.stage === stage),
      })),
    };
  },

  /** GET /renewals/: clients whose last accepted yearly package ends within N days. */
  async renewals(
    db: DbOrTx,
    viewer: Viewer,
    query: RenewalsQueryData,
    now: Date = new Date(),
  ): Promise<Renewal[]> {
    const filter = reach(viewer, query);
    if (!filter) return [];
    const today = saoPauloDate(now);
    // Accepted a day either side of [today − 12 months, today + N − 12 months]; the exact window
    // is the domain's renewalTerm below.
    const acceptedFrom = saoPauloDayStart(addDays(addMonths(today, -RENEWAL_TERM_MONTHS), -1));
    const acceptedBefore = saoPauloDayStart(
      addDays(addMonths(addDays(today, query.within_days), -RENEWAL_TERM_MONTHS), 2),
    );
    const rows = await repo.lastAcceptedProposals(db, filter, acceptedFrom, acceptedBefore);
    const renewals: Renewal[] = [];
    for (const row of rows) {
      if (row.answered_at === null) continue;
      const term = renewalTerm(row.answered_at, now);
      if (!isRenewalDue(term.days_left, query.within_days)) continue;
      renewals.push({
        client: { id: row.client_id, full_name: row.client_name },
        proposal: {
          id: row.id,
          number: row.number,
          version: row.version,
          package: { id: row.package_id, name: row.package_name },
          annual_value: centavosToReais(reaisToCentavos(Number(row.annual_value))),
          accepted_at: iso(row.answered_at),
        },
        owner: { id: row.author_id, name: row.author_name },
        unit: row.unit,
        ...term,
        reason: 'data',
        label: `Pacote termina em ${term.ends_on.split('-').reverse().join('/')}`,
      });
    }
    // Renewals from use (issue 28): sessions used up, or three quarters, before the end.
    const listed = new Set(renewals.map((entry) => entry.proposal.id));
    for (const row of await useRenewalCandidates(db, filter, RENEWAL_USE_SHARE)) {
      if (listed.has(row.proposal_id)) continue;
      const endsOn = await contractEnd(db, row.contract_id, now);
      if (endsOn === null) continue;
      const daysLeft = daysBetween(today, endsOn);
      if (daysLeft < 0) continue;
      const month = row.last_session ? monthsBetweenDays(row.valid_from, row.last_session) + 1 : 1;
      renewals.push({
        client: { id: row.client_id, full_name: row.client_name },
        proposal: {
          id: row.proposal_id,
          number: row.number,
          version: row.version,
          package: { id: row.package_id, name: row.package_name },
          annual_value: centavosToReais(reaisToCentavos(Number(row.annual_value))),
          accepted_at: iso(row.answered_at),
        },
        owner: { id: row.author_id, name: row.author_name },
        unit: row.unit as Unit,
        ends_on: endsOn,
        days_left: daysLeft,
        reason: 'uso',
        label: useRenewalLabel({
          sessions_total: row.sessions_total,
          sessions_used: row.sessions_used,
          last_session_month: month,
          days_left: daysLeft,
        }),
      });
    }
    return renewals.sort((a, b) => a.days_left - b.days_left || a.proposal.id - b.proposal.id);
  },
};

import {
  addMonths,
  buildCashReport,
  buildCommissionReport,
  deliveredMargin,
  buildLiabilityReport,
  centavosToReais,
  liabilityPeriod,
  saoPauloDate,
  saoPauloDayStart,
  type CashReport,
  type CommissionReport,
  type LiabilityContract,
  type LiabilityContractsQueryData,
  type LiabilityQueryData,
  type LiabilityReport,
  type Unit,
} from '@portal/domain';
import { rowFilter, type Viewer } from '../../../auth/scope.ts';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import type { AuthenticatedUser } from '../../../auth/access.ts';
import { commissionsService } from '../../billing/commissions/service.ts';
import * as repo from './repository.ts';

/** The unit a caller reads: an admin's choice (null: the network), a manager's own. */
function reach(viewer: Viewer, unit: Unit | undefined): { unit: Unit | null } | null {
  const filter = rowFilter(viewer, { unit });
  return filter === null ? null : { unit: filter.unit as Unit | null };
}

export const liabilityService = {
  /** GET /reports/liability: managers their unit, admins the network or a unit. */
  async report(
    db: DbOrTx,
    viewer: Viewer,
    query: LiabilityQueryData,
    now: Date = new Date(),
  ): Promise<LiabilityReport> {
    const { from, to } = liabilityPeriod(query, now);
    const scope = reach(viewer, query.unit);
    if (scope === null) {
      // A manager without a unit manages nothing: an empty report, never the network's.
      return buildLiabilityReport({ from, to, unit: null, openings: new Map(), sums: [] });
    }
    return db.transaction(async (tx) => {
      const [openings, sums] = await Promise.all([
        repo.openings(tx, scope.unit, from),
        repo.monthSums(tx, scope.unit, from, to),
      ]);
      return buildLiabilityReport({ from, to, unit: scope.unit, openings, sums });
    });
  },

  /**
   * GET /reports/cash: received, sold, delivered and overdue per unit and month (issue 29), over
   * the same months and reach as the liability report.
   */
  async cash(
    db: DbOrTx,
    viewer: Viewer,
    query: LiabilityQueryData,
    now: Date = new Date(),
  ): Promise<CashReport> {
    const { from, to } = liabilityPeriod(query, now);
    const today = saoPauloDate(now);
    const scope = reach(viewer, query.unit);
    if (scope === null) return buildCashReport({ from, to, unit: null, today, sums: [] });
    const next = addMonths(`${to}-01`, 1);
    const sums = await repo.cashMonthSums(
      db,
      scope.unit,
      {
        from,
        next: next.slice(0, 7),
        startsAt: saoPauloDayStart(`${from}-01`),
        endsBefore: saoPauloDayStart(next),
      },
      today,
    );
    return buildCashReport({ from, to, unit: scope.unit, today, sums });
  },

  /**
   * GET /reports/commissions: each unit's and professional's commission beside the margin it
   * came from (issue 30), over the same months and reach as the liability report. Commission and
   * margin sold come from the commissions service (the statements' derivation); a unit's margin
   * delivered is this report's 'Margem entregue'.
   */
  async commissions(
    db: AppDb,
    viewer: AuthenticatedUser,
    query: LiabilityQueryData,
    now: Date = new Date(),
  ): Promise<CommissionReport> {
    const { from, to } = liabilityPeriod(query, now);
    const facts = await commissionsService.marginReport(db, viewer, { from, to, unit: query.unit });
    if (facts === null) {
      return buildCommissionReport({
        from,
        to,
        unit: null,
        professionals: [],
        unitMargins: new Map(),
      });
    }
    const unitMargins = new Map<Unit, { sold_margin: number; delivered_margin: number }>();
    const margin = (unit: Unit) => {
      const found = unitMargins.get(unit) ?? { sold_margin: 0, delivered_margin: 0 };
      unitMargins.set(unit, found);
      return found;
    };
    for (const [unit, sold] of facts.unitSoldMargin) margin(unit).sold_margin += sold;
    for (const sums of await repo.monthSums(db, facts.unit, from, to)) {
      margin(sums.unit).delivered_margin += deliveredMargin(
        sums.delivered_value,
        sums.delivered_cost,
      );
    }
    return buildCommissionReport({
      from,
      to,
      unit: facts.unit,
      professionals: facts.professionals,
      unitMargins,
    });
  },

  /** GET /reports/liability/contracts: the contracts behind a month's figures. */
  async monthContracts(
    db: DbOrTx,
    viewer: Viewer,
    query: LiabilityContractsQueryData,
    now: Date = new Date(),
  ): Promise<LiabilityContract[]> {
    const scope = reach(viewer, query.unit);
    if (scope === null) return [];
    const nextMonth = addMonths(`${query.month}-01`, 1);
    const rows = await repo.monthContracts(
      db,
      scope.unit,
      query.month,
      nextMonth.slice(0, 7),
      saoPauloDayStart(nextMonth),
      saoPauloDate(now),
    );
    return rows.map((row) => ({
      ...row,
      sold: centavosToReais(row.sold),
      delivered_value: centavosToReais(row.delivered_value),
      refunded: centavosToReais(row.refunded),
      expired: centavosToReais(row.expired),
      closing: centavosToReais(row.closing),
    }));
  },
};

import {
  addMonths,
  saoPauloDayStart,
  applyRulePatch,
  basisPointsToPercent,
  centavosToReais,
  commissionBase,
  commissionEntries,
  commissionStatement,
  contractMargin,
  monthsBetween,
  estimateSaleCommission,
  PLAN_DEFAULT_INSTALLMENTS,
  splitInstallments,
  COMMISSION_MESSAGES,
  COMMISSION_STATEMENT_STATUS_LABELS,
  periodOf,
  reaisToCentavos,
  saoPauloDate,
  type Centavos,
  type CommissionAdjustment,
  type CommissionProfessionalSums,
  type CommissionEntry,
  type CommissionEntryView,
  type CommissionEstimate,
  type CommissionRate,
  type CommissionRule,
  type CommissionRuleDraft,
  type CommissionRulePatchData,
  type CommissionRuleView,
  type CommissionSimulation,
  type CommissionSourceEvent,
  type CommissionStatementStatus,
  type CommissionStatementSummary,
  type CommissionStatementView,
  type ContractFigures,
  type Unit,
} from '@portal/domain';
import { auditService } from '../../../audit/service.ts';
import type { AuthenticatedUser } from '../../../auth/access.ts';
import type { CommissionStatementInput } from '../../../pdf/commission-statement-document.ts';
import { rowAccess, rowFilter } from '../../../auth/scope.ts';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { conflict, forbidden, invalidField, notFound } from '../../../http/errors.ts';
import { shortDate } from '../../../pdf/format.ts';
import { contractsService } from '../../care/contracts/service.ts';
import { usersService } from '../../people/users/service.ts';
import { paymentsService } from '../payments/service.ts';
import * as repo from './repository.ts';

/**
 * Commissions (issue 30). Entries are derived each time from what the portal already keeps —
 * contracts (sales), their ledger (sessions, withdrawals, cancellations) and paid instalments —
 * by packages/domain/src/billing/commission.ts; only an approved month is stored, as the
 * snapshot of its entries, so no later rule version or event rewrites it
 * (docs/decisions/0037-commission-on-margin.md).
 */

/** The professional a statement belongs to, as the rules and the scope read them. */
interface Professional {
  id: number;
  name: string;
  unit: string | null;
  profile: string;
}

const sourceTypeOf = (entry: CommissionEntry) => `${entry.source_type}:${entry.source_id}`;

/** An entry's stable id: its source, and for a reversal the entry it reverses. */
export function entryId(entry: CommissionEntry): string {
  return entry.reverses ? `${sourceTypeOf(entry)}>${entry.reverses}` : sourceTypeOf(entry);
}

function toRuleDomain(row: repo.RuleRow): CommissionRule {
  const scope: CommissionRule['scope'] = {};
  if (row.scopeUnit !== null) scope.unit = row.scopeUnit;
  if (row.scopeProfile !== null) scope.profile = row.scopeProfile;
  if (row.scopeProfessionalId !== null) scope.professional_id = row.scopeProfessionalId;
  return {
    id: row.id,
    version: row.version,
    scope,
    event: row.event,
    basis: row.basis,
    rate: row.rate,
    clawback: row.clawback,
    valid_from: row.validFrom,
  };
}

function toDraft(row: repo.RuleRow): CommissionRuleDraft {
  const { id: _id, version: _version, ...rule } = toRuleDomain(row);
  return { ...rule, name: row.name };
}

function rateView(rate: CommissionRate): CommissionRuleView['rate'] {
  if (rate.type === 'pct') return { type: 'pct', value: basisPointsToPercent(rate.bp) };
  if (rate.type === 'fixo') return { type: 'fixo', value: centavosToReais(rate.centavos) };
  return {
    type: 'faixas',
    tiers: rate.tiers.map((tier, index) => {
      const next = rate.tiers[index + 1];
      return {
        from: centavosToReais(tier.from),
        to: next ? centavosToReais(next.from) : null,
        value: basisPointsToPercent(tier.bp),
      };
    }),
  };
}

function toRuleView(row: repo.RuleRow): CommissionRuleView {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    scope: {
      unit: row.scopeUnit,
      profile: row.scopeProfile,
      professional_id: row.scopeProfessionalId,
    },
    event: row.event,
    basis: row.basis,
    rate: rateView(row.rate),
    clawback: row.clawback,
    valid_from: row.validFrom,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
  };
}

function toRuleRow(draft: CommissionRuleDraft, viewer: AuthenticatedUser): repo.NewRuleRow {
  return {
    name: draft.name,
    scopeUnit: draft.scope.unit ?? null,
    scopeProfile: draft.scope.profile ?? null,
    scopeProfessionalId: draft.scope.professional_id ?? null,
    event: draft.event,
    basis: draft.basis,
    rate: draft.rate,
    clawback: draft.clawback,
    validFrom: draft.valid_from,
    createdBy: viewer.id,
    createdByName: viewer.name,
  };
}

/** The audited form of a version (no personal data: ids, figures, dates). */
function auditedRule(draft: CommissionRuleDraft, version: number) {
  return {
    version,
    name: draft.name,
    scope: draft.scope,
    event: draft.event,
    basis: draft.basis,
    rate: draft.rate,
    clawback: draft.clawback,
    valid_from: draft.valid_from,
  };
}

function toEntryView(
  entry: CommissionEntry,
  status: CommissionStatementStatus,
): CommissionEntryView {
  return {
    id: entryId(entry),
    rule_id: entry.rule_id,
    rule_version: entry.rule_version,
    professional_id: entry.professional_id,
    event: entry.event,
    source_type: entry.source_type,
    source_id: entry.source_id,
    contract_id: entry.contract_id,
    period: entry.period,
    base: centavosToReais(entry.base),
    amount: centavosToReais(entry.amount),
    // A reversal stays 'estornada'; the others follow the month: prevista, aprovada, paga.
    status: entry.reverses ? 'estornada' : status,
    reverses: entry.reverses ?? null,
  };
}

/**
 * The events commissions derive from: each contract's sale and paid instalments (its seller's),
 * its sessions (their performer's) and its end by withdrawal or cancellation. With a
 * professional: only the contracts they sold or served, and only their earnings.
 */
/**
 * The source events of commissions. With a month's `window`, only what that month's entries are
 * made of: its events, and every earning event of a contract withdrawn or cancelled in it (the
 * entries it reverses). Tiers count within a month and a reversal reads only its contract, so the
 * month's entries are those of the whole history (commissionEntries, packages/domain/src/billing/
 * commission.ts); a network's month reads a month, not years.
 */
async function sourceEvents(
  db: DbOrTx,
  professionalId: number | null,
  profiles: Map<number, string>,
  window?: { from: Date; to: Date },
  sales?: SaleFact[],
): Promise<CommissionSourceEvent[]> {
  const facts = await contractsService.commissionFacts(db, professionalId, window);
  const within = (at: Date) => !window || (at >= window.from && at < window.to);
  const ended = new Set(
    facts.ledger
      .filter((line) => line.kind !== 'redeem' && window && within(line.createdAt))
      .map((line) => line.contractId),
  );
  // The network's: every contract's (no list of ids to send); a professional's: theirs.
  const paid = await paymentsService.paidInstallmentsOf(
    db,
    professionalId === null ? 'all' : facts.contracts.map((contract) => contract.id),
    window ? { ...window, contracts: [...ended] } : undefined,
  );
  const figures = new Map<number, ContractFigures>();
  const sellers = new Map<number, { sellerId: number | null; unit: string }>();
  const events: CommissionSourceEvent[] = [];
  for (const contract of facts.contracts) {
    const figure = {
      contract_id: contract.id,
      price: reaisToCentavos(contract.priceTotal),
      cost: reaisToCentavos(contract.cost),
    };
    figures.set(contract.id, figure);
    sellers.set(contract.id, { sellerId: contract.sellerId, unit: contract.unit });
    sales?.push({
      contract: figure,
      unit: contract.unit,
      sellerId: contract.sellerId,
      period: periodOf(saoPauloDate(contract.acceptedAt)),
    });
    if (contract.sellerId === null) continue;
    if (!within(contract.acceptedAt) && !ended.has(contract.id)) continue;
    events.push({
      type: 'venda_aceita',
      source_id: String(contract.id),
      at: contract.acceptedAt.toISOString(),
      professional_id: contract.sellerId,
      unit: contract.unit,
      profile: profiles.get(contract.sellerId) ?? '',
      contract: figure,
    });
  }
  for (const installment of paid) {
    const seller = sellers.get(installment.contractId);
    const contract = figures.get(installment.contractId);
    if (!seller || seller.sellerId === null || !contract) continue;
    events.push({
      type: 'parcela_paga',
      source_id: String(installment.id),
      at: installment.paidAt.toISOString(),
      professional_id: seller.sellerId,
      unit: seller.unit,
      profile: profiles.get(seller.sellerId) ?? '',
      contract,
      amount: reaisToCentavos(installment.amount),
    });
  }
  for (const line of facts.ledger) {
    const contract = figures.get(line.contractId);
    if (!contract) continue;
    // A ledger value is what the clinic still owes lessening: a session's −price, an end's −rest.
    const released = -reaisToCentavos(line.value) + 0;
    const at = line.createdAt.toISOString();
    if (line.kind === 'redeem') {
      if (line.professionalId === null) continue;
      events.push({
        type: 'sessao_realizada',
        source_id: String(line.id),
        at,
        professional_id: line.professionalId,
        unit: line.unit,
        profile: profiles.get(line.professionalId) ?? '',
        contract,
        session_price: released,
      });
    } else {
      events.push({
        type: line.kind === 'withdraw' ? 'desistencia' : 'cancelamento',
        source_id: String(line.id),
        at,
        contract_id: line.contractId,
        unused: released,
        price: contract.price,
      });
    }
  }
  if (professionalId === null) return events;
  return events.filter(
    (event) =>
      event.type === 'desistencia' ||
      event.type === 'cancelamento' ||
      event.professional_id === professionalId,
  );
}

/** A contract as sold: for the margin sold beside the commission (/gestao). */
interface SaleFact {
  contract: ContractFigures;
  unit: string;
  sellerId: number | null;
  /** 'YYYY-MM' of the acceptance's São Paulo day. */
  period: string;
}

/**
 * Every entry of each professional in `people` — the approved months as frozen, the open ones
 * derived from `events` under `rules` — as the month's statements read them.
 */
async function entriesOfPeople(
  db: DbOrTx,
  people: readonly { id: number }[],
  rules: readonly CommissionRule[],
  events: readonly CommissionSourceEvent[],
): Promise<{
  entries: Map<number, CommissionEntry[]>;
  approved: Map<number, repo.StatementRow[]>;
}> {
  const approved = new Map<number, repo.StatementRow[]>();
  for (const row of await repo.allStatements(db)) {
    const list = approved.get(row.professionalId);
    if (list) list.push(row);
    else approved.set(row.professionalId, [row]);
  }
  const reversals = events.filter(
    (event) => event.type === 'desistencia' || event.type === 'cancelamento',
  );
  const earnings = new Map<number, CommissionSourceEvent[]>();
  for (const event of events) {
    if (event.type === 'desistencia' || event.type === 'cancelamento') continue;
    const list = earnings.get(event.professional_id);
    if (list) list.push(event);
    else earnings.set(event.professional_id, [event]);
  }
  const entries = new Map<number, CommissionEntry[]>();
  for (const person of people) {
    const rows = approved.get(person.id) ?? [];
    const last = rows.at(-1);
    const mine = earnings.get(person.id) ?? [];
    entries.set(
      person.id,
      commissionEntries(
        rules,
        mine.length > 0 ? [...mine, ...reversals] : [],
        last ? { through: last.period, entries: rows.flatMap((item) => item.entries) } : undefined,
      ),
    );
  }
  return { entries, approved };
}

const toAdjustment = (item: repo.AdjustmentRow): CommissionAdjustment => ({
  id: String(item.id),
  professional_id: item.professionalId,
  period: item.period,
  amount: reaisToCentavos(item.amount),
  reason: item.reason,
});

/**
 * Every entry of a professional: the approved months as frozen, the open ones derived now under
 * the rule versions in force on each event's day (approvals go in order, so every month up to
 * the last approved one is frozen).
 */
async function entriesOf(
  db: DbOrTx,
  professional: Professional,
): Promise<{ entries: CommissionEntry[]; approved: Map<string, repo.StatementRow> }> {
  const statements = await repo.statementsOf(db, professional.id);
  const approved = new Map(statements.map((row) => [row.period, row]));
  const last = statements.at(-1);
  const rules = (await repo.allRuleVersions(db)).map(toRuleDomain);
  const events = await sourceEvents(
    db,
    professional.id,
    new Map([[professional.id, professional.profile]]),
  );
  const closed = last
    ? { through: last.period, entries: statements.flatMap((row) => row.entries) }
    : undefined;
  return { entries: commissionEntries(rules, events, closed), approved };
}

/** The professional, when the viewer may read their commissions; 404 otherwise (no leak). */
async function reachableProfessional(
  db: DbOrTx,
  viewer: AuthenticatedUser,
  professionalId: number,
): Promise<Professional> {
  const row = await usersService.findById(db, professionalId);
  const professional = row
    ? { id: row.id, name: row.name, unit: row.unit, profile: row.profile }
    : null;
  if (!professional || !rowAccess.commissions(viewer, professional)) {
    throw notFound(COMMISSION_MESSAGES.professionalNotFound);
  }
  return professional;
}

function currentPeriod(now: Date): string {
  return periodOf(saoPauloDate(now));
}

function adjustmentView(row: repo.AdjustmentRow) {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
  };
}

async function buildStatement(
  db: DbOrTx,
  professional: Professional,
  period: string,
): Promise<CommissionStatementView> {
  const { entries, approved } = await entriesOf(db, professional);
  const row = approved.get(period);
  const adjustments = await repo.adjustmentsOf(db, professional.id, period);
  const figures = commissionStatement(
    row ? row.entries : entries,
    adjustments.map((item): CommissionAdjustment => ({
      id: String(item.id),
      professional_id: item.professionalId,
      period: item.period,
      amount: reaisToCentavos(item.amount),
      reason: item.reason,
    })),
    professional.id,
    period,
  );
  const status: CommissionStatementStatus = row?.status ?? 'prevista';
  return {
    professional_id: professional.id,
    professional_name: professional.name,
    unit: row ? row.unit : professional.unit,
    period,
    status,
    status_label: COMMISSION_STATEMENT_STATUS_LABELS[status],
    entries: figures.entries.map((entry) => toEntryView(entry, status)),
    adjustments: adjustments.map(adjustmentView),
    gross: centavosToReais(figures.gross),
    net: centavosToReais(figures.net),
    approved_at: row ? row.approvedAt.toISOString() : null,
    approved_by: row ? row.approvedByName : null,
    paid_at: row?.paidAt ? row.paidAt.toISOString() : null,
    paid_by: row ? row.paidByName : null,
  };
}

function refuseFuture(period: string, now: Date): void {
  if (period > currentPeriod(now)) {
    throw invalidField(['path', 'period'], COMMISSION_MESSAGES.periodInFuture);
  }
}

export const commissionsService = {
  /** Every rule's latest version. */
  async listRules(db: AppDb): Promise<CommissionRuleView[]> {
    const latest = new Map<number, repo.RuleRow>();
    for (const row of await repo.allRuleVersions(db)) latest.set(row.id, row);
    return [...latest.values()].map(toRuleView);
  },

  async createRule(
    db: AppDb,
    viewer: AuthenticatedUser,
    draft: CommissionRuleDraft,
  ): Promise<CommissionRuleView> {
    return db.transaction(async (tx) => {
      const row = await repo.insertRule(tx, toRuleRow(draft, viewer));
      await auditService.created(tx, 'commission_rule', row.id, auditedRule(draft, 1));
      return toRuleView(row);
    });
  },

  /** A change is the rule's next version from its `valid_from`; the old versions stay. */
  async patchRule(
    db: AppDb,
    viewer: AuthenticatedUser,
    id: number,
    patch: CommissionRulePatchData,
  ): Promise<CommissionRuleView> {
    return db.transaction(async (tx) => {
      const current = await repo.latestVersion(tx, id);
      if (!current) throw notFound(COMMISSION_MESSAGES.ruleNotFound);
      const before = toDraft(current);
      const next = applyRulePatch(before, patch);
      const row = await repo.insertVersion(tx, id, current.version + 1, toRuleRow(next, viewer));
      await auditService.updated(
        tx,
        'commission_rule',
        id,
        auditedRule(before, current.version),
        auditedRule(next, row.version),
      );
      return toRuleView(row);
    });
  },

  /**
   * What last month (São Paulo) would pay under `draft` beside what it pays under the rules in
   * force, per professional: the draft competes with them as a rule in force all month, winning
   * a tie of specificity. Nothing is saved.
   */
  async simulate(
    db: AppDb,
    draft: CommissionRuleDraft,
    now: Date = new Date(),
  ): Promise<CommissionSimulation> {
    const period = periodOf(addMonths(`${currentPeriod(now)}-01`, -1));
    const people = await usersService.list(db);
    const profiles = new Map(people.map((person) => [person.id, person.profile as string]));
    const names = new Map(people.map((person) => [person.id, person.name]));
    const rules = (await repo.allRuleVersions(db)).map(toRuleDomain);
    const events = await sourceEvents(db, null, profiles);
    const draftRule: CommissionRule = {
      ...draft,
      // Id 0 sorts before every saved rule: the draft wins ties of specificity.
      id: 0,
      version: 1,
      valid_from: `${period}-01`,
    };
    const totals = new Map<number, { current: number; draft: number }>();
    const add = (entries: CommissionEntry[], key: 'current' | 'draft') => {
      for (const entry of entries) {
        if (entry.period !== period) continue;
        const total = totals.get(entry.professional_id) ?? { current: 0, draft: 0 };
        total[key] += entry.amount;
        totals.set(entry.professional_id, total);
      }
    };
    add(commissionEntries(rules, events), 'current');
    add(commissionEntries([...rules, draftRule], events), 'draft');
    const professionals = [...totals.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, total]) => ({
        professional_id: id,
        professional_name: names.get(id) ?? '',
        current: centavosToReais(total.current),
        draft: centavosToReais(total.draft),
      }));
    let currentTotal = 0;
    let draftTotal = 0;
    for (const total of totals.values()) {
      currentTotal += total.current;
      draftTotal += total.draft;
    }
    return {
      period,
      current_total: centavosToReais(currentTotal),
      draft_total: centavosToReais(draftTotal),
      professionals,
    };
  },

  /** A professional's entries of a month (the viewer's own when none is asked). */
  async entries(
    db: AppDb,
    viewer: AuthenticatedUser,
    query: { professional_id?: number | undefined; period: string },
  ): Promise<CommissionEntryView[]> {
    const professional = await reachableProfessional(
      db,
      viewer,
      query.professional_id ?? viewer.id,
    );
    return (await buildStatement(db, professional, query.period)).entries;
  },

  async statement(
    db: AppDb,
    viewer: AuthenticatedUser,
    professionalId: number,
    period: string,
  ): Promise<CommissionStatementView> {
    const professional = await reachableProfessional(db, viewer, professionalId);
    return buildStatement(db, professional, period);
  },

  /**
   * Closes a month: its entries as they are now become the statement's snapshot. Months go in
   * order (an earlier month with entries must be approved first), so every month up to the last
   * approved one is frozen.
   */
  async approve(
    db: AppDb,
    viewer: AuthenticatedUser,
    professionalId: number,
    period: string,
    now: Date = new Date(),
  ): Promise<CommissionStatementView> {
    return db.transaction(async (tx) => {
      const professional = await reachableProfessional(tx, viewer, professionalId);
      if (!rowAccess.approveCommissions(viewer, professional)) throw forbidden();
      refuseFuture(period, now);
      if (await repo.findStatement(tx, professional.id, period)) {
        throw conflict(COMMISSION_MESSAGES.alreadyApproved);
      }
      const { entries, approved } = await entriesOf(tx, professional);
      const earlier = entries
        .map((entry) => entry.period)
        .filter((month) => month < period && !approved.has(month))
        .sort()[0];
      if (earlier) throw conflict(COMMISSION_MESSAGES.earlierOpen(earlier));
      const adjustments = await repo.adjustmentsOf(tx, professional.id, period);
      const month = entries.filter((entry) => entry.period === period);
      const gross = month.reduce((sum, entry) => sum + entry.amount, 0);
      const net = adjustments.reduce((sum, item) => sum + reaisToCentavos(item.amount), gross);
      const row = await repo.insertStatement(tx, {
        professionalId: professional.id,
        period,
        unit: professional.unit,
        status: 'aprovada',
        entries: month,
        gross: centavosToReais(gross),
        net: centavosToReais(net),
        approvedAt: now,
        approvedBy: viewer.id,
        approvedByName: viewer.name,
      });
      if (!row) throw conflict(COMMISSION_MESSAGES.alreadyApproved);
      await auditService.record(tx, {
        entity: 'commission_statement',
        entityId: `${professional.id}:${period}`,
        action: 'approve',
        before: { status: 'prevista' },
        after: {
          status: 'aprovada',
          entries: month.length,
          gross: centavosToReais(gross),
          net: centavosToReais(net),
        },
      });
      return buildStatement(tx, professional, period);
    });
  },

  async markPaid(
    db: AppDb,
    viewer: AuthenticatedUser,
    professionalId: number,
    period: string,
    now: Date = new Date(),
  ): Promise<CommissionStatementView> {
    return db.transaction(async (tx) => {
      const professional = await reachableProfessional(tx, viewer, professionalId);
      const current = await repo.findStatement(tx, professional.id, period, true);
      if (!current) throw conflict(COMMISSION_MESSAGES.notApproved);
      if (current.status === 'paga') throw conflict(COMMISSION_MESSAGES.alreadyPaid);
      await repo.markStatementPaid(tx, professional.id, period, {
        at: now,
        by: viewer.id,
        byName: viewer.name,
      });
      await auditService.record(tx, {
        entity: 'commission_statement',
        entityId: `${professional.id}:${period}`,
        action: 'mark_paid',
        before: { status: 'aprovada' },
        after: { status: 'paga', net: current.net },
      });
      return buildStatement(tx, professional, period);
    });
  },

  /** An advance (negative) or a bonus (positive) in a month not yet approved. */
  async addAdjustment(
    db: AppDb,
    viewer: AuthenticatedUser,
    professionalId: number,
    period: string,
    body: { amount: number; reason: string },
    now: Date = new Date(),
  ): Promise<CommissionStatementView> {
    return db.transaction(async (tx) => {
      const professional = await reachableProfessional(tx, viewer, professionalId);
      if (!rowAccess.approveCommissions(viewer, professional)) throw forbidden();
      refuseFuture(period, now);
      if (await repo.findStatement(tx, professional.id, period, true)) {
        throw conflict(COMMISSION_MESSAGES.closedStatement);
      }
      const row = await repo.insertAdjustment(tx, {
        professionalId: professional.id,
        period,
        amount: centavosToReais(body.amount),
        reason: body.reason,
        createdBy: viewer.id,
        createdByName: viewer.name,
      });
      await auditService.record(tx, {
        entity: 'commission_statement',
        entityId: `${professional.id}:${period}`,
        action: 'adjust',
        after: { adjustment_id: row.id, amount: row.amount },
      });
      return buildStatement(tx, professional, period);
    });
  },

  /**
   * The month of every professional the viewer reaches (a professional: their own; a manager:
   * their unit's; an admin: everyone), with a line for each who has entries, adjustments or an
   * approved statement, and always the viewer's own. Derived in one pass over the ledger.
   */
  async listStatements(
    db: AppDb,
    viewer: AuthenticatedUser,
    period: string,
  ): Promise<CommissionStatementSummary[]> {
    const people = (await usersService.list(db)).filter((person) =>
      rowAccess.commissions(viewer, { id: person.id, unit: person.unit }),
    );
    if (people.length === 0) return [];
    const profiles = new Map(people.map((person) => [person.id, person.profile as string]));
    const rules = (await repo.allRuleVersions(db)).map(toRuleDomain);
    const monthStart = `${period}-01`;
    const events = await sourceEvents(
      db,
      people.length === 1 && people[0] ? people[0].id : null,
      profiles,
      { from: saoPauloDayStart(monthStart), to: saoPauloDayStart(addMonths(monthStart, 1)) },
    );
    const derived = await entriesOfPeople(db, people, rules, events);
    const adjustments = await repo.adjustmentsOfPeriod(db, period);
    const lines: CommissionStatementSummary[] = [];
    for (const person of people) {
      const row = (derived.approved.get(person.id) ?? []).find(
        (statement) => statement.period === period,
      );
      const entries = row ? row.entries : (derived.entries.get(person.id) ?? []);
      const extra = adjustments.filter((item) => item.professionalId === person.id);
      const figures = commissionStatement(entries, extra.map(toAdjustment), person.id, period);
      if (figures.entries.length === 0 && extra.length === 0 && !row && person.id !== viewer.id) {
        continue;
      }
      const status: CommissionStatementStatus = row?.status ?? 'prevista';
      lines.push({
        professional_id: person.id,
        professional_name: person.name,
        unit: row ? row.unit : person.unit,
        period,
        status,
        status_label: COMMISSION_STATEMENT_STATUS_LABELS[status],
        entries: figures.entries.length,
        gross: centavosToReais(figures.gross),
        net: centavosToReais(figures.net),
      });
    }
    return lines.sort((a, b) => a.professional_name.localeCompare(b.professional_name, 'pt-BR'));
  },

  /**
   * /gestao 'Comissões e margem' (issue 30): over the months [from, to], each reached
   * professional's commission (the sum of their statements: gross, and net with adjustments), the
   * margin they sold (contracts accepted in the months and not withdrawn or cancelled since:
   * `contractMargin`) and delivered (their sessions' `margem` base), and each unit's margin sold.
   * The reach: a manager their unit, an admin the network or the unit asked (the scope module);
   * null when the viewer reaches nothing. Centavos.
   */
  async marginReport(
    db: AppDb,
    viewer: AuthenticatedUser,
    query: { from: string; to: string; unit?: Unit | undefined },
  ): Promise<{
    unit: Unit | null;
    professionals: CommissionProfessionalSums[];
    unitSoldMargin: Map<Unit, Centavos>;
  } | null> {
    const filter = rowFilter(viewer, { unit: query.unit });
    if (filter === null) return null;
    const unit = filter.unit as Unit | null;
    const people = (await usersService.list(db)).filter(
      (person) =>
        rowAccess.commissions(viewer, { id: person.id, unit: person.unit }) &&
        (unit === null || person.unit === unit),
    );
    const profiles = new Map(people.map((person) => [person.id, person.profile as string]));
    const rules = (await repo.allRuleVersions(db)).map(toRuleDomain);
    const sales: SaleFact[] = [];
    const events = await sourceEvents(db, null, profiles, undefined, sales);
    const inRange = (period: string) => period >= query.from && period <= query.to;
    const ended = new Set(
      events.flatMap((event) =>
        event.type === 'desistencia' || event.type === 'cancelamento' ? [event.contract_id] : [],
      ),
    );
    const soldBy = new Map<number, Centavos>();
    const unitSoldMargin = new Map<Unit, Centavos>();
    for (const sale of sales) {
      if (!inRange(sale.period) || ended.has(sale.contract.contract_id)) continue;
      const margin = contractMargin(sale.contract);
      if (unit === null || sale.unit === unit) {
        const saleUnit = sale.unit as Unit;
        unitSoldMargin.set(saleUnit, (unitSoldMargin.get(saleUnit) ?? 0) + margin);
      }
      if (sale.sellerId !== null) {
        soldBy.set(sale.sellerId, (soldBy.get(sale.sellerId) ?? 0) + margin);
      }
    }
    const deliveredBy = new Map<number, Centavos>();
    for (const event of events) {
      if (event.type !== 'sessao_realizada') continue;
      if (!inRange(periodOf(saoPauloDate(event.at)))) continue;
      const margin = commissionBase(event, 'margem');
      deliveredBy.set(
        event.professional_id,
        (deliveredBy.get(event.professional_id) ?? 0) + margin,
      );
    }
    const derived = await entriesOfPeople(db, people, rules, events);
    const months = monthsBetween(query.from, query.to);
    const adjustments = (
      await Promise.all(months.map((month) => repo.adjustmentsOfPeriod(db, month)))
    ).flat();
    const professionals = people.map((person): CommissionProfessionalSums => {
      const entries = derived.entries.get(person.id) ?? [];
      const extra = adjustments
        .filter((item) => item.professionalId === person.id)
        .map(toAdjustment);
      let gross = 0;
      let net = 0;
      for (const month of months) {
        const figures = commissionStatement(entries, extra, person.id, month);
        gross += figures.gross;
        net += figures.net;
      }
      return {
        professional_id: person.id,
        professional_name: person.name,
        unit: person.unit as Unit | null,
        gross,
        net,
        sold_margin: soldBy.get(person.id) ?? 0,
        delivered_margin: deliveredBy.get(person.id) ?? 0,
      };
    });
    return { unit, professionals, unitSoldMargin };
  },

  /**
   * What a proposal of `price` and `cost` would earn the signed-in seller if accepted now under
   * the rules in force: the entries the real derivation would make of its acceptance and of its
   * default plan's instalments (estimateSaleCommission), summed per rule.
   */
  async estimate(
    db: AppDb,
    viewer: AuthenticatedUser,
    body: { price: number; cost: number },
    now: Date = new Date(),
  ): Promise<CommissionEstimate> {
    const rules = (await repo.allRuleVersions(db)).map(toRuleDomain);
    const entries = estimateSaleCommission(rules, {
      professional_id: viewer.id,
      unit: viewer.unit ?? '',
      profile: viewer.profile,
      price: body.price,
      cost: body.cost,
      at: now.toISOString(),
      installments: body.price > 0 ? splitInstallments(body.price, PLAN_DEFAULT_INSTALLMENTS) : [],
    });
    const byRule = new Map<string, { entry: CommissionEntry; amount: number }>();
    for (const entry of entries) {
      const key = `${entry.rule_id}:${entry.rule_version}:${entry.event}`;
      const line = byRule.get(key) ?? { entry, amount: 0 };
      line.amount += entry.amount;
      byRule.set(key, line);
    }
    const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
    return {
      amount: centavosToReais(total),
      lines: [...byRule.values()].map(({ entry, amount }) => ({
        rule_id: entry.rule_id,
        rule_version: entry.rule_version,
        event: entry.event,
        amount: centavosToReais(amount),
      })),
    };
  },

  /** The statement as its PDF draws it (Lei 13.352/2016: every line itemised). */
  async statementPdf(
    db: AppDb,
    viewer: AuthenticatedUser,
    professionalId: number,
    period: string,
    now: Date = new Date(),
  ): Promise<CommissionStatementInput> {
    const professional = await reachableProfessional(db, viewer, professionalId);
    const statement = await buildStatement(db, professional, period);
    const names = new Map(
      (await repo.allRuleVersions(db)).map((row) => [`${row.id}:${row.version}`, row.name]),
    );
    return {
      statement,
      ruleNames: Object.fromEntries(names),
      approvedAt: statement.approved_at ? shortDate(new Date(statement.approved_at)) : null,
      paidAt: statement.paid_at ? shortDate(new Date(statement.paid_at)) : null,
      author: viewer.name,
      issuedAt: now,
    };
  },
};

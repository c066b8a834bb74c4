import {
  apportionPackagePrice,
  cancellationFigures,
  canWithdraw,
  centavosToReais,
  formatPercent,
  contractState,
  contractValidity,
  CONTRACT_MESSAGES,
  LEDGER_KIND_LABELS,
  LEDGER_TEXT_REMOVED,
  MESSAGES,
  reaisToCentavos,
  redeemRefusal,
  saoPauloDate,
  addDays,
  sessionPrice,
  withdrawalDeadline,
  withdrawalRefund,
  type CancellationQuote,
  type Contract,
  type ContractChannel,
  type ContractEntitlement,
  type ContractExtendData,
  type ContractFreezeData,
  type ContractLedgerEntry,
  type ContractListQueryData,
  type ContractState,
  type ContractSummary,
  type ContractTerms,
  type DaySession,
  type DaySessionsQueryData,
  type LedgerFact,
  type SessionRecordData,
  type Unit,
  normalizeForComparison,
  formatReais,
} from '@portal/domain';
import type { ContractPaymentsPort, ProposalAcceptedEvent } from '../../../app-context.ts';
import type { CancellationTermInput } from '../../../pdf/cancellation-term-document.ts';
import { rowAccess, rowFilter, type Viewer } from '../../../auth/scope.ts';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { HttpError, invalidField, notFound } from '../../../http/errors.ts';
import { auditService } from '../../../audit/service.ts';
import { clientsService } from '../../crm/clients/service.ts';
import { clinicalProcedureOf, clinicalService } from '../../crm/clinical/service.ts';
import { servicesService } from '../../catalogue/services/service.ts';
import { usersService } from '../../people/users/service.ts';
import * as repo from './repository.ts';

/** What an accepted proposal brings to its contract: sales hands it over through the port. */
export type AcceptedProposal = Omit<ProposalAcceptedEvent, 'at' | 'channel' | 'staff'>;

/** Who did it: staff through the portal, the client through her link, or the clock. */
export type LedgerActor =
  { kind: 'staff'; viewer: Viewer } | { kind: 'client' } | { kind: 'system' };

const todayInSaoPaulo = (now: Date) => saoPauloDate(now);

/** Contracts examined per expiry batch. */
const EXPIRY_BATCH = 1000;

function actorColumns(actor: LedgerActor) {
  return actor.kind === 'staff'
    ? { actorKind: 'staff' as const, actorId: actor.viewer.id, actorName: actor.viewer.name }
    : { actorKind: actor.kind, actorId: null, actorName: null };
}

function termsOf(row: repo.ContractRow, lines: readonly repo.EntitlementRow[]): ContractTerms {
  return {
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    entitlements: lines.map((line) => ({
      service_id: line.serviceId,
      sessions: line.sessions,
      total: reaisToCentavos(line.total),
    })),
  };
}

function factOf(entry: repo.LedgerRow): LedgerFact {
  return {
    id: entry.id,
    kind: entry.kind,
    service_id: entry.serviceId,
    quantity: entry.quantity,
    reverses_id: entry.reversesId,
    on_date: entry.onDate,
    until_date: entry.untilDate,
    days: entry.days,
  };
}

interface LoadedContract {
  row: repo.ContractRow;
  lines: repo.EntitlementRow[];
  ledger: repo.LedgerRow[];
  terms: ContractTerms;
  state: ContractState;
}

async function load(db: DbOrTx, row: repo.ContractRow, now: Date): Promise<LoadedContract> {
  const [lines, ledger] = await Promise.all([
    repo.entitlementsOf(db, [row.id]),
    repo.ledgerOf(db, [row.id]),
  ]);
  return loadedOf(row, lines, ledger, now);
}

function loadedOf(
  row: repo.ContractRow,
  lines: repo.EntitlementRow[],
  ledger: repo.LedgerRow[],
  now: Date,
): LoadedContract {
  const terms = termsOf(row, lines);
  return {
    row,
    lines,
    ledger,
    terms,
    state: contractState(terms, ledger.map(factOf), todayInSaoPaulo(now)),
  };
}

/** The contract if the viewer's scope reaches its client (DESIGN.md section 5); 404 otherwise. */
async function visibleContract(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<repo.ContractRow> {
  const row = await repo.findContract(db, id, lock);
  if (!row || !rowAccess.client(viewer, row)) throw notFound(CONTRACT_MESSAGES.notFound);
  return row;
}

/** Freeze, extend and cancel: admins, and managers of the contract's unit (403 for others). */
async function administeredContract(db: DbOrTx, viewer: Viewer, id: number) {
  const row = await visibleContract(db, viewer, id, true);
  if (!rowAccess.administerClient(viewer, row)) {
    throw new HttpError(403, MESSAGES.forbidden);
  }
  return row;
}

function refuseEnded(state: ContractState): void {
  if (state.status === 'cancelado' || state.status === 'desistencia') {
    throw new HttpError(409, CONTRACT_MESSAGES.ended);
  }
}

function nextAllowedDate(
  ledger: readonly repo.LedgerRow[],
  redeemed: ReadonlySet<number>,
  serviceId: number,
  minIntervalDays: number | null,
): string | null {
  if (!minIntervalDays) return null;
  const last = ledger
    .filter((entry) => entry.serviceId === serviceId && redeemed.has(entry.id) && entry.onDate)
    .map((entry) => entry.onDate as string)
    .sort()
    .pop();
  return last ? addDays(last, minIntervalDays) : null;
}

function toLedgerEntry(
  entry: repo.LedgerRow,
  names: ReadonlyMap<number, string>,
  reversedBy: ReadonlyMap<number, number>,
): ContractLedgerEntry {
  return {
    id: entry.id,
    kind: entry.kind,
    label: LEDGER_KIND_LABELS[entry.kind],
    service_id: entry.serviceId,
    service_name: entry.serviceId !== null ? (names.get(entry.serviceId) ?? null) : null,
    quantity: entry.quantity,
    reverses_id: entry.reversesId,
    reversed_by_id: reversedBy.get(entry.id) ?? null,
    on_date: entry.onDate,
    until_date: entry.untilDate,
    days: entry.days,
    professional:
      entry.professionalName !== null
        ? { id: entry.professionalId ?? 0, name: entry.professionalName }
        : null,
    actor: entry.actorName !== null ? { id: entry.actorId ?? 0, name: entry.actorName } : null,
    actor_label:
      entry.actorKind === 'client'
        ? 'Cliente (link)'
        : entry.actorKind === 'system'
          ? 'Sistema'
          : (entry.actorName ?? 'Equipe'),
    unit: entry.unit as Unit,
    reason: entry.reason,
    note: entry.note,
    override_reason: entry.overrideReason,
    created_at: entry.createdAt.toISOString(),
  };
}

function summaryOf(
  row: repo.ContractRow,
  clientName: string,
  state: ContractState,
): ContractSummary {
  return {
    id: row.id,
    number: row.number,
    client: { id: row.clientId, full_name: clientName },
    unit: row.unit as Unit,
    seller: { id: row.sellerId ?? 0, name: row.sellerName },
    proposal_id: row.proposalId,
    package_name: row.packageName,
    status: state.status,
    channel: row.channel,
    accepted_at: row.acceptedAt.toISOString(),
    valid_from: row.validFrom,
    valid_until: state.valid_until,
    withdrawal_until: row.withdrawalUntil ? row.withdrawalUntil.toISOString() : null,
    price_total: row.priceTotal,
    sessions_total: state.entitlements.reduce((sum, line) => sum + line.sessions_total, 0),
    sessions_used: state.entitlements.reduce((sum, line) => sum + line.sessions_used, 0),
  };
}

function toContract(loaded: LoadedContract, clientName: string, now: Date): Contract {
  const { row, lines, ledger, state } = loaded;
  const names = new Map(lines.map((line) => [line.serviceId, line.name]));
  const reversedBy = new Map(
    ledger
      .filter((entry) => entry.reversesId !== null)
      .map((entry) => [entry.reversesId as number, entry.id]),
  );
  const entitlements: ContractEntitlement[] = state.entitlements.map((balance) => ({
    service_id: balance.service_id,
    name: names.get(balance.service_id) ?? '',
    sessions_total: balance.sessions_total,
    sessions_used: balance.sessions_used,
    sessions_remaining: balance.sessions_remaining,
    unit_price: centavosToReais(balance.unit_price),
    total_value: centavosToReais(balance.total),
    used_value: centavosToReais(balance.used_value),
    next_allowed_date: nextAllowedDate(ledger, state.redeemed_ids, balance.service_id, null),
  }));
  return {
    ...summaryOf(row, clientName, state),
    frozen_until: state.frozen_until,
    can_withdraw: canWithdraw(row.withdrawalUntil, state.status, now) === 'ok',
    entitlements,
    ledger: ledger.map((entry) => toLedgerEntry(entry, names, reversedBy)),
  };
}

/** What remains owed at the contracted price: released by a withdrawal, cancellation or expiry. */
function remainingValue(state: ContractState): number {
  return state.entitlements.reduce((sum, line) => sum + (line.total - line.used_value), 0);
}

async function clientNameOf(db: DbOrTx, clientId: number): Promise<string> {
  return (await clientsService.findRow(db, clientId))?.fullName ?? '';
}

/** The contracts module's public face: other modules call these, never the repository. */
export const contractsService = {
  /** A contract's derived status in SQL over `contracts` (reports filter and show it). */
  statusSql: repo.statusSql,

  /** Sales, sessions and ends commissions derive their entries from (billing/commissions). */
  commissionFacts: repo.commissionFacts,

  /**
   * The contract of an accepted proposal, in the acceptance's transaction: prices per session
   * apportioned from the package price, one grant per procedure. Idempotent per proposal.
   */
  async createFromAcceptance(
    tx: DbOrTx,
    proposal: AcceptedProposal,
    acceptance: { at: Date; channel: ContractChannel; actor: LedgerActor },
  ): Promise<Contract> {
    const existing = await repo.findContractByProposal(tx, proposal.id);
    if (existing) {
      return toContract(
        await load(tx, existing, acceptance.at),
        proposal.clientName,
        acceptance.at,
      );
    }
    const price = reaisToCentavos(proposal.annualValue);
    const apportioned = apportionPackagePrice(
      price,
      proposal.items.map((item) => ({
        service_id: item.service_id,
        sessions: item.sessions,
        unit_value: reaisToCentavos(item.unit_value),
      })),
    );
    const validity = contractValidity(acceptance.at);
    const lines = proposal.items.map((item, index) => ({
      contractId: 0,
      serviceId: item.service_id,
      name: item.name,
      sessions: item.sessions,
      total: centavosToReais(apportioned[index]?.total ?? 0),
      unitCost: item.unit_cost,
      position: index,
    }));
    const row = await repo.insertContract(
      tx,
      {
        proposalId: proposal.id,
        number: proposal.number,
        clientId: proposal.clientId,
        unit: proposal.unit,
        sellerId: proposal.authorId,
        sellerName: proposal.authorName,
        packageName: proposal.packageName,
        channel: acceptance.channel,
        acceptedAt: acceptance.at,
        validFrom: validity.valid_from,
        validUntil: validity.valid_until,
        withdrawalUntil: withdrawalDeadline(acceptance.at, acceptance.channel),
        priceTotal: centavosToReais(price),
      },
      lines,
    );
    for (const line of lines) line.contractId = row.id;
    const grants = await repo.insertLedger(
      tx,
      proposal.items.map((item, index) => ({
        contractId: row.id,
        kind: 'grant' as const,
        serviceId: item.service_id,
        quantity: item.sessions,
        onDate: validity.valid_from,
        value: centavosToReais(apportioned[index]?.total ?? 0),
        unit: proposal.unit,
        ...actorColumns(acceptance.actor),
      })),
    );
    await auditService.record(tx, {
      entity: 'contract',
      entityId: row.id,
      action: 'create',
      actorId: acceptance.actor.kind === 'staff' ? acceptance.actor.viewer.id : null,
      after: { proposal_id: proposal.id, channel: acceptance.channel, price_total: row.priceTotal },
    });
    // Built from the rows just written: the acceptance answers the plan without reading it back.
    return toContract(
      loadedOf(row, lines, grants, acceptance.at),
      proposal.clientName,
      acceptance.at,
    );
  },

  async list(
    db: AppDb,
    viewer: Viewer,
    query: ContractListQueryData,
    now: Date = new Date(),
  ): Promise<{ items: ContractSummary[]; total: number }> {
    const scope = rowFilter(viewer, { unit: query.unit });
    if (scope === null) return { items: [], total: 0 };
    const { rows, total } = await repo.listContracts(db, {
      scope,
      clientId: query.client_id,
      clientText: query.q ? normalizeForComparison(query.q) : undefined,
      status: query.status,
      today: todayInSaoPaulo(now),
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    const ids = rows.map((row) => row.id);
    const [lines, ledger] = await Promise.all([
      repo.entitlementsOf(db, ids),
      repo.ledgerOf(db, ids),
    ]);
    const today = todayInSaoPaulo(now);
    const items = rows.map((row) => {
      const terms = termsOf(
        row,
        lines.filter((line) => line.contractId === row.id),
      );
      const state = contractState(
        terms,
        ledger.filter((entry) => entry.contractId === row.id).map(factOf),
        today,
      );
      return summaryOf(row, row.clientName, state);
    });
    return { items, total };
  },

  /** The sessions of a São Paulo day (default today) on the contracts the viewer reaches. */
  async sessionsOfDay(
    db: AppDb,
    viewer: Viewer,
    query: DaySessionsQueryData,
    now: Date = new Date(),
  ): Promise<DaySession[]> {
    const scope = rowFilter(viewer, { unit: query.unit });
    if (scope === null) return [];
    const rows = await repo.sessionsOfDay(db, scope, query.date ?? todayInSaoPaulo(now));
    return rows.map((row) => ({
      entry_id: row.entryId,
      contract_id: row.contractId,
      number: row.number,
      client: { id: row.clientId, full_name: row.clientName },
      service_id: row.serviceId ?? 0,
      service_name: row.serviceName ?? '',
      professional:
        row.professionalName !== null
          ? { id: row.professionalId ?? 0, name: row.professionalName }
          : null,
      on_date: row.onDate,
      reversed: row.reversed,
    }));
  },

  async get(db: AppDb, viewer: Viewer, id: number, now: Date = new Date()): Promise<Contract> {
    const row = await visibleContract(db, viewer, id);
    return toContract(await load(db, row, now), await clientNameOf(db, row.clientId), now);
  },

  /** A contract's derived status and last valid day (reports call it after their own scope). */
  async validity(db: DbOrTx, id: number, now: Date = new Date()) {
    const row = await repo.findContract(db, id);
    if (!row) return null;
    const { state } = await load(db, row, now);
    return { status: state.status, valid_until: state.valid_until };
  },

  /** The contract of an accepted proposal, without a viewer (the client's token was the key). */
  async forProposal(db: DbOrTx, proposalId: number, now: Date = new Date()) {
    const row = await repo.findContractByProposal(db, proposalId);
    if (!row) return null;
    return toContract(await load(db, row, now), await clientNameOf(db, row.clientId), now);
  },

  /**
   * Records a session. Refused with a pt-BR reason when none remains, the contract is not
   * active, the day is outside its validity or in the future, or the client's record holds a
   * contraindication for it (then `override_reason` is needed, and kept in the ledger).
   */
  async recordSession(
    db: AppDb,
    viewer: Viewer,
    id: number,
    data: SessionRecordData,
    now: Date = new Date(),
  ): Promise<ContractLedgerEntry> {
    return db.transaction(async (tx) => {
      const row = await visibleContract(tx, viewer, id, true);
      const loaded = await load(tx, row, now);
      const today = todayInSaoPaulo(now);
      const performedOn = data.performed_at ?? today;
      const refusal = redeemRefusal(
        loaded.terms,
        loaded.state,
        data.service_id,
        performedOn,
        today,
      );
      if (refusal === 'notInContract' || refusal === 'futureSession') {
        throw invalidField(
          ['body', refusal === 'notInContract' ? 'service_id' : 'performed_at'],
          CONTRACT_MESSAGES[refusal],
        );
      }
      if (refusal === 'outsideValidity') {
        throw invalidField(['body', 'performed_at'], CONTRACT_MESSAGES.outsideValidity);
      }
      if (refusal) throw new HttpError(409, CONTRACT_MESSAGES[refusal]);
      const line = loaded.lines.find((entry) => entry.serviceId === data.service_id);
      if (!line) throw invalidField(['body', 'service_id'], CONTRACT_MESSAGES.notInContract);
      const [service] = await servicesService.findByIds(tx, [line.serviceId]);
      // The one clinical check (issue 26) on the client's record as it is today: an absolute
      // issue needs a recorded reason, kept in the ledger.
      const check = clinicalService.run(
        await clientsService.clinicalRecordIn(tx, viewer, row.clientId),
        null,
        [clinicalProcedureOf({ id: line.serviceId, name: line.name, ...service })],
        now,
      );
      const conflicts = check.issues.filter((issue) => issue.severity === 'absolute');
      const overrideReason = data.override_reason?.trim() || null;
      if (conflicts.length > 0 && !overrideReason) {
        throw invalidField(
          ['body', 'override_reason'],
          `${CONTRACT_MESSAGES.contraindicated} ${conflicts.map((issue) => issue.message).join(' ')}`,
        );
      }
      const professional = await professionalFor(tx, viewer, row, data.professional_id);
      const balance = loaded.state.entitlements.find(
        (entry) => entry.service_id === line.serviceId,
      );
      const price = sessionPrice(
        reaisToCentavos(line.total),
        line.sessions,
        balance?.sessions_used ?? 0,
      );
      const [entry] = await repo.insertLedger(tx, [
        {
          contractId: row.id,
          kind: 'redeem',
          serviceId: line.serviceId,
          quantity: 1,
          onDate: performedOn,
          value: centavosToReais(-price),
          cost: line.unitCost,
          professionalId: professional.id,
          professionalName: professional.name,
          unit: row.unit,
          note: data.note?.trim() || null,
          overrideReason: conflicts.length > 0 ? overrideReason : null,
          ...actorColumns({ kind: 'staff', viewer }),
        },
      ]);
      if (!entry) throw new Error('insert returned no row');
      await auditService.record(tx, {
        entity: 'contract',
        entityId: row.id,
        action: 'session',
        after: {
          entry_id: entry.id,
          service_id: line.serviceId,
          on_date: performedOn,
          ...(conflicts.length > 0 ? { override: true } : {}),
        },
      });
      return toLedgerEntry(entry, new Map([[line.serviceId, line.name]]), new Map());
    });
  },

  /** A mistaken session is reversed with a reason, never deleted. */
  async reverseSession(
    db: AppDb,
    viewer: Viewer,
    id: number,
    entryId: number,
    reason: string,
    now: Date = new Date(),
  ): Promise<ContractLedgerEntry> {
    return db.transaction(async (tx) => {
      const row = await visibleContract(tx, viewer, id, true);
      const loaded = await load(tx, row, now);
      refuseEnded(loaded.state);
      const target = loaded.ledger.find((entry) => entry.id === entryId);
      if (!target || target.kind !== 'redeem') throw notFound(CONTRACT_MESSAGES.notASession);
      if (loaded.ledger.some((entry) => entry.reversesId === entryId)) {
        throw new HttpError(409, CONTRACT_MESSAGES.alreadyReversed);
      }
      const [entry] = await repo.insertLedger(tx, [
        {
          contractId: row.id,
          kind: 'reverse',
          serviceId: target.serviceId,
          quantity: 0,
          reversesId: target.id,
          onDate: todayInSaoPaulo(now),
          value: -target.value,
          cost: -target.cost,
          unit: row.unit,
          reason,
          ...actorColumns({ kind: 'staff', viewer }),
        },
      ]);
      if (!entry) throw new Error('insert returned no row');
      await auditService.record(tx, {
        entity: 'contract',
        entityId: row.id,
        action: 'reverse',
        after: { entry_id: entry.id, reverses_id: target.id },
      });
      const names = new Map(loaded.lines.map((line) => [line.serviceId, line.name]));
      return toLedgerEntry(entry, names, new Map());
    });
  },

  async freeze(
    db: AppDb,
    viewer: Viewer,
    id: number,
    data: ContractFreezeData,
    now: Date = new Date(),
  ): Promise<Contract> {
    return this.changeTerms(db, viewer, id, now, (loaded, today) => {
      if (loaded.state.status !== 'ativo') {
        if (loaded.state.status === 'congelado') {
          throw new HttpError(409, CONTRACT_MESSAGES.alreadyFrozen);
        }
        throw new HttpError(409, CONTRACT_MESSAGES.notActive);
      }
      if (data.until < today) throw invalidField(['body', 'until'], CONTRACT_MESSAGES.freezeInPast);
      if (data.until > addDays(today, 180)) {
        throw invalidField(['body', 'until'], CONTRACT_MESSAGES.freezeTooLong);
      }
      return { kind: 'freeze', onDate: today, untilDate: data.until, reason: data.reason };
    });
  },

  async unfreeze(
    db: AppDb,
    viewer: Viewer,
    id: number,
    reason: string | null,
    now: Date = new Date(),
  ): Promise<Contract> {
    return this.changeTerms(db, viewer, id, now, (loaded, today) => {
      if (loaded.state.frozen_until === null) {
        throw new HttpError(409, CONTRACT_MESSAGES.notFrozen);
      }
      return { kind: 'unfreeze', onDate: today, reason };
    });
  },

  async extend(
    db: AppDb,
    viewer: Viewer,
    id: number,
    data: ContractExtendData,
    now: Date = new Date(),
  ): Promise<Contract> {
    return this.changeTerms(db, viewer, id, now, (loaded) => {
      refuseEnded(loaded.state);
      return { kind: 'extend', days: data.days, reason: data.reason };
    });
  },

  /** A manager's change of terms: one ledger entry, audited, under the contract's lock. */
  async changeTerms(
    db: AppDb,
    viewer: Viewer,
    id: number,
    now: Date,
    entryFor: (
      loaded: LoadedContract,
      today: string,
    ) => Pick<repo.NewLedgerRow, 'kind' | 'untilDate' | 'days' | 'reason'> & {
      onDate?: string;
    },
  ): Promise<Contract> {
    return db.transaction(async (tx) => {
      const row = await administeredContract(tx, viewer, id);
      const loaded = await load(tx, row, now);
      const today = todayInSaoPaulo(now);
      const entry = entryFor(loaded, today);
      await repo.insertLedger(tx, [
        {
          contractId: row.id,
          unit: row.unit,
          ...entry,
          onDate: entry.onDate ?? today,
          ...actorColumns({ kind: 'staff', viewer }),
        },
      ]);
      await auditService.record(tx, {
        entity: 'contract',
        entityId: row.id,
        action: entry.kind,
        after: {
          ...(entry.untilDate ? { until: entry.untilDate } : {}),
          ...(entry.days ? { days: entry.days } : {}),
        },
      });
      return toContract(await load(tx, row, now), await clientNameOf(tx, row.clientId), now);
    });
  },

  /**
   * Withdrawal within 7 days of a remote acceptance (CDC art. 49): by staff or by the client on
   * her link. Everything paid is due back; nothing is kept.
   */
  async withdraw(
    tx: DbOrTx,
    row: repo.ContractRow,
    actor: LedgerActor,
    reason: string | null,
    now: Date = new Date(),
  ): Promise<Contract> {
    const loaded = await load(tx, row, now);
    const verdict = canWithdraw(row.withdrawalUntil, loaded.state.status, now);
    if (verdict !== 'ok') throw new HttpError(409, CONTRACT_MESSAGES[verdict]);
    await repo.insertLedger(tx, [
      {
        contractId: row.id,
        kind: 'withdraw',
        onDate: todayInSaoPaulo(now),
        value: centavosToReais(-remainingValue(loaded.state)),
        unit: row.unit,
        reason,
        quote: withdrawalQuoteOf(loaded.state, 0),
        ...actorColumns(actor),
      },
    ]);
    await auditService.record(tx, {
      entity: 'contract',
      entityId: row.id,
      action: 'withdraw',
      actorId: actor.kind === 'staff' ? actor.viewer.id : null,
      after: { status: 'desistencia', by: actor.kind === 'client' ? 'cliente' : 'equipe' },
    });
    return toContract(await load(tx, row, now), await clientNameOf(tx, row.clientId), now);
  },

  async withdrawByStaff(
    db: AppDb,
    viewer: Viewer,
    id: number,
    reason: string | null,
    payments: ContractPaymentsPort,
    now: Date = new Date(),
  ): Promise<Contract> {
    return db.transaction(async (tx) => {
      const row = await visibleContract(tx, viewer, id, true);
      const contract = await this.withdraw(tx, row, { kind: 'staff', viewer }, reason, now);
      // Everything paid goes back (the client's link does the same through the after-sale port).
      const paid = await payments.paid(tx, row.id);
      await payments.contractEnded(tx, row.id, 'desistencia', withdrawalRefund(paid));
      return contract;
    });
  },

  /** The withdrawal through the client's link: the proposal number the token opened. */
  async withdrawByClient(tx: DbOrTx, proposalId: number, now: Date = new Date()) {
    const row = await repo.findContractByProposal(tx, proposalId, true);
    if (!row) throw notFound(CONTRACT_MESSAGES.notFound);
    return this.withdraw(tx, row, { kind: 'client' }, null, now);
  },

  /**
   * What a cancellation costs (after the 7 days): paid, the used sessions at the contracted
   * price, a fee on the unused part (a network setting), and the refund due; never negative,
   * never above what was paid.
   */
  async cancellationQuote(
    db: DbOrTx,
    viewer: Viewer,
    id: number,
    payments: ContractPaymentsPort,
    now: Date = new Date(),
  ): Promise<CancellationQuote> {
    const row = await visibleContract(db, viewer, id);
    const loaded = await load(db, row, now);
    refuseEnded(loaded.state);
    const feeBp = await repo.cancellationFeeBp(db);
    return quoteOf(loaded.state, await payments.paid(db, row.id), feeBp);
  },

  async cancel(
    db: AppDb,
    viewer: Viewer,
    id: number,
    reason: string,
    payments: ContractPaymentsPort,
    now: Date = new Date(),
  ): Promise<{ contract: Contract; quote: CancellationQuote }> {
    return db.transaction(async (tx) => {
      const row = await administeredContract(tx, viewer, id);
      const loaded = await load(tx, row, now);
      refuseEnded(loaded.state);
      if (loaded.state.status === 'expirado') throw new HttpError(409, CONTRACT_MESSAGES.ended);
      const feeBp = await repo.cancellationFeeBp(tx);
      const quote = quoteOf(loaded.state, await payments.paid(tx, row.id), feeBp);
      await repo.insertLedger(tx, [
        {
          contractId: row.id,
          kind: 'cancel',
          onDate: todayInSaoPaulo(now),
          value: centavosToReais(-remainingValue(loaded.state)),
          // The fee on the unused part is what the clinic keeps of what the cancellation releases.
          retained: quote.fee,
          unit: row.unit,
          reason,
          quote,
          ...actorColumns({ kind: 'staff', viewer }),
        },
      ]);
      await auditService.record(tx, {
        entity: 'contract',
        entityId: row.id,
        action: 'cancel',
        after: {
          status: 'cancelado',
          paid: quote.paid,
          used_value: quote.used_value,
          fee: quote.fee,
          refund_due: quote.refund_due,
        },
      });
      await payments.contractEnded(tx, row.id, 'cancelamento', reaisToCentavos(quote.refund_due));
      return {
        contract: toContract(await load(tx, row, now), await clientNameOf(tx, row.clientId), now),
        quote,
      };
    });
  },

  /**
   * Expiry at the end of the last valid day in São Paulo: what remained is released. Safe to run
   * from several processes at once: a run holds a transaction-level advisory lock (another run
   * finds it taken and does nothing), and a contract already ended is skipped under its row lock
   * (the partial unique index of migration 0018 refuses a second end anyway).
   */
  async expireDue(db: AppDb, now: Date = new Date()): Promise<number> {
    const today = todayInSaoPaulo(now);
    return db.transaction(async (tx) => {
      if (!(await repo.tryExpiryLock(tx))) return 0;
      let expired = 0;
      for (;;) {
        const ids = await repo.contractsToExpire(tx, today, EXPIRY_BATCH);
        for (const id of ids) {
          const row = await repo.findContract(tx, id, true);
          if (!row) continue;
          const loaded = await load(tx, row, now);
          const ended = loaded.ledger.some(
            (entry) =>
              entry.kind === 'expire' || entry.kind === 'cancel' || entry.kind === 'withdraw',
          );
          if (ended || loaded.state.status !== 'expirado') continue;
          await repo.insertLedger(tx, [
            {
              contractId: row.id,
              kind: 'expire',
              value: centavosToReais(-remainingValue(loaded.state)),
              onDate: addDays(loaded.state.valid_until, 1),
              unit: row.unit,
              actorKind: 'system',
            },
          ]);
          expired += 1;
        }
        // A contract whose freeze or extension moved its end stays out of the next batch only
        // when the batch was short; a full batch of such contracts would loop, so stop there.
        if (ids.length < EXPIRY_BATCH || expired === 0) return expired;
      }
    });
  },

  /**
   * What the term of an ended contract prints: the contract, its procedures and the quote its
   * cancellation or withdrawal recorded. 404 when the contract is neither cancelled nor withdrawn.
   */
  async cancellationTerm(
    db: AppDb,
    viewer: Viewer,
    id: number,
    now: Date = new Date(),
  ): Promise<CancellationTermInput> {
    const row = await visibleContract(db, viewer, id);
    const loaded = await load(db, row, now);
    const end = loaded.ledger.find((entry) => entry.kind === 'cancel' || entry.kind === 'withdraw');
    if (!end) throw notFound(CONTRACT_MESSAGES.notEnded);
    const contract = toContract(loaded, await clientNameOf(db, row.clientId), now);
    const day = (iso: string) => iso.split('-').reverse().join('/');
    return {
      kind: end.kind === 'cancel' ? 'cancel' : 'withdraw',
      number: row.number,
      clientName: contract.client.full_name,
      unit: row.unit,
      packageName: row.packageName,
      acceptedOn: day(saoPauloDate(row.acceptedAt)),
      endedOn: day(end.onDate),
      channel: row.channel,
      priceTotal: row.priceTotal,
      lines: contract.entitlements,
      // A contract ended before migration 0020 kept no quote: its figures are recomputed as then.
      quote:
        end.quote ??
        (end.kind === 'cancel'
          ? quoteOf(loaded.state, 0, await repo.cancellationFeeBp(db))
          : withdrawalQuoteOf(loaded.state, 0)),
      reason: end.reason,
      recordedBy: end.actorKind === 'client' ? 'Cliente (link)' : (end.actorName ?? 'Equipe'),
      author: viewer.name,
      issuedAt: now,
    };
  },

  /** A client's anonymization (LGPD art. 18): her contracts' free texts are blanked. */
  async anonymizeClient(tx: DbOrTx, clientId: number): Promise<void> {
    await repo.blankClientLedgerTexts(tx, clientId, LEDGER_TEXT_REMOVED);
  },

  async cancellationFeePercent(db: DbOrTx): Promise<number> {
    return (await repo.cancellationFeeBp(db)) / 100;
  },

  async setCancellationFeePercent(db: AppDb, percent: number): Promise<number> {
    return db.transaction(async (tx) => {
      const before = await repo.cancellationFeeBp(tx);
      const after = await repo.setCancellationFeeBp(tx, Math.round(percent * 100));
      await auditService.record(tx, {
        entity: 'contract',
        entityId: 'settings',
        action: 'update',
        before: { cancellation_fee_percent: before / 100 },
        after: { cancellation_fee_percent: after / 100 },
      });
      return after / 100;
    });
  },
};

/** The quote as the API answers it, from packages/domain/src/care/refunds.ts's arithmetic. */
function quoteOf(state: ContractState, paid: number, feeBp: number): CancellationQuote {
  const figures = cancellationFigures({
    total: state.entitlements.reduce((sum, line) => sum + line.total, 0),
    paid,
    used_value: state.entitlements.reduce((sum, line) => sum + line.used_value, 0),
    fee_bp: feeBp,
  });
  const reais = (centavos: number) => formatReais(centavosToReais(centavos));
  const rule =
    `Pago ${reais(figures.paid)} − sessões usadas ao preço contratado ${reais(figures.used_value)}` +
    ` − multa de ${formatPercent(feeBp / 100)} sobre o não usado (${reais(figures.unused_value)}):` +
    ` ${reais(figures.fee)} = reembolso de ${reais(figures.refund)}, nunca negativo nem acima do pago.`;
  return {
    rule,
    paid: centavosToReais(figures.paid),
    used_sessions: state.entitlements.reduce((sum, line) => sum + line.sessions_used, 0),
    used_value: centavosToReais(figures.used_value),
    fee: centavosToReais(figures.fee),
    fee_percent: feeBp / 100,
    refund_due: centavosToReais(figures.refund),
  };
}

/** A withdrawal's quote (CDC art. 49): everything paid comes back, nothing is kept. */
function withdrawalQuoteOf(state: ContractState, paid: number): CancellationQuote {
  const refund = withdrawalRefund(paid);
  const reais = (centavos: number) => formatReais(centavosToReais(centavos));
  return {
    rule: `Desistência em até 7 dias (CDC art. 49): devolução integral do pago, ${reais(refund)}.`,
    paid: centavosToReais(paid),
    used_sessions: state.entitlements.reduce((sum, line) => sum + line.sessions_used, 0),
    used_value: centavosToReais(state.entitlements.reduce((sum, line) => sum + line.used_value, 0)),
    fee: 0,
    fee_percent: 0,
    refund_due: centavosToReais(refund),
  };
}

/** Who performed the session: the signed-in user unless another active one of the unit is named. */
async function professionalFor(
  db: DbOrTx,
  viewer: Viewer,
  contract: repo.ContractRow,
  professionalId: number | undefined,
): Promise<{ id: number; name: string }> {
  if (professionalId === undefined || professionalId === viewer.id) {
    return { id: viewer.id, name: viewer.name };
  }
  const user = await usersService.findById(db, professionalId);
  if (
    !user ||
    user.status !== 'active' ||
    (user.unit !== contract.unit && user.profile !== 'admin')
  ) {
    throw invalidField(['body', 'professional_id'], 'Profissional não encontrado nesta unidade.');
  }
  return { id: user.id, name: user.name };
}

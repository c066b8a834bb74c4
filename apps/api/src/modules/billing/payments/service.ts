import crypto from 'node:crypto';
import {
  addDays,
  BILLING_ANSWERS,
  buildInstallments,
  buildStaticBrCode,
  centavosToReais,
  INSTALLMENT_STATUS_LABELS,
  MANDATE_STATUS_LABELS,
  applyPaymentEvent,
  mandateStatus,
  overdueDays,
  paymentView,
  planBalance,
  REFUND_STATUS_LABELS,
  reaisToCentavos,
  saoPauloDate,
  statusOnDay,
  type Centavos,
  type ContractPayments,
  type Installment,
  type InstallmentView,
  type MandateStatus,
  type MandateView,
  type MarkPaidData,
  type PaymentEvent,
  type PaymentEventOutcome,
  type PaymentMethod,
  type PaymentPlanCreateData,
  type PublicPlan,
  type Receivable,
  type ReceivablesQuery,
  type RefundReason,
} from '@portal/domain';
import type { ProposalAcceptedEvent } from '../../../app-context.ts';
import { auditService } from '../../../audit/service.ts';
import { clientRowFilter, rowAccess, type Viewer } from '../../../auth/scope.ts';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { HttpError, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { contractsService } from '../../care/contracts/service.ts';
import { unitBillingService, type UnitPix } from '../unit-settings/service.ts';
import { providerFor } from './providers.ts';
import * as repo from './repository.ts';

/** Static BR Code txids hold up to 25 characters; API Pix `cobv` txids 26 to 35. */
const TXID_LENGTH: Record<PaymentMethod, number> = { pix_manual: 25, api_pix: 32 };
const TXID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newTxid(method: PaymentMethod): string {
  const bytes = crypto.randomBytes(TXID_LENGTH[method]);
  return Array.from(bytes, (byte) => TXID_ALPHABET[byte % TXID_ALPHABET.length]).join('');
}

/** The plan without provider events, as the reducer of packages/domain reads it. */
function baseOf(row: repo.InstallmentRow): Installment {
  return {
    n: row.n,
    due_date: row.dueDate,
    amount: reaisToCentavos(row.amount),
    status: row.baseStatus,
    txid: row.txid,
    e2eid: null,
    paid_at: row.basePaidAt ? row.basePaidAt.toISOString() : null,
    refunded: reaisToCentavos(row.baseRefunded),
  };
}

/** The instalment as stored (what the events left), for the balance and the answers. */
function currentOf(row: repo.InstallmentRow): Installment {
  return {
    ...baseOf(row),
    status: row.status,
    e2eid: row.e2eid,
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    refunded: reaisToCentavos(row.refunded),
  };
}

const OWED = new Set(['agendada', 'solicitada', 'falhou', 'vencida']);

/** Instalments recorded overdue per transaction of the daily job. */
const OVERDUE_BATCH = 200;

/** Days before the due date a charge is sent in (Pix Automático's window, AFTER-SALE.md). */
export const CHARGE_WINDOW = { fromDays: 2, toDays: 10 } as const;

/** A plan's Pix Automático authorisation as answered; null on a plan without one. */
function mandateOf(plan: Pick<repo.PlanRow, 'pixAutomatico' | 'recStatus'>): MandateView {
  if (!plan.pixAutomatico) return null;
  const status: MandateStatus = plan.recStatus ?? 'aguardando';
  return { status, status_label: MANDATE_STATUS_LABELS[status] };
}

const MANDATE_ENDED = new Set<MandateStatus>(['cancelada', 'recusada', 'expirada']);

/**
 * The code that pays an instalment still owed: the static BR Code (pix_manual), the institution's
 * (a `cobv`, or journey 3's composite QR on a Pix Automático plan's first instalment). Once an
 * authorisation has ended nothing will be debited, so the client gets the unit's static code
 * (without txid: staff confirm it as a manual Pix) rather than nothing.
 */
function copiaECola(
  row: repo.InstallmentRow,
  plan: Pick<repo.PlanRow, 'method' | 'pixAutomatico' | 'recStatus'>,
  pix: UnitPix,
): string | null {
  if (!OWED.has(row.status)) return null;
  const mandateEnded = plan.pixAutomatico && MANDATE_ENDED.has(plan.recStatus ?? 'aguardando');
  if (plan.method === 'api_pix' && (row.copiaECola || !mandateEnded)) return row.copiaECola;
  if (!pix.pixKey || !pix.merchantName || !pix.merchantCity) return null;
  return buildStaticBrCode({
    key: pix.pixKey,
    amount: reaisToCentavos(row.amount),
    merchantName: pix.merchantName,
    merchantCity: pix.merchantCity,
    txid: plan.method === 'pix_manual' ? row.txid : null,
    description: null,
  });
}

function installmentView(
  row: repo.InstallmentRow,
  plan: Pick<repo.PlanRow, 'method' | 'pixAutomatico' | 'recStatus'>,
  pix: UnitPix,
  today: string,
): InstallmentView {
  const status = statusOnDay(currentOf(row), today);
  return {
    id: row.id,
    n: row.n,
    due_date: row.dueDate,
    amount: row.amount,
    status,
    status_label: INSTALLMENT_STATUS_LABELS[status],
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    method: plan.method,
    pix_copia_e_cola: copiaECola(row, plan, pix),
  };
}

function newRows(
  planId: number,
  contractId: number,
  method: PaymentMethod,
  plan: Installment[],
): repo.NewInstallmentRow[] {
  return plan.map((item) => ({
    planId,
    contractId,
    n: item.n,
    dueDate: item.due_date,
    amount: centavosToReais(item.amount),
    txid: newTxid(method),
  }));
}

function eventKey(event: PaymentEvent) {
  return event.id;
}

/**
 * Re-derives the stored instalments from the base and the accepted events (paymentView), and
 * writes those that changed. Called under the plan's row lock.
 */
async function refold(
  tx: DbOrTx,
  rows: readonly repo.InstallmentRow[],
  events: readonly PaymentEvent[],
): Promise<void> {
  const view = paymentView({ base: rows.map(baseOf), events });
  for (const [index, row] of rows.entries()) {
    const next = view.installments[index];
    if (!next) continue;
    const paidAt = next.paid_at ? new Date(next.paid_at) : null;
    const refunded = centavosToReais(next.refunded);
    if (
      next.status !== row.status ||
      next.e2eid !== row.e2eid ||
      (paidAt?.getTime() ?? null) !== (row.paidAt?.getTime() ?? null) ||
      refunded !== row.refunded
    ) {
      await repo.updateInstallment(tx, row.id, {
        status: next.status,
        e2eid: next.e2eid,
        paidAt,
        refunded,
      });
    }
  }
}

function hashOf(event: PaymentEvent): string {
  return crypto.createHash('sha256').update(JSON.stringify(event)).digest('hex');
}

/**
 * A charge the provider accepted: the instalment becomes 'solicitada' under its plan's lock, if
 * it is still 'agendada' (a parallel run or a payment may have moved it). Returns whether it did.
 */
async function markRequested(
  db: AppDb,
  contractId: number,
  installmentId: number,
  copiaECola: string | null,
): Promise<boolean> {
  return db.transaction((tx) => markRequestedIn(tx, contractId, installmentId, copiaECola));
}

/** markRequested inside the caller's transaction (the plan's lock is taken again, harmlessly). */
async function markRequestedIn(
  tx: DbOrTx,
  contractId: number,
  installmentId: number,
  copiaECola: string | null,
): Promise<boolean> {
  const locked = await repo.findPlan(tx, contractId, true);
  if (!locked) return false;
  const rows = await repo.installmentsOf(tx, locked.id);
  const current = rows.find((item) => item.id === installmentId);
  if (!current || current.baseStatus !== 'agendada') return false;
  await repo.updateInstallment(tx, installmentId, { baseStatus: 'solicitada', copiaECola });
  const events = (await repo.eventsOf(tx, contractId)).map(
    (stored) => stored.event as PaymentEvent,
  );
  await refold(
    tx,
    rows.map((item) =>
      item.id === installmentId ? { ...item, baseStatus: 'solicitada' as const } : item,
    ),
    events,
  );
  return true;
}

/** How long one process may take to create an authorisation before another may try again. */
const RECURRENCE_CLAIM_SECONDS = 60;
/** Thrown in applyEvent's transaction to roll it back: the event is stored for another plan. */
class TakenElsewhere extends Error {}

export interface EventAnswer {
  event_id: string;
  result: PaymentEventOutcome['result'];
  reason?: string;
  message?: string;
}

/**
 * Payment plans (issue 29): one per contract, created at acceptance; instalments in centavos that
 * sum to the price; provider events folded by the domain's reducer; refunds after a withdrawal or
 * cancellation. Who may do what is asked of apps/api/src/auth/scope.ts.
 */
export const paymentsService = {
  /** Paid instalments of some contracts: what `parcela_paga` commissions derive from (issue 30). */
  paidInstallmentsOf: repo.paidInstallmentsOf,

  /** In the acceptance's transaction: the default plan (12 monthly instalments, unit's method). */
  async createForAcceptance(tx: DbOrTx, contractId: number, event: ProposalAcceptedEvent) {
    if (await repo.findPlan(tx, contractId)) return;
    const pix = await unitBillingService.pixOf(tx, event.unit);
    const method: PaymentMethod = pix.provider === 'api_pix' && pix.api ? 'api_pix' : 'pix_manual';
    const from = saoPauloDate(event.at);
    const total = reaisToCentavos(event.annualValue);
    const dueDay = Number(from.slice(8, 10));
    const plan = buildInstallments({ total, from, dueDay });
    // With API Pix and the unit's account, Pix Automático (journey 3): she pays the first
    // instalment and authorises the rest with one QR, on the page she accepted on.
    const pixAutomatico = method === 'api_pix' && pix.account !== null && plan.length > 1;
    const row = await repo.insertPlan(tx, {
      contractId,
      method,
      installments: plan.length,
      dueDay,
      total: centavosToReais(total),
      pixAutomatico,
      recStatus: pixAutomatico ? 'aguardando' : null,
    });
    await repo.replaceInstallments(tx, row.id, newRows(row.id, contractId, method, plan));
  },

  /** GET /contracts/{id}/payments */
  async payments(
    db: AppDb,
    viewer: Viewer,
    contractId: number,
    now: Date = new Date(),
  ): Promise<ContractPayments> {
    const contract = await contractsService.get(db, viewer, contractId, now);
    const plan = await repo.findPlan(db, contractId);
    if (!plan) throw notFound(BILLING_ANSWERS.planNotFound);
    const [rows, refunds, pix, facts] = await Promise.all([
      repo.installmentsOf(db, plan.id),
      repo.refundsOf(db, contractId),
      unitBillingService.pixOf(db, contract.unit),
      repo.contractFacts(db, contractId),
    ]);
    const today = saoPauloDate(now);
    const balance = planBalance(rows.map(currentOf));
    return {
      plan: {
        method: plan.method,
        pix_automatico: plan.pixAutomatico,
        mandate: mandateOf(plan),
        installments: plan.installments,
        due_day: plan.dueDay,
        total: plan.total,
        paid: centavosToReais(balance.paid),
        open: centavosToReais(balance.open),
      },
      installments: rows.map((row) => installmentView(row, plan, pix, today)),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        reason: refund.reason,
        status: refund.status,
        status_label: REFUND_STATUS_LABELS[refund.status],
        method: refund.method,
        created_at: refund.createdAt.toISOString(),
        done_at: refund.doneAt ? refund.doneAt.toISOString() : null,
      })),
      client_phone: facts?.phone ?? null,
    };
  },

  /** POST /contracts/{id}/payment-plan: a new plan while nothing is paid. */
  async changePlan(
    db: AppDb,
    viewer: Viewer,
    contractId: number,
    body: PaymentPlanCreateData,
    now: Date = new Date(),
  ): Promise<ContractPayments> {
    const contract = await contractsService.get(db, viewer, contractId, now);
    if (!rowAccess.collectPayments(viewer, contract)) throw forbidden();
    if (contract.status === 'cancelado' || contract.status === 'desistencia') {
      throw conflict(BILLING_ANSWERS.contractEnded);
    }
    if (body.pix_automatico && body.method !== 'api_pix') {
      throw new HttpError(422, BILLING_ANSWERS.automaticNeedsApi);
    }
    if (body.pix_automatico && body.installments < 2) {
      throw new HttpError(422, BILLING_ANSWERS.automaticNeedsInstallments);
    }
    if (body.method === 'api_pix') {
      const pix = await unitBillingService.pixOf(db, contract.unit);
      if (!pix.api) throw new HttpError(422, BILLING_ANSWERS.providerNotConfigured);
      if (body.pix_automatico && !pix.account) {
        throw new HttpError(422, BILLING_ANSWERS.automaticNeedsAccount);
      }
    }
    await db.transaction(async (tx) => {
      const found = await repo.findPlan(tx, contractId, true);
      // A contract accepted before plans existed has none: its first plan is made here, of its
      // price, from its acceptance (the web's 'Criar plano de pagamento').
      const plan =
        found ??
        (await repo.insertPlan(tx, {
          contractId,
          method: body.method,
          installments: body.installments,
          dueDay: body.due_day ?? Number(saoPauloDate(new Date(contract.accepted_at)).slice(8, 10)),
          total: contract.price_total,
        }));
      const rows = await repo.installmentsOf(tx, plan.id);
      const events = await repo.eventsOf(tx, contractId);
      if (
        events.length > 0 ||
        rows.some((row) => row.status === 'paga' || row.status === 'estornada')
      ) {
        throw conflict(BILLING_ANSWERS.planHasPayments);
      }
      const total = reaisToCentavos(plan.total);
      const from = saoPauloDate(new Date(contract.accepted_at));
      const dueDay = body.due_day ?? plan.dueDay;
      const next = buildInstallments({ total, from, dueDay, count: body.installments });
      // A new plan starts a new authorisation: the old one (if any) was never paid, since a plan
      // with payments cannot change, and expires unanswered at the institution.
      await repo.updatePlan(tx, plan.id, {
        method: body.method,
        installments: next.length,
        dueDay,
        pixAutomatico: body.pix_automatico,
        recStatus: body.pix_automatico ? 'aguardando' : null,
        recId: null,
        recCopiaECola: null,
        recClaimedUntil: null,
      });
      await repo.replaceInstallments(tx, plan.id, newRows(plan.id, contractId, body.method, next));
      await auditService.record(tx, {
        entity: 'contract',
        entityId: contractId,
        action: 'payment_plan',
        before: {
          method: plan.method,
          pix_automatico: plan.pixAutomatico,
          installments: plan.installments,
          due_day: plan.dueDay,
        },
        after: {
          method: body.method,
          pix_automatico: body.pix_automatico,
          installments: next.length,
          due_day: dueDay,
        },
      });
    });
    // Staff issued the plan: every due-date charge at once, so she can pay ahead if she likes.
    await this.chargesAfterPlan(db, contractId, now, 'all');
    return this.payments(db, viewer, contractId, now);
  },

  /** POST /installments/{id}/mark-paid: staff saw the Pix in the statement (pix_manual). */
  async markPaid(
    db: AppDb,
    viewer: Viewer,
    installmentId: number,
    body: MarkPaidData,
    now: Date = new Date(),
  ): Promise<InstallmentView> {
    const found = await repo.findInstallment(db, installmentId);
    if (!found) throw notFound(BILLING_ANSWERS.installmentNotFound);
    let contract;
    try {
      contract = await contractsService.get(db, viewer, found.contractId, now);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        throw notFound(BILLING_ANSWERS.installmentNotFound);
      }
      throw error;
    }
    if (!rowAccess.collectPayments(viewer, contract)) throw forbidden();
    const paidAt = new Date(body.paid_at);
    if (paidAt.getTime() > now.getTime() + 5 * 60_000) {
      throw new HttpError(422, BILLING_ANSWERS.paidInFuture);
    }
    const result = await db.transaction(async (tx) => {
      const plan = await repo.findPlan(tx, found.contractId, true);
      if (!plan) throw notFound(BILLING_ANSWERS.installmentNotFound);
      const rows = await repo.installmentsOf(tx, plan.id);
      const row = rows.find((item) => item.id === installmentId);
      if (!row) throw notFound(BILLING_ANSWERS.installmentNotFound);
      if (row.status === 'paga' || row.status === 'estornada') {
        throw conflict(BILLING_ANSWERS.alreadyPaid);
      }
      const updated = { ...row, baseStatus: 'paga' as const, basePaidAt: paidAt };
      await repo.updateInstallment(tx, row.id, {
        baseStatus: 'paga',
        basePaidAt: paidAt,
        paidNote: body.note,
        paidBy: viewer.id,
      });
      const events = (await repo.eventsOf(tx, found.contractId)).map(
        (stored) => stored.event as PaymentEvent,
      );
      const nextRows = rows.map((item) => (item.id === row.id ? updated : item));
      await refold(tx, nextRows, events);
      await auditService.record(tx, {
        entity: 'contract',
        entityId: found.contractId,
        action: 'mark_paid',
        after: { installment: row.n, paid_at: paidAt.toISOString(), amount: row.amount },
      });
      const [fresh] = (await repo.installmentsOf(tx, plan.id)).filter((item) => item.id === row.id);
      return { plan, fresh: fresh ?? row };
    });
    const pix = await unitBillingService.pixOf(db, contract.unit);
    return installmentView(result.fresh, result.plan, pix, saoPauloDate(now));
  },

  /** GET /billing/receivables: the instalments of the viewer's reach, by due date. */
  async receivables(
    db: AppDb,
    viewer: Viewer,
    query: ReceivablesQuery,
    now: Date = new Date(),
  ): Promise<{ items: Receivable[]; total: number }> {
    const today = saoPauloDate(now);
    const filter = clientRowFilter(viewer, { unit: query.unit });
    const { rows, total } = await repo.receivables(
      db,
      filter === null ? null : { unit: filter.unit, authorId: null },
      query,
      today,
    );
    return {
      total,
      items: rows.map((row) => {
        const status = statusOnDay(
          {
            n: row.n,
            due_date: row.dueDate,
            amount: 0,
            status: row.status,
            txid: null,
            e2eid: null,
            paid_at: null,
            refunded: 0,
          },
          today,
        );
        return {
          installment_id: row.installmentId,
          contract_id: row.contractId,
          contract_number: row.contractNumber,
          client: { id: row.clientId, full_name: row.clientName, phone: row.clientPhone },
          unit: row.unit,
          n: row.n,
          installments: row.count,
          due_date: row.dueDate,
          amount: row.amount,
          status,
          status_label: INSTALLMENT_STATUS_LABELS[status],
          overdue_days: overdueDays({ due_date: row.dueDate, status: row.status }, today),
          method: row.method,
          mandate: mandateOf({ pixAutomatico: row.recStatus !== null, recStatus: row.recStatus }),
        };
      }),
    };
  },

  /** What the client paid on a contract, less what was refunded, in centavos (care's quote). */
  async paidCentavos(db: DbOrTx, contractId: number): Promise<Centavos> {
    const plan = await repo.findPlan(db, contractId);
    if (!plan) return 0;
    const balance = planBalance((await repo.installmentsOf(db, plan.id)).map(currentOf));
    return balance.paid - balance.refunded;
  },

  /**
   * After a withdrawal or a cancellation, in care's transaction: what is still owed is cancelled,
   * and `refundDue` goes back, split over the paid instalments (latest first) so each refund
   * names the Pix it returns (API Pix `devolucao` needs the payment's e2eid).
   */
  async contractEnded(
    tx: DbOrTx,
    contractId: number,
    reason: RefundReason,
    refundDue: Centavos,
  ): Promise<void> {
    const plan = await repo.findPlan(tx, contractId, true);
    if (!plan) return;
    const rows = await repo.installmentsOf(tx, plan.id);
    for (const row of rows) {
      if (OWED.has(row.baseStatus) && OWED.has(row.status)) {
        await repo.updateInstallment(tx, row.id, { baseStatus: 'cancelada', status: 'cancelada' });
      }
    }
    let left = refundDue;
    const refunds: Parameters<typeof repo.insertRefunds>[1] = [];
    const paid = rows.filter((row) => row.status === 'paga').sort((a, b) => b.n - a.n);
    for (const row of paid) {
      if (left <= 0) break;
      const available = reaisToCentavos(row.amount) - reaisToCentavos(row.refunded);
      const amount = Math.min(left, available);
      if (amount <= 0) continue;
      left -= amount;
      const viaApi = plan.method === 'api_pix' && row.e2eid !== null;
      refunds.push({
        contractId,
        installmentId: row.id,
        amount: centavosToReais(amount),
        reason,
        method: viaApi ? 'api_pix' : 'pix_manual',
        refundId: viaApi ? newTxid('pix_manual') : null,
      });
    }
    if (left > 0) {
      refunds.push({
        contractId,
        installmentId: null,
        amount: centavosToReais(left),
        reason,
        method: 'pix_manual',
      });
    }
    await repo.insertRefunds(tx, refunds);
  },

  /** POST /refunds/{id}/mark-done: staff returned a manual refund. */
  async markRefundDone(
    db: AppDb,
    viewer: Viewer,
    contractId: number,
    refundId: number,
    now: Date = new Date(),
  ): Promise<ContractPayments> {
    const contract = await contractsService.get(db, viewer, contractId, now);
    if (!rowAccess.collectPayments(viewer, contract)) throw forbidden();
    await db.transaction(async (tx) => {
      await repo.findPlan(tx, contractId, true);
      const refund = (await repo.refundsOf(tx, contractId)).find((item) => item.id === refundId);
      if (!refund) throw notFound(BILLING_ANSWERS.refundNotFound);
      if (refund.status !== 'pendente' || refund.method !== 'pix_manual') {
        throw conflict(BILLING_ANSWERS.refundNotPending);
      }
      await repo.updateRefund(tx, refund.id, { status: 'concluida', doneAt: now });
      await auditService.record(tx, {
        entity: 'contract',
        entityId: contractId,
        action: 'refund_done',
        after: { refund: refund.id, amount: refund.amount },
      });
    });
    return this.payments(db, viewer, contractId, now);
  },

  /**
   * Provider events for one unit (webhooks, provider answers): each folded by the domain's
   * reducer under its plan's row lock, so replays, reorders and parallel deliveries converge.
   * An event whose charge is not this unit's is an unknown charge.
   */
  async applyEvents(
    db: AppDb,
    provider: PaymentMethod,
    unit: string,
    events: readonly PaymentEvent[],
  ): Promise<EventAnswer[]> {
    const answers: EventAnswer[] = [];
    for (const event of events) {
      answers.push(await this.applyEvent(db, provider, unit, event));
    }
    return answers;
  },

  /** Payments (centavos) provider events marked paid in [from, to) on a unit's contracts. */
  providerPaymentsBetween: repo.providerPaymentsBetween,

  async applyEvent(
    db: AppDb,
    provider: PaymentMethod,
    unit: string,
    event: PaymentEvent,
  ): Promise<EventAnswer> {
    const refusedUnknown: EventAnswer = {
      event_id: event.id,
      result: 'recusado',
      reason: 'cobranca_desconhecida',
      message: 'Cobrança desconhecida: nenhuma parcela deste plano tem este txid.',
    };
    if (event.type === 'autorizacao_aprovada' || event.type === 'autorizacao_cancelada') {
      return this.applyMandateEvent(db, provider, unit, event);
    }
    try {
      return await db.transaction(async (tx) => {
        // The charge's plan, found and locked in one round trip (bench/webhooks.bench.ts).
        const found = await repo.lockPlanByTxid(tx, event.txid);
        if (!found || found.unit !== unit) return refusedUnknown;
        const { plan } = found;
        const rows = await repo.installmentsOf(tx, plan.id);
        const stored = await repo.eventsOf(tx, plan.contractId);
        const before = stored
          .map((row) => row.event as PaymentEvent)
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        const { state, outcome } = applyPaymentEvent(
          { base: rows.map(baseOf), events: before },
          event,
        );
        const beforeIds = new Set(before.map(eventKey));
        const afterIds = new Set(state.events.map(eventKey));
        const added = state.events.filter((item) => !beforeIds.has(item.id));
        const removed = before.filter((item) => !afterIds.has(item.id)).map(eventKey);
        if (added.length > 0 || removed.length > 0) {
          await repo.deleteEvents(tx, provider, removed);
          const inserted = await repo.insertEvents(
            tx,
            added.map((item) => ({
              provider,
              eventId: item.id,
              contractId: plan.contractId,
              event: item,
              payloadHash: hashOf(item),
              outcome: outcome.result === 'recusado' ? outcome.reason : outcome.result,
            })),
          );
          // The same event id is already another contract's (a Pix told under a second txid): it
          // was taken once, so this is a repeat, and nothing of it may stay. Folded anyway, it
          // would pay here while stored nowhere, and the next refold of this plan would undo it.
          if (inserted < added.length) throw new TakenElsewhere();
          await refold(tx, rows, state.events);
          if (event.type === 'devolucao_liquidada' && outcome.result === 'aplicado') {
            await repo.settleRefund(tx, event.refund_id, new Date(event.at));
          }
        }
        return outcome.result === 'recusado'
          ? {
              event_id: event.id,
              result: outcome.result,
              reason: outcome.reason,
              message: outcome.message,
            }
          : { event_id: event.id, result: outcome.result };
      });
    } catch (error) {
      if (error instanceof TakenElsewhere) return { event_id: event.id, result: 'repetido' };
      throw error;
    }
  },

  /**
   * API Pix: sends the charge (`cobv`) of every scheduled instalment and keeps its 'copia e
   * cola'. Outside any transaction (a network call never holds a lock); a failure leaves the
   * instalment 'agendada' for the next run.
   */
  async requestCharges(db: AppDb, contractId: number, dueBy?: string): Promise<number> {
    const plan = await repo.findPlan(db, contractId);
    if (!plan || plan.method !== 'api_pix') return 0;
    const contract = await repo.contractFacts(db, contractId);
    if (!contract) return 0;
    const pix = await unitBillingService.pixOf(db, contract.unit);
    const adapter = providerFor(plan.method);
    let sent = 0;
    for (const row of await repo.installmentsOf(db, plan.id)) {
      if (row.baseStatus !== 'agendada') continue;
      if (dueBy !== undefined && row.dueDate > dueBy) continue;
      const answer = await adapter.requestCharge(pix, {
        txid: row.txid,
        amount: reaisToCentavos(row.amount),
        dueDate: row.dueDate,
        payer: { name: contract.clientName, cpf: contract.cpf },
        description: `Parcela ${row.n}/${plan.installments} contrato ${contract.number}`,
      });
      if (!answer.ok) continue;
      if (await markRequested(db, contractId, row.id, answer.copiaECola)) sent += 1;
    }
    return sent;
  },

  /**
   * A Pix Automático authorisation approved or ended (webhookrec): stored with the plan's events
   * under its row lock, and the plan's `rec_status` re-derived from all of them (mandateStatus),
   * so a replay, a late approval after a cancellation or any order leaves the same status.
   */
  async applyMandateEvent(
    db: AppDb,
    provider: PaymentMethod,
    unit: string,
    event: Extract<PaymentEvent, { type: 'autorizacao_aprovada' | 'autorizacao_cancelada' }>,
  ): Promise<EventAnswer> {
    const found = await repo.findPlanByRec(db, event.id_rec);
    if (!found || found.unit !== unit) {
      return {
        event_id: event.id,
        result: 'recusado',
        reason: 'autorizacao_desconhecida',
        message: BILLING_ANSWERS.unknownMandate,
      };
    }
    return db.transaction(async (tx) => {
      const plan = await repo.findPlan(tx, found.plan.contractId, true);
      if (!plan) throw new Error('plan vanished under its lock');
      const stored = (await repo.eventsOf(tx, plan.contractId)).map(
        (row) => row.event as PaymentEvent,
      );
      if (stored.some((item) => item.id === event.id)) {
        return { event_id: event.id, result: 'repetido' as const };
      }
      await repo.insertEvents(tx, [
        {
          provider,
          eventId: event.id,
          contractId: plan.contractId,
          event,
          payloadHash: hashOf(event),
          outcome: 'aplicado',
        },
      ]);
      const status = mandateStatus([...stored, event]);
      if (status !== plan.recStatus) {
        await repo.updatePlan(tx, plan.id, { recStatus: status });
        await auditService.record(tx, {
          entity: 'contract',
          entityId: plan.contractId,
          action: 'pix_automatico',
          actorId: null,
          before: { status: plan.recStatus },
          after: { status },
        });
      }
      return { event_id: event.id, result: 'aplicado' as const };
    });
  },

  /**
   * After a plan is made (acceptance, or 'Alterar plano'), outside any transaction: Pix
   * Automático creates its authorisation and first charge; API Pix due-date charges are sent for
   * the instalments due within the charge window (the rest by the daily job), or all of them. Never throws: a
   * provider that is down leaves the plan as it was, for the next page view or job to retry.
   */
  async chargesAfterPlan(
    db: AppDb,
    contractId: number,
    now: Date = new Date(),
    reach: 'window' | 'all' = 'window',
  ): Promise<void> {
    const plan = await repo.findPlan(db, contractId);
    if (!plan || plan.method !== 'api_pix') return;
    try {
      if (plan.pixAutomatico) await this.activateRecurrence(db, contractId);
      else {
        const dueBy =
          reach === 'all' ? undefined : addDays(saoPauloDate(now), CHARGE_WINDOW.toDays);
        await this.requestCharges(db, contractId, dueBy);
      }
    } catch {
      // The daily charge-window job retries; the error is the provider's, not the user's.
    }
  },

  /**
   * Pix Automático, journey 3: the first instalment's charge and the authorisation of the rest,
   * created once (a claim in the plan keeps two page views from creating two), then the composite
   * QR kept on the plan and the first instalment. Returns whether the QR is ready.
   */
  async activateRecurrence(db: AppDb, contractId: number): Promise<boolean> {
    const claimed = await repo.claimRecurrence(db, contractId, RECURRENCE_CLAIM_SECONDS);
    if (!claimed) return false;
    const release = () => repo.updatePlan(db, claimed.id, { recClaimedUntil: null });
    const rows = await repo.installmentsOf(db, claimed.id);
    const [first, second] = rows;
    const last = rows.at(-1);
    const contract = await repo.contractFacts(db, contractId);
    if (!first || !second || !last || !contract || first.baseStatus !== 'agendada') {
      await release();
      return false;
    }
    const later = rows.slice(1).map((row) => reaisToCentavos(row.amount));
    const pix = await unitBillingService.pixOf(db, contract.unit);
    const answer = await providerFor('api_pix').createRecurrence(pix, {
      firstTxid: first.txid,
      firstAmount: reaisToCentavos(first.amount),
      payer: { name: contract.clientName, cpf: contract.cpf },
      contract: contract.number,
      object: 'Pacote anual de estética',
      firstDue: second.dueDate,
      lastDue: last.dueDate,
      amountEach: later.every((amount) => amount === later[0]) ? (later[0] ?? null) : null,
      description: `Parcela 1/${rows.length} contrato ${contract.number}`,
    });
    if (!answer.ok) {
      await release();
      return false;
    }
    await db.transaction(async (tx) => {
      const locked = await repo.findPlan(tx, contractId, true);
      if (!locked || locked.id !== claimed.id || locked.recId !== null) return;
      await repo.updatePlan(tx, locked.id, {
        recId: answer.idRec,
        recCopiaECola: answer.copiaECola,
        recClaimedUntil: null,
      });
      await markRequestedIn(tx, contractId, first.id, answer.copiaECola);
    });
    return true;
  },

  /**
   * Pix Automático: the charges (`cobr`) of an authorised plan's instalments still scheduled
   * that fall due by `dueBy`; like requestCharges, outside any transaction, each recorded under
   * the plan's lock only if still 'agendada'.
   */
  async requestRecurringCharges(db: AppDb, contractId: number, dueBy: string): Promise<number> {
    const plan = await repo.findPlan(db, contractId);
    if (!plan?.pixAutomatico || !plan.recId || plan.recStatus !== 'ativa') return 0;
    const contract = await repo.contractFacts(db, contractId);
    if (!contract) return 0;
    const pix = await unitBillingService.pixOf(db, contract.unit);
    let sent = 0;
    for (const row of await repo.installmentsOf(db, plan.id)) {
      if (row.n === 1 || row.baseStatus !== 'agendada' || row.dueDate > dueBy) continue;
      const answer = await providerFor('api_pix').requestRecurringCharge(pix, {
        idRec: plan.recId,
        txid: row.txid,
        amount: reaisToCentavos(row.amount),
        dueDate: row.dueDate,
        description: `Parcela ${row.n}/${plan.installments} contrato ${contract.number}`,
      });
      if (!answer.ok) continue;
      if (await markRequested(db, contractId, row.id, null)) sent += 1;
    }
    return sent;
  },

  /**
   * After a contract ends (the every-15-minutes job): the refunds a withdrawal or cancellation
   * left are sent through the API Pix, and the Pix Automático authorisations of plans that owe
   * nothing more are ended at the institution (and recorded as the webhook would, so the
   * authorisation reads 'Cancelada' even if that notice never comes). Each step is safe to
   * repeat: a refund is asked by its own id, an ended authorisation is not picked again.
   * Throws when something could not be sent, so the queue retries.
   */
  async afterContractsEnded(db: AppDb, now: Date = new Date()) {
    let refundsSent = 0;
    const pending = await repo.contractsWithPendingApiRefunds(db);
    for (const contractId of pending) refundsSent += await this.sendRefunds(db, contractId);
    let ended = 0;
    const alive = await repo.recurrencesToEnd(db);
    for (const item of alive) {
      const pix = await unitBillingService.pixOf(db, item.unit);
      const answer = await providerFor('api_pix').cancelRecurrence(pix, item.recId);
      if (!answer.ok) continue;
      await this.applyMandateEvent(db, 'api_pix', item.unit, {
        id: `rec:${item.recId}:CANCELADA`,
        type: 'autorizacao_cancelada',
        id_rec: item.recId,
        motivo: 'cancelada',
        at: now.toISOString(),
      });
      ended += 1;
    }
    const unsent =
      (await repo.contractsWithPendingApiRefunds(db)).length +
      (await repo.recurrencesToEnd(db)).length;
    if (unsent > 0) throw new Error(`${unsent} devolução(ões) ou autorização(ões) não enviada(s)`);
    return { refunds_sent: refundsSent, authorisations_ended: ended };
  },

  /**
   * API Pix: asks for every pending refund of a contract (`devolucao`, by the payment's e2eid and
   * our refund id, so asking twice is the same request). Outside any transaction; the settled
   * refund arrives by webhook. For the job queue; returns how many were accepted.
   */
  async sendRefunds(db: AppDb, contractId: number): Promise<number> {
    const contract = await repo.contractFacts(db, contractId);
    const plan = await repo.findPlan(db, contractId);
    if (!contract || !plan) return 0;
    const pix = await unitBillingService.pixOf(db, contract.unit);
    const rows = await repo.installmentsOf(db, plan.id);
    let sent = 0;
    for (const refund of await repo.refundsOf(db, contractId)) {
      if (refund.method !== 'api_pix' || refund.status !== 'pendente' || !refund.refundId) continue;
      const paid = rows.find((row) => row.id === refund.installmentId);
      if (!paid?.e2eid) continue;
      const answer = await providerFor('api_pix').requestRefund(pix, {
        e2eid: paid.e2eid,
        refundId: refund.refundId,
        amount: reaisToCentavos(refund.amount),
      });
      if (!answer.ok) continue;
      await repo.advanceRefund(db, refund.id, answer.status);
      sent += 1;
    }
    return sent;
  },

  /**
   * The daily 'mark overdue' job: 'vencida' is derived on read (statusOnDay), so nothing changes
   * state here; each instalment still owed after its due day (São Paulo) is recorded once in the
   * audit trail (`installment_overdue`, by the system) and noted, in batches, each batch one
   * transaction. A second run or process finds them noted. Returns how many were recorded.
   */
  async noteOverdue(db: AppDb, now: Date = new Date()): Promise<number> {
    const today = saoPauloDate(now);
    let noted = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const rows = await repo.noteOverdue(tx, today, OVERDUE_BATCH);
        for (const row of rows) {
          await auditService.record(tx, {
            entity: 'contract',
            entityId: row.contractId,
            action: 'installment_overdue',
            actorId: null,
            after: { installment: row.n, due_date: row.dueDate, amount: row.amount },
          });
        }
        return rows.length;
      });
      noted += batch;
      if (batch < OVERDUE_BATCH) return noted;
    }
  },

  /**
   * The daily charge-window job: instalments still scheduled that fall due in 2 to 10 days
   * (the window Pix Automático sends its charges in, AFTER-SALE.md). An `api_pix` plan's are
   * requested through the provider port: a due-date charge (`cobv`), or on an authorised Pix
   * Automático plan a recurring one (`cobr`); a Pix Automático plan whose authorisation was never
   * created (the provider was down at acceptance) gets it now. `pix_manual`, and a plan whose
   * authorisation ended, have nothing to send: they are counted for the 'Cobranças' screen and
   * its WhatsApp '2ª via'. Throws while a charge that can be sent is still unsent, so the queue
   * retries with backoff. Counts only, never personal data.
   */
  async chargeWindow(
    db: AppDb,
    now: Date = new Date(),
  ): Promise<{
    charges_sent: number;
    manual_due: number;
    api_contracts: number;
    authorisations_created: number;
  }> {
    const today = saoPauloDate(now);
    const from = addDays(today, CHARGE_WINDOW.fromDays);
    const to = addDays(today, CHARGE_WINDOW.toDays);
    const sendable = (item: Awaited<ReturnType<typeof repo.dueBetween>>[number]) =>
      item.method === 'api_pix' && (!item.pixAutomatico || item.recStatus === 'ativa');
    const due = await repo.dueBetween(db, from, to);
    const api = due.filter(sendable);
    let sent = 0;
    for (const item of api) {
      sent += item.pixAutomatico
        ? await this.requestRecurringCharges(db, item.contractId, to)
        : await this.requestCharges(db, item.contractId, to);
    }
    let created = 0;
    for (const contractId of await repo.plansAwaitingRecurrence(db)) {
      if (await this.activateRecurrence(db, contractId)) created += 1;
    }
    const unsent = (await repo.dueBetween(db, from, to)).filter(sendable).length;
    if (unsent > 0) {
      throw new Error(`${unsent} contrato(s) com cobrança API Pix não enviada na janela`);
    }
    return {
      charges_sent: sent,
      manual_due: due.length - api.length,
      api_contracts: api.length,
      authorisations_created: created,
    };
  },

  /** The client's link: her instalments and the next one's Pix (issue 29). */
  async publicPayments(
    db: DbOrTx,
    contractId: number,
    now: Date = new Date(),
  ): Promise<PublicPlan['payments']> {
    const plan = await repo.findPlan(db, contractId);
    const contract = await repo.contractFacts(db, contractId);
    if (!plan || !contract) return undefined;
    const rows = await repo.installmentsOf(db, plan.id);
    const pix = await unitBillingService.pixOf(db, contract.unit);
    const today = saoPauloDate(now);
    const views = rows.map((row) => installmentView(row, plan, pix, today));
    const next = views.find((view) => OWED.has(view.status));
    return {
      method: plan.method,
      pix_automatico: plan.pixAutomatico,
      mandate: mandateOf(plan),
      installments: views.map((view) => ({
        n: view.n,
        due_date: view.due_date,
        amount: view.amount,
        status: view.status,
        status_label: view.status_label,
        paid_at: view.paid_at,
      })),
      next: next
        ? {
            n: next.n,
            due_date: next.due_date,
            amount: next.amount,
            pix_copia_e_cola: next.pix_copia_e_cola,
          }
        : null,
    };
  },
};

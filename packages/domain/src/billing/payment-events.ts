import type { Centavos } from '../shared/money.ts';
import type { Installment } from './installments.ts';

/**
 * Provider events (API Pix webhooks and answers, or a local stand-in) applied to a plan (issue
 * 29). The state is the plan as scheduled plus the SET of accepted events; every figure is derived
 * from that set in one canonical order, so any permutation or repetition of the same events gives
 * the same state, and an event id, an e2eid or a refund id seen twice changes nothing.
 *
 * Money that arrived is never dropped: a second distinct Pix for an instalment already paid does
 * not pay it again; it is kept as `surplus` for staff to return.
 */

export type PaymentEvent =
  | {
      id: string;
      type: 'pagamento_recebido';
      txid: string;
      e2eid: string;
      amount: Centavos;
      /** ISO instant. */
      paid_at: string;
    }
  | { id: string; type: 'cobranca_falhou'; txid: string; at: string }
  /** The payer's bank approved the Pix Automático authorisation (API Pix `rec` APROVADA). */
  | { id: string; type: 'autorizacao_aprovada'; id_rec: string; at: string }
  /**
   * The authorisation ended before its term: cancelled (by the payer, her bank or the clinic),
   * refused by her bank, or expired unanswered. No further charge can be sent on it; what is
   * still owed stays owed (a debt does not end with the debit authorisation).
   */
  | {
      id: string;
      type: 'autorizacao_cancelada';
      id_rec: string;
      motivo: MandateEnd;
      at: string;
    }
  | {
      id: string;
      type: 'devolucao_liquidada';
      txid: string;
      /** The payment refunded. */
      e2eid: string;
      refund_id: string;
      amount: Centavos;
      at: string;
    };
export type PaymentEventType = PaymentEvent['type'];

/** How a Pix Automático authorisation ended (API Pix `rec` CANCELADA, REJEITADA, EXPIRADA). */
export const MANDATE_ENDS = ['cancelada', 'recusada', 'expirada'] as const;
export type MandateEnd = (typeof MANDATE_ENDS)[number];

/** A plan's Pix Automático authorisation, as its events leave it. */
export const MANDATE_STATUSES = ['aguardando', 'ativa', ...MANDATE_ENDS] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];
export const MANDATE_STATUS_LABELS: Record<MandateStatus, string> = {
  aguardando: 'Aguardando autorização',
  ativa: 'Autorizada',
  cancelada: 'Cancelada',
  recusada: 'Recusada pelo banco',
  expirada: 'Expirada sem autorização',
};

function isMandateEvent(
  event: PaymentEvent,
): event is Extract<PaymentEvent, { type: 'autorizacao_aprovada' | 'autorizacao_cancelada' }> {
  return event.type === 'autorizacao_aprovada' || event.type === 'autorizacao_cancelada';
}

/**
 * The authorisation's status from its events, in any order: an end is final and wins over an
 * approval that arrives after it (webhooks are not ordered); of two ends, the first of
 * MANDATE_ENDS wins, so the answer never depends on arrival.
 */
export function mandateStatus(events: readonly PaymentEvent[]): MandateStatus {
  const ends = new Set<MandateEnd>();
  let approved = false;
  for (const event of events) {
    if (event.type === 'autorizacao_cancelada') ends.add(event.motivo);
    else if (event.type === 'autorizacao_aprovada') approved = true;
  }
  const end = MANDATE_ENDS.find((item) => ends.has(item));
  return end ?? (approved ? 'ativa' : 'aguardando');
}

export const PAYMENT_EVENT_REFUSALS = [
  'cobranca_desconhecida',
  'valor_divergente',
  'parcela_ja_paga',
  'pagamento_desconhecido',
  'estorno_acima_do_pago',
] as const;
export type PaymentEventRefusal = (typeof PAYMENT_EVENT_REFUSALS)[number];
export const PAYMENT_EVENT_REFUSAL_MESSAGES: Record<PaymentEventRefusal, string> = {
  cobranca_desconhecida: 'Cobrança desconhecida: nenhuma parcela deste plano tem este txid.',
  valor_divergente: 'O valor não confere com o da parcela.',
  parcela_ja_paga: 'A parcela já está paga: este pagamento será devolvido, não pago de novo.',
  pagamento_desconhecido: 'A devolução não corresponde a um pagamento desta parcela.',
  estorno_acima_do_pago: 'A devolução excede o valor pago na parcela.',
};

export type PaymentEventOutcome =
  | { result: 'aplicado' }
  | { result: 'repetido' }
  | { result: 'recusado'; reason: PaymentEventRefusal; message: string };

export interface PaymentEventsState {
  /** The plan without provider events: as scheduled, requested and marked by staff. */
  base: readonly Installment[];
  /** Accepted events sorted by id: one per id, per payment e2eid and per refund id. */
  events: readonly PaymentEvent[];
}

/** A Pix received for an instalment that was already paid. */
export interface SurplusPayment {
  event_id: string;
  txid: string;
  e2eid: string;
  amount: Centavos;
  refunded: Centavos;
}

export interface PaymentView {
  installments: Installment[];
  surplus: SurplusPayment[];
  /** Accepted events that, given the others, change nothing (with why). */
  unapplied: { event_id: string; reason: PaymentEventRefusal }[];
}

export function paymentEventsState(base: readonly Installment[]): PaymentEventsState {
  return { base, events: [] };
}

function refused(reason: PaymentEventRefusal): PaymentEventOutcome {
  return { result: 'recusado', reason, message: PAYMENT_EVENT_REFUSAL_MESSAGES[reason] };
}

/** What makes two events the same fact, besides their id. */
function factKey(event: PaymentEvent): string | null {
  if (event.type === 'pagamento_recebido') return `e2e:${event.e2eid}`;
  if (event.type === 'devolucao_liquidada') return `rtr:${event.refund_id}`;
  return null;
}

/** Refusals that depend only on the plan, never on other events (so never on their order). */
function staticRefusal(
  base: readonly Installment[],
  event: PaymentEvent,
): PaymentEventRefusal | null {
  if (isMandateEvent(event)) return null;
  const installment = base.find((item) => item.txid !== null && item.txid === event.txid);
  if (!installment) return 'cobranca_desconhecida';
  if (event.type === 'pagamento_recebido' && event.amount !== installment.amount) {
    return 'valor_divergente';
  }
  if (event.type === 'devolucao_liquidada') {
    if (!Number.isSafeInteger(event.amount) || event.amount <= 0) return 'valor_divergente';
    if (event.amount > installment.amount) return 'estorno_acima_do_pago';
  }
  return null;
}

const byId = (a: PaymentEvent, b: PaymentEvent) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The reducer: the next state and the answer to give the provider. Only a refusal that the plan
 * alone decides (unknown charge, wrong amount) keeps the event out of the state.
 */
export function applyPaymentEvent(
  state: PaymentEventsState,
  event: PaymentEvent,
): { state: PaymentEventsState; outcome: PaymentEventOutcome } {
  if (state.events.some((stored) => stored.id === event.id)) {
    return { state, outcome: { result: 'repetido' } };
  }
  const reason = staticRefusal(state.base, event);
  if (reason) return { state, outcome: refused(reason) };

  const key = factKey(event);
  const same = key === null ? undefined : state.events.find((stored) => factKey(stored) === key);
  if (same) {
    // The same Pix under another event id: keep the smaller id, so arrival order cannot matter.
    if (event.id > same.id) return { state, outcome: { result: 'repetido' } };
    const events = state.events
      .filter((stored) => stored !== same)
      .concat(event)
      .sort(byId);
    return { state: { base: state.base, events }, outcome: { result: 'repetido' } };
  }

  const next = { base: state.base, events: [...state.events, event].sort(byId) };
  const unapplied = paymentView(next).unapplied.find((item) => item.event_id === event.id);
  return { state: next, outcome: unapplied ? refused(unapplied.reason) : { result: 'aplicado' } };
}

/** Folds `events` into `state` (any order gives the same state). */
export function applyPaymentEvents(
  state: PaymentEventsState,
  events: readonly PaymentEvent[],
): PaymentEventsState {
  return events.reduce((current, event) => applyPaymentEvent(current, event).state, state);
}

function instant(text: string): number {
  const time = Date.parse(text);
  return Number.isNaN(time) ? 0 : time;
}

/** Payments first by when they were paid, then by e2eid: the first one pays the instalment. */
function paymentOrder(
  a: Extract<PaymentEvent, { type: 'pagamento_recebido' }>,
  b: Extract<PaymentEvent, { type: 'pagamento_recebido' }>,
): number {
  return (
    instant(a.paid_at) - instant(b.paid_at) || (a.e2eid < b.e2eid ? -1 : a.e2eid > b.e2eid ? 1 : 0)
  );
}

function refundOrder(
  a: Extract<PaymentEvent, { type: 'devolucao_liquidada' }>,
  b: Extract<PaymentEvent, { type: 'devolucao_liquidada' }>,
): number {
  return (
    instant(a.at) - instant(b.at) ||
    (a.refund_id < b.refund_id ? -1 : a.refund_id > b.refund_id ? 1 : 0)
  );
}

const OPEN = new Set(['agendada', 'solicitada', 'falhou', 'vencida']);

/** The instalments as the accepted events leave them. */
export function paymentView(state: PaymentEventsState): PaymentView {
  const surplus: SurplusPayment[] = [];
  const unapplied: PaymentView['unapplied'] = [];
  const installments = state.base.map((base): Installment => {
    const mine = state.events.filter((event) => !isMandateEvent(event) && event.txid === base.txid);
    const payments = mine.filter((event) => event.type === 'pagamento_recebido').sort(paymentOrder);
    const refunds = mine.filter((event) => event.type === 'devolucao_liquidada').sort(refundOrder);
    const failed = mine.some((event) => event.type === 'cobranca_falhou');

    let current: Installment = { ...base };
    const alreadyPaid = base.status === 'paga' || base.status === 'estornada';
    const [first, ...others] = payments;
    const extra = alreadyPaid ? payments : others;
    if (!alreadyPaid && first) {
      current = { ...current, status: 'paga', e2eid: first.e2eid, paid_at: first.paid_at };
    } else if (!alreadyPaid && OPEN.has(base.status) && failed && base.status === 'solicitada') {
      current = { ...current, status: 'falhou' };
    }

    const surplusHere = extra.map((payment) => ({
      event_id: payment.id,
      txid: payment.txid,
      e2eid: payment.e2eid,
      amount: payment.amount,
      refunded: 0,
    }));
    for (const payment of extra)
      unapplied.push({ event_id: payment.id, reason: 'parcela_ja_paga' });

    for (const refund of refunds) {
      const duplicate = surplusHere.find((item) => item.e2eid === refund.e2eid);
      const target = current.e2eid === refund.e2eid && current.e2eid !== null ? current : null;
      if (target && (target.status === 'paga' || target.status === 'estornada')) {
        if (current.refunded + refund.amount > current.amount) {
          unapplied.push({ event_id: refund.id, reason: 'estorno_acima_do_pago' });
          continue;
        }
        const refunded = current.refunded + refund.amount;
        current = {
          ...current,
          refunded,
          status: refunded === current.amount ? 'estornada' : current.status,
        };
      } else if (duplicate && duplicate.refunded + refund.amount <= duplicate.amount) {
        duplicate.refunded += refund.amount;
      } else {
        unapplied.push({
          event_id: refund.id,
          reason: duplicate ? 'estorno_acima_do_pago' : 'pagamento_desconhecido',
        });
      }
    }
    surplus.push(...surplusHere);
    return current;
  });

  unapplied.sort((a, b) => (a.event_id < b.event_id ? -1 : a.event_id > b.event_id ? 1 : 0));
  return { installments, surplus, unapplied };
}

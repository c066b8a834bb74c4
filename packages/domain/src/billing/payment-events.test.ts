import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import {
  buildInstallments,
  canTransition,
  type Installment,
  type InstallmentStatus,
} from './installments.ts';
import {
  applyPaymentEvent,
  applyPaymentEvents,
  mandateStatus,
  paymentEventsState,
  paymentView,
  type PaymentEvent,
} from './payment-events.ts';

function plan(statuses: readonly InstallmentStatus[] = ['solicitada', 'solicitada', 'solicitada']) {
  return buildInstallments({
    total: 100_00 * statuses.length,
    from: '2026-01-10',
    count: statuses.length,
  }).map((item, i): Installment => ({
    ...item,
    status: statuses[i] ?? 'agendada',
    txid: `T${item.n}`,
  }));
}

const pay = (
  id: string,
  txid: string,
  e2eid: string,
  amount = 100_00,
  paidAt = '2026-01-09T12:00:00Z',
): PaymentEvent => ({
  id,
  type: 'pagamento_recebido',
  txid,
  e2eid,
  amount,
  paid_at: paidAt,
});
const refund = (
  id: string,
  txid: string,
  e2eid: string,
  amount: number,
  refundId = id,
): PaymentEvent => ({
  id,
  type: 'devolucao_liquidada',
  txid,
  e2eid,
  refund_id: refundId,
  amount,
  at: '2026-02-01T12:00:00Z',
});

describe('applyPaymentEvent', () => {
  it('pays, answers replays and refuses what does not match, changing nothing', () => {
    let state = paymentEventsState(plan());
    const first = applyPaymentEvent(state, pay('ev1', 'T1', 'E1'));
    expect(first.outcome).toEqual({ result: 'aplicado' });
    state = first.state;
    expect(paymentView(state).installments[0]).toMatchObject({ status: 'paga', e2eid: 'E1' });

    expect(applyPaymentEvent(state, pay('ev1', 'T1', 'E1')).outcome).toEqual({
      result: 'repetido',
    });
    const sameE2e = applyPaymentEvent(state, pay('ev9', 'T1', 'E1'));
    expect(sameE2e.outcome).toEqual({ result: 'repetido' });
    expect(paymentView(sameE2e.state)).toEqual(paymentView(state));

    const wrong = applyPaymentEvent(state, pay('ev2', 'T2', 'E2', 99_99));
    expect(wrong.outcome).toMatchObject({ result: 'recusado', reason: 'valor_divergente' });
    expect(wrong.state).toBe(state);
    const unknown = applyPaymentEvent(state, pay('ev3', 'T404', 'E3'));
    expect(unknown.outcome).toMatchObject({
      result: 'recusado',
      reason: 'cobranca_desconhecida',
      message: 'Cobrança desconhecida: nenhuma parcela deste plano tem este txid.',
    });
    expect(unknown.state).toBe(state);
  });

  it('never pays an instalment twice: a second Pix is kept to be returned', () => {
    let state = paymentEventsState(plan());
    state = applyPaymentEvent(state, pay('ev1', 'T1', 'E1')).state;
    const second = applyPaymentEvent(state, pay('ev2', 'T1', 'E2', 100_00, '2026-01-09T13:00:00Z'));
    expect(second.outcome).toMatchObject({ result: 'recusado', reason: 'parcela_ja_paga' });
    const view = paymentView(second.state);
    expect(view.installments[0]).toMatchObject({ status: 'paga', e2eid: 'E1' });
    expect(view.surplus).toEqual([
      { event_id: 'ev2', txid: 'T1', e2eid: 'E2', amount: 100_00, refunded: 0 },
    ]);
    // Returning the surplus does not touch the instalment.
    const back = applyPaymentEvents(second.state, [refund('r1', 'T1', 'E2', 100_00)]);
    expect(paymentView(back).surplus[0]?.refunded).toBe(100_00);
    expect(paymentView(back).installments[0]?.status).toBe('paga');
  });

  it('refunds, in parts or whole, never above what was paid, in any order', () => {
    const events = [
      refund('r1', 'T1', 'E1', 40_00),
      pay('ev1', 'T1', 'E1'),
      refund('r2', 'T1', 'E1', 60_00),
      refund('r3', 'T1', 'E1', 1),
    ];
    const state = applyPaymentEvents(paymentEventsState(plan()), events);
    const view = paymentView(state);
    expect(view.installments[0]).toMatchObject({ status: 'estornada', refunded: 100_00 });
    expect(view.unapplied).toEqual([{ event_id: 'r3', reason: 'estorno_acima_do_pago' }]);
    expect(applyPaymentEvent(state, refund('r4', 'T1', 'E1', 100_01)).outcome).toMatchObject({
      reason: 'estorno_acima_do_pago',
    });
  });

  it('keeps what is open owed when the payer revokes the authorisation, and money sent lands', () => {
    const events: PaymentEvent[] = [
      {
        id: 'c1',
        type: 'autorizacao_cancelada',
        id_rec: 'R1',
        motivo: 'cancelada',
        at: '2026-01-20T10:00:00Z',
      },
      pay('ev2', 'T2', 'E2'),
      { id: 'f3', type: 'cobranca_falhou', txid: 'T3', at: '2026-03-08T10:00:00Z' },
    ];
    const view = paymentView(applyPaymentEvents(paymentEventsState(plan()), events));
    expect(view.installments.map((item) => item.status)).toEqual(['solicitada', 'paga', 'falhou']);
    expect(mandateStatus(events)).toBe('cancelada');
  });

  it('reads the authorisation the same in any order: an end wins over a late approval', () => {
    const approved: PaymentEvent = {
      id: 'a1',
      type: 'autorizacao_aprovada',
      id_rec: 'R1',
      at: '2026-01-10T10:00:00Z',
    };
    const expired: PaymentEvent = {
      id: 'x1',
      type: 'autorizacao_cancelada',
      id_rec: 'R1',
      motivo: 'expirada',
      at: '2026-01-09T10:00:00Z',
    };
    const cancelled: PaymentEvent = { ...expired, id: 'x2', motivo: 'cancelada' };
    expect(mandateStatus([])).toBe('aguardando');
    expect(mandateStatus([approved])).toBe('ativa');
    expect(mandateStatus([approved, expired])).toBe('expirada');
    expect(mandateStatus([expired, approved])).toBe('expirada');
    expect(mandateStatus([expired, cancelled])).toBe('cancelada');
    expect(mandateStatus([cancelled, expired, approved])).toBe('cancelada');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random plans and event sets

const STATUSES: InstallmentStatus[] = ['agendada', 'solicitada', 'vencida', 'falhou', 'paga'];
const planArb = fc
  .array(fc.constantFrom(...STATUSES), { minLength: 1, maxLength: 5 })
  .map((statuses) =>
    plan(statuses).map((item) =>
      item.status === 'paga' ? { ...item, paid_at: '2026-01-05T00:00:00Z' } : item,
    ),
  );
const txidArb = fc.constantFrom('T1', 'T2', 'T3', 'T4', 'T5', 'T9');
const e2eArb = fc.constantFrom('E1', 'E2', 'E3', 'E4', 'E5', 'E6');
const timeArb = fc
  .integer({ min: 0, max: 1_000 })
  .map((minutes) => new Date(Date.UTC(2026, 0, 9) + minutes * 60_000).toISOString());

const eventBody = fc.oneof(
  fc.record({
    type: fc.constant('pagamento_recebido' as const),
    txid: txidArb,
    e2eid: e2eArb,
    amount: fc.constantFrom(100_00, 100_00, 100_00, 99_99),
    paid_at: timeArb,
  }),
  fc.record({ type: fc.constant('cobranca_falhou' as const), txid: txidArb, at: timeArb }),
  fc.record({
    type: fc.constant('autorizacao_cancelada' as const),
    id_rec: fc.constant('R1'),
    motivo: fc.constantFrom('cancelada' as const, 'recusada' as const, 'expirada' as const),
    at: timeArb,
  }),
  fc.record({
    type: fc.constant('autorizacao_aprovada' as const),
    id_rec: fc.constant('R1'),
    at: timeArb,
  }),
  fc.record({
    type: fc.constant('devolucao_liquidada' as const),
    txid: txidArb,
    e2eid: e2eArb,
    refund_id: fc.constantFrom('R1', 'R2', 'R3'),
    amount: fc.constantFrom(1, 50_00, 100_00, 100_01),
    at: timeArb,
  }),
);
/** Distinct ids; payments under one e2eid or refunds under one refund id are the same fact. */
const eventsArb = fc.array(eventBody, { maxLength: 12 }).map((bodies) => {
  const payments = new Map<string, PaymentEvent>();
  const refunds = new Map<string, PaymentEvent>();
  return bodies.map((body, i): PaymentEvent => {
    const id = `ev${String(i).padStart(2, '0')}`;
    if (body.type === 'pagamento_recebido') {
      const fact = payments.get(body.e2eid) ?? { ...body, id };
      payments.set(body.e2eid, fact);
      return { ...fact, id };
    }
    if (body.type === 'devolucao_liquidada') {
      const fact = refunds.get(body.refund_id) ?? { ...body, id };
      refunds.set(body.refund_id, fact);
      return { ...fact, id };
    }
    return { ...body, id };
  });
});
const scenario = fc
  .tuple(planArb, eventsArb)
  .chain(([base, events]) =>
    fc.tuple(
      fc.constant(base),
      fc.constant(events),
      fc.shuffledSubarray([...events, ...events], { minLength: events.length * 2 }),
    ),
  );

function reachable(from: InstallmentStatus, to: InstallmentStatus): boolean {
  const seen = new Set<InstallmentStatus>([from]);
  const queue = [from];
  while (queue.length) {
    const status = queue.shift() as InstallmentStatus;
    for (const next of [
      'agendada',
      'solicitada',
      'paga',
      'falhou',
      'vencida',
      'cancelada',
      'estornada',
    ] as const) {
      if (!seen.has(next) && canTransition(status, next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.has(to);
}

describe('payment events, properties', () => {
  it('any permutation or repetition of the same events gives the same state', () => {
    fc.assert(
      fc.property(scenario, ([base, events, shuffled]) => {
        const once = applyPaymentEvents(paymentEventsState(base), events);
        const again = applyPaymentEvents(paymentEventsState(base), shuffled);
        expect(again).toEqual(once);
        expect(paymentView(again)).toEqual(paymentView(once));
        expect(mandateStatus(again.events)).toBe(mandateStatus(once.events));
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  it('an event seen again (same id or same e2eid) changes nothing', () => {
    fc.assert(
      fc.property(scenario, ([base, events]) => {
        const state = applyPaymentEvents(paymentEventsState(base), events);
        for (const event of events) {
          const { state: next, outcome } = applyPaymentEvent(state, event);
          expect(next).toEqual(state);
          expect(outcome.result).not.toBe('aplicado');
          if (event.type === 'pagamento_recebido') {
            const renamed = applyPaymentEvent(state, { ...event, id: `${event.id}-replay` });
            expect(paymentView(renamed.state)).toEqual(paymentView(state));
          }
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('refuses wrong amounts and unknown charges without changing the state', () => {
    fc.assert(
      fc.property(scenario, ([base, events]) => {
        let state = paymentEventsState(base);
        for (const event of events) {
          const { state: next, outcome } = applyPaymentEvent(state, event);
          const known =
            event.type === 'autorizacao_cancelada' ||
            event.type === 'autorizacao_aprovada' ||
            base.some((item) => item.txid === event.txid);
          if (!known) expect(outcome).toMatchObject({ reason: 'cobranca_desconhecida' });
          if (known && event.type === 'pagamento_recebido' && event.amount !== 100_00) {
            expect(outcome).toMatchObject({ reason: 'valor_divergente' });
          }
          if (
            outcome.result === 'recusado' &&
            ['cobranca_desconhecida', 'valor_divergente'].includes(outcome.reason)
          ) {
            expect(next).toBe(state);
          }
          state = next;
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('never pays an instalment twice, never drops money, and only moves along allowed transitions', () => {
    fc.assert(
      fc.property(scenario, ([base, events]) => {
        const view = paymentView(applyPaymentEvents(paymentEventsState(base), events));
        const validPayments = new Set(
          events
            .filter(
              (event) =>
                event.type === 'pagamento_recebido' &&
                event.amount === 100_00 &&
                base.some((item) => item.txid === event.txid),
            )
            .map((event) => (event.type === 'pagamento_recebido' ? event.e2eid : '')),
        );
        const applied = view.installments
          .filter((item, i) => item.e2eid !== null && base[i]?.e2eid === null)
          .map((item) => item.e2eid);
        const kept = [...applied, ...view.surplus.map((item) => item.e2eid)];
        expect(new Set(kept).size).toBe(kept.length);
        expect(new Set(kept)).toEqual(validPayments);
        view.installments.forEach((item, i) => {
          const from = base[i]!.status;
          expect(item.status === from || reachable(from, item.status)).toBe(true);
          expect(item.refunded).toBeLessThanOrEqual(item.amount);
          if (item.status === 'estornada') expect(item.refunded).toBe(item.amount);
        });
        for (const item of view.surplus) expect(item.refunded).toBeLessThanOrEqual(item.amount);
      }),
      { numRuns: propertyRuns(400) },
    );
  });
});

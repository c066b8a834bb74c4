import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import { apportionPackagePrice, usedSessionsValue } from '../sales/apportion.ts';
import {
  canWithdraw,
  contractState,
  contractValidity,
  redeemRefusal,
  sessionPrice,
  withdrawalDeadline,
  type ContractTerms,
  type LedgerFact,
} from './ledger.ts';

const fact = (overrides: Partial<LedgerFact> & Pick<LedgerFact, 'id' | 'kind'>): LedgerFact => ({
  service_id: null,
  quantity: 0,
  reverses_id: null,
  on_date: null,
  until_date: null,
  days: null,
  ...overrides,
});

describe('apportionment of the package price over its sessions (largest remainder)', () => {
  it('splits R$ 1.000,00 over three equal sessions as 333,34 + 333,33 + 333,33', () => {
    const [line] = apportionPackagePrice(100_000, [
      { service_id: 1, sessions: 3, unit_value: 500 },
    ]);
    expect(line).toEqual({
      service_id: 1,
      sessions: 3,
      total: 100_000,
      session_prices: [33_334, 33_333, 33_333],
    });
  });

  it('follows the standalone values: a dearer procedure carries more of the price', () => {
    // Standalone 2 × R$ 600 + 4 × R$ 150 = R$ 1.800; package R$ 1.200 (a third off each).
    const lines = apportionPackagePrice(120_000, [
      { service_id: 1, sessions: 2, unit_value: 60_000 },
      { service_id: 2, sessions: 4, unit_value: 15_000 },
    ]);
    expect(lines.map((line) => line.session_prices)).toEqual([
      [40_000, 40_000],
      [10_000, 10_000, 10_000, 10_000],
    ]);
  });

  it('splits evenly when no procedure has a standalone value', () => {
    const lines = apportionPackagePrice(1_000, [
      { service_id: 1, sessions: 1, unit_value: 0 },
      { service_id: 2, sessions: 2, unit_value: 0 },
    ]);
    expect(lines.map((line) => line.total)).toEqual([334, 666]);
  });

  it('sums exactly to the price, each session within a centavo of its exact share', () => {
    const line = fc.record({
      service_id: fc.integer({ min: 1, max: 1000 }),
      sessions: fc.integer({ min: 0, max: 24 }),
      unit_value: fc.integer({ min: 0, max: 5_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(line, { maxLength: 12 }),
        (price, lines) => {
          const result = apportionPackagePrice(price, lines);
          const sessions = lines.reduce((sum, entry) => sum + entry.sessions, 0);
          const total = result.reduce((sum, entry) => sum + entry.total, 0);
          expect(total).toBe(sessions === 0 ? 0 : price);
          const weight = lines.reduce((sum, entry) => sum + entry.sessions * entry.unit_value, 0);
          result.forEach((entry, index) => {
            const source = lines[index];
            if (!source) return;
            expect(entry.session_prices).toHaveLength(source.sessions);
            const exact =
              weight > 0 ? (price * source.unit_value) / weight : price / Math.max(1, sessions);
            for (const value of entry.session_prices) {
              expect(Math.abs(value - exact)).toBeLessThan(1 + 1e-6);
            }
            // What the contract stores (a line's total and its sessions) gives the same prices.
            entry.session_prices.forEach((value, position) => {
              expect(sessionPrice(entry.total, entry.sessions, position)).toBe(value);
            });
            expect(usedSessionsValue(entry, entry.sessions)).toBe(entry.total);
          });
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('contract state derived from the ledger', () => {
  const terms: ContractTerms = {
    valid_from: '2026-01-10',
    valid_until: '2027-01-09',
    entitlements: [
      { service_id: 1, sessions: 3, total: 100_000 },
      { service_id: 2, sessions: 1, total: 20_000 },
    ],
  };
  const grants = [
    fact({ id: 1, kind: 'grant', service_id: 1, quantity: 3 }),
    fact({ id: 2, kind: 'grant', service_id: 2, quantity: 1 }),
  ];

  it('counts sessions used and remaining, valued at the contracted price', () => {
    const state = contractState(
      terms,
      [
        ...grants,
        fact({ id: 3, kind: 'redeem', service_id: 1, quantity: 1, on_date: '2026-02-01' }),
        fact({ id: 4, kind: 'redeem', service_id: 1, quantity: 1, on_date: '2026-03-01' }),
      ],
      '2026-03-02',
    );
    expect(state.status).toBe('ativo');
    expect(state.entitlements[0]).toMatchObject({
      sessions_total: 3,
      sessions_used: 2,
      sessions_remaining: 1,
      used_value: 66_667,
      unit_price: 33_333,
    });
  });

  it('a reversed session is given back; a reversal is never counted twice', () => {
    const state = contractState(
      terms,
      [
        ...grants,
        fact({ id: 3, kind: 'redeem', service_id: 2, quantity: 1, on_date: '2026-02-01' }),
        fact({ id: 4, kind: 'reverse', reverses_id: 3 }),
        fact({ id: 5, kind: 'reverse', reverses_id: 3 }),
      ],
      '2026-03-02',
    );
    expect(state.entitlements[1]).toMatchObject({ sessions_used: 0, sessions_remaining: 1 });
  });

  it('is concluded when nothing remains, and expired past its last day', () => {
    const used = [
      ...grants,
      ...[3, 4, 5].map((id) =>
        fact({ id, kind: 'redeem', service_id: 1, quantity: 1, on_date: '2026-02-01' }),
      ),
      fact({ id: 6, kind: 'redeem', service_id: 2, quantity: 1, on_date: '2026-02-01' }),
    ];
    expect(contractState(terms, used, '2026-02-02').status).toBe('concluido');
    expect(contractState(terms, grants, '2027-01-09').status).toBe('ativo');
    expect(contractState(terms, grants, '2027-01-10').status).toBe('expirado');
  });

  it('a freeze pauses the contract and moves its end by the days it held', () => {
    const frozen = [
      ...grants,
      fact({ id: 3, kind: 'freeze', on_date: '2026-05-01', until_date: '2026-05-30' }),
    ];
    const during = contractState(terms, frozen, '2026-05-10');
    expect(during).toMatchObject({ status: 'congelado', frozen_until: '2026-05-30' });
    expect(during.valid_until).toBe('2027-02-08');
    // Lifted on the 11th: ten days held (1st to 10th).
    const lifted = contractState(
      terms,
      [...frozen, fact({ id: 4, kind: 'unfreeze', on_date: '2026-05-11' })],
      '2026-05-11',
    );
    expect(lifted).toMatchObject({
      status: 'ativo',
      frozen_until: null,
      valid_until: '2027-01-19',
    });
    const extended = contractState(
      terms,
      [...grants, fact({ id: 3, kind: 'extend', days: 30 })],
      '2027-01-20',
    );
    expect(extended).toMatchObject({ status: 'ativo', valid_until: '2027-02-08' });
  });

  it('a withdrawal or a cancellation ends it whatever follows', () => {
    expect(
      contractState(terms, [...grants, fact({ id: 3, kind: 'withdraw' })], '2026-01-12').status,
    ).toBe('desistencia');
    expect(
      contractState(
        terms,
        [...grants, fact({ id: 3, kind: 'cancel' }), fact({ id: 4, kind: 'withdraw' })],
        '2026-01-12',
      ).status,
    ).toBe('cancelado');
  });

  it('refuses a session with a reason: none left, not active, outside validity, future', () => {
    const state = contractState(terms, grants, '2026-03-02');
    expect(redeemRefusal(terms, state, 1, '2026-03-02', '2026-03-02')).toBeNull();
    expect(redeemRefusal(terms, state, 1, '2026-03-03', '2026-03-02')).toBe('futureSession');
    expect(redeemRefusal(terms, state, 9, '2026-03-02', '2026-03-02')).toBe('notInContract');
    expect(redeemRefusal(terms, state, 1, '2026-01-09', '2026-03-02')).toBe('outsideValidity');
    const spent = contractState(
      terms,
      [
        ...grants,
        fact({ id: 3, kind: 'redeem', service_id: 2, quantity: 1, on_date: '2026-02-01' }),
      ],
      '2026-03-02',
    );
    expect(redeemRefusal(terms, spent, 2, '2026-03-02', '2026-03-02')).toBe('noneRemaining');
    const frozen = contractState(
      terms,
      [...grants, fact({ id: 3, kind: 'freeze', on_date: '2026-03-01', until_date: '2026-03-20' })],
      '2026-03-02',
    );
    expect(redeemRefusal(terms, frozen, 1, '2026-03-02', '2026-03-02')).toBe('notActive');
  });

  it('balances equal the ledger for any sequence of sessions and reversals', () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant('redeem' as const), service: fc.constantFrom(1, 2) }),
      fc.record({ kind: fc.constant('reverse' as const), target: fc.nat(40) }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const entries: LedgerFact[] = [...grants];
        const live = new Map<number, number>();
        let id = 10;
        for (const next of events) {
          id += 1;
          if (next.kind === 'redeem') {
            const state = contractState(terms, entries, '2026-06-01');
            // Recorded only when the rule allows it, as the service does.
            if (redeemRefusal(terms, state, next.service, '2026-06-01', '2026-06-01') !== null) {
              continue;
            }
            entries.push(
              fact({
                id,
                kind: 'redeem',
                service_id: next.service,
                quantity: 1,
                on_date: '2026-06-01',
              }),
            );
            live.set(id, next.service);
          } else {
            const targets = [...live.keys()];
            const target = targets[next.target % Math.max(1, targets.length)];
            if (target === undefined) continue;
            entries.push(fact({ id, kind: 'reverse', reverses_id: target }));
            live.delete(target);
          }
        }
        const state = contractState(terms, entries, '2026-06-01');
        for (const line of state.entitlements) {
          const used = [...live.values()].filter((service) => service === line.service_id).length;
          expect(line.sessions_used).toBe(used);
          expect(line.sessions_remaining).toBe(line.sessions_total - used);
          expect(line.sessions_remaining).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});

describe('validity and the 7-day withdrawal, in São Paulo days', () => {
  it('is valid for 12 months from the day of acceptance', () => {
    expect(contractValidity(new Date('2026-11-27T15:00:00Z'))).toEqual({
      valid_from: '2026-11-27',
      valid_until: '2027-11-26',
    });
    // 31 January + 1 month clamps to the end of February.
    expect(contractValidity(new Date('2027-01-31T12:00:00Z'), 1).valid_until).toBe('2027-02-27');
    // 23:30 in São Paulo is already the next day in UTC: the clinic's day counts.
    expect(contractValidity(new Date('2026-11-28T02:30:00Z')).valid_from).toBe('2026-11-27');
  });

  it('ends at 23:59:59.999 of the seventh day after a remote acceptance; none in person', () => {
    const accepted = new Date('2026-11-27T13:00:00Z'); // 10:00 in São Paulo, day 0
    const deadline = withdrawalDeadline(accepted, 'link');
    expect(deadline?.toISOString()).toBe('2026-12-05T02:59:59.999Z');
    expect(withdrawalDeadline(accepted, 'presencial')).toBeNull();
    const day6 = new Date('2026-12-03T20:00:00Z');
    expect(canWithdraw(deadline, 'ativo', day6)).toBe('ok');
    expect(canWithdraw(deadline, 'ativo', new Date('2026-12-05T03:00:00Z'))).toBe(
      'withdrawalClosed',
    );
    expect(canWithdraw(null, 'ativo', day6)).toBe('withdrawalNotRemote');
    expect(canWithdraw(deadline, 'desistencia', day6)).toBe('ended');
  });

  it('follows the clock: open exactly until the deadline, for any acceptance instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 10 * 24 * 60 }),
        (acceptedAt, minutesLater) => {
          const deadline = withdrawalDeadline(acceptedAt, 'link');
          if (!deadline) throw new Error('a remote acceptance has a deadline');
          const now = new Date(acceptedAt.getTime() + minutesLater * 60_000);
          expect(canWithdraw(deadline, 'ativo', now) === 'ok').toBe(now <= deadline);
          // At least 7 whole days, at most 8: the day of signing does not count.
          const hours = (deadline.getTime() - acceptedAt.getTime()) / 3_600_000;
          expect(hours).toBeGreaterThanOrEqual(7 * 24);
          expect(hours).toBeLessThan(8 * 24);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});

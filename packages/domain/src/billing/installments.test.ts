import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import {
  buildInstallments,
  canTransition,
  chargeWindow,
  INSTALLMENT_STATUSES,
  installmentDueDates,
  isInChargeWindow,
  overdueDays,
  planBalance,
  splitInstallments,
  statusOnDay,
} from './installments.ts';

const day = fc
  .date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2030-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

describe('splitInstallments', () => {
  it('gives the odd centavos to the first instalments', () => {
    expect(splitInstallments(1000, 3)).toEqual([334, 333, 333]);
    expect(splitInstallments(1_200_011, 12).slice(0, 12)).toEqual([
      100001, 100001, 100001, 100001, 100001, 100001, 100001, 100001, 100001, 100001, 100001,
      100000,
    ]);
    expect(splitInstallments(0, 12)).toEqual(Array(12).fill(0));
    expect(() => splitInstallments(10.5, 2)).toThrow(RangeError);
    expect(() => splitInstallments(100, 0)).toThrow(RangeError);
  });

  it('sums exactly, in N parts differing by at most 1 centavo, never increasing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_00 }),
        fc.integer({ min: 1, max: 48 }),
        (total, count) => {
          const parts = splitInstallments(total, count);
          expect(parts).toHaveLength(count);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
          parts.forEach((part, i) => {
            expect(Number.isInteger(part)).toBe(true);
            if (i > 0) expect(part).toBeLessThanOrEqual(parts[i - 1] ?? 0);
          });
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});

describe('due dates', () => {
  it('clamps the due day to each month without carrying it', () => {
    expect(installmentDueDates('2026-01-31', 31, 4)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(installmentDueDates('2027-12-20', 30, 3)).toEqual([
      '2027-12-30',
      '2028-01-30',
      '2028-02-29',
    ]);
    // Past the due day this month: the first is next month.
    expect(installmentDueDates('2026-03-15', 10, 2)).toEqual(['2026-04-10', '2026-05-10']);
    expect(() => installmentDueDates('2026-03-15', 0, 2)).toThrow(RangeError);
  });

  it('builds a 12-part plan on the acceptance day by default', () => {
    const plan = buildInstallments({ total: 600_00, from: '2026-11-25' });
    expect(plan).toHaveLength(12);
    expect(plan[0]).toEqual({
      n: 1,
      due_date: '2026-11-25',
      amount: 50_00,
      status: 'agendada',
      txid: null,
      e2eid: null,
      paid_at: null,
      refunded: 0,
    });
    expect(plan[11]?.due_date).toBe('2027-10-25');
  });

  it('are strictly increasing, one per month, on or after the start', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 24 }),
        (from, dueDay, count) => {
          const dates = installmentDueDates(from, dueDay, count);
          expect(dates).toHaveLength(count);
          expect(dates[0]! >= from).toBe(true);
          dates.forEach((date, i) => {
            const dayOfMonth = Number(date.slice(8));
            const lastDay = new Date(
              Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0),
            ).getUTCDate();
            expect(dayOfMonth).toBe(Math.min(dueDay, lastDay));
            if (i > 0) {
              expect(date > dates[i - 1]!).toBe(true);
              expect(date.slice(0, 7)).not.toBe(dates[i - 1]!.slice(0, 7));
            }
          });
        },
      ),
      { numRuns: propertyRuns(400) },
    );
  });
});

describe('charge window and overdue days', () => {
  it('sends a Pix Automático charge 10 to 2 days before the due date', () => {
    expect(chargeWindow('2026-03-05')).toEqual({ from: '2026-02-23', to: '2026-03-03' });
    expect(isInChargeWindow('2026-03-05', '2026-02-22')).toBe(false);
    expect(isInChargeWindow('2026-03-05', '2026-02-23')).toBe(true);
    expect(isInChargeWindow('2026-03-05', '2026-03-03')).toBe(true);
    expect(isInChargeWindow('2026-03-05', '2026-03-04')).toBe(false);
  });

  it('counts late days only for what is still owed', () => {
    const installment = { due_date: '2026-02-28', status: 'solicitada' as const };
    expect(overdueDays(installment, '2026-02-28')).toBe(0);
    expect(overdueDays(installment, '2026-03-01')).toBe(1);
    expect(overdueDays(installment, '2026-01-01')).toBe(0);
    expect(overdueDays({ ...installment, status: 'paga' }, '2026-03-10')).toBe(0);
    expect(overdueDays({ ...installment, status: 'vencida' }, '2026-03-10')).toBe(10);
  });

  it('turns an unpaid instalment overdue, never a paid one', () => {
    const [first] = buildInstallments({ total: 100, from: '2026-01-10', count: 1 });
    expect(statusOnDay(first!, '2026-01-11')).toBe('vencida');
    expect(statusOnDay({ ...first!, status: 'paga' }, '2026-05-11')).toBe('paga');
  });
});

describe('states', () => {
  it('allow only the listed moves; refunded is final; money received always lands', () => {
    expect(canTransition('agendada', 'paga')).toBe(true);
    expect(canTransition('cancelada', 'paga')).toBe(true);
    expect(canTransition('paga', 'estornada')).toBe(true);
    expect(canTransition('paga', 'vencida')).toBe(false);
    expect(canTransition('agendada', 'estornada')).toBe(false);
    for (const status of INSTALLMENT_STATUSES)
      expect(canTransition('estornada', status)).toBe(false);
    for (const status of INSTALLMENT_STATUSES) {
      if (status !== 'paga' && status !== 'estornada')
        expect(canTransition(status, 'paga')).toBe(true);
    }
  });

  it('sum paid, refunded and open', () => {
    const plan = buildInstallments({ total: 300, from: '2026-01-10', count: 3 });
    plan[0] = { ...plan[0]!, status: 'estornada', refunded: 100 };
    plan[1] = { ...plan[1]!, status: 'paga' };
    expect(planBalance(plan)).toEqual({ paid: 200, refunded: 100, open: 100 });
  });
});

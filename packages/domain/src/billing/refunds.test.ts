import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import { canWithdraw, cancellationQuote, withdrawalDeadline, withdrawalRefund } from './refunds.ts';

describe('withdrawal', () => {
  it('runs 7 São Paulo days after the acceptance day, on the link only', () => {
    // 23:30 in São Paulo is already the next day in UTC.
    expect(withdrawalDeadline('2026-11-26T02:30:00Z')).toBe('2026-12-02');
    const contract = { accepted_at: '2026-11-26T02:30:00Z', channel: 'link' as const };
    expect(canWithdraw(contract, '2026-12-03T02:59:00Z')).toBe(true);
    expect(canWithdraw(contract, '2026-12-03T03:00:00Z')).toBe(false);
    expect(canWithdraw({ ...contract, channel: 'presencial' }, '2026-11-27T12:00:00Z')).toBe(false);
    expect(withdrawalRefund(123_45)).toBe(123_45);
  });
});

describe('cancellationQuote', () => {
  it('refunds paid − used − 10 % of the unused part', () => {
    // R$ 1.200 contract, R$ 600 paid, 3 sessions of R$ 100 used: unused 900, fee 90.
    expect(
      cancellationQuote({
        total: 1200_00,
        paid: 600_00,
        used: [{ sessions: 3, unit_price: 100_00 }],
      }),
    ).toEqual({
      paid: 600_00,
      used_value: 300_00,
      unused_value: 900_00,
      fee: 90_00,
      refund: 210_00,
      shortfall: 0,
    });
    // Used more than paid: nothing back, the shortfall is reported.
    expect(
      cancellationQuote({
        total: 1200_00,
        paid: 100_00,
        used: [{ sessions: 3, unit_price: 100_00 }],
        fee_bp: 2000,
      }),
    ).toMatchObject({ fee: 180_00, refund: 0, shortfall: 380_00 });
    // Half a centavo of fee rounds up.
    expect(cancellationQuote({ total: 5, paid: 5, used: [], fee_bp: 1000 }).fee).toBe(1);
    expect(() => cancellationQuote({ total: 1, paid: 1, used: [], fee_bp: 10_001 })).toThrow(
      RangeError,
    );
  });

  it('is never negative nor above what was paid, and adds up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(
          fc.record({
            sessions: fc.integer({ min: 0, max: 20 }),
            unit_price: fc.integer({ min: 0, max: 500_000 }),
          }),
          { maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 10_000 }),
        (total, paid, used, feeBp) => {
          const quote = cancellationQuote({ total, paid, used, fee_bp: feeBp });
          expect(quote.refund).toBeGreaterThanOrEqual(0);
          expect(quote.refund).toBeLessThanOrEqual(paid);
          expect(quote.refund).toBeLessThanOrEqual(withdrawalRefund(paid));
          expect(quote.refund - quote.shortfall).toBe(paid - quote.used_value - quote.fee);
          expect(Math.abs(quote.fee * 10_000 - quote.unused_value * feeBp)).toBeLessThanOrEqual(
            5_000,
          );
          expect(Number.isInteger(quote.fee)).toBe(true);
          // More sessions used never gives more back.
          const more = cancellationQuote({
            total,
            paid,
            used: [...used, { sessions: 1, unit_price: 1 }],
            fee_bp: feeBp,
          });
          expect(more.refund).toBeLessThanOrEqual(quote.refund);
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import { cancellationFigures, withdrawalRefund } from './refunds.ts';

describe('withdrawalRefund', () => {
  it('gives back everything paid', () => {
    expect(withdrawalRefund(123_45)).toBe(123_45);
    expect(withdrawalRefund(-1)).toBe(0);
  });
});

describe('cancellationFigures', () => {
  it('refunds paid − used − 10 % of the unused part', () => {
    // R$ 1.200 contract, R$ 600 paid, 3 sessions of R$ 100 used: unused 900, fee 90.
    expect(
      cancellationFigures({
        total: 1200_00,
        paid: 600_00,
        used_value: 300_00,
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
      cancellationFigures({
        total: 1200_00,
        paid: 100_00,
        used_value: 300_00,
        fee_bp: 2000,
      }),
    ).toMatchObject({ fee: 180_00, refund: 0, shortfall: 380_00 });
    // Half a centavo of fee rounds up.
    expect(cancellationFigures({ total: 5, paid: 5, used_value: 0, fee_bp: 1000 }).fee).toBe(1);
    expect(() => cancellationFigures({ total: 1, paid: 1, used_value: 0, fee_bp: 10_001 })).toThrow(
      RangeError,
    );
  });

  it('is never negative nor above what was paid, and adds up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (total, paid, usedValue, feeBp) => {
          const quote = cancellationFigures({ total, paid, used_value: usedValue, fee_bp: feeBp });
          expect(quote.refund).toBeGreaterThanOrEqual(0);
          expect(quote.refund).toBeLessThanOrEqual(paid);
          expect(quote.refund).toBeLessThanOrEqual(withdrawalRefund(paid));
          expect(quote.refund - quote.shortfall).toBe(paid - quote.used_value - quote.fee);
          expect(Math.abs(quote.fee * 10_000 - quote.unused_value * feeBp)).toBeLessThanOrEqual(
            5_000,
          );
          expect(Number.isInteger(quote.fee)).toBe(true);
          // More sessions used never gives more back.
          const more = cancellationFigures({
            total,
            paid,
            used_value: usedValue + 1,
            fee_bp: feeBp,
          });
          expect(more.refund).toBeLessThanOrEqual(quote.refund);
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});

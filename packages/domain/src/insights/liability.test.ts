import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNITS, type Unit } from '../people/users.ts';
import {
  buildLiabilityReport,
  deliveredMargin,
  liabilityCsv,
  liabilityPeriod,
  liabilityQuerySchema,
  monthsBetween,
  type LiabilityMonthSums,
} from './liability.ts';

const cents = (reais: number) => Math.round(reais * 100);

describe('liability report', () => {
  it('opens each month where the last closed, and its rows add up to the totals, for any sums', () => {
    const amount = fc.integer({ min: 0, max: 5_000_000 });
    const sums = fc.record({
      unit: fc.constantFrom(...UNITS.slice(0, 4)),
      month: fc.constantFrom('2026-01', '2026-02', '2026-03', '2026-04'),
      sold: amount,
      delivered_value: fc.integer({ min: -100_000, max: 5_000_000 }),
      delivered_cost: fc.integer({ min: -50_000, max: 2_000_000 }),
      refunded: amount,
      expired: amount,
      retained: amount,
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(sums, {
          selector: (entry) => `${entry.unit}|${entry.month}`,
          maxLength: 16,
        }),
        fc.dictionary(fc.constantFrom(...UNITS.slice(0, 4)), amount),
        (entries: LiabilityMonthSums[], opening) => {
          const openings = new Map(Object.entries(opening) as [Unit, number][]);
          const report = buildLiabilityReport({
            from: '2026-01',
            to: '2026-04',
            unit: null,
            openings,
            sums: entries,
          });
          for (const unit of UNITS) {
            const rows = report.rows.filter((row) => row.unit === unit);
            rows.forEach((row, index) => {
              const next = rows[index + 1];
              if (next) expect(cents(next.opening)).toBe(cents(row.closing));
              expect(
                cents(row.opening) +
                  cents(row.sold) -
                  cents(row.delivered_value) -
                  cents(row.expired) -
                  cents(row.refunded) -
                  cents(row.cancelled_retained),
              ).toBe(cents(row.closing));
              expect(cents(row.delivered_margin)).toBe(
                deliveredMargin(cents(row.delivered_value), cents(row.delivered_cost)),
              );
            });
          }
          for (const key of ['sold', 'delivered_value', 'delivered_margin', 'refunded'] as const) {
            expect(report.rows.reduce((sum, row) => sum + cents(row[key]), 0)).toBe(
              cents(report.totals[key]),
            );
          }
          const flows =
            cents(report.totals.opening) +
            cents(report.totals.sold) -
            cents(report.totals.delivered_value) -
            cents(report.totals.expired) -
            cents(report.totals.refunded) -
            cents(report.totals.cancelled_retained);
          expect(flows).toBe(cents(report.totals.closing));
        },
      ),
    );
  });

  it('takes the margin on DESIGN 6’s net revenue: 70 % of the delivered value less its cost', () => {
    expect(deliveredMargin(8_000, 3_000)).toBe(2_600);
    expect(deliveredMargin(0, 0)).toBe(0);
    expect(deliveredMargin(-8_000, -3_000)).toBe(-2_600);
  });

  it('covers whole São Paulo months, the last 12 by default, at most 36', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(liabilityPeriod({}, new Date('2026-01-01T02:00:00Z'))).toEqual({
      from: '2025-01',
      to: '2025-12',
    });
    expect(liabilityQuerySchema.safeParse({ from: '2023-01', to: '2025-12' }).success).toBe(true);
    expect(liabilityQuerySchema.safeParse({ from: '2023-01', to: '2026-01' }).success).toBe(false);
  });

  it('writes the CSV Excel pt-BR opens', () => {
    const csv = liabilityCsv(
      buildLiabilityReport({
        from: '2026-01',
        to: '2026-01',
        unit: 'PAULISTA',
        openings: new Map(),
        sums: [
          {
            unit: 'PAULISTA',
            month: '2026-01',
            sold: 123_456,
            delivered_value: 10_000,
            delivered_cost: 2_500,
            refunded: 0,
            expired: 0,
            retained: 0,
          },
        ],
      }),
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(
      'PAULISTA;01/2026;0,00;1234,56;100,00;25,00;45,00;0,00;0,00;0,00;1134,56\r\n',
    );
  });
});

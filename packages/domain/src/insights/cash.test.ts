import { describe, expect, it } from 'vitest';
import { buildCashReport, cashCsv, formatOverdueRate, overdueRate } from './cash.ts';

describe('cash report (issue 29)', () => {
  it('writes the overdue rate in whole basis points rounded down, and — over nothing due', () => {
    expect(overdueRate(1, 3)).toBe(3333);
    expect(overdueRate(2, 3)).toBe(6666);
    expect(overdueRate(0, 100)).toBe(0);
    expect(overdueRate(0, 0)).toBeNull();
    expect(formatOverdueRate(1234)).toBe('12,34 %');
    expect(formatOverdueRate(10_000)).toBe('100,00 %');
    expect(formatOverdueRate(null)).toBe('—');
  });

  it('keeps the months with a figure, sums exactly and rates the totals from the sums', () => {
    const report = buildCashReport({
      from: '2026-03',
      to: '2026-05',
      unit: null,
      today: '2026-11-28',
      sums: [
        {
          unit: 'ABC',
          month: '2026-03',
          received: 10,
          sold: 0,
          delivered: 0,
          due: 30,
          overdue: 10,
        },
        { unit: 'ABC', month: '2026-04', received: 0, sold: 0, delivered: 0, due: 0, overdue: 0 },
        {
          unit: 'LEMONDE',
          month: '2026-05',
          received: 20,
          sold: 1,
          delivered: 2,
          due: 0,
          overdue: 0,
        },
      ],
    });
    expect(report.rows.map((row) => [row.unit, row.month, row.overdue_rate_bp])).toEqual([
      ['LEMONDE', '2026-05', null],
      ['ABC', '2026-03', 3333],
    ]);
    expect(report.totals).toEqual({
      received: 0.3,
      sold: 0.01,
      delivered: 0.02,
      due: 0.3,
      overdue: 0.1,
      overdue_rate_bp: 3333,
    });
    expect(cashCsv(report).split('\r\n').at(-2)).toBe(
      'Rede;03/2026 a 05/2026;0,30;0,01;0,02;0,10;0,30;33,33',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  buildCommissionReport,
  commissionShare,
  formatCommissionShare,
} from './commission-report.ts';

describe('commission report (issue 30)', () => {
  it('relates commission to margin sold in basis points rounded down, none over no margin', () => {
    expect(commissionShare(7245, 144900)).toBe(500);
    expect(commissionShare(1, 3)).toBe(3333);
    expect(commissionShare(100, 0)).toBeNull();
    expect(commissionShare(100, -50)).toBeNull();
    expect(formatCommissionShare(500)).toBe('5,00 %');
    expect(formatCommissionShare(null)).toBe('—');
  });

  it('sums a unit from its professionals and its own margins, skipping the idle', () => {
    const report = buildCommissionReport({
      from: '2026-03',
      to: '2026-04',
      unit: null,
      professionals: [
        {
          professional_id: 2,
          professional_name: 'Zélia',
          unit: 'PAULISTA',
          gross: 7245,
          net: 5245,
          sold_margin: 144900,
          delivered_margin: 0,
        },
        {
          professional_id: 3,
          professional_name: 'Ana',
          unit: 'PAULISTA',
          gross: 4000,
          net: 4000,
          sold_margin: 0,
          delivered_margin: 31422,
        },
        {
          professional_id: 4,
          professional_name: 'Idle',
          unit: 'MORUMBI',
          gross: 0,
          net: 0,
          sold_margin: 0,
          delivered_margin: 0,
        },
      ],
      unitMargins: new Map([
        ['PAULISTA', { sold_margin: 144900, delivered_margin: 33647 }],
        ['MORUMBI', { sold_margin: 0, delivered_margin: 0 }],
      ]),
    });
    expect(report.units.map((row) => row.unit)).toEqual(['PAULISTA']);
    expect(report.units[0]).toMatchObject({
      gross: 112.45,
      net: 92.45,
      sold_margin: 1449,
      delivered_margin: 336.47,
      share_bp: 776,
    });
    expect(report.units[0]?.professionals.map((row) => row.professional_name)).toEqual([
      'Ana',
      'Zélia',
    ]);
    expect(report.units[0]?.professionals[0]?.share_bp).toBeNull();
    expect(report.totals.share_bp).toBe(776);
  });
});

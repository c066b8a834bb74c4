import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computePackageTotals,
  formatSaving,
  packageCostsMoreMessage,
  packageSaving,
  isSelectionHealthy,
  requiredMarginPercent,
  toReaisTotals,
} from './package-totals.ts';

describe('computePackageTotals', () => {
  it('applies the DESIGN section 6 formulas', () => {
    // P = R$ 12.000,00; sessions worth R$ 9.000 + R$ 6.500,50; costs R$ 1.500 + R$ 900,25.
    const totals = computePackageTotals(1_200_000, [
      { value: 9000, cost: 1500 },
      { value: 6500.5, cost: 900.25 },
    ]);
    expect(totals).toEqual({
      annual: 1_200_000,
      monthly: 100_000,
      servicesTotalValue: 1_550_050,
      custo: 240_025,
      receitaLiquida: 840_000,
      lucro: 599_975,
      // 49,9979…% and 22,5831…%: whole basis points, rounded down.
      margemBp: 4999,
      margemPct: 49.99,
      monthlyBudget: 70_000,
      monthlyRemaining: 49_998, // 599 975 / 12 = 49 997,9 → rounded to the centavo
      desconto: 350_050,
      descontoBp: 2258,
      descontoPct: 22.58,
    });
  });

  it('answers zeros, not NaN, for a free package with nothing selected', () => {
    const totals = computePackageTotals(0, []);
    expect(totals.margemPct).toBe(0);
    expect(totals.descontoPct).toBe(0);
    expect(totals.monthly).toBe(0);
    expect(Object.is(totals.monthlyRemaining, -0)).toBe(false);
  });

  it('lets the margin and the discount go negative when the selection costs too much', () => {
    const totals = computePackageTotals(100_000, [{ value: 500, cost: 900 }]);
    expect(totals.lucro).toBe(70_000 - 90_000);
    expect(totals.margemPct).toBe(-20);
    expect(totals.desconto).toBe(-50_000);
    expect(totals.descontoPct).toBe(-100);
  });

  it('converts to reais for the receipt', () => {
    const reais = toReaisTotals(computePackageTotals(1_200_000, [{ value: 9000, cost: 1500 }]));
    expect(reais.annual).toBe(12000);
    expect(reais.monthly).toBe(1000);
    expect(reais.servicesTotalValue).toBe(9000);
    expect(reais.desconto).toBe(-3000);
    expect(reais.monthlyBudget).toBe(700);
    expect(reais.monthlyRemaining).toBe(575);
  });
});

describe('isSelectionHealthy', () => {
  it('compares the margin with the largest minimum margin of the selection', () => {
    const selected = [{ min_margin_percent: 20 }, { min_margin_percent: 32.5 }];
    expect(requiredMarginPercent(selected)).toBe(32.5);
    expect(isSelectionHealthy({ margemPct: 32.5 }, selected)).toBe(true);
    expect(isSelectionHealthy({ margemPct: 32.4 }, selected)).toBe(false);
    expect(isSelectionHealthy({ margemPct: 0 }, [])).toBe(true);
  });

  it('counts a margin exactly at the minimum as meeting it (R$ 1.800, cost R$ 630: 35,00 %)', () => {
    const totals = computePackageTotals(180_000, [{ value: 900, cost: 630 }]);
    // (0,7 × 1 800 − 630) / 1 800 in floating point is 34.99999999999999.
    expect(totals.margemBp).toBe(3500);
    expect(totals.margemPct).toBe(35);
    expect(isSelectionHealthy(totals, [{ min_margin_percent: 35 }])).toBe(true);
    expect(isSelectionHealthy(totals, [{ min_margin_percent: 35.01 }])).toBe(false);
  });
});

describe('totals properties', () => {
  const reaisArb = fc.integer({ min: 0, max: 5_000_000 }).map((centavos) => centavos / 100);
  const servicesArb = fc.array(fc.record({ value: reaisArb, cost: reaisArb }), { maxLength: 30 });

  it('sums to the centavo and keeps the figures consistent with each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), servicesArb, (annual, services) => {
        const totals = computePackageTotals(annual, services);
        const valueCentavos = services.reduce((sum, s) => sum + Math.round(s.value * 100), 0);
        const costCentavos = services.reduce((sum, s) => sum + Math.round(s.cost * 100), 0);
        expect(totals.servicesTotalValue).toBe(valueCentavos);
        expect(totals.custo).toBe(costCentavos);
        expect(totals.desconto).toBe(totals.servicesTotalValue - annual);
        expect(totals.lucro).toBe(totals.receitaLiquida - totals.custo);
        for (const money of [
          totals.monthly,
          totals.receitaLiquida,
          totals.monthlyBudget,
          totals.monthlyRemaining,
        ]) {
          expect(Number.isInteger(money)).toBe(true);
        }
        // Twelve instalments are within 12 half-centavos of the annual value.
        expect(Math.abs(totals.monthly * 12 - annual)).toBeLessThanOrEqual(6);
        expect(Number.isFinite(totals.margemPct)).toBe(true);
        expect(Number.isFinite(totals.descontoPct)).toBe(true);
        expect(totals.margemPct).toBeLessThanOrEqual(70);
      }),
    );
  });
});

describe('packageSaving', () => {
  it('is a saving only when the sessions cost more than the package', () => {
    expect(packageSaving({ annual: 900_000, servicesTotalValue: 1_000_000 })).toEqual({
      kind: 'saving',
      amount: 100_000,
      percent: 10,
    });
    expect(formatSaving({ kind: 'saving', amount: 123_400, percent: 12.34 })).toBe(
      'R$\u00a01.234,00 (12,34%)',
    );
  });

  it('never answers a negative discount: a dearer package costs more, by how much', () => {
    // The receipt used to print 'Desconto Gerado -R$ 2.860,00 (-386,5%)'.
    expect(packageSaving({ annual: 360_000, servicesTotalValue: 74_000 })).toEqual({
      kind: 'costs-more',
      extra: 286_000,
    });
    expect(packageCostsMoreMessage(286_000)).toContain('R$\u00a02.860,00 a mais');
    expect(packageSaving({ annual: 100, servicesTotalValue: 100 })).toEqual({ kind: 'none' });
    expect(packageSaving({ annual: 360_000, servicesTotalValue: 0 })).toEqual({ kind: 'none' });
  });

  it('a saving is always positive and below 100 %', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (annual, servicesTotalValue) => {
        const saving = packageSaving({ annual, servicesTotalValue });
        if (saving.kind === 'saving') {
          expect(saving.amount).toBeGreaterThan(0);
          expect(saving.percent).toBeGreaterThan(0);
          expect(saving.percent).toBeLessThanOrEqual(100);
        }
        if (saving.kind === 'costs-more') expect(saving.extra).toBeGreaterThan(0);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import { formatBRL, formatPercent, formatReais } from './money';

// What money.ts writes by hand must be what Intl writes (decision 0026), on any number.
const intlBrl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const intlOneDecimal = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Numbers money meets, the edges of rounding and of JavaScript's number printing, and any double. */
const anyNumber = fc.oneof(
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map((centavos) => centavos / 100),
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((thousandths) => thousandths / 1000),
  fc.constantFrom(0, -0, 8.345, 1.005, 999.995, -0.005, 0.05, 1e-7, -1e-7, 1e20, 1e21, 1e300),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.double(),
);

describe('money text', () => {
  it('writes reais as Intl does, for any number', () => {
    fc.assert(
      fc.property(anyNumber, (reais) => {
        expect(formatReais(reais)).toBe(intlBrl.format(reais));
      }),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('writes percentages with one decimal as Intl does, for any number', () => {
    fc.assert(
      fc.property(anyNumber, (value) => {
        expect(formatPercent(value)).toBe(`${intlOneDecimal.format(value)}%`);
      }),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('reads centavos as the sums a client sees', () => {
    expect(formatBRL(123_456)).toBe('R$\u00a01.234,56');
    expect(formatBRL(-5)).toBe('-R$\u00a00,05');
    expect(formatBRL(1_440_000)).toBe('R$\u00a014.400,00');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent(1000)).toBe('1.000,0%');
  });
});

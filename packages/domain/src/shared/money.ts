/** Money inside the domain is an integer number of centavos; the wire carries reais. */
export type Centavos = number;

export function reaisToCentavos(reais: number): Centavos {
  return Math.round(reais * 100);
}

/**
 * True when `reais` is a whole number of centavos. A tolerance far below half a centavo absorbs
 * binary fractions (19.99 × 100 is 1998.9999999999998) while 10.005 stays refused.
 */
export function hasAtMostTwoDecimals(reais: number): boolean {
  const centavos = reais * 100;
  return Math.abs(centavos - Math.round(centavos)) < 1e-6;
}

export function centavosToReais(centavos: Centavos): number {
  return centavos / 100;
}

/**
 * Money and percentages in pt-BR text, written without Intl.NumberFormat. A page's first Intl
 * number format loads ICU's data: 20–50 ms in Chromium on this machine, four times that on the
 * mid-range phone of issue 17, and the builder paid it before its first screen
 * (docs/decisions/0026-number-text-without-intl.md). The output is Intl's, character for
 * character (money.test.ts compares the two on any number); what Intl alone can write (∞, NaN,
 * numbers that JavaScript prints with an exponent) still goes to Intl, created on first need.
 */
const LARGEST_PLAIN_NUMBER = 1e21;

/**
 * `value` (finite, ≥ 0, < 1e21) rounded half away from zero to `digits` decimals, as Intl does:
 * on the shortest decimal that reads back as the same number (8.345 → 8,35), not on its binary
 * value (8.3449999…).
 */
function roundedDigits(value: number, digits: number): { whole: string; fraction: string } {
  const text = String(value);
  // Below 1e-6 JavaScript prints an exponent: any such number rounds to zero here.
  if (text.includes('e')) return { whole: '0', fraction: '0'.repeat(digits) };
  const [wholeText = '0', fractionText = ''] = text.split('.');
  if (fractionText.length <= digits) {
    return { whole: wholeText, fraction: fractionText.padEnd(digits, '0') };
  }
  const kept = wholeText + fractionText.slice(0, digits);
  const roundsUp = fractionText.charAt(digits) >= '5';
  const rounded = roundsUp ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const wholeLength = rounded.length - digits;
  return { whole: rounded.slice(0, wholeLength) || '0', fraction: rounded.slice(wholeLength) };
}

/** "-1.234,5" from -1234.5 with one decimal; null when only Intl can write `value`. */
function ptBrNumber(value: number, digits: number): string | null {
  const size = Math.abs(value);
  if (!Number.isFinite(size) || size >= LARGEST_PLAIN_NUMBER) return null;
  const { whole, fraction } = roundedDigits(size, digits);
  // Intl keeps the sign of a negative number that rounds to zero, and of -0.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, '.')},${fraction}`;
}

let intlBrl: Intl.NumberFormat | undefined;
let intlOneDecimal: Intl.NumberFormat | undefined;

/** "R$ 1.234,56" (with the non-breaking space Intl uses). */
export function formatBRL(centavos: Centavos): string {
  return formatReais(centavos / 100);
}

export function formatReais(reais: number): string {
  const text = ptBrNumber(reais, 2);
  if (text === null) {
    intlBrl ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    return intlBrl.format(reais);
  }
  return text.startsWith('-') ? `-R$\u00a0${text.slice(1)}` : `R$\u00a0${text}`;
}

/** "12,5%" */
export function formatPercent(value: number): string {
  let text = ptBrNumber(value, 1);
  if (text === null) {
    intlOneDecimal ??= new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    text = intlOneDecimal.format(value);
  }
  return `${text}%`;
}

/**
 * Reads a number typed the Brazilian way ("1.500,75", "R$ 1.500", "1500", "12,5").
 * Returns null when the text holds no number.
 */
export function parseBrazilianNumber(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (input == null) return null;
  let text = input.replace(/R\$/gi, '').replace(/\s/g, '');
  if (text === '') return null;
  if (text.includes(',')) {
    // Comma is the decimal separator; dots are thousands separators.
    text = text.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text)) {
    // "1.500" is one thousand five hundred, not one and a half.
    text = text.replace(/\./g, '');
  }
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

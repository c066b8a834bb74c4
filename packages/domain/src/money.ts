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

const brlFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 1.234,56" (with the non-breaking space Intl uses). */
export function formatBRL(centavos: Centavos): string {
  return brlFormatter.format(centavos / 100);
}

export function formatReais(reais: number): string {
  return brlFormatter.format(reais);
}

const percentFormatter = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** "12,5%" */
export function formatPercent(value: number): string {
  return `${percentFormatter.format(value)}%`;
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

import type { Centavos } from '../shared/money.ts';

/**
 * The one rounding of billing: whole centavos, half away from zero, computed on integers
 * (`a · b / c` never goes through a binary fraction, so 0.5 centavo is exactly 0.5). Every
 * percentage is an integer of basis points (10 000 = 100 %).
 */
export const BASIS_POINTS_SCALE = 10_000;

/** round(numerator / denominator), half away from zero; denominator > 0, both integers. */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const size = Math.abs(numerator);
  const quotient = Math.floor(size / denominator);
  const remainder = size - quotient * denominator;
  const rounded = 2 * remainder >= denominator ? quotient + 1 : quotient;
  // `+ 0` turns -0 into 0.
  return sign * rounded + 0;
}

/** `amount · basisPoints / 10 000`, rounded once. */
export function basisPointsOf(amount: Centavos, basisPoints: number): Centavos {
  return divideRounded(amount * basisPoints, BASIS_POINTS_SCALE);
}

/** `amount · part / whole`, rounded once (a share by price); 0 when `whole` is 0. */
export function shareOf(amount: Centavos, part: Centavos, whole: Centavos): Centavos {
  return whole === 0 ? 0 : divideRounded(amount * part, whole);
}

/** 12.5 (percent) → 1250 basis points: the kernel's one conversion. */
export { percentToBasisPoints } from '../shared/basis-points.ts';

/** A string of `YYYY-MM-DD` São Paulo calendar day, or `YYYY-MM` month. */
export function periodOf(date: string): string {
  return date.slice(0, 7);
}

/**
 * Percentages as whole basis points (1 bp = 0,01 %), the one rounding of every percentage the
 * portal computes: the ratio of two integers (centavos, counts) times 10 000, rounded down
 * (toward −∞) to a whole basis point (docs/decisions/0033-deal-funnel-and-exact-figures.md).
 *
 * Rounding down is what makes a figure and its verdict agree: for a whole minimum T,
 * floor(x) ≥ T exactly when x ≥ T, so a margin shown as 35,00 % meets a 35 % minimum and one
 * shown as 34,99 % does not, in the builder, the proposal, the dashboard's SQL and the CSV alike.
 * Floating-point division (R$ 1.800 with cost R$ 630 gave 34.99999999999999 %) never enters.
 */
export type BasisPoints = number;

/** floor(10 000 · numerator / denominator), both integers; 0 when the denominator is 0. */
export function ratioBasisPoints(numerator: number, denominator: number): BasisPoints {
  if (denominator === 0) return 0;
  // BigInt: 10 000 × a price in centavos may pass 2^53.
  let top = BigInt(numerator) * 10_000n;
  let bottom = BigInt(denominator);
  if (bottom < 0n) {
    top = -top;
    bottom = -bottom;
  }
  let quotient = top / bottom; // truncates toward zero
  if (top % bottom !== 0n && top < 0n) quotient -= 1n;
  return Number(quotient) + 0;
}

/** A configured percent with at most 2 decimals (min_margin_percent) as basis points. */
export function percentToBasisPoints(percent: number): BasisPoints {
  return Math.round(percent * 100) + 0;
}

/** The percent scale the wire carries (12.5 = 12,5 %): exact to 2 decimals. */
export function basisPointsToPercent(bp: BasisPoints): number {
  return bp / 100;
}

/** The mean of `count` figures whose sum is `sum` basis points, rounded down; 0 over none. */
export function meanBasisPoints(sum: BasisPoints, count: number): BasisPoints {
  return count > 0 ? ratioBasisPoints(sum, count * 10_000) : 0;
}

/**
 * DESIGN section 6 margin, (0,7·P − C) / P, from centavos: (7P − 10C) / 10P, in basis points
 * rounded down; 0 when P = 0.
 */
export function marginBasisPoints(annualCentavos: number, costCentavos: number): BasisPoints {
  return annualCentavos > 0
    ? ratioBasisPoints(7 * annualCentavos - 10 * costCentavos, 10 * annualCentavos)
    : 0;
}

/** DESIGN section 6 discount, 1 − P / S = (S − P) / S, in basis points; 0 when S = 0. */
export function discountBasisPoints(
  annualCentavos: number,
  standaloneCentavos: number,
): BasisPoints {
  return standaloneCentavos > 0
    ? ratioBasisPoints(standaloneCentavos - annualCentavos, standaloneCentavos)
    : 0;
}

/** A margin meets a minimum (a percent with ≤ 2 decimals) when it reaches it: equality meets. */
export function meetsMinimum(marginBp: BasisPoints, minimumPercent: number): boolean {
  return marginBp >= percentToBasisPoints(minimumPercent);
}

/** "35,00%", "-1.746,20%": exact, written from the integer, nothing rounded again. */
export function formatBasisPoints(bp: BasisPoints): string {
  const size = Math.abs(Math.trunc(bp));
  const whole = String(Math.floor(size / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  const fraction = String(size % 100).padStart(2, '0');
  return `${bp < 0 ? '-' : ''}${whole},${fraction}%`;
}

/** A percent of the wire (a multiple of 0,01) written the same way: "35,00%". */
export function formatPercentExact(percent: number): string {
  return formatBasisPoints(percentToBasisPoints(percent));
}

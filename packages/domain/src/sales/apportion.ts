import type { Centavos } from '../shared/money.ts';

/**
 * The contracted price of each session of a package (issue 28; DESIGN.md section 14): the
 * package price apportioned over its sessions in proportion to their standalone values, in
 * centavos, summing exactly to the price. This is what a package contract must state (the price
 * of each session, AFTER-SALE.md section 2) and what a used session is worth in a cancellation.
 *
 * Rounding, stated once: every session gets the floor of its exact share, and the centavos left
 * over go one each to the sessions with the largest fractional remainders (ties to the earlier
 * line, then the earlier session): Hamilton's largest-remainder method. Sessions of one line can
 * therefore differ by one centavo; the first sessions of a line carry the extra centavo.
 */
export interface ApportionLine {
  service_id: number;
  sessions: number;
  /** Standalone price of one session, in centavos. */
  unit_value: Centavos;
}

export interface ApportionedLine {
  service_id: number;
  sessions: number;
  /** The line's share of the price: Σ of its sessions' prices. */
  total: Centavos;
  /** Price of each session, in order (the first ones carry the extra centavos). */
  session_prices: Centavos[];
}

export function apportionPackagePrice(
  price: Centavos,
  lines: readonly ApportionLine[],
): ApportionedLine[] {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError('price: centavos ≥ 0');
  const sessions = lines.flatMap((line, lineIndex) =>
    Array.from({ length: line.sessions }, () => ({ lineIndex, weight: line.unit_value })),
  );
  const result = lines.map((line) => ({
    service_id: line.service_id,
    sessions: line.sessions,
    total: 0,
    session_prices: [] as Centavos[],
  }));
  if (sessions.length === 0) return result;
  const totalWeight = sessions.reduce((sum, session) => sum + session.weight, 0);
  // No standalone value anywhere: every session weighs the same.
  const weights = sessions.map((session) => (totalWeight > 0 ? session.weight : 1));
  const weightSum = totalWeight > 0 ? totalWeight : sessions.length;
  // Integer arithmetic: share = price × weight / weightSum, as a quotient and a remainder.
  const shares = weights.map((weight, index) => {
    const numerator = BigInt(price) * BigInt(weight);
    const quotient = numerator / BigInt(weightSum);
    return { index, floor: Number(quotient), remainder: numerator - quotient * BigInt(weightSum) };
  });
  let left = price - shares.reduce((sum, share) => sum + share.floor, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const prices = shares.map((share) => share.floor);
  for (const share of byRemainder) {
    if (left === 0) break;
    prices[share.index] = (prices[share.index] ?? 0) + 1;
    left -= 1;
  }
  sessions.forEach((session, index) => {
    const line = result[session.lineIndex];
    if (line) line.session_prices.push(prices[index] ?? 0);
  });
  for (const line of result) {
    // Within a line the dearer sessions come first, so "the first k sessions" is well defined.
    line.session_prices.sort((a, b) => b - a);
    line.total = line.session_prices.reduce((sum, value) => sum + value, 0);
  }
  return result;
}

/** What the first `used` sessions of a line are worth at the contracted price. */
export function usedSessionsValue(line: Pick<ApportionedLine, 'session_prices'>, used: number) {
  return line.session_prices.slice(0, Math.max(0, used)).reduce((sum, value) => sum + value, 0);
}

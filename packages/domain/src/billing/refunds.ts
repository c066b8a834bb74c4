import type { Centavos } from '../money.ts';
import { addDays, saoPauloDate } from '../dashboard.ts';
import { basisPointsOf } from './rounding.ts';

/**
 * What the client gets back (DESIGN 14, AFTER-SALE 2). Withdrawal (CDC art. 49): everything paid.
 * Cancellation: paid − used sessions at the contracted price − a fee on the unused part, clamped
 * to [0, paid]. The fee is a network setting in basis points; 10 % is the figure courts and Procon
 * practice cite for the remainder, so it is the default (record a change in an ADR).
 */

export const WITHDRAWAL_DAYS = 7;
export const DEFAULT_CANCELLATION_FEE_BP = 1000;

/**
 * The last São Paulo day a withdrawal is accepted: 7 calendar days counted from the day after
 * the acceptance (the day of the act is not counted). Only a remote acceptance (the public link,
 * the safe default of AFTER-SALE 2) gives the right.
 */
export function withdrawalDeadline(acceptedAt: Date | string): string {
  return addDays(saoPauloDate(acceptedAt), WITHDRAWAL_DAYS);
}

export type AcceptanceChannel = 'link' | 'presencial';

export function canWithdraw(
  contract: { accepted_at: Date | string; channel: AcceptanceChannel },
  now: Date | string,
): boolean {
  return (
    contract.channel === 'link' && saoPauloDate(now) <= withdrawalDeadline(contract.accepted_at)
  );
}

/** Withdrawal: everything paid, on any account (correction for inflation is the payer's job). */
export function withdrawalRefund(paid: Centavos): Centavos {
  return Math.max(0, paid);
}

export interface UsedSessions {
  sessions: number;
  /** The contracted price of one session (the package price apportioned, DESIGN 14). */
  unit_price: Centavos;
}

export interface CancellationQuoteInput {
  /** The contract's price. */
  total: Centavos;
  paid: Centavos;
  used: readonly UsedSessions[];
  fee_bp?: number;
}

export interface CancellationQuote {
  paid: Centavos;
  used_value: Centavos;
  unused_value: Centavos;
  fee: Centavos;
  refund: Centavos;
  /** What the sessions used and the fee cost beyond what was paid (never collected by the quote). */
  shortfall: Centavos;
}

/**
 * The quote. `unused_value` is the contract's price less the used sessions (never below 0); the
 * fee is `fee_bp` of it, rounded once, half away from zero.
 */
export function cancellationQuote(input: CancellationQuoteInput): CancellationQuote {
  const feeBp = input.fee_bp ?? DEFAULT_CANCELLATION_FEE_BP;
  if (!Number.isInteger(feeBp) || feeBp < 0 || feeBp > 10_000) {
    throw new RangeError('fee_bp: integer 0–10000');
  }
  const paid = Math.max(0, input.paid);
  const usedValue = input.used.reduce((sum, item) => sum + item.sessions * item.unit_price, 0);
  const unusedValue = Math.max(0, input.total - usedValue);
  const fee = basisPointsOf(unusedValue, feeBp);
  const owed = usedValue + fee;
  return {
    paid,
    used_value: usedValue,
    unused_value: unusedValue,
    fee,
    refund: Math.min(paid, Math.max(0, paid - owed)),
    shortfall: Math.max(0, owed - paid),
  };
}

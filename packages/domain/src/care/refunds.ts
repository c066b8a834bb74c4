import type { Centavos } from '../shared/money.ts';

/**
 * What the client gets back (DESIGN 14, AFTER-SALE 2). Withdrawal (CDC art. 49): everything paid.
 * Cancellation: paid − used sessions at the contracted price − a fee on the unused part, clamped
 * to [0, paid]. The fee is a network setting in basis points; 10 % is the figure courts and Procon
 * practice cite for the remainder, so it is the default (admins change it at /care-settings).
 */
export const DEFAULT_CANCELLATION_FEE_BP = 1000;

/** Withdrawal: everything paid, on any account (correction for inflation is the payer's job). */
export function withdrawalRefund(paid: Centavos): Centavos {
  return Math.max(0, paid);
}

export interface CancellationInput {
  /** The contract's price. */
  total: Centavos;
  paid: Centavos;
  /** The used sessions at their contracted prices (packages/domain/src/sales/apportion.ts). */
  used_value: Centavos;
  fee_bp?: number;
}

export interface CancellationFigures {
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
 * fee is `fee_bp` of it, rounded once, half up to the centavo (integer arithmetic).
 */
export function cancellationFigures(input: CancellationInput): CancellationFigures {
  const feeBp = input.fee_bp ?? DEFAULT_CANCELLATION_FEE_BP;
  if (!Number.isInteger(feeBp) || feeBp < 0 || feeBp > 10_000) {
    throw new RangeError('fee_bp: integer 0–10000');
  }
  const paid = Math.max(0, input.paid);
  const usedValue = Math.max(0, input.used_value);
  const unusedValue = Math.max(0, input.total - usedValue);
  const fee = Math.floor((unusedValue * feeBp + 5_000) / 10_000);
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

import type { Centavos } from '../shared/money.ts';
import { addDays, addMonths, daysBetween } from '../shared/sao-paulo-days.ts';

/**
 * A payment plan (issue 29): the contract's price in N monthly instalments. Dates are São Paulo
 * calendar days `YYYY-MM-DD` (the caller turns an instant into one with `saoPauloDate`).
 */

export const PLAN_DEFAULT_INSTALLMENTS = 12;
export const PLAN_MAX_INSTALLMENTS = 12;

export const INSTALLMENT_STATUSES = [
  'agendada',
  'solicitada',
  'paga',
  'falhou',
  'vencida',
  'cancelada',
  'estornada',
] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];
export const INSTALLMENT_STATUS_LABELS: Record<InstallmentStatus, string> = {
  agendada: 'Agendada',
  solicitada: 'Cobrança enviada',
  paga: 'Paga',
  falhou: 'Falhou',
  vencida: 'Vencida',
  cancelada: 'Cancelada',
  estornada: 'Estornada',
};

/**
 * Allowed moves. Money received always wins: a charge cancelled or overdue may still be paid (a
 * payment sent before the cancellation, a late Pix), and is then refunded, not ignored; only a
 * paid instalment can be refunded; a refunded one is final.
 */
export const INSTALLMENT_TRANSITIONS: Record<InstallmentStatus, readonly InstallmentStatus[]> = {
  agendada: ['solicitada', 'paga', 'vencida', 'cancelada'],
  solicitada: ['paga', 'falhou', 'vencida', 'cancelada'],
  falhou: ['solicitada', 'paga', 'vencida', 'cancelada'],
  vencida: ['solicitada', 'paga', 'cancelada'],
  cancelada: ['paga'],
  paga: ['estornada'],
  estornada: [],
};

export function canTransition(from: InstallmentStatus, to: InstallmentStatus): boolean {
  return INSTALLMENT_TRANSITIONS[from].includes(to);
}

/** Statuses after which nothing is owed on the instalment. */
const SETTLED: ReadonlySet<InstallmentStatus> = new Set(['paga', 'cancelada', 'estornada']);

export interface Installment {
  /** 1-based. */
  n: number;
  due_date: string;
  amount: Centavos;
  status: InstallmentStatus;
  /** The charge's id at the provider (API Pix txid; the static BR Code's for pix_manual). */
  txid: string | null;
  /** The Pix that paid it (end-to-end id), when one did. */
  e2eid: string | null;
  paid_at: string | null;
  /** Centavos of this instalment returned by settled refunds. */
  refunded: Centavos;
}

/**
 * `total` in `count` parts that sum exactly: each part is ⌊total/count⌋ and the remainder's
 * centavos go one each to the first instalments (so no part differs from another by more than 1
 * centavo, and the client never pays the odd centavos at the end).
 */
export function splitInstallments(total: Centavos, count: number): Centavos[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total: centavos ≥ 0');
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count: integer ≥ 1');
  const base = Math.floor(total / count);
  const remainder = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1 : 0));
}

function lastDayOfMonth(yearMonth: string): number {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Day `dueDay` of the month `YYYY-MM`, or its last day when the month is shorter. */
export function dueDateInMonth(yearMonth: string, dueDay: number): string {
  const day = Math.min(dueDay, lastDayOfMonth(yearMonth));
  return `${yearMonth}-${String(day).padStart(2, '0')}`;
}

/**
 * `count` due dates on `dueDay` (1–31) of consecutive months, the first on or after `from`. The
 * day is clamped per month, never carried: 31 gives Jan 31, Feb 28, Mar 31.
 */
export function installmentDueDates(from: string, dueDay: number, count: number): string[] {
  if (!Number.isInteger(dueDay) || dueDay < 1 || dueDay > 31) {
    throw new RangeError('dueDay: integer 1–31');
  }
  const startMonth = from.slice(0, 7);
  const offset = dueDateInMonth(startMonth, dueDay) >= from ? 0 : 1;
  return Array.from({ length: count }, (_, i) =>
    dueDateInMonth(addMonths(`${startMonth}-01`, i + offset).slice(0, 7), dueDay),
  );
}

export interface PaymentPlanInput {
  total: Centavos;
  /** The São Paulo day the plan starts (the contract's acceptance). */
  from: string;
  /** Defaults to the day of `from`. */
  dueDay?: number;
  count?: number;
}

/** A new plan: every instalment `agendada`, the parts of `splitInstallments`. */
export function buildInstallments(input: PaymentPlanInput): Installment[] {
  const count = input.count ?? PLAN_DEFAULT_INSTALLMENTS;
  const dueDay = input.dueDay ?? Number(input.from.slice(8, 10));
  const amounts = splitInstallments(input.total, count);
  const dates = installmentDueDates(input.from, dueDay, count);
  return amounts.map((amount, i) => ({
    n: i + 1,
    due_date: dates[i] ?? input.from,
    amount,
    status: 'agendada',
    txid: null,
    e2eid: null,
    paid_at: null,
    refunded: 0,
  }));
}

/** Pix Automático: the receiver sends a charge 10 to 2 days before its due date. */
export const CHARGE_WINDOW_FIRST_DAYS_BEFORE = 10;
export const CHARGE_WINDOW_LAST_DAYS_BEFORE = 2;

/** The first and last São Paulo day a Pix Automático charge for `dueDate` may be sent. */
export function chargeWindow(dueDate: string): { from: string; to: string } {
  return {
    from: addDays(dueDate, -CHARGE_WINDOW_FIRST_DAYS_BEFORE),
    to: addDays(dueDate, -CHARGE_WINDOW_LAST_DAYS_BEFORE),
  };
}

export function isInChargeWindow(dueDate: string, today: string): boolean {
  const window = chargeWindow(dueDate);
  return today >= window.from && today <= window.to;
}

/**
 * Whole days an instalment is late on `today`: 0 on its due date and before, and for one that is
 * paid, cancelled or refunded. Being late never takes away sessions already paid for: it is a
 * figure for collection, not a state of the contract's entitlements.
 */
export function overdueDays(
  installment: Pick<Installment, 'due_date' | 'status'>,
  today: string,
): number {
  if (SETTLED.has(installment.status)) return 0;
  return Math.max(0, daysBetween(installment.due_date, today));
}

/** The status an instalment takes on `today` when nothing was paid by its due date. */
export function statusOnDay(installment: Installment, today: string): InstallmentStatus {
  return overdueDays(installment, today) > 0 && canTransition(installment.status, 'vencida')
    ? 'vencida'
    : installment.status;
}

/** Paid, refunded and still owed, in centavos. */
export function planBalance(installments: readonly Installment[]): {
  paid: Centavos;
  refunded: Centavos;
  open: Centavos;
} {
  let paid = 0;
  let refunded = 0;
  let open = 0;
  for (const installment of installments) {
    if (installment.status === 'paga' || installment.status === 'estornada') {
      paid += installment.amount;
      refunded += installment.refunded;
    } else if (installment.status !== 'cancelada') {
      open += installment.amount;
    }
  }
  return { paid, refunded, open };
}

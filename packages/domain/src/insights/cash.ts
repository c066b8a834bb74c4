import { z } from '../shared/zod.ts';
import { centavosToReais, type Centavos } from '../shared/money.ts';
import { formatBasisPoints, ratioBasisPoints, type BasisPoints } from '../shared/basis-points.ts';
import { UNITS, type Unit } from '../people/users.ts';
import { csvDecimal, csvLines } from './dashboard.ts';
import { monthsBetween } from './liability.ts';

/**
 * Cash per unit and São Paulo month (issue 29, /gestao 'Caixa'): what came in against what was
 * sold and delivered, and what is overdue. In centavos here, reais on the wire:
 *
 * - received: instalments paid (or paid and later refunded), by the São Paulo day of `paid_at`;
 * - sold: the price of the contracts accepted in the month, less those later withdrawn or
 *   cancelled (as the dashboard's accepted value: a withdrawn sale is not a sale);
 * - delivered: the contracted value of the sessions delivered in the month, less reversals (the
 *   liability report's 'Entregue');
 * - due: instalments due in the month whose due date has passed (not cancelled);
 * - overdue: those of them still unpaid today;
 * - overdue_rate_bp: overdue ÷ due in whole basis points rounded down; null when nothing was due.
 */

export interface CashMonthSums {
  unit: Unit;
  month: string;
  received: Centavos;
  sold: Centavos;
  delivered: Centavos;
  due: Centavos;
  overdue: Centavos;
}

export const cashFiguresSchema = z.object({
  received: z.number(),
  sold: z.number(),
  delivered: z.number(),
  due: z.number(),
  overdue: z.number(),
  /** overdue ÷ due in basis points (1234 = 12,34 %), rounded down; null when nothing was due. */
  overdue_rate_bp: z.number().int().nullable(),
});
export type CashFigures = z.output<typeof cashFiguresSchema>;

export const cashRowSchema = cashFiguresSchema.extend({
  unit: z.enum(UNITS),
  /** 'YYYY-MM', a São Paulo month. */
  month: z.string(),
});
export type CashRow = z.output<typeof cashRowSchema>;

export const cashReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  unit: z.enum(UNITS).nullable(),
  /** The São Paulo day 'overdue' was read on (AAAA-MM-DD). */
  today: z.string(),
  rows: z.array(cashRowSchema),
  totals: cashFiguresSchema,
});
export type CashReport = z.output<typeof cashReportSchema>;

/** overdue ÷ due in basis points, rounded down; null when nothing was due. */
export function overdueRate(overdue: Centavos, due: Centavos): BasisPoints | null {
  return due > 0 ? ratioBasisPoints(overdue, due) : null;
}

/** '12,34 %', or '—' when nothing was due. */
export function formatOverdueRate(bp: BasisPoints | null): string {
  return bp === null ? '—' : formatBasisPoints(bp).replace(/%$/, ' %');
}

type Sums = Omit<CashMonthSums, 'unit' | 'month'>;
const FIELDS = ['received', 'sold', 'delivered', 'due', 'overdue'] as const;

const figuresOf = (sums: Sums): CashFigures => ({
  received: centavosToReais(sums.received),
  sold: centavosToReais(sums.sold),
  delivered: centavosToReais(sums.delivered),
  due: centavosToReais(sums.due),
  overdue: centavosToReais(sums.overdue),
  overdue_rate_bp: overdueRate(sums.overdue, sums.due),
});

/**
 * The report from each unit's monthly sums: one row per unit and month in [from, to] with any
 * figure, in unit then month order; the totals sum the rows (the rate from the summed amounts).
 */
export function buildCashReport(input: {
  from: string;
  to: string;
  unit: Unit | null;
  today: string;
  sums: readonly CashMonthSums[];
}): CashReport {
  const months = monthsBetween(input.from, input.to);
  const byKey = new Map(input.sums.map((entry) => [`${entry.unit}|${entry.month}`, entry]));
  const totals: Sums = { received: 0, sold: 0, delivered: 0, due: 0, overdue: 0 };
  const rows: CashRow[] = [];
  for (const unit of UNITS) {
    for (const month of months) {
      const sums = byKey.get(`${unit}|${month}`);
      if (!sums || FIELDS.every((field) => sums[field] === 0)) continue;
      for (const field of FIELDS) totals[field] += sums[field];
      rows.push({ unit, month, ...figuresOf(sums) });
    }
  }
  return {
    from: input.from,
    to: input.to,
    unit: input.unit,
    today: input.today,
    rows,
    totals: figuresOf(totals),
  };
}

const CASH_CSV_HEADERS = [
  'Unidade',
  'Mês',
  'Recebido (R$)',
  'Vendido (R$)',
  'Entregue (R$)',
  'Vencido (R$)',
  'Devido até hoje (R$)',
  'Taxa de inadimplência (%)',
] as const;

const cells = (figures: CashFigures) => [
  csvDecimal(figures.received),
  csvDecimal(figures.sold),
  csvDecimal(figures.delivered),
  csvDecimal(figures.overdue),
  csvDecimal(figures.due),
  figures.overdue_rate_bp === null
    ? ''
    : formatBasisPoints(figures.overdue_rate_bp).replace(/\./g, '').slice(0, -1),
];

/** The report as CSV for Excel pt-BR (BOM, `;`, CRLF, decimal comma): the rows, then the total. */
export function cashCsv(report: CashReport): string {
  const monthLabel = (month: string) => month.split('-').reverse().join('/');
  return csvLines([
    [...CASH_CSV_HEADERS],
    ...report.rows.map((row) => [row.unit, monthLabel(row.month), ...cells(row)]),
    [
      report.unit ?? 'Rede',
      `${monthLabel(report.from)} a ${monthLabel(report.to)}`,
      ...cells(report.totals),
    ],
  ]);
}

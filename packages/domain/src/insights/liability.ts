import { z } from '../shared/zod.ts';
import { centavosToReais, type Centavos } from '../shared/money.ts';
import { addMonths, saoPauloDate } from '../shared/sao-paulo-days.ts';
import { NET_REVENUE_SHARE } from '../catalogue/package-totals.ts';
import { UNITS, type Unit } from '../people/users.ts';
import { CONTRACT_STATUSES } from '../care/ledger.ts';
import { csvDecimal, csvLines } from './dashboard.ts';

/**
 * The liability report (issue 28): per unit and São Paulo month, what the network still owes at
 * the contracted price, from the contract ledger (packages/domain/src/care/ledger.ts). Every
 * figure is in centavos here and in reais on the wire:
 *
 *   closing = opening + sold − delivered_value − expired − refunded − cancelled_retained
 *
 * where `refunded` is what a withdrawal or cancellation released to the client (the unused part
 * at the contracted price, less a cancellation's fee) and `cancelled_retained` the fee the clinic
 * kept. `delivered_margin` is DESIGN.md section 6's `lucro` of what was delivered: net revenue
 * (70 % of the delivered value, rounded to the centavo per row) less the delivered cost.
 */

export const LIABILITY_MESSAGES = {
  monthInvalid: 'Informe o mês no formato AAAA-MM.',
  rangeInvalid: 'O mês inicial deve ser anterior ou igual ao final.',
  rangeTooLong: 'O relatório cobre no máximo 36 meses.',
  unitInvalid: 'Unidade inválida.',
} as const;

/** Months a report may cover. */
export const LIABILITY_MAX_MONTHS = 36;

const monthText = z
  .string({ error: LIABILITY_MESSAGES.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, LIABILITY_MESSAGES.monthInvalid)
  .refine((value) => value >= '2000-01' && value <= '2999-12', LIABILITY_MESSAGES.monthInvalid);
const unitParam = z.enum(UNITS, { error: LIABILITY_MESSAGES.unitInvalid });

/** Whole months from `from` to `to`, both 'YYYY-MM'. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = `${from}-01`; day.slice(0, 7) <= to; day = addMonths(day, 1)) {
    months.push(day.slice(0, 7));
  }
  return months;
}

/** GET /reports/liability?from=YYYY-MM&to=YYYY-MM&unit= (default: the last 12 months). */
export const liabilityQuerySchema = z
  .object({
    from: monthText.optional(),
    to: monthText.optional(),
    unit: unitParam.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: LIABILITY_MESSAGES.rangeInvalid,
    path: ['from'],
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      monthsBetween(query.from, query.to).length <= LIABILITY_MAX_MONTHS,
    { message: LIABILITY_MESSAGES.rangeTooLong, path: ['to'] },
  );
export type LiabilityQueryData = z.output<typeof liabilityQuerySchema>;

/** The months a query covers, its defaults filled in at `now` (São Paulo). */
export function liabilityPeriod(
  query: Pick<LiabilityQueryData, 'from' | 'to'>,
  now: Date,
): { from: string; to: string } {
  const thisMonth = saoPauloDate(now).slice(0, 7);
  const to = query.to ?? (query.from && query.from > thisMonth ? query.from : thisMonth);
  const from = query.from ?? addMonths(`${to}-01`, -11).slice(0, 7);
  return { from, to };
}

export const liabilityFiguresSchema = z.object({
  opening: z.number(),
  sold: z.number(),
  delivered_value: z.number(),
  delivered_cost: z.number(),
  delivered_margin: z.number(),
  refunded: z.number(),
  expired: z.number(),
  cancelled_retained: z.number(),
  closing: z.number(),
});
export type LiabilityFigures = z.output<typeof liabilityFiguresSchema>;

export const liabilityRowSchema = liabilityFiguresSchema.extend({
  unit: z.enum(UNITS),
  /** 'YYYY-MM', a São Paulo month. */
  month: z.string(),
});
export type LiabilityRow = z.output<typeof liabilityRowSchema>;

export const liabilityReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  unit: z.enum(UNITS).nullable(),
  rows: z.array(liabilityRowSchema),
  /** Flows: Σ of the rows; opening: at the start of `from`; closing: at the end of `to`. */
  totals: liabilityFiguresSchema,
});
export type LiabilityReport = z.output<typeof liabilityReportSchema>;

/** GET /reports/liability/contracts?month=YYYY-MM&unit= */
export const liabilityContractsQuerySchema = z.object({
  month: monthText,
  unit: unitParam.optional(),
});
export type LiabilityContractsQueryData = z.output<typeof liabilityContractsQuerySchema>;

export const liabilityContractSchema = z.object({
  contract_id: z.number().int(),
  number: z.string(),
  client_name: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  sold: z.number(),
  delivered_value: z.number(),
  refunded: z.number(),
  expired: z.number(),
  closing: z.number(),
});
export type LiabilityContract = z.output<typeof liabilityContractSchema>;

/** A unit's sums for one month, in centavos, as the ledger's entries of that month add up. */
export interface LiabilityMonthSums {
  unit: Unit;
  month: string;
  sold: Centavos;
  delivered_value: Centavos;
  delivered_cost: Centavos;
  refunded: Centavos;
  expired: Centavos;
  retained: Centavos;
}

/** DESIGN.md section 6's `lucro` of a delivered value: round(0.7 · value) − cost, in centavos. */
export function deliveredMargin(deliveredValue: Centavos, deliveredCost: Centavos): Centavos {
  return Math.round(deliveredValue * NET_REVENUE_SHARE) - deliveredCost + 0;
}

interface FiguresInCentavos {
  opening: Centavos;
  sold: Centavos;
  delivered_value: Centavos;
  delivered_cost: Centavos;
  delivered_margin: Centavos;
  refunded: Centavos;
  expired: Centavos;
  cancelled_retained: Centavos;
  closing: Centavos;
}

const inReais = (figures: FiguresInCentavos): LiabilityFigures => ({
  opening: centavosToReais(figures.opening),
  sold: centavosToReais(figures.sold),
  delivered_value: centavosToReais(figures.delivered_value),
  delivered_cost: centavosToReais(figures.delivered_cost),
  delivered_margin: centavosToReais(figures.delivered_margin),
  refunded: centavosToReais(figures.refunded),
  expired: centavosToReais(figures.expired),
  cancelled_retained: centavosToReais(figures.cancelled_retained),
  closing: centavosToReais(figures.closing),
});

/**
 * The report from each unit's opening balance (what was owed before `from`) and its monthly
 * sums: one row per unit and month that owes or moves something, each month opening where the
 * previous one closed, in unit then month order.
 */
export function buildLiabilityReport(input: {
  from: string;
  to: string;
  unit: Unit | null;
  openings: ReadonlyMap<Unit, Centavos>;
  sums: readonly LiabilityMonthSums[];
}): LiabilityReport {
  const months = monthsBetween(input.from, input.to);
  const units = UNITS.filter(
    (unit) =>
      (input.openings.get(unit) ?? 0) !== 0 || input.sums.some((entry) => entry.unit === unit),
  );
  const totals: FiguresInCentavos = {
    opening: 0,
    sold: 0,
    delivered_value: 0,
    delivered_cost: 0,
    delivered_margin: 0,
    refunded: 0,
    expired: 0,
    cancelled_retained: 0,
    closing: 0,
  };
  const rows: LiabilityRow[] = [];
  const byKey = new Map(input.sums.map((entry) => [`${entry.unit}|${entry.month}`, entry]));
  for (const unit of units) {
    let balance = input.openings.get(unit) ?? 0;
    totals.opening += balance;
    for (const month of months) {
      const sums = byKey.get(`${unit}|${month}`);
      const figures: FiguresInCentavos = {
        opening: balance,
        sold: sums?.sold ?? 0,
        delivered_value: sums?.delivered_value ?? 0,
        delivered_cost: sums?.delivered_cost ?? 0,
        delivered_margin: deliveredMargin(sums?.delivered_value ?? 0, sums?.delivered_cost ?? 0),
        refunded: sums?.refunded ?? 0,
        expired: sums?.expired ?? 0,
        cancelled_retained: sums?.retained ?? 0,
        closing: 0,
      };
      figures.closing =
        figures.opening +
        figures.sold -
        figures.delivered_value -
        figures.expired -
        figures.refunded -
        figures.cancelled_retained;
      balance = figures.closing;
      const moved =
        figures.sold !== 0 ||
        figures.delivered_value !== 0 ||
        figures.delivered_cost !== 0 ||
        figures.refunded !== 0 ||
        figures.expired !== 0 ||
        figures.cancelled_retained !== 0;
      if (figures.opening === 0 && !moved) continue;
      for (const key of [
        'sold',
        'delivered_value',
        'delivered_cost',
        'delivered_margin',
        'refunded',
        'expired',
        'cancelled_retained',
      ] as const) {
        totals[key] += figures[key];
      }
      rows.push({ unit, month, ...inReais(figures) });
    }
    totals.closing += balance;
  }
  return { from: input.from, to: input.to, unit: input.unit, rows, totals: inReais(totals) };
}

const LIABILITY_CSV_HEADERS = [
  'Unidade',
  'Mês',
  'Saldo inicial (R$)',
  'Vendido (R$)',
  'Entregue - valor (R$)',
  'Entregue - custo (R$)',
  'Margem entregue (R$)',
  'Reembolsado (R$)',
  'Expirado (R$)',
  'Retido em cancelamentos (R$)',
  'Saldo final (R$)',
] as const;

const figureCells = (figures: LiabilityFigures) => [
  csvDecimal(figures.opening),
  csvDecimal(figures.sold),
  csvDecimal(figures.delivered_value),
  csvDecimal(figures.delivered_cost),
  csvDecimal(figures.delivered_margin),
  csvDecimal(figures.refunded),
  csvDecimal(figures.expired),
  csvDecimal(figures.cancelled_retained),
  csvDecimal(figures.closing),
];

/** The report as CSV for Excel pt-BR (BOM, `;`, CRLF, decimal comma): the rows, then the total. */
export function liabilityCsv(report: LiabilityReport): string {
  const monthLabel = (month: string) => month.split('-').reverse().join('/');
  return csvLines([
    [...LIABILITY_CSV_HEADERS],
    ...report.rows.map((row) => [row.unit, monthLabel(row.month), ...figureCells(row)]),
    [
      report.unit ?? 'Rede',
      `${monthLabel(report.from)} a ${monthLabel(report.to)}`,
      ...figureCells(report.totals),
    ],
  ]);
}

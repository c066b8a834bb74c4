import { z } from '../shared/zod.ts';
import { centavosToReais, type Centavos } from '../shared/money.ts';
import { formatBasisPoints, ratioBasisPoints, type BasisPoints } from '../shared/basis-points.ts';
import { csvDecimal, csvLines } from '../shared/csv.ts';
import { UNITS, type Unit } from '../people/users.ts';

/**
 * /gestao 'Comissões e margem' (issue 30): each unit's and each professional's commission over
 * the months asked, beside the margin it came from. Centavos here, reais on the wire:
 *
 * - gross, net: the sum of the months' statements (GET /commission-statements/, the same
 *   derivation: approved months as frozen, open ones derived now; net with the adjustments);
 * - sold_margin: DESIGN 6's `lucro` (`contractMargin`) of the contracts accepted in the months,
 *   less those withdrawn or cancelled since (as the dashboard's accepted value); a professional's
 *   are those they sold;
 * - delivered_margin: a unit's is the liability report's 'Margem entregue'; a professional's is
 *   the share of their contracts' margin by contracted price of the sessions they performed (the
 *   `margem` base of a `sessao_realizada` entry);
 * - share_bp: gross ÷ sold_margin in whole basis points rounded down; null when the margin sold
 *   is zero or negative (nothing to relate the commission to).
 */

export interface CommissionMarginSums {
  gross: Centavos;
  net: Centavos;
  sold_margin: Centavos;
  delivered_margin: Centavos;
}

export interface CommissionProfessionalSums extends CommissionMarginSums {
  professional_id: number;
  professional_name: string;
  /** The unit the professional belongs to (null: none, e.g. an admin of the network). */
  unit: Unit | null;
}

export const commissionMarginFiguresSchema = z.object({
  gross: z.number(),
  net: z.number(),
  sold_margin: z.number(),
  delivered_margin: z.number(),
  /** gross ÷ sold_margin in basis points (500 = 5,00 %), rounded down; null over no margin. */
  share_bp: z.number().int().nullable(),
});
export type CommissionMarginFigures = z.output<typeof commissionMarginFiguresSchema>;

export const commissionProfessionalRowSchema = commissionMarginFiguresSchema.extend({
  professional_id: z.number().int(),
  professional_name: z.string(),
});
export type CommissionProfessionalRow = z.output<typeof commissionProfessionalRowSchema>;

export const commissionUnitRowSchema = commissionMarginFiguresSchema.extend({
  unit: z.enum(UNITS).nullable(),
  professionals: z.array(commissionProfessionalRowSchema),
});
export type CommissionUnitRow = z.output<typeof commissionUnitRowSchema>;

export const commissionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  unit: z.enum(UNITS).nullable(),
  units: z.array(commissionUnitRowSchema),
  totals: commissionMarginFiguresSchema,
});
export type CommissionReport = z.output<typeof commissionReportSchema>;

/** Commission ÷ margin in basis points, rounded down; null when the margin is not positive. */
export function commissionShare(gross: Centavos, margin: Centavos): BasisPoints | null {
  return margin > 0 ? ratioBasisPoints(gross, margin) : null;
}

/** '5,00 %', or '—' when there was no margin. */
export function formatCommissionShare(bp: BasisPoints | null): string {
  return bp === null ? '—' : formatBasisPoints(bp).replace(/%$/, ' %');
}

const FIELDS = ['gross', 'net', 'sold_margin', 'delivered_margin'] as const;
const zero = (): CommissionMarginSums => ({
  gross: 0,
  net: 0,
  sold_margin: 0,
  delivered_margin: 0,
});
const add = (into: CommissionMarginSums, sums: CommissionMarginSums) => {
  for (const field of FIELDS) into[field] += sums[field];
};
const figuresOf = (sums: CommissionMarginSums): CommissionMarginFigures => ({
  gross: centavosToReais(sums.gross),
  net: centavosToReais(sums.net),
  sold_margin: centavosToReais(sums.sold_margin),
  delivered_margin: centavosToReais(sums.delivered_margin),
  share_bp: commissionShare(sums.gross, sums.sold_margin),
});

/**
 * The report: per unit (in UNITS order, then professionals without a unit) its commission as the
 * sum of its professionals' and its margins as given per unit; within it one row per
 * professional with any figure, by name. The totals sum the units.
 */
export function buildCommissionReport(input: {
  from: string;
  to: string;
  unit: Unit | null;
  professionals: readonly CommissionProfessionalSums[];
  unitMargins: ReadonlyMap<Unit, { sold_margin: Centavos; delivered_margin: Centavos }>;
}): CommissionReport {
  const totals = zero();
  const units: CommissionUnitRow[] = [];
  for (const unit of [...UNITS, null]) {
    if (input.unit !== null && unit !== input.unit) continue;
    const people = input.professionals
      .filter((person) => person.unit === unit && FIELDS.some((field) => person[field] !== 0))
      .sort((a, b) => a.professional_name.localeCompare(b.professional_name, 'pt-BR'));
    const margins = unit === null ? undefined : input.unitMargins.get(unit);
    const sums = zero();
    for (const person of people) {
      sums.gross += person.gross;
      sums.net += person.net;
    }
    sums.sold_margin = margins?.sold_margin ?? 0;
    sums.delivered_margin = margins?.delivered_margin ?? 0;
    if (people.length === 0 && FIELDS.every((field) => sums[field] === 0)) continue;
    add(totals, sums);
    units.push({
      unit,
      ...figuresOf(sums),
      professionals: people.map((person) => ({
        professional_id: person.professional_id,
        professional_name: person.professional_name,
        ...figuresOf(person),
      })),
    });
  }
  return { from: input.from, to: input.to, unit: input.unit, units, totals: figuresOf(totals) };
}

const CSV_HEADERS = [
  'Unidade',
  'Profissional',
  'Comissão bruta (R$)',
  'Comissão líquida (R$)',
  'Margem vendida (R$)',
  'Margem entregue (R$)',
  'Comissão ÷ margem vendida (%)',
] as const;

const cells = (figures: CommissionMarginFigures) => [
  csvDecimal(figures.gross),
  csvDecimal(figures.net),
  csvDecimal(figures.sold_margin),
  csvDecimal(figures.delivered_margin),
  figures.share_bp === null
    ? ''
    : formatBasisPoints(figures.share_bp).replace(/\./g, '').slice(0, -1),
];

/**
 * The report as CSV for Excel pt-BR (BOM, `;`, CRLF, decimal comma): per unit its line
 * ('Profissional' empty) then its professionals', then the total.
 */
export function commissionReportCsv(report: CommissionReport): string {
  const monthLabel = (month: string) => month.split('-').reverse().join('/');
  const unitLabel = (unit: Unit | null) => unit ?? 'Sem unidade';
  return csvLines([
    [...CSV_HEADERS],
    ...report.units.flatMap((row) => [
      [unitLabel(row.unit), '', ...cells(row)],
      ...row.professionals.map((person) => [
        unitLabel(row.unit),
        person.professional_name,
        ...cells(person),
      ]),
    ]),
    [
      report.unit ?? 'Rede',
      `${monthLabel(report.from)} a ${monthLabel(report.to)}`,
      ...cells(report.totals),
    ],
  ]);
}

import { centavosToReais, formatBRL, reaisToCentavos, type Centavos } from '../shared/money.ts';
import {
  basisPointsToPercent,
  discountBasisPoints,
  formatPercentExact,
  marginBasisPoints,
  meetsMinimum,
  percentToBasisPoints,
  type BasisPoints,
} from '../shared/basis-points.ts';

/**
 * Package figures (DESIGN section 6, SPEC section 9). Computed in integer centavos so sums are
 * exact; `toReaisTotals` turns them into the reais the receipt state and the API carry.
 */

/** Net revenue is assumed to be 70% of the package price. */
export const NET_REVENUE_SHARE = 0.7;
export const INSTALMENTS_PER_YEAR = 12;

/** What the totals read from a selected service (one entry per session); values in reais. */
export interface PricedService {
  value: number;
  cost: number;
}

export interface PackageTotals<M = Centavos> {
  /** Package price P (annual value). */
  annual: M;
  /** P / 12. */
  monthly: M;
  /** Σ value of the selected sessions (the standalone price). */
  servicesTotalValue: M;
  /** Σ cost of the selected sessions. */
  custo: M;
  /** 0.7 · P. */
  receitaLiquida: M;
  /** receitaLiquida − custo. */
  lucro: M;
  /** (0,7·P − custo) / P in basis points, rounded down (shared/basis-points.ts); 0 when P = 0. */
  margemBp: BasisPoints;
  /** `margemBp` on the percent scale (35 = 35,00 %): exact to 2 decimals. */
  margemPct: number;
  /** receitaLiquida / 12. */
  monthlyBudget: M;
  /** lucro / 12: what is left each month after the selection (DESIGN 7.5). */
  monthlyRemaining: M;
  /** servicesTotalValue − P (negative when the package costs more than the sessions). */
  desconto: M;
  /** (1 − P / servicesTotalValue) in basis points, rounded down; 0 when nothing has a value. */
  descontoBp: BasisPoints;
  /** `descontoBp` on the percent scale. */
  descontoPct: number;
}

/**
 * The same figures in reais, as kept in the receipt state (the percents carry the basis points
 * exactly, `margemPct` = margemBp / 100).
 */
export type PackageTotalsReais = Omit<PackageTotals<number>, 'margemBp' | 'descontoBp'>;

/** Rounds to whole centavos, never answering -0. */
function roundCentavos(value: number): Centavos {
  return Math.round(value) + 0;
}

export function computePackageTotals(
  annualValueCentavos: Centavos,
  selectedServices: readonly PricedService[],
): PackageTotals {
  const annual = annualValueCentavos;
  let servicesTotalValue = 0;
  let custo = 0;
  for (const service of selectedServices) {
    servicesTotalValue += reaisToCentavos(service.value);
    custo += reaisToCentavos(service.cost);
  }
  const receitaLiquida = roundCentavos(annual * NET_REVENUE_SHARE);
  const lucro = receitaLiquida - custo;
  // From integers, with the exact 0.7·P (not the figure rounded to centavos): one rounding.
  const margemBp = marginBasisPoints(annual, custo);
  const descontoBp = discountBasisPoints(annual, servicesTotalValue);
  return {
    annual,
    monthly: roundCentavos(annual / INSTALMENTS_PER_YEAR),
    servicesTotalValue,
    custo,
    receitaLiquida,
    lucro,
    margemBp,
    margemPct: basisPointsToPercent(margemBp),
    monthlyBudget: roundCentavos(receitaLiquida / INSTALMENTS_PER_YEAR),
    monthlyRemaining: roundCentavos(lucro / INSTALMENTS_PER_YEAR),
    desconto: servicesTotalValue - annual,
    descontoBp,
    descontoPct: basisPointsToPercent(descontoBp),
  };
}

export function toReaisTotals(totals: PackageTotals): PackageTotalsReais {
  return {
    annual: centavosToReais(totals.annual),
    monthly: centavosToReais(totals.monthly),
    servicesTotalValue: centavosToReais(totals.servicesTotalValue),
    custo: centavosToReais(totals.custo),
    receitaLiquida: centavosToReais(totals.receitaLiquida),
    lucro: centavosToReais(totals.lucro),
    margemPct: totals.margemPct,
    monthlyBudget: centavosToReais(totals.monthlyBudget),
    monthlyRemaining: centavosToReais(totals.monthlyRemaining),
    desconto: centavosToReais(totals.desconto),
    descontoPct: totals.descontoPct,
  };
}

/** The largest minimum margin among the selected procedures (0 when none). */
export function requiredMarginPercent(
  selectedServices: readonly { min_margin_percent: number }[],
): number {
  let required = 0;
  for (const service of selectedServices) {
    required = Math.max(required, service.min_margin_percent);
  }
  return required;
}

/**
 * Healthy when the package margin reaches every selected procedure's minimum margin, compared
 * in whole basis points: a margin exactly at the minimum meets it (shared/basis-points.ts). The
 * same comparison counts 'Abaixo da margem mínima' on the dashboard (insights/dashboard.ts).
 * `margemPct` is a multiple of 0,01 (computePackageTotals), so its basis points are exact.
 */
export function isSelectionHealthy(
  totals: Pick<PackageTotals, 'margemPct'>,
  selectedServices: readonly { min_margin_percent: number }[],
): boolean {
  return meetsMinimum(
    percentToBasisPoints(totals.margemPct),
    requiredMarginPercent(selectedServices),
  );
}

/** The warning the builder and the receipt show when a selection is not healthy. */
export const UNHEALTHY_MARGIN_MESSAGE =
  'Margem abaixo do mínimo exigido pelos procedimentos selecionados.';

/**
 * What the client saves by buying the package instead of the sessions one by one. A document a
 * client sees prints a discount only when there is one: a package that costs the same or more is
 * never shown as a negative 'Desconto Gerado' (issue 15).
 */
export type PackageSaving =
  | { kind: 'saving'; amount: Centavos; percent: number }
  /** The package costs more than the sessions bought one by one; `extra` is the difference. */
  | { kind: 'costs-more'; extra: Centavos }
  /** Same price, or nothing selected. */
  | { kind: 'none' };

export function packageSaving(
  totals: Pick<PackageTotals, 'annual' | 'servicesTotalValue'>,
): PackageSaving {
  const { annual, servicesTotalValue } = totals;
  if (servicesTotalValue <= 0) return { kind: 'none' };
  const amount = servicesTotalValue - annual;
  if (amount > 0) {
    // The discount's one rounding (basis-points.ts): whole basis points, rounded down.
    const percent = basisPointsToPercent(discountBasisPoints(annual, servicesTotalValue));
    return { kind: 'saving', amount, percent };
  }
  if (amount < 0) return { kind: 'costs-more', extra: -amount };
  return { kind: 'none' };
}

/**
 * What the receipt and the proposal print instead of a discount when the package saves nothing:
 * true of every package (12 months of planned sessions, 12 monthly instalments).
 */
export const PACKAGE_BENEFITS_NOTE =
  'Pacote anual: sessões planejadas para 12 meses, com pagamento em 12 parcelas mensais.';

/** The builder's warning before 'Gerar Pacote' when the package costs more than the sessions. */
export function packageCostsMoreMessage(extraCentavos: Centavos): string {
  return `O pacote custa ${formatBRL(extraCentavos)} a mais que os procedimentos avulsos. Adicione sessões ou escolha outro pacote antes de gerar.`;
}

/** 'Economia de R$ 1.234,00 (12,3%)' */
export function formatSaving(saving: Extract<PackageSaving, { kind: 'saving' }>): string {
  // Two decimals, as every percentage of the builder and proposal (basis-points.ts).
  return `${formatBRL(saving.amount)} (${formatPercentExact(saving.percent)})`;
}

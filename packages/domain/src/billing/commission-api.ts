import { csvDecimal, csvLines, csvText } from '../shared/csv.ts';
import { z } from '../shared/zod.ts';
import { hasAtMostTwoDecimals, reaisToCentavos } from '../shared/money.ts';
import {
  COMMISSION_BASES,
  COMMISSION_CLAWBACKS,
  COMMISSION_ENTRY_STATUS_LABELS,
  COMMISSION_ENTRY_STATUSES,
  COMMISSION_EVENTS,
} from './commission.ts';

/**
 * Wire forms of the commission routes (issue 30): queries, answers and the pt-BR messages. Money
 * in reais with 2 decimals and percents 0–100, like every answer; the domain (commission.ts)
 * works in centavos and basis points.
 */

export const COMMISSION_STATEMENT_STATUSES = ['prevista', 'aprovada', 'paga'] as const;
export type CommissionStatementStatus = (typeof COMMISSION_STATEMENT_STATUSES)[number];
export const COMMISSION_STATEMENT_STATUS_LABELS: Record<CommissionStatementStatus, string> = {
  prevista: 'Prevista',
  aprovada: 'Aprovada',
  paga: 'Paga',
};
export const COMMISSION_REASON_MAX = 300;

export const COMMISSION_MESSAGES = {
  ruleNotFound: 'Regra de comissão não encontrada.',
  statementNotFound: 'Extrato de comissão não encontrado.',
  professionalNotFound: 'Profissional não encontrado.',
  periodInvalid: 'Período inválido (use AAAA-MM).',
  periodInFuture: 'O mês ainda não começou: não há extrato a fechar.',
  professionalInvalid: 'Profissional inválido.',
  alreadyApproved: 'Este extrato já foi aprovado.',
  notApproved: 'Aprove o extrato antes de marcá-lo como pago.',
  alreadyPaid: 'Este extrato já foi pago.',
  earlierOpen: (period: string) =>
    `O extrato de ${period} deste profissional ainda não foi aprovado: aprove os meses em ordem.`,
  closedStatement: 'Este extrato já foi aprovado: não é possível lançar ajustes nele.',
  adjustmentAmountInvalid:
    'O valor do ajuste deve ser diferente de zero, entre -1.000.000 e 1.000.000 reais, com no máximo duas casas decimais.',
  adjustmentReasonInvalid: `Informe o motivo do ajuste (até ${COMMISSION_REASON_MAX} caracteres).`,
  estimateInvalid:
    'Informe preço e custo em reais, de 0 a 10.000.000, com no máximo duas casas decimais.',
} as const;

/** 'YYYY-MM' of a real month. */
export function isPeriod(text: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return false;
  const month = Number(match[2]);
  return Number(match[1]) >= 1900 && month >= 1 && month <= 12;
}

const periodParam = z
  .string({ error: COMMISSION_MESSAGES.periodInvalid })
  .refine(isPeriod, COMMISSION_MESSAGES.periodInvalid);
const professionalParam = z.coerce
  .number({ error: COMMISSION_MESSAGES.professionalInvalid })
  .int(COMMISSION_MESSAGES.professionalInvalid)
  .positive(COMMISSION_MESSAGES.professionalInvalid)
  .max(2_147_483_647, COMMISSION_MESSAGES.professionalInvalid);

/** GET /commissions/: absent professional, the viewer's own. */
export const commissionsQuerySchema = z.object({
  professional_id: professionalParam.optional(),
  period: periodParam,
});
export type CommissionsQuery = z.output<typeof commissionsQuerySchema>;

/** /commission-statements/{professional_id}/{period}. */
export const commissionStatementParams = z.object({
  professional_id: professionalParam,
  period: periodParam,
});

/** POST …/adjustments: an advance (negative) or a bonus (positive), with its reason. */
export const commissionAdjustmentBodySchema = z.object({
  amount: z
    .number({ error: COMMISSION_MESSAGES.adjustmentAmountInvalid })
    .min(-1_000_000, COMMISSION_MESSAGES.adjustmentAmountInvalid)
    .max(1_000_000, COMMISSION_MESSAGES.adjustmentAmountInvalid)
    .refine(
      (value) => value !== 0 && hasAtMostTwoDecimals(value),
      COMMISSION_MESSAGES.adjustmentAmountInvalid,
    )
    .transform(reaisToCentavos),
  reason: z
    .string({ error: COMMISSION_MESSAGES.adjustmentReasonInvalid })
    .trim()
    .min(1, COMMISSION_MESSAGES.adjustmentReasonInvalid)
    .max(COMMISSION_REASON_MAX, COMMISSION_MESSAGES.adjustmentReasonInvalid),
});
export type CommissionAdjustmentBody = z.input<typeof commissionAdjustmentBodySchema>;

const rateView = z.object({
  type: z.enum(['pct', 'fixo', 'faixas']),
  /** pct: percent 0–100; fixo: reais. */
  value: z.number().optional(),
  /** Tiers by the month's total base: `from`/`to` in reais, `value` percent. */
  tiers: z
    .array(z.object({ from: z.number(), to: z.number().nullable(), value: z.number() }))
    .optional(),
});

export const commissionRuleSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  scope: z.object({
    unit: z.string().nullable(),
    profile: z.string().nullable(),
    professional_id: z.number().int().nullable(),
  }),
  event: z.enum(COMMISSION_EVENTS),
  basis: z.enum(COMMISSION_BASES),
  rate: rateView,
  clawback: z.enum(COMMISSION_CLAWBACKS),
  valid_from: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type CommissionRuleView = z.infer<typeof commissionRuleSchema>;

export const commissionEntrySchema = z.object({
  id: z.string(),
  rule_id: z.number().int(),
  rule_version: z.number().int(),
  professional_id: z.number().int(),
  event: z.enum(COMMISSION_EVENTS),
  source_type: z.enum(['contrato', 'parcela', 'sessao', 'desistencia', 'cancelamento']),
  source_id: z.string(),
  contract_id: z.number().int(),
  period: z.string(),
  base: z.number(),
  amount: z.number(),
  status: z.enum(COMMISSION_ENTRY_STATUSES),
  reverses: z.string().nullable(),
});
export type CommissionEntryView = z.infer<typeof commissionEntrySchema>;

export const commissionAdjustmentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  reason: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});

export const commissionStatementSchema = z.object({
  professional_id: z.number().int(),
  professional_name: z.string(),
  unit: z.string().nullable(),
  period: z.string(),
  status: z.enum(COMMISSION_STATEMENT_STATUSES),
  status_label: z.string(),
  entries: z.array(commissionEntrySchema),
  adjustments: z.array(commissionAdjustmentSchema),
  gross: z.number(),
  net: z.number(),
  approved_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  paid_by: z.string().nullable(),
});
export type CommissionStatementView = z.infer<typeof commissionStatementSchema>;

export const commissionSimulationSchema = z.object({
  /** Last month ('YYYY-MM', São Paulo). */
  period: z.string(),
  current_total: z.number(),
  draft_total: z.number(),
  professionals: z.array(
    z.object({
      professional_id: z.number().int(),
      professional_name: z.string(),
      current: z.number(),
      draft: z.number(),
    }),
  ),
});
export type CommissionSimulation = z.infer<typeof commissionSimulationSchema>;

export const COMMISSION_SOURCE_TYPE_LABELS: Record<CommissionEntryView['source_type'], string> = {
  contrato: 'Venda aceita',
  parcela: 'Parcela paga',
  sessao: 'Sessão realizada',
  desistencia: 'Desistência',
  cancelamento: 'Cancelamento',
};

export const COMMISSION_CSV_HEADERS = [
  'Período',
  'Lançamento',
  'Origem',
  'Contrato',
  'Regra',
  'Versão',
  'Base (R$)',
  'Comissão (R$)',
  'Situação',
] as const;

/**
 * A statement as CSV for Excel pt-BR: one line per entry, one per adjustment (its reason), then
 * gross and net, so the month is explained line by line outside the portal too.
 */
export function commissionStatementCsv(statement: CommissionStatementView): string {
  const month = statement.period.split('-').reverse().join('/');
  return csvLines([
    [...COMMISSION_CSV_HEADERS],
    ...statement.entries.map((entry) => [
      month,
      entry.id,
      COMMISSION_SOURCE_TYPE_LABELS[entry.source_type],
      String(entry.contract_id),
      String(entry.rule_id),
      String(entry.rule_version),
      csvDecimal(entry.base),
      csvDecimal(entry.amount),
      COMMISSION_ENTRY_STATUS_LABELS[entry.status],
    ]),
    ...statement.adjustments.map((adjustment) => [
      month,
      `ajuste:${adjustment.id}`,
      csvText(`Ajuste: ${adjustment.reason}`),
      '',
      '',
      '',
      '',
      csvDecimal(adjustment.amount),
      '',
    ]),
    [month, 'Bruto', '', '', '', '', '', csvDecimal(statement.gross), statement.status_label],
    [month, 'Líquido', '', '', '', '', '', csvDecimal(statement.net), statement.status_label],
  ]);
}

/** GET /commission-statements/?period=: the month of every professional the viewer reaches. */
export const commissionStatementsQuerySchema = z.object({ period: periodParam });

/** One line of that list: who, the figures and the status (entries are read on the statement). */
export const commissionStatementSummarySchema = z.object({
  professional_id: z.number().int(),
  professional_name: z.string(),
  unit: z.string().nullable(),
  period: z.string(),
  status: z.enum(COMMISSION_STATEMENT_STATUSES),
  status_label: z.string(),
  entries: z.number().int(),
  gross: z.number(),
  net: z.number(),
});
export type CommissionStatementSummary = z.infer<typeof commissionStatementSummarySchema>;

const estimateMoney = z
  .number({ error: COMMISSION_MESSAGES.estimateInvalid })
  .min(0, COMMISSION_MESSAGES.estimateInvalid)
  .max(10_000_000, COMMISSION_MESSAGES.estimateInvalid)
  .refine(hasAtMostTwoDecimals, COMMISSION_MESSAGES.estimateInvalid)
  .transform(reaisToCentavos);

/** POST /commission-rules/estimate: the builder's totals (reais): the package price and cost. */
export const commissionEstimateBodySchema = z.object({
  price: estimateMoney,
  cost: estimateMoney,
});
export type CommissionEstimateBody = z.input<typeof commissionEstimateBodySchema>;

/** What the proposal would earn the signed-in seller, and from which rules. */
export const commissionEstimateSchema = z.object({
  amount: z.number(),
  lines: z.array(
    z.object({
      rule_id: z.number().int(),
      rule_version: z.number().int(),
      event: z.enum(COMMISSION_EVENTS),
      amount: z.number(),
    }),
  ),
});
export type CommissionEstimate = z.infer<typeof commissionEstimateSchema>;

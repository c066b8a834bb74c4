import { isQueryableDate } from '../shared/dates.ts';
import { z } from '../shared/zod.ts';

/**
 * The daily reconciliation of received Pix (issue 29, docs/decisions/0044-pix-reconciliation.md):
 * the provider's list of a São Paulo day against the plans. Each Pix goes through the webhook's
 * idempotent path; what does not match is a difference. Amounts in reais, like every answer.
 */
export const RECONCILIATION_DIFFERENCE_KINDS = [
  /** A Pix whose txid is none of this unit's instalments (or has no txid). */
  'txid_desconhecido',
  /** A Pix whose amount is not its instalment's. */
  'valor_divergente',
  /** A second Pix for an instalment already paid: to be refunded. */
  'parcela_ja_paga',
  /** An instalment marked paid by a provider event that day that the provider's list lacks. */
  'ausente_no_provedor',
] as const;
export type ReconciliationDifferenceKind = (typeof RECONCILIATION_DIFFERENCE_KINDS)[number];

export const RECONCILIATION_DIFFERENCE_LABELS: Record<ReconciliationDifferenceKind, string> = {
  txid_desconhecido: 'Pix sem cobrança correspondente',
  valor_divergente: 'Valor diferente do da parcela',
  parcela_ja_paga: 'Pix para parcela já paga (a devolver)',
  ausente_no_provedor: 'Parcela paga por aviso, ausente na lista do provedor',
};

export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_DIFFERENCE_KINDS),
  e2eid: z.string().nullable(),
  txid: z.string().nullable(),
  amount: z.number(),
});
export type ReconciliationDifference = z.output<typeof reconciliationDifferenceSchema>;

/** GET /billing/reconciliations: one unit's report of one day. */
export const reconciliationSchema = z.object({
  unit: z.string(),
  day: z.string(),
  /** Pix in the provider's list of the day. */
  received: z.number().int(),
  /** Of those, applied by the reconciliation (their webhook never arrived). */
  recovered: z.number().int(),
  /** Already known from their webhook. */
  known: z.number().int(),
  refused: z.number().int(),
  differences: z.array(reconciliationDifferenceSchema),
  ran_at: z.string(),
});
export type Reconciliation = z.output<typeof reconciliationSchema>;

const RECONCILIATION_DAY_INVALID = 'Data inválida (use AAAA-MM-DD).';
const reconciliationDay = z
  .string({ error: RECONCILIATION_DAY_INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, RECONCILIATION_DAY_INVALID)
  .refine(isQueryableDate, RECONCILIATION_DAY_INVALID);

/** GET /billing/reconciliations?unit=&from=&to= (São Paulo days, inclusive), newest first. */
export const reconciliationsQuerySchema = z.object({
  unit: z.string({ error: 'Unidade inválida.' }).trim().min(1).max(60).optional(),
  from: reconciliationDay.optional(),
  to: reconciliationDay.optional(),
  limit: z.coerce.number().int().min(1).max(400).default(60),
});
export type ReconciliationsQuery = z.output<typeof reconciliationsQuerySchema>;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'Conciliação de 27/11/2026: 14 Pix recebidos, 1 recuperado, 0 divergências' */
export function reconciliationSummary(report: Reconciliation): string {
  const day = report.day.split('-').reverse().join('/');
  return (
    `Conciliação de ${day}: ${plural(report.received, 'Pix recebido', 'Pix recebidos')}, ` +
    `${plural(report.recovered, 'recuperado', 'recuperados')}, ` +
    `${plural(report.differences.length, 'divergência', 'divergências')}`
  );
}

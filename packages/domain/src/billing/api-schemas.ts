import { isQueryableDate } from '../shared/dates.ts';
import { z } from '../shared/zod.ts';
import { hasAtMostTwoDecimals, reaisToCentavos } from '../shared/money.ts';
import {
  COMMISSION_BASES,
  COMMISSION_CLAWBACKS,
  COMMISSION_EVENTS,
  type CommissionRate,
  type CommissionRule,
} from './commission.ts';
import { PLAN_DEFAULT_INSTALLMENTS, PLAN_MAX_INSTALLMENTS } from './installments.ts';
import { percentToBasisPoints } from './rounding.ts';

/**
 * Bodies of the billing routes. The wire carries reais and percents (0–100), like the proposals;
 * these schemas turn them into centavos and basis points, so nothing past them sees a fraction.
 */

export const PAYMENT_METHODS = ['pix_manual', 'api_pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix_manual: 'Pix (QR Code estático, confirmação pela equipe)',
  api_pix: 'Pix Automático / cobrança com vencimento',
};

export const BILLING_NOTE_MAX_LENGTH = 500;
export const COMMISSION_MAX_TIERS = 10;
export const COMMISSION_RULE_NAME_MAX = 120;

export const BILLING_MESSAGES = {
  methodInvalid: 'Forma de pagamento deve ser pix_manual ou api_pix.',
  installmentsInvalid: `O número de parcelas deve ser um inteiro entre 1 e ${PLAN_MAX_INSTALLMENTS}.`,
  dueDayInvalid: 'O dia de vencimento deve ser um inteiro entre 1 e 31.',
  paidAtInvalid:
    'Data do pagamento inválida (use data e hora ISO 8601 com fuso, ex.: 2026-11-25T14:30:00-03:00).',
  noteTooLong: `A observação deve ter no máximo ${BILLING_NOTE_MAX_LENGTH} caracteres.`,
  eventInvalid: 'Evento deve ser venda_aceita, parcela_paga ou sessao_realizada.',
  basisInvalid: 'Base deve ser preco_contratado ou margem.',
  clawbackInvalid: 'Estorno deve ser nenhum, proporcional ou integral.',
  rateInvalid: 'Informe a comissão: percentual (pct), valor fixo (fixo) ou faixas.',
  percentInvalid: 'O percentual deve estar entre 0 e 100, com no máximo duas casas decimais.',
  valueInvalid:
    'O valor deve ser um número maior ou igual a zero, com no máximo duas casas decimais.',
  tiersInvalid: `Informe de 1 a ${COMMISSION_MAX_TIERS} faixas com valores iniciais diferentes.`,
  scopeUnitInvalid: 'Unidade inválida.',
  scopeProfileInvalid: 'Perfil inválido.',
  scopeProfessionalInvalid: 'Profissional inválido.',
  validFromInvalid: 'Data de início inválida (use AAAA-MM-DD).',
  ruleNameInvalid: `Informe o nome da regra (até ${COMMISSION_RULE_NAME_MAX} caracteres).`,
} as const;

/** POST /contracts/{id}/payment-plan. */
export const paymentPlanCreateSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: BILLING_MESSAGES.methodInvalid }),
  installments: z
    .number({ error: BILLING_MESSAGES.installmentsInvalid })
    .int(BILLING_MESSAGES.installmentsInvalid)
    .min(1, BILLING_MESSAGES.installmentsInvalid)
    .max(PLAN_MAX_INSTALLMENTS, BILLING_MESSAGES.installmentsInvalid)
    .default(PLAN_DEFAULT_INSTALLMENTS),
  /**
   * API Pix only: collect by Pix Automático (journey 3: one QR pays the first instalment and
   * authorises the rest, each later charge sent 10 to 2 days before its due date) instead of a
   * due-date charge (`cobv`) per instalment. Absent: false.
   */
  pix_automatico: z
    .boolean({ error: 'pix_automatico deve ser verdadeiro ou falso.' })
    .default(false),
  /** Absent: the day of the acceptance. */
  due_day: z
    .number({ error: BILLING_MESSAGES.dueDayInvalid })
    .int(BILLING_MESSAGES.dueDayInvalid)
    .min(1, BILLING_MESSAGES.dueDayInvalid)
    .max(31, BILLING_MESSAGES.dueDayInvalid)
    .optional(),
});
export type PaymentPlanCreate = z.input<typeof paymentPlanCreateSchema>;
export type PaymentPlanCreateData = z.output<typeof paymentPlanCreateSchema>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** POST /installments/{id}/mark-paid (pix_manual: staff confirm a payment seen in the statement). */
export const markPaidSchema = z.object({
  paid_at: z
    .string({ error: BILLING_MESSAGES.paidAtInvalid })
    .regex(ISO_INSTANT, BILLING_MESSAGES.paidAtInvalid)
    .refine((text) => !Number.isNaN(Date.parse(text)), BILLING_MESSAGES.paidAtInvalid),
  note: z
    .string({ error: BILLING_MESSAGES.noteTooLong })
    .trim()
    .max(BILLING_NOTE_MAX_LENGTH, BILLING_MESSAGES.noteTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type MarkPaid = z.input<typeof markPaidSchema>;
export type MarkPaidData = z.output<typeof markPaidSchema>;

const percent = z
  .number({ error: BILLING_MESSAGES.percentInvalid })
  .min(0, BILLING_MESSAGES.percentInvalid)
  .max(100, BILLING_MESSAGES.percentInvalid)
  .refine(hasAtMostTwoDecimals, BILLING_MESSAGES.percentInvalid)
  .transform(percentToBasisPoints);
const reais = z
  .number({ error: BILLING_MESSAGES.valueInvalid })
  .min(0, BILLING_MESSAGES.valueInvalid)
  .max(10_000_000, BILLING_MESSAGES.valueInvalid)
  .refine(hasAtMostTwoDecimals, BILLING_MESSAGES.valueInvalid)
  .transform(reaisToCentavos);

const rateSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('pct'), value: percent }),
    z.object({ type: z.literal('fixo'), value: reais }),
    z.object({
      type: z.literal('faixas'),
      tiers: z
        .array(
          // `to` is informative (the next tier's `from` ends a tier); `value` is the percent.
          z.object({ from: reais, to: reais.nullish(), value: percent }),
          { error: BILLING_MESSAGES.tiersInvalid },
        )
        .min(1, BILLING_MESSAGES.tiersInvalid)
        .max(COMMISSION_MAX_TIERS, BILLING_MESSAGES.tiersInvalid)
        .refine(
          (tiers) => new Set(tiers.map((tier) => tier.from)).size === tiers.length,
          BILLING_MESSAGES.tiersInvalid,
        ),
    }),
  ],
  { error: BILLING_MESSAGES.rateInvalid },
);

function toRate(rate: z.output<typeof rateSchema>): CommissionRate {
  if (rate.type === 'pct') return { type: 'pct', bp: rate.value };
  if (rate.type === 'fixo') return { type: 'fixo', centavos: rate.value };
  return {
    type: 'faixas',
    tiers: [...rate.tiers]
      .sort((a, b) => a.from - b.from)
      .map((tier) => ({ from: tier.from, bp: tier.value })),
  };
}

const scopeText = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(60, message).nullish();

const ruleFields = {
  name: z
    .string({ error: BILLING_MESSAGES.ruleNameInvalid })
    .trim()
    .min(1, BILLING_MESSAGES.ruleNameInvalid)
    .max(COMMISSION_RULE_NAME_MAX, BILLING_MESSAGES.ruleNameInvalid),
  scope: z
    .object({
      unit: scopeText(BILLING_MESSAGES.scopeUnitInvalid),
      profile: scopeText(BILLING_MESSAGES.scopeProfileInvalid),
      professional_id: z
        .number({ error: BILLING_MESSAGES.scopeProfessionalInvalid })
        .int(BILLING_MESSAGES.scopeProfessionalInvalid)
        .positive(BILLING_MESSAGES.scopeProfessionalInvalid)
        .max(2_147_483_647, BILLING_MESSAGES.scopeProfessionalInvalid)
        .nullish(),
    })
    .default({}),
  event: z.enum(COMMISSION_EVENTS, { error: BILLING_MESSAGES.eventInvalid }),
  basis: z.enum(COMMISSION_BASES, { error: BILLING_MESSAGES.basisInvalid }),
  rate: rateSchema,
  clawback: z.enum(COMMISSION_CLAWBACKS, { error: BILLING_MESSAGES.clawbackInvalid }),
  valid_from: z
    .string({ error: BILLING_MESSAGES.validFromInvalid })
    .refine(isQueryableDate, BILLING_MESSAGES.validFromInvalid),
};

/** A rule version as the API keeps it: the domain's rule plus its name. */
export type CommissionRuleDraft = Omit<CommissionRule, 'id' | 'version'> & { name: string };

function toDraft(body: z.output<z.ZodObject<typeof ruleFields>>): CommissionRuleDraft {
  return {
    name: body.name,
    scope: Object.fromEntries(
      // A rule's answer carries null for an absent scope field: it reads as absent.
      Object.entries(body.scope).filter(([, value]) => value !== undefined && value !== null),
    ),
    event: body.event,
    basis: body.basis,
    rate: toRate(body.rate),
    clawback: body.clawback,
    valid_from: body.valid_from,
  };
}

/** POST /commission-rules/ and POST /commission-rules/simulate (a draft rule). */
export const commissionRuleBodySchema = z.object(ruleFields).transform(toDraft);
export type CommissionRuleBody = z.input<typeof commissionRuleBodySchema>;
export type CommissionRuleBodyData = z.output<typeof commissionRuleBodySchema>;

/**
 * PATCH /commission-rules/{id}: the fields that change (a `scope` given replaces the whole
 * scope); the API merges them over the rule's latest version (`applyRulePatch`) and saves the
 * result as its next version, keeping the old ones.
 */
export const commissionRulePatchSchema = z
  .object({ ...ruleFields, scope: ruleFields.scope.unwrap() })
  .partial();
export type CommissionRulePatch = z.input<typeof commissionRulePatchSchema>;
export type CommissionRulePatchData = z.output<typeof commissionRulePatchSchema>;

export function applyRulePatch(
  current: CommissionRuleDraft,
  patch: CommissionRulePatchData,
): CommissionRuleDraft {
  const merged = toDraft({
    name: patch.name ?? current.name,
    scope: patch.scope ?? current.scope,
    event: patch.event ?? current.event,
    basis: patch.basis ?? current.basis,
    rate: patch.rate ?? fromRate(current.rate),
    clawback: patch.clawback ?? current.clawback,
    valid_from: patch.valid_from ?? current.valid_from,
  });
  return merged;
}

/** The parsed (centavos and basis points) wire rate of a domain rate, for `applyRulePatch`. */
function fromRate(rate: CommissionRate): z.output<typeof rateSchema> {
  if (rate.type === 'pct') return { type: 'pct', value: rate.bp };
  if (rate.type === 'fixo') return { type: 'fixo', value: rate.centavos };
  return {
    type: 'faixas',
    tiers: rate.tiers.map((tier) => ({ from: tier.from, to: null, value: tier.bp })),
  };
}

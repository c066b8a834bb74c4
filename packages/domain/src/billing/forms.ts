import { countField } from '../catalogue/services.ts';
import { isQueryableDate } from '../shared/dates.ts';
import { saoPauloDate, saoPauloDayStart } from '../shared/sao-paulo-days.ts';
import { z } from '../shared/zod.ts';
import {
  BILLING_MESSAGES,
  BILLING_NOTE_MAX_LENGTH,
  type PaymentMethod,
  type MarkPaid,
  type PaymentPlanCreate,
} from './api-schemas.ts';
import { PLAN_MAX_INSTALLMENTS } from './installments.ts';
import { formatPercent, formatReais, parseBrazilianNumber } from '../shared/money.ts';
import { commissionRuleBodySchema, type CommissionRuleBody } from './api-schemas.ts';
import {
  commissionAdjustmentBodySchema,
  COMMISSION_MESSAGES,
  type CommissionAdjustmentBody,
  type CommissionRuleView,
} from './commission-api.ts';
import type { CommissionBasis, CommissionClawback, CommissionEvent } from './commission.ts';
import { pixKeySchema } from './pix-key.ts';
import {
  unitBillingSettingsPatchSchema,
  type UnitBillingSettings,
  type UnitBillingSettingsPatchBody,
} from './responses.ts';

/**
 * The staff's payment forms (web): the fields as typed, checked with the API's own messages, and
 * turned into the bodies of POST /contracts/{id}/payment-plan and /installments/{id}/mark-paid.
 */

export const BILLING_FORM_MESSAGES = {
  paidOnInvalid: 'Informe a data do pagamento (dd/mm/aaaa).',
  paidOnFuture: 'A data do pagamento não pode estar no futuro.',
} as const;

const wholeInRange = (message: string, min: number, max: number) =>
  countField(message, max, message).refine((value) => value >= min, message);

/** The plan dialog's 'Forma de pagamento': a method, and with API Pix how it collects. */
export const PLAN_FORMS = ['pix_manual', 'api_pix', 'pix_automatico'] as const;
export type PlanForm = (typeof PLAN_FORMS)[number];
export const PLAN_FORM_LABELS: Record<PlanForm, string> = {
  pix_manual: 'Pix manual (QR Code estático, confirmação pela equipe)',
  api_pix: 'API Pix: cobrança com vencimento a cada parcela',
  pix_automatico: 'Pix Automático: a cliente autoriza uma vez, as parcelas são debitadas',
};
export function planFormOf(plan: { method: PaymentMethod; pix_automatico: boolean }): PlanForm {
  return plan.method === 'api_pix' && plan.pix_automatico ? 'pix_automatico' : plan.method;
}

/** 'Criar plano de pagamento' / 'Alterar plano'. */
export const paymentPlanFormSchema = z.object({
  method: z.enum(PLAN_FORMS, { error: BILLING_MESSAGES.methodInvalid }),
  installments: wholeInRange(BILLING_MESSAGES.installmentsInvalid, 1, PLAN_MAX_INSTALLMENTS),
  due_day: wholeInRange(BILLING_MESSAGES.dueDayInvalid, 1, 31),
});
export type PaymentPlanFormData = z.output<typeof paymentPlanFormSchema>;

export function paymentPlanBody(values: PaymentPlanFormData): PaymentPlanCreate {
  return {
    method: values.method === 'pix_automatico' ? 'api_pix' : values.method,
    pix_automatico: values.method === 'pix_automatico',
    installments: values.installments,
    due_day: values.due_day,
  };
}

/** 'Registrar pagamento': the São Paulo day the Pix arrived (not after today) and a note. */
export function markPaidFormSchema(today: string) {
  return z.object({
    paid_on: z
      .string({ error: BILLING_FORM_MESSAGES.paidOnInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, BILLING_FORM_MESSAGES.paidOnInvalid)
      .refine(isQueryableDate, BILLING_FORM_MESSAGES.paidOnInvalid)
      .refine((day) => day <= today, BILLING_FORM_MESSAGES.paidOnFuture),
    note: z.string().trim().max(BILLING_NOTE_MAX_LENGTH, BILLING_MESSAGES.noteTooLong),
  });
}
export type MarkPaidFormData = z.output<ReturnType<typeof markPaidFormSchema>>;

/**
 * The body of mark-paid: today's payment at this instant; an earlier day at its noon in São
 * Paulo (the API refuses an instant in the future, which noon of today may still be).
 */
export function markPaidBody(values: MarkPaidFormData, now: Date = new Date()): MarkPaid {
  const paidAt =
    values.paid_on === saoPauloDate(now)
      ? now.toISOString()
      : new Date(saoPauloDayStart(values.paid_on).getTime() + 12 * 3_600_000).toISOString();
  return { paid_at: paidAt, note: values.note.trim() || null };
}

/**
 * A number as a person in Brazil types it ('1.234,50', '-50', '5,5'), checked with the API's
 * own message and turned into a number; blank or unreadable text is refused.
 */
const typedNumber = (message: string) =>
  z.string({ error: message }).transform((text, context) => {
    const value = parseBrazilianNumber(text.replace(/^\s*R\$\s*/, ''));
    if (value === null || !Number.isFinite(value)) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });

/** 'Adicionar ajuste': an advance (negative) or a bonus, and its reason. */
export const commissionAdjustmentFormSchema = z.object({
  amount: typedNumber(COMMISSION_MESSAGES.adjustmentAmountInvalid).pipe(
    commissionAdjustmentBodySchema.shape.amount,
  ),
  reason: commissionAdjustmentBodySchema.shape.reason,
});
export interface CommissionAdjustmentFormValues {
  amount: string;
  reason: string;
  [key: string]: unknown;
}

/** The body of POST …/adjustments from the form as typed. */
export function commissionAdjustmentBody(
  values: CommissionAdjustmentFormValues,
): CommissionAdjustmentBody {
  const amount = parseBrazilianNumber(values.amount.replace(/^\s*R\$\s*/, '')) ?? 0;
  return { amount, reason: values.reason.trim() };
}

/**
 * 'Nova regra' / 'Editar regra' (admins): the rule's fields as typed — a percent, a fixed amount
 * or tiers — checked by the API's own schema (commissionRuleBodySchema) once turned into its
 * body, so the messages are the API's.
 */
export interface CommissionRuleFormValues {
  name: string;
  event: string;
  basis: string;
  /** 'pct', 'fixo' or 'faixas'. */
  rate_type: string;
  /** The percent, the amount, or the tiers as 'from: percent' pairs ('0: 5; 10.000: 7'). */
  rate_value: string;
  clawback: string;
  valid_from: string;
  /** COMMISSION_NETWORK_SCOPE for the whole network. */
  unit: string;
  /** A saved rule's profile and professional scope, kept as they are (not edited here). */
  profile: string;
  professional_id: string;
  [key: string]: unknown;
}

const typedAmount = (text: string) =>
  parseBrazilianNumber(text.replace(/^\s*R\$\s*/, '').replace(/\s*%\s*$/, ''));

/**
 * Tiers as typed: 'from: percent' pairs split by ';' or new lines, the month's total from which
 * each percent applies ('0: 5; 10.000: 7'); null when a pair is unreadable.
 */
export function parseCommissionTiers(text: string): { from: number; value: number }[] | null {
  const pairs = text
    .split(/[;\n]/)
    .map((pair) => pair.trim())
    .filter(Boolean);
  const tiers: { from: number; value: number }[] = [];
  for (const pair of pairs) {
    const [from, value, extra] = pair.split(':');
    if (from === undefined || value === undefined || extra !== undefined) return null;
    const fromReais = typedAmount(from);
    const percent = typedAmount(value);
    if (fromReais === null || percent === null) return null;
    tiers.push({ from: fromReais, value: percent });
  }
  return tiers;
}

const decimalText = (value: number) => String(value).replace('.', ',');

/** The form's value of 'Unidade' for a rule of the whole network. */
export const COMMISSION_NETWORK_SCOPE = 'rede';

export function commissionRuleFormBody(values: CommissionRuleFormValues): CommissionRuleBody {
  const value = typedAmount(values.rate_value);
  const rate =
    values.rate_type === 'faixas'
      ? { type: 'faixas' as const, tiers: parseCommissionTiers(values.rate_value) ?? [] }
      : { type: values.rate_type === 'fixo' ? 'fixo' : 'pct', value: value ?? Number.NaN };
  const professionalId = Number(values.professional_id);
  return {
    name: values.name,
    scope: {
      ...(values.unit && values.unit !== COMMISSION_NETWORK_SCOPE ? { unit: values.unit } : {}),
      ...(values.profile ? { profile: values.profile } : {}),
      ...(values.professional_id ? { professional_id: professionalId } : {}),
    },
    event: values.event as CommissionRuleBody['event'],
    basis: values.basis as CommissionRuleBody['basis'],
    rate: rate as CommissionRuleBody['rate'],
    clawback: values.clawback as CommissionRuleBody['clawback'],
    valid_from: values.valid_from,
  };
}

/** The form's fields, validated as the body they become (the errors land on the typed fields). */
export const commissionRuleFormSchema = z
  .object({
    name: z.string(),
    event: z.string(),
    basis: z.string(),
    rate_type: z.string(),
    rate_value: z.string(),
    clawback: z.string(),
    valid_from: z.string(),
    unit: z.string(),
    profile: z.string(),
    professional_id: z.string(),
  })
  .superRefine((values, context) => {
    const parsed = commissionRuleBodySchema.safeParse(commissionRuleFormBody(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path;
      const field =
        first === 'rate' ? 'rate_value' : first === 'scope' ? 'unit' : String(first ?? 'name');
      void second;
      context.addIssue({ code: 'custom', message: issue.message, path: [field] });
    }
  });

/** The form's values of a saved rule (its latest version), for 'Editar regra'. */
export function commissionRuleFormValues(rule: CommissionRuleView | null, today: string) {
  const rate = rule?.rate;
  const rateValue =
    rate?.type === 'faixas'
      ? (rate.tiers ?? []).map((tier) => `${decimalText(tier.from)}: ${decimalText(tier.value)}`)
      : rate?.value === undefined || rate.value === null
        ? []
        : [decimalText(rate.value)];
  return {
    name: rule?.name ?? '',
    event: rule?.event ?? 'venda_aceita',
    basis: rule?.basis ?? 'margem',
    rate_type: rate?.type ?? 'pct',
    rate_value: rateValue.join('; '),
    clawback: rule?.clawback ?? 'integral',
    valid_from: rule ? (rule.valid_from > today ? rule.valid_from : today) : today,
    unit: rule?.scope.unit ?? COMMISSION_NETWORK_SCOPE,
    profile: rule?.scope.profile ?? '',
    professional_id:
      rule?.scope.professional_id === undefined || rule.scope.professional_id === null
        ? ''
        : String(rule.scope.professional_id),
  } satisfies CommissionRuleFormValues;
}

export const COMMISSION_EVENT_LABELS: Record<CommissionEvent, string> = {
  venda_aceita: 'Venda aceita',
  parcela_paga: 'Parcela paga',
  sessao_realizada: 'Sessão realizada',
};
export const COMMISSION_BASIS_LABELS: Record<CommissionBasis, string> = {
  preco_contratado: 'Preço contratado',
  margem: 'Margem (lucro)',
};
export const COMMISSION_CLAWBACK_LABELS: Record<CommissionClawback, string> = {
  nenhum: 'Nenhum',
  proporcional: 'Proporcional',
  integral: 'Integral',
};

/** 'R$ 40,00 por evento', '5 %', or the tiers. */
export function commissionRateText(rate: CommissionRuleView['rate']): string {
  if (rate.type === 'fixo') return `${formatReais(rate.value ?? 0)} por evento`;
  if (rate.type === 'pct') return `${formatPercent(rate.value ?? 0)}`;
  return (rate.tiers ?? [])
    .map((tier) => `${formatPercent(tier.value)} a partir de ${formatReais(tier.from)}`)
    .join('; ');
}

export const UNIT_PIX_FORM_MESSAGES = {
  apiBaseUrlRequired: 'Informe a URL base da API Pix (https://…).',
  apiTokenUrlRequired: 'Informe a URL de token OAuth2 (https://…).',
  apiClientIdRequired: 'Informe o client id OAuth2.',
  apiClientIdInvalid: 'O client id deve ter até 200 caracteres.',
  apiClientSecretRequired: 'Informe o client secret OAuth2.',
  apiClientSecretInvalid: 'O client secret deve ter até 500 caracteres.',
  apiCertificateMissing: 'Cole também o certificado (PEM).',
  apiPrivateKeyMissing: 'Cole também a chave privada (PEM).',
  apiCertificateNotPem: 'Cole o certificado em formato PEM (-----BEGIN CERTIFICATE-----).',
  apiPrivateKeyNotPem: 'Cole a chave privada em formato PEM (-----BEGIN PRIVATE KEY-----).',
  saved: 'Configurações Pix salvas.',
  saveFailed: 'Não foi possível salvar as configurações Pix.',
  loadFailed: 'Não foi possível carregar as configurações Pix.',
} as const;

const patchFields = unitBillingSettingsPatchSchema.shape;
/**
 * Blank, or what `schema` accepts, with `schema`'s own pt-BR message: a union would answer its
 * generic 'Entrada inválida' for a branch of five digits or a short webhook secret.
 */
const blankOr = (schema: z.ZodType<string>) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
      }
    });

/**
 * The admins' Pix form of a unit (issue 29), checked with the API's own field rules
 * (unitBillingSettingsPatchSchema). Secrets are never shown: a blank secret keeps the saved one,
 * a typed one replaces it. With 'api_pix' the API's URLs and client id are required, and a
 * client secret unless one is already saved (`clientSecretSet`). The mTLS certificate and its
 * private key are pasted together (PEM), or both left blank to keep the saved pair.
 */
export function unitPixFormSchema(saved: { clientSecretSet: boolean }) {
  return z
    .object({
      pix_key: pixKeySchema,
      pix_merchant_name: patchFields.pix_merchant_name.unwrap(),
      pix_merchant_city: patchFields.pix_merchant_city.unwrap(),
      provider: patchFields.provider.unwrap(),
      api_base_url: z.string().trim(),
      api_token_url: z.string().trim(),
      api_client_id: z.string().trim().max(200, UNIT_PIX_FORM_MESSAGES.apiClientIdInvalid),
      api_client_secret: z.string().max(500, UNIT_PIX_FORM_MESSAGES.apiClientSecretInvalid),
      webhook_secret: blankOr(patchFields.webhook_secret.unwrap().unwrap()),
      account_branch: blankOr(patchFields.account_branch.unwrap().unwrap()),
      account_number: blankOr(patchFields.account_number.unwrap().unwrap()),
      account_type: z.union([z.literal(''), patchFields.account_type.unwrap().unwrap()]),
      api_certificate: z.string().trim(),
      api_private_key: z.string().trim(),
    })
    .superRefine((values, ctx) => {
      // The mTLS pair: both typed (replaces the saved one) or both blank (keeps it).
      const pem = [
        ['api_certificate', /-----BEGIN CERTIFICATE-----/, 'apiCertificate'],
        ['api_private_key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'apiPrivateKey'],
      ] as const;
      const typed = pem.filter(([field]) => values[field] !== '');
      for (const [field, header, name] of pem) {
        const value = values[field];
        const message =
          value === ''
            ? typed.length > 0
              ? UNIT_PIX_FORM_MESSAGES[`${name}Missing`]
              : null
            : header.test(value)
              ? null
              : UNIT_PIX_FORM_MESSAGES[`${name}NotPem`];
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
      const urls = [
        ['api_base_url', UNIT_PIX_FORM_MESSAGES.apiBaseUrlRequired],
        ['api_token_url', UNIT_PIX_FORM_MESSAGES.apiTokenUrlRequired],
      ] as const;
      for (const [field, message] of urls) {
        const value = values[field];
        const required = values.provider === 'api_pix';
        if ((required || value !== '') && !patchFields[field].safeParse(value).success) {
          ctx.addIssue({ code: 'custom', path: [field], message });
        }
      }
      if (values.provider !== 'api_pix') return;
      if (values.api_client_id === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['api_client_id'],
          message: UNIT_PIX_FORM_MESSAGES.apiClientIdRequired,
        });
      }
      if (values.api_client_secret === '' && !saved.clientSecretSet) {
        ctx.addIssue({
          code: 'custom',
          path: ['api_client_secret'],
          message: UNIT_PIX_FORM_MESSAGES.apiClientSecretRequired,
        });
      }
    });
}
export type UnitPixFormData = z.output<ReturnType<typeof unitPixFormSchema>>;

/** The form's text as it starts: the saved settings, secrets blank (never shown). */
export function unitPixFormValues(settings: UnitBillingSettings) {
  return {
    pix_key: settings.pix_key ?? '',
    pix_merchant_name: settings.pix_merchant_name ?? '',
    pix_merchant_city: settings.pix_merchant_city ?? '',
    provider: settings.provider,
    api_base_url: settings.api_base_url ?? '',
    api_token_url: settings.api_token_url ?? '',
    api_client_id: settings.api_client_id ?? '',
    api_client_secret: '',
    webhook_secret: '',
    account_branch: settings.account_branch ?? '',
    account_number: settings.account_number ?? '',
    account_type: settings.account_type ?? '',
    api_certificate: '',
    api_private_key: '',
  };
}

/**
 * PATCH /units/{code}/billing from the form: the key, name and city; the API's access (blank
 * clears it); a secret only when one was typed (a blank keeps the saved one).
 */
export function unitPixBody(values: UnitPixFormData): UnitBillingSettingsPatchBody {
  const orNull = (text: string) => (text === '' ? null : text);
  return {
    pix_key: values.pix_key,
    pix_merchant_name: values.pix_merchant_name,
    pix_merchant_city: values.pix_merchant_city,
    provider: values.provider,
    api_base_url: orNull(values.api_base_url),
    api_token_url: orNull(values.api_token_url),
    api_client_id: orNull(values.api_client_id),
    account_branch: orNull(values.account_branch),
    account_number: orNull(values.account_number),
    account_type: values.account_type === '' ? null : values.account_type,
    ...(values.api_client_secret !== '' ? { api_client_secret: values.api_client_secret } : {}),
    ...(values.webhook_secret !== '' ? { webhook_secret: values.webhook_secret } : {}),
    ...(values.api_certificate !== '' && values.api_private_key !== ''
      ? { api_certificate: values.api_certificate, api_private_key: values.api_private_key }
      : {}),
  };
}

import { isQueryableDate } from '../shared/dates.ts';
import { z } from '../shared/zod.ts';
import { INSTALLMENT_STATUSES } from './installments.ts';
import { PAYMENT_METHODS } from './api-schemas.ts';
import { MANDATE_STATUSES } from './payment-events.ts';
import { pixKeySchema } from './pix-key.ts';
import { BR_CODE_MERCHANT_CITY_MAX, BR_CODE_MERCHANT_NAME_MAX } from './br-code.ts';

/**
 * Answers of the billing routes (issue 29) and the unit's Pix settings. Amounts in reais with two
 * decimals, like every answer; the domain works in centavos.
 */

/** API Pix `DadosBancariosRecebedor.tipoConta`. */
export const ACCOUNT_TYPES = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  CORRENTE: 'Conta corrente',
  POUPANCA: 'Poupança',
  PAGAMENTO: 'Conta de pagamento',
};

export const REFUND_REASONS = ['desistencia', 'cancelamento'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_STATUSES = ['pendente', 'solicitada', 'concluida', 'falhou'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pendente: 'A devolver',
  solicitada: 'Devolução enviada',
  concluida: 'Devolvida',
  falhou: 'Devolução falhou',
};

export const BILLING_ANSWERS = {
  planNotFound: 'Este contrato ainda não tem plano de pagamento.',
  automaticNeedsApi: 'Pix Automático só existe com API Pix: escolha a forma API Pix.',
  unknownMandate: 'Autorização desconhecida: nenhum plano desta unidade tem esta recorrência.',
  automaticNeedsInstallments: 'Pix Automático precisa de ao menos 2 parcelas.',
  automaticNeedsAccount:
    'Pix Automático precisa da conta da unidade (agência, conta e tipo) nas configurações de Pix.',
  installmentNotFound: 'Parcela não encontrada.',
  planHasPayments: 'O plano já tem parcela paga: não é possível alterá-lo.',
  contractEnded: 'O contrato foi encerrado: o plano não pode ser alterado.',
  alreadyPaid: 'Esta parcela já está paga.',
  notPayable: 'Esta parcela não pode ser marcada como paga.',
  paidInFuture: 'A data do pagamento não pode estar no futuro.',
  providerNotConfigured:
    'A unidade não tem API Pix configurada: use Pix manual ou peça ao administrador para configurá-la.',
  noPixKey: 'A unidade ainda não cadastrou a chave Pix.',
  refundNotFound: 'Devolução não encontrada.',
  refundNotPending: 'Esta devolução não está pendente.',
  webhookForbidden: 'Webhook não autorizado.',
  webhookUnknownProvider: 'Provedor de pagamento desconhecido.',
  unitInvalid: 'Unidade inválida.',
  statusInvalid: 'Situação inválida.',
  dayInvalid: 'Data inválida (use AAAA-MM-DD).',
} as const;

export const installmentViewSchema = z.object({
  id: z.number().int(),
  n: z.number().int(),
  due_date: z.string(),
  amount: z.number(),
  status: z.enum(INSTALLMENT_STATUSES),
  status_label: z.string(),
  paid_at: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  /** The static BR Code (pix_manual) of an instalment still owed; null when none can be made. */
  pix_copia_e_cola: z.string().nullable(),
});
export type InstallmentView = z.output<typeof installmentViewSchema>;

export const refundViewSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
  status_label: z.string(),
  method: z.enum(PAYMENT_METHODS),
  created_at: z.string(),
  done_at: z.string().nullable(),
});
export type RefundView = z.output<typeof refundViewSchema>;

/** A plan's Pix Automático authorisation; null on a plan that does not use one. */
export const mandateViewSchema = z
  .object({ status: z.enum(MANDATE_STATUSES), status_label: z.string() })
  .nullable();
export type MandateView = z.output<typeof mandateViewSchema>;

/** GET /contracts/{id}/payments */
export const contractPaymentsSchema = z.object({
  plan: z.object({
    method: z.enum(PAYMENT_METHODS),
    pix_automatico: z.boolean(),
    mandate: mandateViewSchema,
    installments: z.number().int(),
    due_day: z.number().int(),
    total: z.number(),
    paid: z.number(),
    open: z.number(),
  }),
  installments: z.array(installmentViewSchema),
  refunds: z.array(refundViewSchema),
  /** Where the staff's WhatsApp '2ª via' goes; null when the client has no phone. */
  client_phone: z.string().nullable(),
});
export type ContractPayments = z.output<typeof contractPaymentsSchema>;

// zod runs every check even after the pattern fails, so the calendar check must take any text:
// isQueryableDate (shared/dates.ts) does; `new Date('-1…').toISOString()` threw a 500.
const dayParam = z
  .string({ error: BILLING_ANSWERS.dayInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, BILLING_ANSWERS.dayInvalid)
  .refine(isQueryableDate, BILLING_ANSWERS.dayInvalid);

/** GET /billing/receivables?unit=&status=&from=&to= (due dates, São Paulo days, inclusive). */
export const receivablesQuerySchema = z.object({
  unit: z.string({ error: BILLING_ANSWERS.unitInvalid }).trim().min(1).max(60).optional(),
  status: z.enum(INSTALLMENT_STATUSES, { error: BILLING_ANSWERS.statusInvalid }).optional(),
  /**
   * `encerrada`: the next instalment still owed of each plan whose Pix Automático authorisation
   * ended (cancelled, refused or expired), to be chased by hand.
   */
  mandate: z.enum(['encerrada'], { error: BILLING_ANSWERS.statusInvalid }).optional(),
  from: dayParam.optional(),
  to: dayParam.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ReceivablesQuery = z.output<typeof receivablesQuerySchema>;

export const receivableSchema = z.object({
  installment_id: z.number().int(),
  contract_id: z.number().int(),
  contract_number: z.string(),
  /** `phone`: where the WhatsApp '2ª via' goes; null when the client has none. */
  client: z.object({ id: z.number().int(), full_name: z.string(), phone: z.string().nullable() }),
  unit: z.string(),
  n: z.number().int(),
  installments: z.number().int(),
  due_date: z.string(),
  amount: z.number(),
  status: z.enum(INSTALLMENT_STATUSES),
  status_label: z.string(),
  overdue_days: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  mandate: mandateViewSchema,
});
export type Receivable = z.output<typeof receivableSchema>;

/** GET /units/{code}/billing: secrets are never answered, only whether they are set. */
export const unitBillingSettingsSchema = z.object({
  unit: z.string(),
  pix_key: z.string().nullable(),
  pix_merchant_name: z.string().nullable(),
  pix_merchant_city: z.string().nullable(),
  provider: z.enum(PAYMENT_METHODS),
  api_base_url: z.string().nullable(),
  api_token_url: z.string().nullable(),
  api_client_id: z.string().nullable(),
  api_client_secret_set: z.boolean(),
  webhook_secret_set: z.boolean(),
  /** The unit's account at the institution: API Pix `cobr` names where the money goes. */
  account_branch: z.string().nullable(),
  account_number: z.string().nullable(),
  account_type: z.enum(ACCOUNT_TYPES).nullable(),
  /** The mTLS client certificate and its private key are saved (neither is ever answered). */
  api_certificate_set: z.boolean(),
});
export type UnitBillingSettings = z.output<typeof unitBillingSettingsSchema>;

const httpsUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(300, message)
    .refine((text) => {
      try {
        const url = new URL(text);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, message);

/** A certificate chain or key in PEM, generously. */
const PEM_MAX = 20_000;

/** The API's answers about a unit's mTLS certificate (PATCH /units/{code}/billing). */
export const MTLS_ANSWERS = {
  pairRequired: 'Envie o certificado e a chave privada juntos.',
  certificateInvalid:
    'Certificado inválido: cole o certificado em formato PEM (-----BEGIN CERTIFICATE-----).',
  privateKeyInvalid:
    'Chave privada inválida: cole a chave em formato PEM (-----BEGIN PRIVATE KEY-----), sem senha.',
  keyMismatch: 'A chave privada não corresponde ao certificado.',
  certificateExpired: (day: string) => `O certificado venceu em ${day}.`,
} as const;

/** PATCH /units/{code}/billing (admins): what is absent stays as it was. */
export const unitBillingSettingsPatchSchema = z.object({
  pix_key: pixKeySchema.optional(),
  pix_merchant_name: z
    .string({ error: 'Informe o nome do recebedor.' })
    .trim()
    .min(1, 'Informe o nome do recebedor.')
    .max(BR_CODE_MERCHANT_NAME_MAX, `O nome deve ter até ${BR_CODE_MERCHANT_NAME_MAX} caracteres.`)
    .optional(),
  pix_merchant_city: z
    .string({ error: 'Informe a cidade do recebedor.' })
    .trim()
    .min(1, 'Informe a cidade do recebedor.')
    .max(
      BR_CODE_MERCHANT_CITY_MAX,
      `A cidade deve ter até ${BR_CODE_MERCHANT_CITY_MAX} caracteres.`,
    )
    .optional(),
  provider: z
    .enum(PAYMENT_METHODS, { error: 'Provedor deve ser pix_manual ou api_pix.' })
    .optional(),
  api_base_url: httpsUrl('Informe a URL base da API Pix (https://…).').nullable().optional(),
  api_token_url: httpsUrl('Informe a URL de token OAuth2 (https://…).').nullable().optional(),
  api_client_id: z.string().trim().min(1).max(200).nullable().optional(),
  /** Write-only: sealed at rest, never answered. */
  api_client_secret: z.string().min(1).max(500).nullable().optional(),
  /** Write-only: the secret the provider's webhook URL carries. */
  webhook_secret: z
    .string({ error: 'O segredo do webhook deve ter de 16 a 200 letras ou números.' })
    .regex(
      /^[A-Za-z0-9_-]{16,200}$/,
      'O segredo do webhook deve ter de 16 a 200 letras ou números.',
    )
    .nullable()
    .optional(),
  account_branch: z
    .string({ error: 'A agência deve ter até 4 dígitos.' })
    .regex(/^\d{1,4}$/, 'A agência deve ter até 4 dígitos.')
    .nullable()
    .optional(),
  account_number: z
    .string({ error: 'A conta deve ter de 1 a 20 dígitos (sem traço).' })
    .regex(/^\d{1,20}$/, 'A conta deve ter de 1 a 20 dígitos (sem traço).')
    .nullable()
    .optional(),
  account_type: z
    .enum(ACCOUNT_TYPES, { error: 'Tipo de conta deve ser CORRENTE, POUPANCA ou PAGAMENTO.' })
    .nullable()
    .optional(),
  /** The API Pix mTLS client certificate (PEM), sent with its key; null clears both. */
  api_certificate: z
    .string({ error: 'Cole o certificado em formato PEM.' })
    .trim()
    .min(1, 'Cole o certificado em formato PEM.')
    .max(PEM_MAX, 'O certificado é grande demais (até 20 000 caracteres).')
    .nullable()
    .optional(),
  /** Write-only: the certificate's private key (PEM, unencrypted), sealed at rest. */
  api_private_key: z
    .string({ error: 'Cole a chave privada em formato PEM.' })
    .trim()
    .min(1, 'Cole a chave privada em formato PEM.')
    .max(PEM_MAX, 'A chave privada é grande demais (até 20 000 caracteres).')
    .nullable()
    .optional(),
});
export type UnitBillingSettingsPatch = z.output<typeof unitBillingSettingsPatchSchema>;
export type UnitBillingSettingsPatchBody = z.input<typeof unitBillingSettingsPatchSchema>;

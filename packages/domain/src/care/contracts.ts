import { z } from '../shared/zod.ts';
import { isQueryableDate } from '../shared/dates.ts';
import { multiLineText } from '../shared/text-fields.ts';
import { UNITS } from '../people/users.ts';
import { CONTRACT_MESSAGES, CONTRACT_STATUSES, LEDGER_KINDS } from './ledger.ts';

/**
 * The contracts API (issue 28): what `GET /contracts/{id}` answers and what the session, freeze,
 * extend, withdraw and cancel routes take. Money on the wire is a JSON number of reais with two
 * decimals (DESIGN.md section 4); inside the domain it is centavos.
 */

const ref = z.object({ id: z.number().int(), name: z.string() });
const dayText = z
  .string({ error: CONTRACT_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, CONTRACT_MESSAGES.dateInvalid)
  .refine(isQueryableDate, CONTRACT_MESSAGES.dateInvalid);
const positiveId = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

const reason = multiLineText({
  max: 500,
  tooLong: CONTRACT_MESSAGES.reasonTooLong,
  required: CONTRACT_MESSAGES.reasonRequired,
});
const optionalReason = multiLineText({ max: 500, tooLong: CONTRACT_MESSAGES.reasonTooLong });
const note = multiLineText({ max: 500, tooLong: CONTRACT_MESSAGES.noteTooLong });

export const CONTRACT_CHANNELS = ['link', 'presencial'] as const;
export type ContractChannel = (typeof CONTRACT_CHANNELS)[number];

export const contractEntitlementSchema = z.object({
  service_id: z.number().int(),
  name: z.string(),
  sessions_total: z.number().int(),
  sessions_used: z.number().int(),
  sessions_remaining: z.number().int(),
  /** The contracted price of one session (the first sessions may carry one centavo more). */
  unit_price: z.number(),
  /** Σ of the contracted prices of this procedure's sessions. */
  total_value: z.number(),
  used_value: z.number(),
  /** The last session's day plus the procedure's minimum interval, when both are known. */
  next_allowed_date: z.string().nullable(),
});
export type ContractEntitlement = z.output<typeof contractEntitlementSchema>;

export const contractLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** pt-BR: 'Sessão realizada', 'Contrato congelado', … */
  label: z.string(),
  service_id: z.number().int().nullable(),
  service_name: z.string().nullable(),
  quantity: z.number().int(),
  /** A reversal: the session it cancels; a session: the reversal that cancelled it. */
  reverses_id: z.number().int().nullable(),
  reversed_by_id: z.number().int().nullable(),
  /** A session: the São Paulo day performed; a freeze: its first day. */
  on_date: z.string().nullable(),
  /** A freeze: its last day. */
  until_date: z.string().nullable(),
  days: z.number().int().nullable(),
  /** A session: who performed it. */
  professional: ref.nullable(),
  /** Who recorded it (null: the client through her link, or the clock). */
  actor: ref.nullable(),
  /** 'Cliente (link)', 'Sistema' or the actor's name. */
  actor_label: z.string(),
  unit: z.enum(UNITS),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  override_reason: z.string().nullable(),
  created_at: z.string(),
});
export type ContractLedgerEntry = z.output<typeof contractLedgerEntrySchema>;

export const contractSummarySchema = z.object({
  id: z.number().int(),
  /** The proposal's number: what the client and the clinic already call the deal. */
  number: z.string(),
  client: z.object({ id: z.number().int(), full_name: z.string() }),
  unit: z.enum(UNITS),
  seller: ref,
  proposal_id: z.number().int(),
  package_name: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  channel: z.enum(CONTRACT_CHANNELS),
  accepted_at: z.string(),
  valid_from: z.string(),
  valid_until: z.string(),
  /** The end of the 7-day withdrawal of a remote acceptance (CDC art. 49); null in person. */
  withdrawal_until: z.string().nullable(),
  price_total: z.number(),
  sessions_total: z.number().int(),
  sessions_used: z.number().int(),
});
export type ContractSummary = z.output<typeof contractSummarySchema>;

export const contractSchema = contractSummarySchema.extend({
  frozen_until: z.string().nullable(),
  can_withdraw: z.boolean(),
  entitlements: z.array(contractEntitlementSchema),
  ledger: z.array(contractLedgerEntrySchema),
});
export type Contract = z.output<typeof contractSchema>;

const idQuery = z.coerce
  .number({ error: CONTRACT_MESSAGES.notFound })
  .pipe(positiveId(CONTRACT_MESSAGES.notFound));

/** GET /contracts/?client_id=&status=&unit=&today=1 */
export const contractListQuerySchema = z.object({
  client_id: idQuery.optional(),
  status: z.enum(CONTRACT_STATUSES, { error: 'Situação inválida.' }).optional(),
  unit: z.enum(UNITS, { error: 'Unidade inválida.' }).optional(),
  /** Searches the client's name (the front desk's 'Sessões de hoje'). */
  q: z.string().trim().max(200, 'A pesquisa deve ter no máximo 200 caracteres.').optional(),
  limit: z.coerce
    .number({ error: 'O limite deve ser um número inteiro entre 1 e 100.' })
    .int('O limite deve ser um número inteiro entre 1 e 100.')
    .min(1, 'O limite deve ser um número inteiro entre 1 e 100.')
    .max(100, 'O limite deve ser um número inteiro entre 1 e 100.')
    .optional(),
  offset: z.coerce
    .number({ error: 'O deslocamento deve ser um número inteiro maior ou igual a 0.' })
    .int('O deslocamento deve ser um número inteiro maior ou igual a 0.')
    .min(0, 'O deslocamento deve ser um número inteiro maior ou igual a 0.')
    .max(1_000_000, 'O deslocamento deve ser um número inteiro maior ou igual a 0.')
    .optional(),
});
export type ContractListQueryData = z.output<typeof contractListQuerySchema>;

/** POST /contracts/{id}/sessions */
export const sessionRecordSchema = z.object({
  service_id: positiveId(CONTRACT_MESSAGES.notInContract),
  /** São Paulo day; today when absent. */
  performed_at: dayText.optional(),
  /** Defaults to the signed-in user. */
  professional_id: positiveId('Profissional inválido.').optional(),
  note: note.optional(),
  /** Needed to record a session the client's record contraindicates absolutely. */
  override_reason: optionalReason.optional(),
});
export type SessionRecordData = z.output<typeof sessionRecordSchema>;

export const reasonBodySchema = z.object({ reason });
export type ReasonBodyData = z.output<typeof reasonBodySchema>;

export const optionalReasonBodySchema = z.object({ reason: optionalReason.optional() });

export const contractFreezeSchema = z.object({ until: dayText, reason });
export type ContractFreezeData = z.output<typeof contractFreezeSchema>;

export const contractExtendSchema = z.object({
  days: z
    .number({ error: CONTRACT_MESSAGES.daysInvalid })
    .int(CONTRACT_MESSAGES.daysInvalid)
    .min(1, CONTRACT_MESSAGES.daysInvalid)
    .max(365, CONTRACT_MESSAGES.daysInvalid),
  reason,
});
export type ContractExtendData = z.output<typeof contractExtendSchema>;

/** POST /proposals/{id}/accept-in-person: the client types her name in front of the staff. */
export const acceptInPersonSchema = z.object({
  full_name: z
    .string({ error: 'Digite o nome completo da cliente.' })
    .trim()
    .min(1, 'Digite o nome completo da cliente.')
    .max(200, 'O nome deve ter até 200 caracteres.'),
});

export const acceptInPersonResponseSchema = z.object({
  contract_id: z.number().int(),
  proposal_id: z.number().int(),
  status: z.enum(CONTRACT_STATUSES),
});

/** GET /contracts/{id}/cancellation-quote */
export const cancellationQuoteSchema = z.object({
  /** The rule applied, in pt-BR, with its numbers. */
  rule: z.string(),
  paid: z.number(),
  used_sessions: z.number().int(),
  used_value: z.number(),
  /** The fee on the unused part (a network setting, admins edit it). */
  fee: z.number(),
  fee_percent: z.number(),
  refund_due: z.number(),
});
export type CancellationQuote = z.output<typeof cancellationQuoteSchema>;

/** GET /contracts/sessions?date=YYYY-MM-DD&unit= (default: today in São Paulo). */
export const daySessionsQuerySchema = z.object({
  date: dayText.optional(),
  unit: z.enum(UNITS, { error: 'Unidade inválida.' }).optional(),
});
export type DaySessionsQueryData = z.output<typeof daySessionsQuerySchema>;

/** A session recorded on the day asked: the front desk's 'Sessões de hoje'. */
export const daySessionSchema = z.object({
  entry_id: z.number().int(),
  contract_id: z.number().int(),
  number: z.string(),
  client: z.object({ id: z.number().int(), full_name: z.string() }),
  service_id: z.number().int(),
  service_name: z.string(),
  professional: ref.nullable(),
  on_date: z.string(),
  /** Reversed later with a reason: shown struck through, never hidden. */
  reversed: z.boolean(),
});
export type DaySession = z.output<typeof daySessionSchema>;

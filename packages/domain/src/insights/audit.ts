import { z } from '../shared/zod.ts';
import { listLimitParam, listOffsetParam } from '../shared/list-query.ts';

/** What the audit trail records changes of (issue 14). */
export const AUDIT_ENTITIES = [
  'service',
  'package',
  'synergy_relation',
  'ai_config',
  'user',
  'proposal',
  'contract',
  'client',
  'commission_rule',
  'commission_statement',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  service: 'Procedimento',
  package: 'Pacote',
  synergy_relation: 'Relação de sinergia',
  ai_config: 'Prompt de IA',
  user: 'Usuário',
  proposal: 'Proposta',
  contract: 'Contrato',
  client: 'Cliente',
  commission_rule: 'Regra de comissão',
  commission_statement: 'Extrato de comissão',
};

/** Who an entry shows for what a client did on her proposal's link (no staff member acted). */
export const AUDIT_LINK_ACTOR = 'Cliente, pelo link';

/** Actions the modules record; a proposal module may add its own (accept, decline, revoke). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  password_reset: 'Senha redefinida',
  accept: 'Aceite',
  decline: 'Recusa',
  revoke: 'Revogação',
  session: 'Sessão registrada',
  reverse: 'Sessão estornada',
  freeze: 'Congelamento',
  unfreeze: 'Descongelamento',
  extend: 'Prorrogação',
  withdraw: 'Desistência',
  cancel: 'Cancelamento',
  expire: 'Expiração',
  clinical_override: 'Contraindicação mantida com justificativa',
  send: 'Envio',
  revise: 'Revisão',
  consent_grant: 'Consentimento concedido',
  consent_revoke: 'Consentimento revogado',
  anonymize: 'Anonimização',
};

export const AUDIT_MESSAGES = {
  entityInvalid: `Entidade inválida. Use ${AUDIT_ENTITIES.join(', ')}.`,
  dateInvalid: 'Data inválida. Use o formato AAAA-MM-DD.',
  periodInvalid: 'A data inicial deve ser anterior ou igual à data final.',
  actorInvalid: 'Pessoa inválida.',
  entityIdInvalid: 'Identificador inválido.',
  serviceNotFound: 'Procedimento não encontrado.',
} as const;

/** The changed fields of an entry, as the API answered them (null: nothing before/after). */
export const auditChangesSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditChanges = z.output<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string(),
  action: z.string(),
  before: auditChangesSchema,
  after: auditChangesSchema,
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = z
  .string({ error: AUDIT_MESSAGES.dateInvalid })
  .regex(DATE, AUDIT_MESSAGES.dateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, AUDIT_MESSAGES.dateInvalid);

/** GET /audit/?entity=&entity_id=&actor_id=&from=&to=&limit=&offset= (dates in São Paulo). */
export const auditListQuerySchema = z
  .object({
    entity: z.enum(AUDIT_ENTITIES, { error: AUDIT_MESSAGES.entityInvalid }).optional(),
    entity_id: z
      .string({ error: AUDIT_MESSAGES.entityIdInvalid })
      .trim()
      .min(1, AUDIT_MESSAGES.entityIdInvalid)
      .max(64, AUDIT_MESSAGES.entityIdInvalid)
      .optional(),
    actor_id: z.coerce
      .number({ error: AUDIT_MESSAGES.actorInvalid })
      .int(AUDIT_MESSAGES.actorInvalid)
      .min(1, AUDIT_MESSAGES.actorInvalid)
      .max(2_147_483_647, AUDIT_MESSAGES.actorInvalid)
      .optional(),
    from: dateParam.optional(),
    to: dateParam.optional(),
    limit: listLimitParam.optional(),
    offset: listOffsetParam.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: AUDIT_MESSAGES.periodInvalid,
    path: ['to'],
  });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export type AuditListFilter = z.output<typeof auditListQuerySchema>;

/**
 * What broke the chain at `first_broken_id`: the entry is missing (deleted), or its content, hash
 * or seal does not hold (changed, or rewritten without the sealing key).
 */
export const AUDIT_BREAKS = ['missing', 'altered'] as const;
export type AuditBreak = (typeof AUDIT_BREAKS)[number];

/** GET /audit/verify: the chain walked from the first entry. */
export const auditVerifyResultSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  first_broken_id: z.number().int().nullable(),
  problem: z.enum(AUDIT_BREAKS).nullable(),
});
export type AuditVerifyResult = z.output<typeof auditVerifyResultSchema>;

/** The fields of a procedure its price history shows. */
export const PRICE_HISTORY_FIELDS = ['value', 'cost', 'min_margin_percent'] as const;
export type PriceHistoryField = (typeof PRICE_HISTORY_FIELDS)[number];

export const priceHistoryValuesSchema = z.object({
  value: z.number().optional(),
  cost: z.number().optional(),
  min_margin_percent: z.number().optional(),
});

/** GET /services/{id}/history: one entry per change of price, cost or minimum margin. */
export const servicePriceHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  before: priceHistoryValuesSchema.nullable(),
  after: priceHistoryValuesSchema.nullable(),
});
export type ServicePriceHistoryEntry = z.output<typeof servicePriceHistoryEntrySchema>;

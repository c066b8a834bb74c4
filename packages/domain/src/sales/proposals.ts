import { z } from '../shared/zod.ts';
import { UNITS } from '../people/users.ts';
import { SERVICE_BLOCKS, type ServiceBlock } from '../catalogue/service-constants.ts';
import { computePackageTotals, INSTALMENTS_PER_YEAR } from '../catalogue/package-totals.ts';
import { centavosToReais, reaisToCentavos } from '../shared/money.ts';
import { isAllowedByPackage, type SelectablePackage } from '../catalogue/package-selection.ts';
import { PROPOSAL_VALIDITY_DAYS } from './pdf-payloads.ts';
import { normalizeForComparison } from '../shared/text.ts';
import { multiLineText } from '../shared/text-fields.ts';
import { isQueryableDate } from '../shared/dates.ts';
import { clinicalIssueSchema, CLINICAL_OVERRIDE_REASON_MAX } from '../catalogue/clinical/check.ts';
import { addDays, saoPauloDate, saoPauloDayStart } from '../shared/sao-paulo-days.ts';

/**
 * Saved proposals (issue 13, DESIGN.md section 11): the wire contract of /api/v1/proposals/… and
 * /api/v1/public/proposals/{token}, and the rules the server applies when it saves one — the
 * selection checked against the package, every total computed here from the catalogue at that
 * moment, never taken from a browser.
 */

export const PROPOSAL_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
  'superseded',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** What the database keeps: `expired` is never stored, it is read from `valid_until`. */
export type StoredProposalStatus = Exclude<ProposalStatus, 'expired'>;
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Rascunho',
  sent: 'Enviada',
  viewed: 'Visualizada',
  accepted: 'Aceita',
  declined: 'Recusada',
  expired: 'Expirada',
  superseded: 'Substituída',
};

export const DECLINE_REASON_CODES = [
  'preco',
  'prazo',
  'concorrente',
  'sem_interesse',
  'saude',
  'outro',
] as const;
export type DeclineReasonCode = (typeof DECLINE_REASON_CODES)[number];
export const DECLINE_REASON_LABELS: Record<DeclineReasonCode, string> = {
  preco: 'Preço',
  prazo: 'Prazo',
  concorrente: 'Escolheu outra clínica',
  sem_interesse: 'Sem interesse',
  saude: 'Motivo de saúde',
  outro: 'Outro motivo',
};

export const PROPOSAL_VALID_DAYS_MAX = 90;
export const PROPOSAL_MAX_SESSIONS_PER_BLOCK = 200;
export const PROPOSAL_REASON_TEXT_MAX_LENGTH = 500;
export const PROPOSAL_LIST_LIMIT_MAX = 100;
/** 'Propostas' lists as a follow-up a proposal sent this many days ago without an answer. */
export const PROPOSAL_FOLLOW_UP_AFTER_DAYS = 3;
export const CLINIC_NAME = 'Portal Estética';

/** CDC art. 49: shown on the public page before the client accepts. */
export const WITHDRAWAL_NOTICE =
  'Direito de arrependimento: por se tratar de contratação fora do estabelecimento, você pode ' +
  'desistir em até 7 dias a contar da aceitação, sem custo e sem precisar justificar ' +
  '(Código de Defesa do Consumidor, art. 49).';
export const ACCEPT_TERMS_TEXT =
  'Li a proposta, estou de acordo com os procedimentos, as sessões e os valores acima e ' +
  'confirmo que o nome digitado é o meu nome completo.';

export const PROPOSAL_MESSAGES = {
  notFound: 'Proposta não encontrada.',
  clientRequired: 'Informe o cliente.',
  clientNotFound: 'Cliente não encontrado.',
  clientAnonymized: 'Este cliente foi anonimizado; não é possível criar propostas para ele.',
  clientAnonymizedSend: 'Este cliente foi anonimizado; a proposta não pode ser enviada nem aceita.',
  noProcedure: 'Selecione ao menos um procedimento para a proposta.',
  packageRequired: 'Informe o pacote.',
  overrideReasonInvalid:
    'Registre o motivo para manter o procedimento contraindicado (de 10 a 500 caracteres).',
  clinicalBlock:
    'Há procedimento contraindicado para este cliente. Retire-o ou registre o motivo (override_reason) para mantê-lo.',
  packageNotFound: 'Pacote não encontrado.',
  packageInactive: 'Este pacote está inativo.',
  idInvalid: 'Identificador inválido.',
  blocksInvalid: 'Envie os blocos A, B, C e D como listas de ids de procedimentos.',
  tooManySessions: `Cada bloco aceita no máximo ${PROPOSAL_MAX_SESSIONS_PER_BLOCK} sessões.`,
  validDaysInvalid: `A validade deve ser um número inteiro de dias entre 1 e ${PROPOSAL_VALID_DAYS_MAX}.`,
  reasonCodeInvalid: 'Motivo deve ser preco, prazo, concorrente, sem_interesse, saude ou outro.',
  reasonTextTooLong: `O motivo deve ter no máximo ${PROPOSAL_REASON_TEXT_MAX_LENGTH} caracteres.`,
  statusInvalid: 'Status inválido.',
  dateInvalid: 'Data inválida (use AAAA-MM-DD).',
  limitInvalid: `O limite deve ser um número entre 1 e ${PROPOSAL_LIST_LIMIT_MAX}.`,
  offsetInvalid: 'O deslocamento deve ser um número maior ou igual a 0.',
  fullNameRequired: 'Digite seu nome completo.',
  fullNameMismatch: 'O nome digitado não confere com o nome do cliente da proposta.',
  tooManyNameAttempts:
    'Muitas tentativas com um nome que não confere. Tente de novo mais tarde ou fale com a clínica.',
  termsRequired: 'É preciso marcar que leu e aceita os termos.',
  alreadyAccepted: 'Esta proposta já foi aceita.',
  notAcceptedYet: 'Esta proposta ainda não foi aceita.',
  alreadyDeclined: 'Esta proposta já foi recusada.',
  changedWhileAccepting: 'A proposta mudou enquanto o aceite era registrado. Abra o link de novo.',
  notOpen: 'Esta proposta não pode mais ser alterada.',
  superseded: 'Esta proposta foi substituída por uma versão mais recente.',
  expired: 'Esta proposta expirou. Peça uma nova proposta à clínica.',
  linkUnavailable: 'Link de proposta inválido, expirado ou revogado.',
  notSent: 'Esta proposta ainda não foi enviada.',
  noPhone: 'O cliente não tem telefone cadastrado.',
} as const;

const id = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

const serviceIds = z
  .array(id(PROPOSAL_MESSAGES.idInvalid), { error: PROPOSAL_MESSAGES.blocksInvalid })
  .max(PROPOSAL_MAX_SESSIONS_PER_BLOCK, PROPOSAL_MESSAGES.tooManySessions)
  .default([]);

/** Per block, service ids repeated once per session (the builder's selection). */
export const proposalBlocksSchema = z.object(
  { A: serviceIds, B: serviceIds, C: serviceIds, D: serviceIds },
  { error: PROPOSAL_MESSAGES.blocksInvalid },
);
export type ProposalBlocks = z.output<typeof proposalBlocksSchema>;

const validDays = z
  .number({ error: PROPOSAL_MESSAGES.validDaysInvalid })
  .int(PROPOSAL_MESSAGES.validDaysInvalid)
  .min(1, PROPOSAL_MESSAGES.validDaysInvalid)
  .max(PROPOSAL_VALID_DAYS_MAX, PROPOSAL_MESSAGES.validDaysInvalid);

/** POST /proposals/. Totals are never read from a body: the server computes them. */
/**
 * Why an absolute contraindication is kept anyway (issue 26): without it a save that meets one
 * answers 422 CLINICAL_BLOCK; with it, the proposal and the audit trail keep it per procedure.
 */
const overrideReason = z
  .string({ error: PROPOSAL_MESSAGES.overrideReasonInvalid })
  .trim()
  .min(10, PROPOSAL_MESSAGES.overrideReasonInvalid)
  .max(CLINICAL_OVERRIDE_REASON_MAX, PROPOSAL_MESSAGES.overrideReasonInvalid)
  .nullish()
  .transform((value) => value ?? null);

export const proposalCreateSchema = z.object({
  client_id: id(PROPOSAL_MESSAGES.clientRequired),
  package_id: id(PROPOSAL_MESSAGES.packageRequired),
  blocks: proposalBlocksSchema,
  valid_days: validDays.default(PROPOSAL_VALIDITY_DAYS),
  override_reason: overrideReason,
});
export type ProposalCreate = z.input<typeof proposalCreateSchema>;
export type ProposalCreateData = z.output<typeof proposalCreateSchema>;

/** POST /proposals/{id}/revise: version N+1 (new id, same number); the package may change. */
export const proposalReviseSchema = z.object({
  package_id: id(PROPOSAL_MESSAGES.packageRequired).optional(),
  blocks: proposalBlocksSchema,
  valid_days: validDays.optional(),
  override_reason: overrideReason,
});
export type ProposalRevise = z.input<typeof proposalReviseSchema>;
export type ProposalReviseData = z.output<typeof proposalReviseSchema>;

const reasonText = multiLineText({
  max: PROPOSAL_REASON_TEXT_MAX_LENGTH,
  tooLong: PROPOSAL_MESSAGES.reasonTextTooLong,
  invalid: PROPOSAL_MESSAGES.reasonTextTooLong,
})
  .nullish()
  .transform((value) => (value ? value : null));
const reasonCode = z.enum(DECLINE_REASON_CODES, { error: PROPOSAL_MESSAGES.reasonCodeInvalid });

/** POST /proposals/{id}/decline (the professional records the client's no). */
export const proposalDeclineSchema = z.object({
  reason_code: reasonCode,
  reason_text: reasonText,
});
export type ProposalDecline = z.input<typeof proposalDeclineSchema>;

/** POST /public/proposals/{token}/decline: both optional; `reason` is read as `reason_text`. */
export const publicProposalDeclineSchema = z
  .object({
    reason_code: reasonCode.nullish().transform((value) => value ?? null),
    reason_text: reasonText,
    reason: reasonText,
  })
  .transform(({ reason_code, reason_text, reason }) => ({
    reason_code,
    reason_text: reason_text ?? reason,
  }));
export type PublicProposalDecline = z.input<typeof publicProposalDeclineSchema>;

/** POST /public/proposals/{token}/accept. */
export const publicProposalAcceptSchema = z.object({
  full_name: z
    .string({ error: PROPOSAL_MESSAGES.fullNameRequired })
    .trim()
    .min(1, PROPOSAL_MESSAGES.fullNameRequired)
    .max(200, PROPOSAL_MESSAGES.fullNameMismatch),
  accept_terms: z.literal(true, { error: PROPOSAL_MESSAGES.termsRequired }),
});
export type PublicProposalAccept = z.input<typeof publicProposalAcceptSchema>;

export const proposalItemSchema = z.object({
  service_id: z.number().int(),
  name: z.string(),
  block: z.enum(SERVICE_BLOCKS),
  sessions: z.number().int(),
  /** Reais, at the moment the proposal was saved. */
  unit_value: z.number(),
  total_value: z.number(),
});
export type ProposalItem = z.infer<typeof proposalItemSchema>;

/** DESIGN.md section 6 in reais; `discountPct` on the percent scale (12.5 = 12,5%). */
export const proposalTotalsSchema = z.object({
  annual: z.number(),
  monthly: z.number(),
  servicesTotalValue: z.number(),
  discount: z.number(),
  discountPct: z.number(),
  receitaLiquida: z.number(),
  lucro: z.number(),
  margemPct: z.number(),
  monthlyRemaining: z.number(),
});
export type ProposalTotals = z.infer<typeof proposalTotalsSchema>;

/**
 * GET /proposals/{id}/pdf?evidence=false: an accepted proposal's document without the evidence
 * page, byte for byte the one accepted (its HMAC is acceptance.document_hmac).
 */
export const proposalPdfQuerySchema = z.object({
  evidence: z
    .enum(['true', 'false'], { error: 'evidence deve ser true ou false.' })
    .optional()
    .transform((value) => value !== 'false'),
});

/** The clinical check's issues at save (issue 26): absolute and relative, per procedure. */
export const proposalWarningSchema = clinicalIssueSchema;
export type ProposalWarning = z.infer<typeof proposalWarningSchema>;

/** An absolute contraindication kept with a recorded reason, by whom and when. */
export const proposalClinicalOverrideSchema = z.object({
  service_id: z.number().int(),
  condition: z.string(),
  reason: z.string(),
  by: z.object({ id: z.number().int(), name: z.string() }),
  at: z.string(),
});
export type ProposalClinicalOverride = z.infer<typeof proposalClinicalOverrideSchema>;

/** 422 of a save that meets an absolute contraindication without `override_reason`. */
export const clinicalBlockErrorSchema = z.object({
  code: z.literal('CLINICAL_BLOCK'),
  message: z.string(),
  warnings: z.array(clinicalIssueSchema),
});
export type ClinicalBlockError = z.infer<typeof clinicalBlockErrorSchema>;

/** Evidence of a client's acceptance through the public link. */
export const proposalAcceptanceSchema = z.object({
  accepted_at: z.string(),
  full_name: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  /**
   * HMAC-SHA-256 (hex) of the proposal PDF as accepted (before the evidence page) under the
   * client's evidence key; null for acceptances recorded before the keyed seal.
   */
  document_hmac: z.string().nullable(),
  /** Acceptances before the keyed seal: the PDF's plain SHA-256, removed at anonymization. */
  document_sha256: z.string().optional(),
  /** `link`: the client on her phone (remote: 7 days to withdraw); `presencial`: in the clinic. */
  channel: z.enum(['link', 'presencial']).optional(),
  /** In person: the staff member who recorded it. */
  recorded_by: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type ProposalAcceptance = z.infer<typeof proposalAcceptanceSchema>;

export const proposalDeclineInfoSchema = z.object({
  reason_code: z.enum(DECLINE_REASON_CODES).nullable(),
  reason_text: z.string().nullable(),
  declined_at: z.string(),
  /** `client` through the public link, `staff` through the portal. */
  by: z.enum(['client', 'staff']),
});
export type ProposalDeclineInfo = z.infer<typeof proposalDeclineInfoSchema>;

const ref = z.object({ id: z.number().int(), name: z.string() });

/** A row of GET /proposals/ (no items, no figures beyond the package value). */
export const proposalSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  version: z.number().int(),
  status: z.enum(PROPOSAL_STATUSES),
  client: z.object({ id: z.number().int(), full_name: z.string() }),
  package: z.object({ id: z.number().int(), name: z.string(), annual_value: z.number() }),
  valid_until: z.string(),
  author: ref,
  unit: z.enum(UNITS),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  /** When the client accepted or declined (null while unanswered). */
  answered_at: z.string().nullable(),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

/** POST /proposals/, GET /proposals/{id}, revise, decline, revoke-link. */
export const proposalSchema = proposalSummarySchema.extend({
  items: z.array(proposalItemSchema),
  totals: proposalTotalsSchema,
  warnings: z.array(proposalWarningSchema),
  clinical_overrides: z.array(proposalClinicalOverrideSchema),
  valid_days: z.number().int(),
  acceptance: proposalAcceptanceSchema.nullable(),
  decline: proposalDeclineInfoSchema.nullable(),
  /** A public link exists and still opens (not revoked, not expired). */
  link_active: z.boolean(),
  /** The version this one replaced, and the one that replaced it. */
  previous_id: z.number().int().nullable(),
  superseded_by_id: z.number().int().nullable(),
  /** Who made this version when it is a revision (the author stays the author); else null. */
  revised_by: ref.nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

const isoDate = z
  .string({ error: PROPOSAL_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PROPOSAL_MESSAGES.dateInvalid)
  .refine(isQueryableDate, PROPOSAL_MESSAGES.dateInvalid);

/**
 * GET /proposals/?status=&client_id=&from=&to=&follow_up=1&limit=&offset= (total in
 * X-Total-Count). Without `status`, superseded versions are left out. `from`/`to` bound the
 * creation date (inclusive, São Paulo calendar days); `follow_up=1` keeps proposals sent more than
 * PROPOSAL_FOLLOW_UP_AFTER_DAYS days ago that are still unanswered and valid. Without `limit`,
 * the first PROPOSAL_LIST_LIMIT_MAX rows (the total is always in X-Total-Count).
 */
export const proposalListQuerySchema = z.object({
  status: z.enum(PROPOSAL_STATUSES, { error: PROPOSAL_MESSAGES.statusInvalid }).optional(),
  client_id: z.coerce
    .number({ error: PROPOSAL_MESSAGES.idInvalid })
    .pipe(id(PROPOSAL_MESSAGES.idInvalid))
    .optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  follow_up: z
    .enum(['0', '1', 'false', 'true'], { error: PROPOSAL_MESSAGES.statusInvalid })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  limit: z.coerce
    .number({ error: PROPOSAL_MESSAGES.limitInvalid })
    .int(PROPOSAL_MESSAGES.limitInvalid)
    .min(1, PROPOSAL_MESSAGES.limitInvalid)
    .max(PROPOSAL_LIST_LIMIT_MAX, PROPOSAL_MESSAGES.limitInvalid)
    .optional(),
  offset: z.coerce
    .number({ error: PROPOSAL_MESSAGES.offsetInvalid })
    .int(PROPOSAL_MESSAGES.offsetInvalid)
    .min(0, PROPOSAL_MESSAGES.offsetInvalid)
    .max(1_000_000_000, PROPOSAL_MESSAGES.offsetInvalid)
    .optional(),
});
export type ProposalListQuery = z.input<typeof proposalListQuerySchema>;
export type ProposalListQueryData = z.output<typeof proposalListQuerySchema>;

/** POST /proposals/{id}/send. */
export const proposalSendResponseSchema = z.object({
  /** Absolute, built from PUBLIC_URL: `${PUBLIC_URL}/p/{token}`. */
  public_url: z.string(),
  /** `https://wa.me/<digits>?text=…`, or null when the client has no phone. */
  whatsapp_url: z.string().nullable(),
  expires_at: z.string(),
  /** An email went to the client (SMTP_URL set and the client has an email). */
  email_sent: z.boolean(),
});
export type ProposalSendResponse = z.infer<typeof proposalSendResponseSchema>;

/** GET /public/proposals/{token}: what the client sees — no cost, margin or other client data. */
/**
 * What the client's link shows of her contract (issue 28): her procedures with sessions used and
 * remaining, the validity, and within 7 days of a remote acceptance the 'Desistir' action.
 * Sales owns this view; the after-sale fills it through the port of apps/api/src/app-context.ts.
 */
export const publicPlanSchema = z.object({
  contract_id: z.number().int(),
  status: z.string(),
  status_label: z.string(),
  valid_until: z.string(),
  withdrawal_until: z.string().nullable(),
  can_withdraw: z.boolean(),
  items: z.array(
    z.object({
      name: z.string(),
      sessions_total: z.number().int(),
      sessions_used: z.number().int(),
      sessions_remaining: z.number().int(),
    }),
  ),
  /**
   * Her instalments (issue 29), filled by the billing context through the same port: paid and
   * due, and the next one's Pix 'copia e cola'. Absent while the contract has no payment plan.
   */
  payments: z
    .object({
      method: z.string(),
      /**
       * Pix Automático (API Pix journey 3): while the first instalment is owed, `next`'s code pays
       * it and authorises the rest; `mandate` is the authorisation's status, null without one.
       */
      pix_automatico: z.boolean(),
      mandate: z.object({ status: z.string(), status_label: z.string() }).nullable(),
      installments: z.array(
        z.object({
          n: z.number().int(),
          due_date: z.string(),
          amount: z.number(),
          status: z.string(),
          status_label: z.string(),
          paid_at: z.string().nullable(),
        }),
      ),
      next: z
        .object({
          n: z.number().int(),
          due_date: z.string(),
          amount: z.number(),
          pix_copia_e_cola: z.string().nullable(),
        })
        .nullable(),
    })
    .optional(),
});
export type PublicPlan = z.output<typeof publicPlanSchema>;

/** How the public link greets the client: her first name (the full name is what she types). */
export function publicGreetingName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

export const publicProposalSchema = z.object({
  number: z.string(),
  version: z.number().int(),
  status: z.enum(PROPOSAL_STATUSES),
  /** The unit's name as the clinic set it (GET /units/): the page speaks for the clinic. */
  clinic_name: z.string(),
  clinic_address: z.string(),
  clinic_phone: z.string().nullable(),
  /** wa.me link to the unit's WhatsApp, with a first line about this proposal; null without one. */
  clinic_whatsapp_url: z.string().nullable(),
  /** Who prepared the proposal. */
  professional_name: z.string(),
  /** The client's first name only: the link never shows the full name she must type to accept. */
  client_name: z.string(),
  package_name: z.string(),
  items: z.array(
    z.object({
      name: z.string(),
      block: z.enum(SERVICE_BLOCKS),
      sessions: z.number().int(),
      unit_value: z.number(),
      total_value: z.number(),
    }),
  ),
  /** Σ of the procedures at their standalone prices. */
  standalone_value: z.number(),
  package_value: z.number(),
  discount: z.number(),
  discount_pct: z.number(),
  instalments: z.number().int(),
  instalment_value: z.number(),
  valid_until: z.string(),
  withdrawal_notice: z.string(),
  terms_text: z.string(),
  /** Accept and decline are offered (sent or viewed, not expired). */
  can_answer: z.boolean(),
  accepted_at: z.string().nullable(),
  declined_at: z.string().nullable(),
  /**
   * After acceptance, the contract it became (issue 28): the link turns into the client's
   * 'Meu plano'. Null before acceptance, or when no contract module is running.
   */
  contract_id: z.number().int().nullable(),
  plan: publicPlanSchema.nullable(),
});
export type PublicProposal = z.infer<typeof publicProposalSchema>;

// ---------------------------------------------------------------------------------------------
// Rules the server applies

/** `2026-000123`. */
export function formatProposalNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The São Paulo day a proposal is valid until, the one its PDF prints ('VÁLIDA ATÉ'): its
 * creation day plus `validDays` calendar days.
 */
export function proposalValidityDay(createdAt: Date, validDays: number): string {
  return addDays(saoPauloDate(createdAt), validDays);
}

/**
 * The instant a proposal stops being valid, stored as `valid_until` and as its link's expiry: the
 * last millisecond of its printed day in São Paulo (issue 27: the PDF said 'VÁLIDA ATÉ 27/11'
 * and the link expired on 27/11 at 09:30, the time it was created). Kept inside the day so
 * every date shown from it is the printed day; `effectiveProposalStatus` expires it from then.
 */
export function proposalValidUntil(createdAt: Date, validDays: number): Date {
  const nextDay = addDays(proposalValidityDay(createdAt, validDays), 1);
  return new Date(saoPauloDayStart(nextDay).getTime() - 1);
}

/**
 * Whether a revision of a proposal in this status opens a new deal (a new number) instead of
 * version N+1 (docs/decisions/0033-deal-funnel-and-exact-figures.md): a declined or expired
 * deal is lost for good, so its loss, its reason and its place in the funnel stay; only an open
 * offer (draft, sent, viewed) is replaced by its revision.
 */
export function revisionOpensNewDeal(status: ProposalStatus): boolean {
  return status === 'declined' || status === 'expired';
}

/** A selection with no procedure: a proposal of nothing ('Valor avulso R$ 0,00') is refused. */
export function isEmptySelection(blocks: ProposalBlocks): boolean {
  return blocks.A.length + blocks.B.length + blocks.C.length + blocks.D.length === 0;
}

/** The status a reader sees: an open proposal past its validity is `expired`. */
export function effectiveProposalStatus(
  stored: StoredProposalStatus,
  validUntil: Date | string,
  now: Date = new Date(),
): ProposalStatus {
  const open = stored === 'draft' || stored === 'sent' || stored === 'viewed';
  return open && now.getTime() >= new Date(validUntil).getTime() ? 'expired' : stored;
}

/** What the rules read from a catalogue service. */
export interface ProposalCatalogueService {
  id: number;
  name: string;
  block: ServiceBlock;
  status: string;
  value: number;
  cost: number;
  session_limit: number;
  traits: readonly string[];
}

/** What the rules read from a package. */
export interface ProposalCataloguePackage extends SelectablePackage {
  id: number;
  name: string;
  annual_value: number;
  status: string;
  session_limit: number | null;
}

export interface ProposalSelectionIssue {
  loc: (string | number)[];
  msg: string;
}

/**
 * Everything wrong with a selection under a package (DESIGN.md section 6): unknown, inactive,
 * misplaced or not-allowed procedures, block limits, per-procedure and whole-package session
 * limits. Empty when it can be saved.
 */
export function proposalSelectionIssues(
  pkg: ProposalCataloguePackage,
  services: ReadonlyMap<number, ProposalCatalogueService>,
  blocks: ProposalBlocks,
): ProposalSelectionIssue[] {
  const issues: ProposalSelectionIssue[] = [];
  if (pkg.status !== 'active') {
    issues.push({ loc: ['package_id'], msg: PROPOSAL_MESSAGES.packageInactive });
  }
  const limits = {
    A: pkg.block_limits.a,
    B: pkg.block_limits.b,
    C: pkg.block_limits.c,
    D: pkg.block_limits.d,
  };
  const sessions = new Map<number, number>();
  let totalSessions = 0;
  for (const block of SERVICE_BLOCKS) {
    const ids = blocks[block];
    totalSessions += ids.length;
    if (ids.length > limits[block]) {
      issues.push({
        loc: ['blocks', block],
        msg: `O bloco ${block} aceita no máximo ${limits[block]} ${limits[block] === 1 ? 'sessão' : 'sessões'} neste pacote.`,
      });
    }
    const reported = new Set<number>();
    ids.forEach((serviceId, index) => {
      sessions.set(serviceId, (sessions.get(serviceId) ?? 0) + 1);
      if (reported.has(serviceId)) return;
      const service = services.get(serviceId);
      const loc = ['blocks', block, index];
      let msg: string | null = null;
      if (!service) msg = `Procedimento ${serviceId} não encontrado.`;
      else if (service.block !== block)
        msg = `O procedimento "${service.name}" pertence ao bloco ${service.block}.`;
      else if (service.status !== 'active') msg = `O procedimento "${service.name}" está inativo.`;
      else if (!isAllowedByPackage(pkg, serviceId))
        msg = `O procedimento "${service.name}" não é permitido neste pacote.`;
      if (msg) {
        reported.add(serviceId);
        issues.push({ loc, msg });
      }
    });
  }
  for (const [serviceId, count] of sessions) {
    const service = services.get(serviceId);
    if (service && service.session_limit > 0 && count > service.session_limit) {
      issues.push({
        loc: ['blocks', service.block],
        msg: `O procedimento "${service.name}" aceita no máximo ${service.session_limit} ${service.session_limit === 1 ? 'sessão' : 'sessões'}.`,
      });
    }
  }
  if (pkg.session_limit != null && totalSessions > pkg.session_limit) {
    issues.push({
      loc: ['blocks'],
      msg: `Este pacote aceita no máximo ${pkg.session_limit} ${pkg.session_limit === 1 ? 'sessão' : 'sessões'} no total.`,
    });
  }
  return issues;
}

/** One line of the frozen snapshot: the catalogue's name, value and cost at that moment. */
export interface ProposalSnapshotItem extends ProposalItem {
  unit_cost: number;
  total_cost: number;
  traits: string[];
}

/**
 * The selection as snapshot lines, one per procedure in order of first appearance, sessions
 * counted. Unknown ids are skipped (the selection is checked first).
 */
export function buildProposalItems(
  blocks: ProposalBlocks,
  services: ReadonlyMap<number, ProposalCatalogueService>,
): ProposalSnapshotItem[] {
  const items: ProposalSnapshotItem[] = [];
  const byId = new Map<number, ProposalSnapshotItem>();
  for (const block of SERVICE_BLOCKS) {
    for (const serviceId of blocks[block]) {
      const service = services.get(serviceId);
      if (!service) continue;
      const existing = byId.get(serviceId);
      if (existing) {
        existing.sessions += 1;
        continue;
      }
      const item: ProposalSnapshotItem = {
        service_id: service.id,
        name: service.name,
        block: service.block,
        sessions: 1,
        unit_value: service.value,
        total_value: 0,
        unit_cost: service.cost,
        total_cost: 0,
        traits: [...service.traits],
      };
      byId.set(serviceId, item);
      items.push(item);
    }
  }
  for (const item of items) {
    item.total_value = centavosToReais(reaisToCentavos(item.unit_value) * item.sessions);
    item.total_cost = centavosToReais(reaisToCentavos(item.unit_cost) * item.sessions);
  }
  return items;
}

/** The totals of DESIGN.md section 6 for a package price and snapshot lines, in reais. */
export function computeProposalTotals(
  annualValue: number,
  items: readonly Pick<ProposalSnapshotItem, 'unit_value' | 'unit_cost' | 'sessions'>[],
): ProposalTotals {
  const sessions = items.flatMap((item) =>
    Array.from({ length: item.sessions }, () => ({ value: item.unit_value, cost: item.unit_cost })),
  );
  const totals = computePackageTotals(reaisToCentavos(annualValue), sessions);
  return {
    annual: centavosToReais(totals.annual),
    monthly: centavosToReais(totals.monthly),
    servicesTotalValue: centavosToReais(totals.servicesTotalValue),
    discount: centavosToReais(totals.desconto),
    discountPct: totals.descontoPct,
    receitaLiquida: centavosToReais(totals.receitaLiquida),
    lucro: centavosToReais(totals.lucro),
    margemPct: totals.margemPct,
    monthlyRemaining: centavosToReais(totals.monthlyRemaining),
  };
}

/** The client's name as typed at acceptance, compared folded (accents, case, spaces). */
export function fullNameMatches(typed: string, clientName: string): boolean {
  return normalizeForComparison(typed) === normalizeForComparison(clientName);
}

/** Digits a wa.me link accepts: a Brazilian number without 55 gets it. */
export function whatsappDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length < 8) return null;
  return digits.length <= 11 ? `55${digits}` : digits;
}

/** `https://wa.me/<digits>?text=…` with the message URL-encoded. */
export function whatsappUrl(phone: string, message: string): string | null {
  const digits = whatsappDigits(phone);
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : null;
}

export const PUBLIC_INSTALMENTS = INSTALMENTS_PER_YEAR;

/**
 * Drizzle mirror of migrations/*.sql (the migrations are the source of truth; keep both in step).
 * Plain indexes (search and order, migration 0004) are not repeated here; unique ones are.
 */
import {
  boolean,
  char,
  date,
  customType,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigint, doublePrecision } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  COMMISSION_BASES,
  COMMISSION_CLAWBACKS,
  COMMISSION_EVENTS,
  type CommissionEntry,
  type CommissionRate,
} from '@portal/domain';
import type {
  CancellationQuote,
  ClinicalIssue,
  ClinicalTraits,
  HealthCondition,
  ProposalClinicalOverride,
} from '@portal/domain';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

/** bytea read as Buffer; written through decode($1,'base64') for speed (see photos repository). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  profile: text('profile', { enum: ['professional', 'admin', 'manager'] }).notNull(),
  /** What a self-registered account asked for; never a grant (migration 0011, DESIGN.md 7.3). */
  requestedProfile: text('requested_profile', { enum: ['professional', 'admin', 'manager'] }),
  unit: text('unit'),
  status: text('status', { enum: ['active', 'inactive', 'pending'] }).notNull(),
  profilePhoto: text('profile_photo'),
  passwordHash: text('password_hash').notNull(),
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const services = pgTable('services', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull().unique(),
  description: text('description').notNull().default(''),
  block: char('block', { length: 1, enum: ['A', 'B', 'C', 'D'] }).notNull(),
  value: money('value').notNull(),
  cost: money('cost').notNull(),
  minMarginPercent: percent('min_margin_percent').notNull(),
  sessionLimit: integer('session_limit').notNull(),
  status: text('status', { enum: ['active', 'inactive'] }).notNull(),
  mainFunction: text('main_function'),
  benefit1: text('benefit1'),
  benefit2: text('benefit2'),
  benefit3: text('benefit3'),
  photosLimit: integer('photos_limit').notNull().default(4),
  traits: text('traits')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** Migration 0019 (issue 26): the clinical check's traits; null until filled. */
  clinicalTraits: jsonb('clinical_traits').$type<ClinicalTraits>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const servicePhotos = pgTable('service_photos', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  serviceId: integer('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  mimeType: text('mime_type', { enum: ['image/png', 'image/jpeg', 'image/webp'] }).notNull(),
  image: bytea('image').notNull(),
  caption: text('caption').notNull().default(''),
  createdAt: createdAt(),
});

export const packages = pgTable('packages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull().unique(),
  annualValue: money('annual_value').notNull(),
  discountPercent: percent('discount_percent').notNull(),
  status: text('status', { enum: ['active', 'inactive'] }).notNull(),
  sessionLimit: integer('session_limit'),
  blockLimitA: integer('block_limit_a').notNull(),
  blockLimitB: integer('block_limit_b').notNull(),
  blockLimitC: integer('block_limit_c').notNull(),
  blockLimitD: integer('block_limit_d').notNull(),
  allProceduresAllowed: boolean('all_procedures_allowed').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const packageProcedures = pgTable(
  'package_procedures',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['allowed', 'restricted'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.serviceId] })],
);

export const synergyRelations = pgTable(
  'synergy_relations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceId1: integer('service_id_1')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    serviceId2: integer('service_id_2')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    rationale: text('rationale'),
    boostPercent: integer('boost_percent').notNull(),
    baseNarrative: text('base_narrative'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Migration 0004: one relation per unordered pair of procedures.
  (t) => [
    uniqueIndex('synergy_relations_pair_key').on(
      sql`least(${t.serviceId1}, ${t.serviceId2})`,
      sql`greatest(${t.serviceId1}, ${t.serviceId2})`,
    ),
  ],
);

export const notices = pgTable('notices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  titleKey: text('title_key').notNull().unique(),
  text: text('text').notNull(),
  category: text('category', {
    enum: ['urgent', 'scarcity', 'exclusive', 'new_purchase'],
  }).notNull(),
  active: boolean('active').notNull(),
  imageUrl: text('image_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface ContentSection {
  title: string;
  text: string;
}

export const trainings = pgTable('trainings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  titleKey: text('title_key').notNull().unique(),
  description: text('description').notNull(),
  category: text('category', {
    enum: ['skincare', 'body', 'equipment', 'sales', 'other'],
  }).notNull(),
  videoUrl: text('video_url'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  contentSections: jsonb('content_sections').$type<ContentSection[]>().notNull(),
  active: boolean('active').notNull(),
  likeCount: integer('like_count').notNull().default(0),
  dislikeCount: integer('dislike_count').notNull().default(0),
  searchText: text('search_text').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const trainingReactions = pgTable(
  'training_reactions',
  {
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction', { enum: ['like', 'dislike'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.userId] })],
);

export const aiConfigs = pgTable('ai_configs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  codigo: text('codigo').notNull().unique(),
  prompt: text('prompt').notNull(),
  rules: text('rules').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Core Web Vitals of real visits (migration 0008); no user, no address, no URL. */
export const webVitals = pgTable('web_vitals', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  metricId: text('metric_id').notNull().unique(),
  page: text('page').notNull(),
  device: text('device', { enum: ['phone', 'desktop'] }).notNull(),
  metric: text('metric', { enum: ['LCP', 'INP', 'CLS', 'TTFB'] }).notNull(),
  value: doublePrecision('value').notNull(),
  rating: text('rating', { enum: ['good', 'needs-improvement', 'poor'] }).notNull(),
  navigationType: text('navigation_type').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

// Migration 0005: clients, consent ledger, access log, proposals (issue 13).

export const clients = pgTable('clients', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  fullName: text('full_name').notNull(),
  preferredName: text('preferred_name'),
  salutation: text('salutation'),
  phone: text('phone'),
  email: text('email'),
  cpf: text('cpf'),
  birthDate: date('birth_date', { mode: 'string' }),
  unit: text('unit').notNull(),
  preferences: text('preferences')
    .array()
    .notNull()
    .default(sql`'{}'`),
  importantDates: text('important_dates')
    .array()
    .notNull()
    .default(sql`'{}'`),
  channels: text('channels')
    .array()
    .notNull()
    .default(sql`'{}'`),
  notes: text('notes'),
  allergies: text('allergies')
    .array()
    .notNull()
    .default(sql`'{}'`),
  healthFlags: text('health_flags')
    .array()
    .notNull()
    .default(sql`'{}'`),
  contraindications: text('contraindications')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** Migration 0019 (issue 26): condition codes with a note, under the health-data consent. */
  healthConditions: jsonb('health_conditions')
    .$type<HealthCondition[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  consentHealthData: boolean('consent_health_data').notNull().default(false),
  consentMarketing: boolean('consent_marketing').notNull().default(false),
  consentPhotos: boolean('consent_photos').notNull().default(false),
  searchText: text('search_text').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const clientConsents = pgTable('client_consents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  purpose: text('purpose', { enum: ['health_data', 'marketing', 'photos'] }).notNull(),
  granted: boolean('granted').notNull(),
  textVersion: text('text_version').notNull(),
  text: text('text').notNull(),
  channel: text('channel', { enum: ['presencial', 'whatsapp', 'email', 'telefone'] }).notNull(),
  collectedBy: integer('collected_by'),
  collectedByName: text('collected_by_name'),
  collectedAt: timestamp('collected_at', { withTimezone: true }).notNull().defaultNow(),
});

export const clientAccessLog = pgTable('client_access_log', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  userId: integer('user_id'),
  userName: text('user_name'),
  action: text('action', { enum: ['read_sensitive', 'export', 'anonymize'] }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export const proposalNumberSequences = pgTable('proposal_number_sequences', {
  year: integer('year').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/** The frozen snapshot of a proposal (see packages/domain proposals.ts). */
export interface ProposalSnapshotColumn {
  package: { id: number; name: string; annual_value: number };
  items: Array<{
    service_id: number;
    name: string;
    block: 'A' | 'B' | 'C' | 'D';
    sessions: number;
    unit_value: number;
    total_value: number;
    unit_cost: number;
    total_cost: number;
    traits: string[];
  }>;
  totals: {
    annual: number;
    monthly: number;
    servicesTotalValue: number;
    discount: number;
    discountPct: number;
    receitaLiquida: number;
    lucro: number;
    margemPct: number;
    monthlyRemaining: number;
  };
  /** The clinical check at save (migration 0019 gave older warnings this shape). */
  warnings: ClinicalIssue[];
  /** Absolute contraindications kept with a recorded reason (absent before issue 26). */
  clinical_overrides?: ProposalClinicalOverride[];
}

export interface ProposalAcceptanceColumn {
  accepted_at: string;
  full_name: string;
  ip: string;
  user_agent: string;
  /** HMAC-SHA-256 of the accepted PDF under the client's evidence key (migration 0022). */
  document_hmac: string | null;
  /** Acceptances before migration 0022: the PDF's plain SHA-256, dropped at anonymization. */
  document_sha256?: string;
  channel?: 'link' | 'presencial';
  recorded_by?: { id: number; name: string } | null;
}

export const proposals = pgTable('proposals', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  number: text('number').notNull(),
  version: integer('version').notNull(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  packageId: integer('package_id').references(() => packages.id, { onDelete: 'set null' }),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  // Migration 0017: who made this version when it is not the first (the author stays).
  revisedBy: integer('revised_by').references(() => users.id, { onDelete: 'set null' }),
  revisedByName: text('revised_by_name'),
  unit: text('unit').notNull(),
  status: text('status', {
    enum: ['draft', 'sent', 'viewed', 'accepted', 'declined', 'superseded'],
  }).notNull(),
  validDays: integer('valid_days').notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  clientName: text('client_name').notNull(),
  packageName: text('package_name').notNull(),
  annualValue: money('annual_value').notNull(),
  snapshot: jsonb('snapshot').$type<ProposalSnapshotColumn>().notNull(),
  previousId: integer('previous_id'),
  supersededById: integer('superseded_by_id'),
  tokenHash: text('token_hash').unique(),
  linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
  linkRevokedAt: timestamp('link_revoked_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  viewedAt: timestamp('viewed_at', { withTimezone: true }),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  declineReasonCode: text('decline_reason_code', {
    enum: ['preco', 'prazo', 'concorrente', 'sem_interesse', 'saude', 'outro'],
  }),
  declineReasonText: text('decline_reason_text'),
  declinedBy: text('declined_by', { enum: ['client', 'staff'] }),
  acceptance: jsonb('acceptance').$type<ProposalAcceptanceColumn>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // Migration 0012 (issue 14, the dashboard): the snapshot's percents, and the largest minimum
  // margin of its procedures when saved (a trigger sets it).
  discountPct: doublePrecision('discount_pct').generatedAlwaysAs(
    sql`coalesce((snapshot -> 'totals' ->> 'discountPct')::double precision, 0)`,
  ),
  marginPct: doublePrecision('margin_pct').generatedAlwaysAs(
    sql`coalesce((snapshot -> 'totals' ->> 'margemPct')::double precision, 0)`,
  ),
  minMarginPct: percent('min_margin_pct'),
});

/** Migration 0012: the snapshot's lines as rows, written by a trigger when a proposal is saved. */
export const proposalItems = pgTable(
  'proposal_items',
  {
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serviceId: integer('service_id').notNull(),
    name: text('name').notNull(),
    block: text('block', { enum: ['A', 'B', 'C', 'D'] }).notNull(),
    sessions: integer('sessions').notNull(),
    totalValue: money('total_value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.proposalId, table.position] })],
);

/** Hash-chained, append-only audit trail (migration 0009); ids come from the chain head. */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  actorId: integer('actor_id'),
  entity: text('entity', {
    enum: [
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
    ],
  }).notNull(),
  entityId: text('entity_id').notNull(),
  action: text('action').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  prevHash: char('prev_hash', { length: 64 }).notNull(),
  hash: char('hash', { length: 64 }).notNull(),
  /** HMAC-SHA-256 of `hash` under the key kept outside the database (migration 0022). */
  seal: char('seal', { length: 64 }),
});

/** The audit chain's single head row, locked by each append (migration 0009). */
export const auditChainHead = pgTable('audit_chain_head', {
  singleton: boolean('singleton').primaryKey().default(true),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  lastHash: char('last_hash', { length: 64 }).notNull(),
  seal: char('seal', { length: 64 }),
});

/** Migration 0022: a client's evidence key, deleted when the client is anonymized. */
export const clientEvidenceKeys = pgTable('client_evidence_keys', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  key: char('key', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Migration 0022: what the public page and the WhatsApp text say about a unit. */
export const units = pgTable('units', {
  code: text('code').primaryKey(),
  displayName: text('display_name').notNull(),
  address: text('address').notNull().default(''),
  phone: text('phone'),
  whatsapp: text('whatsapp'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Migration 0018 (issue 28): an accepted proposal becomes a contract. */
export const contracts = pgTable('contracts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  proposalId: integer('proposal_id')
    .notNull()
    .unique()
    .references(() => proposals.id),
  number: text('number').notNull(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  unit: text('unit').notNull(),
  sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
  sellerName: text('seller_name').notNull(),
  packageName: text('package_name').notNull(),
  channel: text('channel', { enum: ['link', 'presencial'] }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
  withdrawalUntil: timestamp('withdrawal_until', { withTimezone: true }),
  priceTotal: money('price_total').notNull(),
  createdAt: createdAt(),
});

export const contractEntitlements = pgTable(
  'contract_entitlements',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    serviceId: integer('service_id').notNull(),
    name: text('name').notNull(),
    sessions: integer('sessions').notNull(),
    total: money('total').notNull(),
    unitCost: money('unit_cost').notNull().default(0),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractId, table.serviceId] })],
);

export const contractLedger = pgTable('contract_ledger', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  contractId: integer('contract_id')
    .notNull()
    .references(() => contracts.id),
  kind: text('kind', {
    enum: [
      'grant',
      'redeem',
      'reverse',
      'freeze',
      'unfreeze',
      'extend',
      'expire',
      'cancel',
      'withdraw',
    ],
  }).notNull(),
  serviceId: integer('service_id'),
  quantity: integer('quantity').notNull().default(0),
  reversesId: integer('reverses_id'),
  /** The São Paulo day it takes effect (migration 0020): the liability report's month. */
  onDate: date('on_date', { mode: 'string' }).notNull(),
  untilDate: date('until_date', { mode: 'string' }),
  days: integer('days'),
  value: money('value').notNull().default(0),
  cost: money('cost').notNull().default(0),
  /** A cancellation: the fee kept on the unused part. */
  retained: money('retained').notNull().default(0),
  /** A cancellation or withdrawal: the quote it applied (the term PDF prints it). */
  quote: jsonb('quote').$type<CancellationQuote>(),
  professionalId: integer('professional_id'),
  professionalName: text('professional_name'),
  actorKind: text('actor_kind', { enum: ['staff', 'client', 'system'] }).notNull(),
  actorId: integer('actor_id'),
  actorName: text('actor_name'),
  unit: text('unit').notNull(),
  reason: text('reason'),
  note: text('note'),
  overrideReason: text('override_reason'),
  createdAt: createdAt(),
});

/** Liability sums per unit and São Paulo month, kept by migration 0020's triggers. */
export const contractLiabilitySummary = pgTable(
  'contract_liability_summary',
  {
    unit: text('unit').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    sold: numeric('sold', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    deliveredValue: numeric('delivered_value', {
      precision: 14,
      scale: 2,
      mode: 'number',
    }).notNull(),
    deliveredCost: numeric('delivered_cost', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    refunded: numeric('refunded', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    expired: numeric('expired', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    retained: numeric('retained', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    net: numeric('net', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.unit, table.month] })],
);

export const careSettings = pgTable('care_settings', {
  id: integer('id').primaryKey(),
  cancellationFeeBp: integer('cancellation_fee_bp').notNull(),
  updatedAt: updatedAt(),
});

// Issue 29: payment plans (migration 0023).
export const unitBillingSettings = pgTable('unit_billing_settings', {
  unit: text('unit').primaryKey(),
  pixKey: text('pix_key'),
  pixMerchantName: text('pix_merchant_name'),
  pixMerchantCity: text('pix_merchant_city'),
  provider: text('provider', { enum: ['pix_manual', 'api_pix'] })
    .notNull()
    .default('pix_manual'),
  apiBaseUrl: text('api_base_url'),
  apiTokenUrl: text('api_token_url'),
  apiClientId: text('api_client_id'),
  apiClientSecretSealed: text('api_client_secret_sealed'),
  webhookSecretSealed: text('webhook_secret_sealed'),
  accountBranch: text('account_branch'),
  accountNumber: text('account_number'),
  accountType: text('account_type', { enum: ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] }),
  updatedAt: updatedAt(),
  // Migration 0028: the API Pix's mTLS client certificate (PEM) and its sealed private key.
  apiCertificate: text('api_certificate'),
  apiPrivateKeySealed: text('api_private_key_sealed'),
});

export const paymentPlans = pgTable('payment_plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  contractId: integer('contract_id')
    .notNull()
    .unique()
    .references(() => contracts.id),
  method: text('method', { enum: ['pix_manual', 'api_pix'] }).notNull(),
  installments: integer('installments').notNull(),
  dueDay: integer('due_day').notNull(),
  total: money('total').notNull(),
  pixAutomatico: boolean('pix_automatico').notNull().default(false),
  recId: text('rec_id').unique(),
  recStatus: text('rec_status', {
    enum: ['aguardando', 'ativa', 'cancelada', 'recusada', 'expirada'],
  }),
  recCopiaECola: text('rec_copia_e_cola'),
  recClaimedUntil: timestamp('rec_claimed_until', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

const INSTALLMENT_STATUS_ENUM = [
  'agendada',
  'solicitada',
  'paga',
  'falhou',
  'vencida',
  'cancelada',
  'estornada',
] as const;

export const installments = pgTable(
  'installments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    n: integer('n').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    txid: text('txid').notNull().unique(),
    baseStatus: text('base_status', { enum: INSTALLMENT_STATUS_ENUM })
      .notNull()
      .default('agendada'),
    basePaidAt: timestamp('base_paid_at', { withTimezone: true }),
    baseRefunded: money('base_refunded').notNull().default(0),
    status: text('status', { enum: INSTALLMENT_STATUS_ENUM }).notNull().default('agendada'),
    e2eid: text('e2eid'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refunded: money('refunded').notNull().default(0),
    paidNote: text('paid_note'),
    paidBy: integer('paid_by'),
    copiaECola: text('copia_e_cola'),
    overdueNotedOn: date('overdue_noted_on', { mode: 'string' }),
  },
  (table) => [uniqueIndex('installments_plan_id_n_key').on(table.planId, table.n)],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    event: jsonb('event').notNull(),
    payloadHash: text('payload_hash').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_events_provider_event_id_key').on(table.provider, table.eventId),
  ],
);

export const refunds = pgTable('refunds', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  contractId: integer('contract_id')
    .notNull()
    .references(() => contracts.id),
  installmentId: integer('installment_id').references(() => installments.id, {
    onDelete: 'set null',
  }),
  amount: money('amount').notNull(),
  reason: text('reason', { enum: ['desistencia', 'cancelamento'] }).notNull(),
  method: text('method', { enum: ['pix_manual', 'api_pix'] }).notNull(),
  status: text('status', { enum: ['pendente', 'solicitada', 'concluida', 'falhou'] })
    .notNull()
    .default('pendente'),
  refundId: text('refund_id').unique(),
  createdAt: createdAt(),
  doneAt: timestamp('done_at', { withTimezone: true }),
});

// Issue 30: commissions (migration 0024).
export const commissionRules = pgTable(
  'commission_rules',
  {
    rowId: integer('row_id').primaryKey().generatedAlwaysAsIdentity(),
    id: integer('id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    scopeUnit: text('scope_unit'),
    scopeProfile: text('scope_profile'),
    scopeProfessionalId: integer('scope_professional_id'),
    event: text('event', { enum: COMMISSION_EVENTS }).notNull(),
    basis: text('basis', { enum: COMMISSION_BASES }).notNull(),
    rate: jsonb('rate').$type<CommissionRate>().notNull(),
    clawback: text('clawback', { enum: COMMISSION_CLAWBACKS }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    createdBy: integer('created_by'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (table) => [unique().on(table.id, table.version)],
);

export const commissionStatements = pgTable(
  'commission_statements',
  {
    professionalId: integer('professional_id')
      .notNull()
      .references(() => users.id),
    period: text('period').notNull(),
    unit: text('unit'),
    status: text('status', { enum: ['aprovada', 'paga'] }).notNull(),
    entries: jsonb('entries').$type<CommissionEntry[]>().notNull(),
    gross: money('gross').notNull(),
    net: money('net').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
    approvedBy: integer('approved_by'),
    approvedByName: text('approved_by_name'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: integer('paid_by'),
    paidByName: text('paid_by_name'),
  },
  (table) => [primaryKey({ columns: [table.professionalId, table.period] })],
);

export const commissionAdjustments = pgTable('commission_adjustments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  professionalId: integer('professional_id')
    .notNull()
    .references(() => users.id),
  period: text('period').notNull(),
  amount: money('amount').notNull(),
  reason: text('reason').notNull(),
  createdBy: integer('created_by'),
  createdByName: text('created_by_name'),
  createdAt: createdAt(),
});

// Issue 29: the daily reconciliation of received Pix (migration 0028).
export const billingReconciliations = pgTable(
  'billing_reconciliations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    unit: text('unit').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    received: integer('received').notNull(),
    recovered: integer('recovered').notNull(),
    known: integer('known').notNull(),
    refused: integer('refused').notNull(),
    differences: jsonb('differences').notNull().default([]),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('billing_reconciliations_unit_day_key').on(table.unit, table.day)],
);

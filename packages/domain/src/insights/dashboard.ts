import { csvDecimal, csvLines, csvText } from '../shared/csv.ts';
import { z } from '../shared/zod.ts';
import { UNITS, type Unit } from '../people/users.ts';
import { SERVICE_BLOCKS, type ServiceBlock } from '../catalogue/service-constants.ts';
import { centavosToReais, type Centavos } from '../shared/money.ts';
import {
  formatBasisPoints,
  meanBasisPoints,
  meetsMinimum,
  percentToBasisPoints,
  ratioBasisPoints,
  type BasisPoints,
} from '../shared/basis-points.ts';
import { DASHBOARD_BASES, type DashboardBasis } from './dashboard-constants.ts';
import { isQueryableDate } from '../shared/dates.ts';
import {
  addDays,
  addMonths,
  daysBetween,
  saoPauloDate,
  weekStart,
} from '../shared/sao-paulo-days.ts';
import {
  DECLINE_REASON_CODES,
  DECLINE_REASON_LABELS,
  effectiveProposalStatus,
  PROPOSAL_FOLLOW_UP_AFTER_DAYS,
  PROPOSAL_STATUS_LABELS,
  type DeclineReasonCode,
  type StoredProposalStatus,
} from '../sales/proposals.ts';

/**
 * Managers' numbers (issue 14): the wire contract of GET /api/v1/dashboard/sales (and its CSV),
 * GET /api/v1/proposals/pipeline and GET /api/v1/renewals/, and the one definition of every
 * figure. The server aggregates in SQL into `SalesAggregates` and finishes with
 * `buildSalesDashboard`; `computeSalesDashboard` is the same definition over stored proposal rows
 * (docs/decisions/0008-dashboard-figures.md).
 *
 * Definitions: a proposal counts in a period by its creation date in America/Sao_Paulo (or, with
 * `basis=aceite`, an answered one by the day it was accepted or declined); a deal is a proposal
 * number and only its latest version counts (superseded versions never do; a lost deal is never
 * superseded, docs/decisions/0033-deal-funnel-and-exact-figures.md); `proposals_sent` counts
 * those ever sent, `conversion_rate` = accepted / ever sent (0–1); averages (ticket, discount,
 * margin) are plain means over accepted proposals; a proposal's unit is the one stored on it.
 * Money inside is centavos; the wire carries reais, like the proposals' totals; percents are
 * whole basis points rounded down (shared/basis-points.ts), carried on the percent scale
 * (12.5 = 12,50%) or, for rates and shares, as 0–1 with 4 decimals.
 */

export const DASHBOARD_TIME_ZONE = 'America/Sao_Paulo';
/** The longest period the dashboard answers (two years and a day). */
export const DASHBOARD_MAX_PERIOD_DAYS = 732;
/** How many procedures and packages the top lists carry. */
export const DASHBOARD_TOP_LIMIT = 10;
/** 'expiring': an open proposal in the last this-many days of its validity. */
export const PROPOSAL_EXPIRING_WITHIN_DAYS = 2;
/** Cards per pipeline column (the column's `count` is the whole). */
export const PIPELINE_CARDS_PER_STAGE = 50;
export const RENEWAL_DEFAULT_WITHIN_DAYS = 60;
export const RENEWAL_MAX_WITHIN_DAYS = 365;
/** A yearly package runs this many months from its acceptance. */
export const RENEWAL_TERM_MONTHS = 12;

export const DASHBOARD_MESSAGES = {
  dateInvalid: 'Data inválida (use AAAA-MM-DD).',
  periodInvalid: 'A data inicial deve ser anterior ou igual à data final.',
  periodTooLong: `O período pode ter no máximo ${DASHBOARD_MAX_PERIOD_DAYS} dias.`,
  unitInvalid: 'Unidade inválida.',
  professionalInvalid: 'Profissional inválido.',
  basisInvalid: 'Base de contagem deve ser criacao ou aceite.',
  withinDaysInvalid: `Informe um número inteiro de dias entre 1 e ${RENEWAL_MAX_WITHIN_DAYS}.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Dates in São Paulo

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** This month in São Paulo: its first and last day. */
export function defaultDashboardPeriod(now: Date = new Date()): { from: string; to: string } {
  const today = saoPauloDate(now);
  const from = `${today.slice(0, 7)}-01`;
  return { from, to: addDays(addMonths(from, 1), -1) };
}

// ---------------------------------------------------------------------------------------------
// Queries

const dateParam = z
  .string({ error: DASHBOARD_MESSAGES.dateInvalid })
  .regex(DATE, DASHBOARD_MESSAGES.dateInvalid)
  // A real day in 1900–9998: year 0 and 9999-12-31 (whose next day has five digits) were 500s.
  .refine(isQueryableDate, DASHBOARD_MESSAGES.dateInvalid);

const unitParam = z.enum(UNITS, { error: DASHBOARD_MESSAGES.unitInvalid });
const professionalParam = z.coerce
  .number({ error: DASHBOARD_MESSAGES.professionalInvalid })
  .int(DASHBOARD_MESSAGES.professionalInvalid)
  .min(1, DASHBOARD_MESSAGES.professionalInvalid)
  .max(2_147_483_647, DASHBOARD_MESSAGES.professionalInvalid);

/**
 * GET /dashboard/sales and /dashboard/sales.csv: `from`/`to` inclusive São Paulo days (this month
 * when absent), `unit` (admins; a manager always gets their own unit), `professional_id`.
 */
export const salesDashboardQuerySchema = z
  .object({
    from: dateParam.optional(),
    to: dateParam.optional(),
    unit: unitParam.optional(),
    professional_id: professionalParam.optional(),
    /** `criacao` (default): by creation day; `aceite`: answered proposals by answer day. */
    basis: z.enum(DASHBOARD_BASES, { error: DASHBOARD_MESSAGES.basisInvalid }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: DASHBOARD_MESSAGES.periodInvalid,
    path: ['to'],
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      query.from > query.to ||
      daysBetween(query.from, query.to) < DASHBOARD_MAX_PERIOD_DAYS,
    { message: DASHBOARD_MESSAGES.periodTooLong, path: ['to'] },
  );
export type SalesDashboardQuery = z.input<typeof salesDashboardQuerySchema>;
export type SalesDashboardQueryData = z.output<typeof salesDashboardQuerySchema>;

/** GET /proposals/pipeline?professional_id=&unit= (unit: admins only). */
export const pipelineQuerySchema = z.object({
  unit: unitParam.optional(),
  professional_id: professionalParam.optional(),
});
export type PipelineQuery = z.input<typeof pipelineQuerySchema>;
export type PipelineQueryData = z.output<typeof pipelineQuerySchema>;

/** GET /renewals/?within_days=60&professional_id=&unit= (unit: admins only). */
export const renewalsQuerySchema = z.object({
  within_days: z.coerce
    .number({ error: DASHBOARD_MESSAGES.withinDaysInvalid })
    .int(DASHBOARD_MESSAGES.withinDaysInvalid)
    .min(1, DASHBOARD_MESSAGES.withinDaysInvalid)
    .max(RENEWAL_MAX_WITHIN_DAYS, DASHBOARD_MESSAGES.withinDaysInvalid)
    .default(RENEWAL_DEFAULT_WITHIN_DAYS),
  unit: unitParam.optional(),
  professional_id: professionalParam.optional(),
});
export type RenewalsQuery = z.input<typeof renewalsQuerySchema>;
export type RenewalsQueryData = z.output<typeof renewalsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** The figures of a set of proposals (the whole answer, a professional, a unit, a week). */
export const salesFiguresSchema = z.object({
  proposals_created: z.number().int(),
  /** Ever sent (sent, viewed, accepted, declined after sending, or expired after sending). */
  proposals_sent: z.number().int(),
  /** Ever opened by the client. */
  proposals_viewed: z.number().int(),
  proposals_accepted: z.number().int(),
  proposals_declined: z.number().int(),
  /** Draft, sent or viewed past their validity. */
  proposals_expired: z.number().int(),
  /** accepted / ever sent, 0–1 with 4 decimals (basis points rounded down); 0 when none sent. */
  conversion_rate: z.number(),
  /** Reais: Σ annual value of the accepted proposals. */
  accepted_annual_value: z.number(),
  /**
   * Reais, to the centavo: mean annual value of the accepted proposals (0 when none: a screen
   * shows '—' when `proposals_accepted` is 0).
   */
  average_ticket: z.number(),
  /** Percent, 2 decimals: mean `discountPct` of the accepted proposals, rounded down. */
  average_discount_pct: z.number(),
  /** Percent, 2 decimals: mean `margemPct` of the accepted proposals, rounded down. */
  average_margin_pct: z.number(),
  /**
   * Accepted proposals whose `margemPct` is below their minimum margin (the largest
   * `min_margin_percent` of their procedures when saved, DESIGN.md section 6), compared in whole
   * basis points: a margin equal to the minimum meets it.
   */
  below_min_margin_count: z.number().int(),
  /**
   * Accepted, then withdrawn within 7 days (CDC art. 49) or cancelled (issue 28): these leave
   * every accepted figure above and are counted here, with their annual value in reais.
   */
  withdrawn_count: z.number().int(),
  withdrawn_value: z.number(),
  cancelled_count: z.number().int(),
  cancelled_value: z.number(),
});
export type SalesFigures = z.output<typeof salesFiguresSchema>;

/** Block mix of the accepted proposals: sessions and standalone value per block. */
export const salesBlockSchema = z.object({
  block: z.enum(SERVICE_BLOCKS),
  sessions: z.number().int(),
  /** Reais: Σ `total_value` of the block's items (standalone prices). */
  value: z.number(),
  /** This block's share of all blocks' value, 0–1 with 4 decimals. */
  share: z.number(),
});
export type SalesBlock = z.output<typeof salesBlockSchema>;

export const salesProfessionalSchema = salesFiguresSchema.extend({
  /** The author (null when the user was deleted). */
  professional_id: z.number().int().nullable(),
  /** The author's name on their latest saved proposal of the period. */
  name: z.string(),
});
export type SalesProfessional = z.output<typeof salesProfessionalSchema>;

export const salesUnitSchema = salesFiguresSchema.extend({ unit: z.enum(UNITS) });
export type SalesUnit = z.output<typeof salesUnitSchema>;

export const salesWeekSchema = salesFiguresSchema.extend({
  /** The Monday (São Paulo) of the week. */
  week_start: z.string(),
});
export type SalesWeek = z.output<typeof salesWeekSchema>;

export const salesProcedureSchema = z.object({
  service_id: z.number().int(),
  /** Name and block as frozen on the latest saved accepted proposal that holds it. */
  name: z.string(),
  block: z.enum(SERVICE_BLOCKS),
  sessions: z.number().int(),
  /** Accepted proposals that hold it (a snapshot lists a procedure once). */
  proposals: z.number().int(),
  /** Reais: Σ `total_value` (standalone price × sessions) in accepted proposals. */
  accepted_value: z.number(),
});
export type SalesProcedure = z.output<typeof salesProcedureSchema>;

export const salesPackageSchema = z.object({
  /** Null when the package was deleted. */
  package_id: z.number().int().nullable(),
  name: z.string(),
  accepted_count: z.number().int(),
  /** Reais: Σ annual value of its accepted proposals. */
  accepted_annual_value: z.number(),
});
export type SalesPackage = z.output<typeof salesPackageSchema>;

export const salesDeclineReasonSchema = z.object({
  /** Null when the client declined without a reason. */
  reason_code: z.enum(DECLINE_REASON_CODES).nullable(),
  label: z.string(),
  count: z.number().int(),
});
export type SalesDeclineReason = z.output<typeof salesDeclineReasonSchema>;

/** GET /dashboard/sales. */
export const salesDashboardSchema = salesFiguresSchema.extend({
  /** The period answered (the defaults filled in). */
  from: z.string(),
  to: z.string(),
  /** The unit answered (a manager's own whatever was asked); null: the whole network. */
  unit: z.enum(UNITS).nullable(),
  professional_id: z.number().int().nullable(),
  /** Which day counts a proposal in the period (`criacao` unless asked). */
  basis: z.enum(DASHBOARD_BASES),
  by_block: z.array(salesBlockSchema),
  /** Sorted by name. */
  by_professional: z.array(salesProfessionalSchema),
  /** In the order of UNITS; only units with proposals in the period. */
  by_unit: z.array(salesUnitSchema),
  /** Every week (Monday first) the period touches, oldest first, empty ones at zero: the trend. */
  by_week: z.array(salesWeekSchema),
  /** The DASHBOARD_TOP_LIMIT largest by accepted value. */
  top_procedures: z.array(salesProcedureSchema),
  top_packages: z.array(salesPackageSchema),
  /** Declined proposals by reason, most frequent first. */
  decline_reasons: z.array(salesDeclineReasonSchema),
});
export type SalesDashboard = z.output<typeof salesDashboardSchema>;

export const PIPELINE_STAGES = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
export const PIPELINE_STAGE_LABELS: Record<PipelineStage, string> = {
  draft: PROPOSAL_STATUS_LABELS.draft,
  sent: PROPOSAL_STATUS_LABELS.sent,
  viewed: PROPOSAL_STATUS_LABELS.viewed,
  accepted: PROPOSAL_STATUS_LABELS.accepted,
  declined: PROPOSAL_STATUS_LABELS.declined,
  expired: PROPOSAL_STATUS_LABELS.expired,
};

const personRef = z.object({ id: z.number().int().nullable(), name: z.string() });

export const pipelineCardSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  version: z.number().int(),
  stage: z.enum(PIPELINE_STAGES),
  client: z.object({ id: z.number().int(), full_name: z.string() }),
  package: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /** Reais: the package's annual value. */
  value: z.number(),
  created_at: z.string(),
  /** Whole days since it was created. */
  age_days: z.number().int(),
  owner: personRef,
  unit: z.enum(UNITS),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  valid_until: z.string(),
  /** Sent or viewed more than PROPOSAL_FOLLOW_UP_AFTER_DAYS days ago, unanswered, still valid. */
  follow_up_due: z.boolean(),
  /** Draft, sent or viewed in the last PROPOSAL_EXPIRING_WITHIN_DAYS days of its validity. */
  expiring: z.boolean(),
});
export type PipelineCard = z.output<typeof pipelineCardSchema>;

export const pipelineColumnSchema = z.object({
  stage: z.enum(PIPELINE_STAGES),
  label: z.string(),
  /** Every proposal in the stage; `cards` holds the newest PIPELINE_CARDS_PER_STAGE. */
  count: z.number().int(),
  cards: z.array(pipelineCardSchema),
});
export type PipelineColumn = z.output<typeof pipelineColumnSchema>;

/** GET /proposals/pipeline: one column per stage, in PIPELINE_STAGES order. */
export const pipelineSchema = z.object({
  unit: z.enum(UNITS).nullable(),
  professional_id: z.number().int().nullable(),
  columns: z.array(pipelineColumnSchema),
});
export type Pipeline = z.output<typeof pipelineSchema>;

/** A row of GET /renewals/: a client whose last accepted yearly package ends soon. */
export const renewalSchema = z.object({
  client: z.object({ id: z.number().int(), full_name: z.string() }),
  /** The client's last accepted proposal: open it in the builder to start the next one. */
  proposal: z.object({
    id: z.number().int(),
    number: z.string(),
    version: z.number().int(),
    package: z.object({ id: z.number().int().nullable(), name: z.string() }),
    annual_value: z.number(),
    accepted_at: z.string(),
  }),
  owner: personRef,
  unit: z.enum(UNITS),
  /** The São Paulo day the 12 months end (acceptance day + RENEWAL_TERM_MONTHS). */
  ends_on: z.string(),
  /** Days from today (São Paulo) to `ends_on`, 0 on the day itself. */
  days_left: z.number().int(),
  /**
   * Why it is listed (issue 28): 'data', the 12 months end soon; 'uso', the contract's sessions
   * are used up or nearly (three quarters or more) before its end.
   */
  reason: z.enum(['data', 'uso']),
  /** pt-BR: 'Pacote termina em 10/01/2027', 'Todas as sessões usadas no mês 8', … */
  label: z.string(),
});
export type Renewal = z.output<typeof renewalSchema>;

/** A renewal from use: three quarters of the sessions or more done before the contract ends. */
export const RENEWAL_USE_SHARE = 0.75;

/** The pt-BR reason of a renewal from use. */
export function useRenewalLabel(input: {
  sessions_total: number;
  sessions_used: number;
  /** Month of the contract (1 = its first) of the last session. */
  last_session_month: number;
  days_left: number;
}): string {
  if (input.sessions_used >= input.sessions_total) {
    return `Todas as sessões usadas no mês ${input.last_session_month}`;
  }
  const days = input.days_left === 1 ? '1 dia restante' : `${input.days_left} dias restantes`;
  return `${input.sessions_used} de ${input.sessions_total} sessões feitas, ${days}`;
}

// ---------------------------------------------------------------------------------------------
// The formulas

/** What the figures read from a stored proposal (one row of `proposals`, money in centavos). */
export interface DashboardProposalRow {
  id: number;
  author_id: number | null;
  author_name: string;
  unit: Unit;
  package_id: number | null;
  package_name: string;
  status: StoredProposalStatus;
  /** Null while this is the latest version of its number. */
  superseded_by_id: number | null;
  created_at: Date | string;
  valid_until: Date | string;
  sent_at: Date | string | null;
  viewed_at: Date | string | null;
  /** When the client accepted or declined (null while unanswered). */
  answered_at: Date | string | null;
  annual_value: Centavos;
  /** The snapshot's `discountPct` and `margemPct` (multiples of 0,01: whole basis points). */
  discount_pct: number;
  margin_pct: number;
  /** Largest `min_margin_percent` of its procedures when it was saved. */
  min_margin_pct: number;
  decline_reason_code: DeclineReasonCode | null;
  items: readonly {
    service_id: number;
    name: string;
    block: ServiceBlock;
    sessions: number;
    total_value: Centavos;
  }[];
}

/** Sums and counts of a set of proposals; `salesFigures` turns them into the answer. */
export interface SalesCounts {
  created: number;
  sent: number;
  viewed: number;
  accepted: number;
  declined: number;
  expired: number;
  accepted_value: Centavos;
  discount_bp_sum: BasisPoints;
  margin_bp_sum: BasisPoints;
  below_min_margin: number;
  /** Accepted, then withdrawn or cancelled: no longer in the accepted figures above. */
  withdrawn: number;
  withdrawn_value: Centavos;
  cancelled: number;
  cancelled_value: Centavos;
}

export function emptySalesCounts(): SalesCounts {
  return {
    created: 0,
    sent: 0,
    viewed: 0,
    accepted: 0,
    declined: 0,
    expired: 0,
    accepted_value: 0,
    discount_bp_sum: 0,
    margin_bp_sum: 0,
    below_min_margin: 0,
    withdrawn: 0,
    withdrawn_value: 0,
    cancelled: 0,
    cancelled_value: 0,
  };
}

export function addSalesCounts(into: SalesCounts, add: SalesCounts): SalesCounts {
  for (const key of Object.keys(into) as (keyof SalesCounts)[]) into[key] += add[key];
  return into;
}

/** One proposal's contribution to the counts, its status read at `now`. */
export function proposalSalesCounts(row: DashboardProposalRow, now: Date): SalesCounts {
  const counts = emptySalesCounts();
  const status = effectiveProposalStatus(row.status, row.valid_until, now);
  counts.created = 1;
  if (row.sent_at !== null) counts.sent = 1;
  if (row.viewed_at !== null) counts.viewed = 1;
  if (status === 'declined') counts.declined = 1;
  if (status === 'expired') counts.expired = 1;
  if (status === 'accepted') {
    counts.accepted = 1;
    counts.accepted_value = row.annual_value;
    const marginBp = percentToBasisPoints(row.margin_pct);
    counts.discount_bp_sum = percentToBasisPoints(row.discount_pct);
    counts.margin_bp_sum = marginBp;
    if (!meetsMinimum(marginBp, row.min_margin_pct)) counts.below_min_margin = 1;
  }
  return counts;
}

/** A ratio of counts or centavos as 0–1 with 4 decimals: its basis points, rounded down. */
const rate = (part: number, whole: number) => ratioBasisPoints(part, whole) / 10_000;

/** The answer's figures from sums and counts. */
export function salesFigures(counts: SalesCounts): SalesFigures {
  const accepted = counts.accepted;
  return {
    proposals_created: counts.created,
    proposals_sent: counts.sent,
    proposals_viewed: counts.viewed,
    proposals_accepted: accepted,
    proposals_declined: counts.declined,
    proposals_expired: counts.expired,
    conversion_rate: rate(accepted, counts.sent),
    accepted_annual_value: centavosToReais(counts.accepted_value),
    average_ticket:
      accepted > 0 ? centavosToReais(Math.round(counts.accepted_value / accepted)) : 0,
    average_discount_pct: meanBasisPoints(counts.discount_bp_sum, accepted) / 100,
    average_margin_pct: meanBasisPoints(counts.margin_bp_sum, accepted) / 100,
    below_min_margin_count: counts.below_min_margin,
    withdrawn_count: counts.withdrawn,
    withdrawn_value: centavosToReais(counts.withdrawn_value),
    cancelled_count: counts.cancelled,
    cancelled_value: centavosToReais(counts.cancelled_value),
  };
}

/** What the dashboard is made of: the server's SQL answers these, the rows formula too. */
export interface SalesAggregates {
  totals: SalesCounts;
  professionals: { professional_id: number | null; name: string; counts: SalesCounts }[];
  units: { unit: Unit; counts: SalesCounts }[];
  weeks: { week_start: string; counts: SalesCounts }[];
  blocks: { block: ServiceBlock; sessions: number; value: Centavos }[];
  procedures: {
    service_id: number;
    name: string;
    block: ServiceBlock;
    sessions: number;
    proposals: number;
    value: Centavos;
  }[];
  packages: { package_id: number | null; name: string; accepted: number; value: Centavos }[];
  decline_reasons: { reason_code: DeclineReasonCode | null; count: number }[];
}

/** Aggregates of no proposal at all. */
export function emptySalesAggregates(): SalesAggregates {
  return {
    totals: emptySalesCounts(),
    professionals: [],
    units: [],
    weeks: [],
    blocks: [],
    procedures: [],
    packages: [],
    decline_reasons: [],
  };
}

export interface SalesScope {
  /** Inclusive São Paulo days. */
  from: string;
  to: string;
  unit: Unit | null;
  professional_id: number | null;
  /** `criacao` unless given. */
  basis?: DashboardBasis;
}

/**
 * The day a proposal counts on: its creation, or with `basis=aceite` its answer (accepted or
 * declined; an unanswered one has none and is not counted).
 */
export function salesDay(
  row: DashboardProposalRow,
  basis: DashboardBasis = 'criacao',
): string | null {
  if (basis === 'criacao') return saoPauloDate(row.created_at);
  const answered = row.status === 'accepted' || row.status === 'declined';
  return answered && row.answered_at !== null ? saoPauloDate(row.answered_at) : null;
}

/** The proposals a scope counts: latest versions of the period (by its basis), unit, author. */
export function inSalesScope(row: DashboardProposalRow, scope: SalesScope): boolean {
  if (row.superseded_by_id !== null || row.status === 'superseded') return false;
  const day = salesDay(row, scope.basis);
  if (day === null || day < scope.from || day > scope.to) return false;
  if (scope.unit !== null && row.unit !== scope.unit) return false;
  return scope.professional_id === null || row.author_id === scope.professional_id;
}

const byLatestSaved = (a: DashboardProposalRow, b: DashboardProposalRow) => b.id - a.id;

/** The definition of every figure, over stored proposal rows. */
export function aggregateSalesRows(
  rows: readonly DashboardProposalRow[],
  scope: SalesScope,
  now: Date,
): SalesAggregates {
  // Latest saved first (highest id), so the first name met for an author, package or procedure
  // is the one on its latest saved proposal.
  const counted = rows.filter((row) => inSalesScope(row, scope)).sort(byLatestSaved);
  const totals = emptySalesCounts();
  const professionals = new Map<number | null, SalesAggregates['professionals'][number]>();
  const units = new Map<Unit, SalesCounts>();
  const weeks = new Map<string, SalesCounts>();
  const blocks = new Map<ServiceBlock, { sessions: number; value: Centavos }>();
  const procedures = new Map<number, SalesAggregates['procedures'][number]>();
  const packages = new Map<number | null, SalesAggregates['packages'][number]>();
  const reasons = new Map<DeclineReasonCode | null, number>();
  for (const row of counted) {
    const counts = proposalSalesCounts(row, now);
    addSalesCounts(totals, counts);
    const professional = professionals.get(row.author_id) ?? {
      professional_id: row.author_id,
      name: row.author_name,
      counts: emptySalesCounts(),
    };
    professionals.set(row.author_id, professional);
    addSalesCounts(professional.counts, counts);
    units.set(row.unit, addSalesCounts(units.get(row.unit) ?? emptySalesCounts(), counts));
    const week = weekStart(salesDay(row, scope.basis) ?? saoPauloDate(row.created_at));
    weeks.set(week, addSalesCounts(weeks.get(week) ?? emptySalesCounts(), counts));
    if (counts.declined) {
      reasons.set(row.decline_reason_code, (reasons.get(row.decline_reason_code) ?? 0) + 1);
    }
    if (!counts.accepted) continue;
    const pkg = packages.get(row.package_id) ?? {
      package_id: row.package_id,
      name: row.package_name,
      accepted: 0,
      value: 0,
    };
    pkg.accepted += 1;
    pkg.value += row.annual_value;
    packages.set(row.package_id, pkg);
    for (const item of row.items) {
      const block = blocks.get(item.block) ?? { sessions: 0, value: 0 };
      block.sessions += item.sessions;
      block.value += item.total_value;
      blocks.set(item.block, block);
      const procedure = procedures.get(item.service_id) ?? {
        service_id: item.service_id,
        name: item.name,
        block: item.block,
        sessions: 0,
        proposals: 0,
        value: 0,
      };
      procedure.sessions += item.sessions;
      procedure.value += item.total_value;
      procedure.proposals += 1;
      procedures.set(item.service_id, procedure);
    }
  }
  return {
    totals,
    professionals: [...professionals.values()],
    units: [...units].map(([unit, counts]) => ({ unit, counts })),
    weeks: [...weeks].map(([week_start, counts]) => ({ week_start, counts })),
    blocks: [...blocks].map(([block, sums]) => ({ block, ...sums })),
    procedures: [...procedures.values()],
    packages: [...packages.values()],
    decline_reasons: [...reasons].map(([reason_code, count]) => ({ reason_code, count })),
  };
}

const compareText = (a: string, b: string) => a.localeCompare(b, 'pt-BR');
const compareIds = (a: number | null, b: number | null) => (a ?? 0) - (b ?? 0);

/** The answer from aggregates: figures, shares, orders and the top lists. */
export function buildSalesDashboard(
  aggregates: SalesAggregates,
  scope: SalesScope,
): SalesDashboard {
  const blockValue = aggregates.blocks.reduce((sum, block) => sum + block.value, 0);
  const unitOrder = (unit: Unit) => UNITS.indexOf(unit);
  const weeks = new Map(aggregates.weeks.map((entry) => [entry.week_start, entry.counts]));
  return {
    ...salesFigures(aggregates.totals),
    from: scope.from,
    to: scope.to,
    unit: scope.unit,
    professional_id: scope.professional_id,
    basis: scope.basis ?? 'criacao',
    by_block: SERVICE_BLOCKS.map((block) => {
      const sums = aggregates.blocks.find((entry) => entry.block === block);
      const value = sums?.value ?? 0;
      return {
        block,
        sessions: sums?.sessions ?? 0,
        value: centavosToReais(value),
        share: rate(value, blockValue),
      };
    }),
    by_professional: [...aggregates.professionals]
      .sort(
        (a, b) => compareText(a.name, b.name) || compareIds(a.professional_id, b.professional_id),
      )
      .map((entry) => ({
        professional_id: entry.professional_id,
        name: entry.name,
        ...salesFigures(entry.counts),
      })),
    by_unit: [...aggregates.units]
      .sort((a, b) => unitOrder(a.unit) - unitOrder(b.unit))
      .map((entry) => ({ unit: entry.unit, ...salesFigures(entry.counts) })),
    // Every week of the period, empty ones at zero: a gap in the chart is a week without sales.
    by_week: periodWeeks(scope.from, scope.to).map((week_start) => ({
      week_start,
      ...salesFigures(weeks.get(week_start) ?? emptySalesCounts()),
    })),
    top_procedures: [...aggregates.procedures]
      .sort((a, b) => b.value - a.value || a.service_id - b.service_id)
      .slice(0, DASHBOARD_TOP_LIMIT)
      .map((entry) => ({
        service_id: entry.service_id,
        name: entry.name,
        block: entry.block,
        sessions: entry.sessions,
        proposals: entry.proposals,
        accepted_value: centavosToReais(entry.value),
      })),
    top_packages: [...aggregates.packages]
      .sort((a, b) => b.value - a.value || compareIds(a.package_id, b.package_id))
      .slice(0, DASHBOARD_TOP_LIMIT)
      .map((entry) => ({
        package_id: entry.package_id,
        name: entry.name,
        accepted_count: entry.accepted,
        accepted_annual_value: centavosToReais(entry.value),
      })),
    decline_reasons: [...aggregates.decline_reasons]
      .sort(
        (a, b) =>
          b.count - a.count ||
          DECLINE_ORDER.indexOf(a.reason_code) - DECLINE_ORDER.indexOf(b.reason_code),
      )
      .map((entry) => ({
        reason_code: entry.reason_code,
        label: declineReasonLabel(entry.reason_code),
        count: entry.count,
      })),
  };
}

/** The Mondays of every week that holds a day of [from, to], oldest first. */
export function periodWeeks(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = weekStart(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

const DECLINE_ORDER: readonly (DeclineReasonCode | null)[] = [...DECLINE_REASON_CODES, null];

export function declineReasonLabel(code: DeclineReasonCode | null): string {
  return code === null ? 'Sem motivo informado' : DECLINE_REASON_LABELS[code];
}

/** Every figure of the dashboard over stored proposal rows. */
export function computeSalesDashboard(
  rows: readonly DashboardProposalRow[],
  scope: SalesScope,
  now: Date,
): SalesDashboard {
  return buildSalesDashboard(aggregateSalesRows(rows, scope, now), scope);
}

// ---------------------------------------------------------------------------------------------
// Pipeline and renewals

/** The column a stored proposal sits in (null: a superseded version, in none). */
export function pipelineStage(
  status: StoredProposalStatus,
  validUntil: Date | string,
  now: Date,
): PipelineStage | null {
  const effective = effectiveProposalStatus(status, validUntil, now);
  return effective === 'superseded' ? null : effective;
}

/** Sent or viewed more than PROPOSAL_FOLLOW_UP_AFTER_DAYS days ago, unanswered, still valid. */
export function isFollowUpDue(
  proposal: {
    status: StoredProposalStatus;
    sent_at: Date | string | null;
    valid_until: Date | string;
  },
  now: Date,
): boolean {
  const stage = pipelineStage(proposal.status, proposal.valid_until, now);
  if ((stage !== 'sent' && stage !== 'viewed') || proposal.sent_at === null) return false;
  return (
    now.getTime() - new Date(proposal.sent_at).getTime() > PROPOSAL_FOLLOW_UP_AFTER_DAYS * DAY_MS
  );
}

/** Draft, sent or viewed with PROPOSAL_EXPIRING_WITHIN_DAYS days or less of validity left. */
export function isExpiring(
  proposal: { status: StoredProposalStatus; valid_until: Date | string },
  now: Date,
): boolean {
  const stage = pipelineStage(proposal.status, proposal.valid_until, now);
  if (stage !== 'draft' && stage !== 'sent' && stage !== 'viewed') return false;
  const left = new Date(proposal.valid_until).getTime() - now.getTime();
  return left <= PROPOSAL_EXPIRING_WITHIN_DAYS * DAY_MS;
}

/** Whole days an instant is old at `now`. */
export function ageInDays(createdAt: Date | string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY_MS));
}

/** When an accepted yearly package ends, and how many days are left, in São Paulo days. */
export function renewalTerm(
  acceptedAt: Date | string,
  now: Date,
): { ends_on: string; days_left: number } {
  const endsOn = addMonths(saoPauloDate(acceptedAt), RENEWAL_TERM_MONTHS);
  return { ends_on: endsOn, days_left: daysBetween(saoPauloDate(now), endsOn) };
}

/** A renewal is listed when its 12 months end between today and `withinDays` from today. */
export function isRenewalDue(daysLeft: number, withinDays: number): boolean {
  return daysLeft >= 0 && daysLeft <= withinDays;
}

// ---------------------------------------------------------------------------------------------
// CSV

/** The pt-BR CSV of the dashboard: one row per scope line, the figures the screen shows. */
export const SALES_CSV_HEADERS = [
  'Recorte',
  'Nome',
  'Propostas criadas',
  'Enviadas',
  'Visualizadas',
  'Aceitas',
  'Recusadas',
  'Expiradas',
  'Conversão (%)',
  'Valor anual aceito (R$)',
  'Ticket médio (R$)',
  'Desconto médio (%)',
  'Margem média (%)',
  'Abaixo da margem mínima',
] as const;

// The CSV form Excel pt-BR opens lives in shared/csv.ts (billing's statements use it too).
export { csvDecimal, csvField, csvLines, csvText } from '../shared/csv.ts';

/**
 * "35,00": a percent of the answer (a multiple of 0,01) as its basis points, written exactly,
 * never rounded a second time (shared/basis-points.ts).
 */
export function csvPercent(percent: number): string {
  return formatBasisPoints(percentToBasisPoints(percent)).replace(/\./g, '').slice(0, -1);
}

function figuresCells(figures: SalesFigures): string[] {
  // An average over no accepted proposal is no number: an empty cell, as the screen shows '—'.
  const averaged = figures.proposals_accepted > 0;
  const sent = figures.proposals_sent > 0;
  return [
    String(figures.proposals_created),
    String(figures.proposals_sent),
    String(figures.proposals_viewed),
    String(figures.proposals_accepted),
    String(figures.proposals_declined),
    String(figures.proposals_expired),
    sent ? csvPercent(figures.conversion_rate * 100) : '',
    csvDecimal(figures.accepted_annual_value),
    averaged ? csvDecimal(figures.average_ticket) : '',
    averaged ? csvPercent(figures.average_discount_pct) : '',
    averaged ? csvPercent(figures.average_margin_pct) : '',
    String(figures.below_min_margin_count),
  ];
}

/**
 * The dashboard as CSV for Excel pt-BR: BOM, `;` between fields, CRLF, decimal comma. Lines:
 * the total, each unit, each professional, each week.
 */
export function salesDashboardCsv(dashboard: SalesDashboard): string {
  const period = `${dashboard.from} a ${dashboard.to}`;
  const lines: string[][] = [
    [...SALES_CSV_HEADERS],
    ['Total', dashboard.unit ?? `Rede (${period})`, ...figuresCells(dashboard)],
    ...dashboard.by_unit.map((entry) => ['Unidade', entry.unit, ...figuresCells(entry)]),
    ...dashboard.by_professional.map((entry) => [
      'Profissional',
      csvText(entry.name),
      ...figuresCells(entry),
    ]),
    ...dashboard.by_week.map((entry) => [
      'Semana',
      `Semana de ${entry.week_start.split('-').reverse().join('/')}`,
      ...figuresCells(entry),
    ]),
  ];
  return csvLines(lines);
}

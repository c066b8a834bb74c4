import { NET_REVENUE_SHARE } from '../catalogue/package-totals.ts';
import type { Centavos } from '../shared/money.ts';
import { saoPauloDate } from '../shared/sao-paulo-days.ts';
import { basisPointsOf, periodOf, shareOf } from './rounding.ts';

/**
 * Commission (issue 30): entries derived from ledger events by versioned rules, in centavos.
 * A rule version applies from its `valid_from` (a São Paulo day); a reversal is a new entry,
 * never an edit; a closed month's entries are taken as they were closed, never recomputed, so a
 * later rule version cannot rewrite it.
 */

export const COMMISSION_EVENTS = ['venda_aceita', 'parcela_paga', 'sessao_realizada'] as const;
export type CommissionEvent = (typeof COMMISSION_EVENTS)[number];
export const COMMISSION_BASES = ['preco_contratado', 'margem'] as const;
export type CommissionBasis = (typeof COMMISSION_BASES)[number];
export const COMMISSION_CLAWBACKS = ['nenhum', 'proporcional', 'integral'] as const;
export type CommissionClawback = (typeof COMMISSION_CLAWBACKS)[number];
export const COMMISSION_ENTRY_STATUSES = ['prevista', 'aprovada', 'paga', 'estornada'] as const;
export type CommissionEntryStatus = (typeof COMMISSION_ENTRY_STATUSES)[number];
export const COMMISSION_ENTRY_STATUS_LABELS: Record<CommissionEntryStatus, string> = {
  prevista: 'Prevista',
  aprovada: 'Aprovada',
  paga: 'Paga',
  estornada: 'Estornada',
};

/** A tier applies from a month total (centavos of base) upward. */
export interface CommissionTier {
  from: Centavos;
  bp: number;
}
export type CommissionRate =
  | { type: 'pct'; bp: number }
  | { type: 'fixo'; centavos: Centavos }
  /** The tier reached by the month's total base under the rule applies to each of its entries. */
  | { type: 'faixas'; tiers: readonly CommissionTier[] };

export interface CommissionScope {
  unit?: string;
  profile?: string;
  professional_id?: number;
}

export interface CommissionRule {
  id: number;
  version: number;
  scope: CommissionScope;
  event: CommissionEvent;
  basis: CommissionBasis;
  rate: CommissionRate;
  clawback: CommissionClawback;
  /** São Paulo day `YYYY-MM-DD`. */
  valid_from: string;
}

/** A contract's figures: its price and the cost of its sessions (DESIGN 6's `custo`). */
export interface ContractFigures {
  contract_id: number;
  price: Centavos;
  cost: Centavos;
}

interface EarningBase {
  source_id: string;
  /** ISO instant. */
  at: string;
  /** Who earns it: the seller for a sale or an instalment, the performer for a session. */
  professional_id: number;
  unit: string;
  profile: string;
  contract: ContractFigures;
}
export type CommissionSourceEvent =
  | (EarningBase & { type: 'venda_aceita' })
  | (EarningBase & { type: 'parcela_paga'; amount: Centavos })
  | (EarningBase & { type: 'sessao_realizada'; session_price: Centavos })
  | (ReversalBase & { type: 'desistencia' })
  | (ReversalBase & { type: 'cancelamento' });

interface ReversalBase {
  source_id: string;
  at: string;
  contract_id: number;
  /** Cancellation: the contract's value not delivered (ignored for a withdrawal: all of it). */
  unused: Centavos;
  price: Centavos;
}

export const COMMISSION_SOURCE_TYPES = {
  venda_aceita: 'contrato',
  parcela_paga: 'parcela',
  sessao_realizada: 'sessao',
  desistencia: 'desistencia',
  cancelamento: 'cancelamento',
} as const;
export type CommissionSourceType =
  (typeof COMMISSION_SOURCE_TYPES)[keyof typeof COMMISSION_SOURCE_TYPES];

export interface CommissionEntry {
  rule_id: number;
  rule_version: number;
  professional_id: number;
  event: CommissionEvent;
  source_type: CommissionSourceType;
  source_id: string;
  contract_id: number;
  /** 'YYYY-MM' of the source's São Paulo day. */
  period: string;
  base: Centavos;
  amount: Centavos;
  status: CommissionEntryStatus;
  /** The rule's clawback, kept so a reversal in a later month needs no rule. */
  clawback: CommissionClawback;
  /** On a reversal: the key (`entryKey`) of the entry it reverses. */
  reverses?: string;
}

export function entryKey(entry: Pick<CommissionEntry, 'source_type' | 'source_id'>): string {
  return `${entry.source_type}:${entry.source_id}`;
}

/**
 * DESIGN 6's `lucro` of a contract: round(NET_REVENUE_SHARE · price) − cost, with the one share
 * and rounding of computePackageTotals (packages/domain/src/catalogue/package-totals.ts), so a
 * contract's margin equals its proposal's `lucro` to the centavo.
 */
export function contractMargin(contract: Pick<ContractFigures, 'price' | 'cost'>): Centavos {
  return Math.round(contract.price * NET_REVENUE_SHARE) - contract.cost + 0;
}

type Earning = Extract<CommissionSourceEvent, { type: CommissionEvent }>;
type Reversal = Exclude<CommissionSourceEvent, Earning>;

function isReversal(event: CommissionSourceEvent): event is Reversal {
  return event.type === 'desistencia' || event.type === 'cancelamento';
}

/** What the source is worth at the contracted price. */
function sourceValue(event: Earning): Centavos {
  if (event.type === 'venda_aceita') return event.contract.price;
  if (event.type === 'parcela_paga') return event.amount;
  return event.session_price;
}

/** The base: the contracted value, or its share of the contract's margin by contracted price. */
export function commissionBase(event: Earning, basis: CommissionBasis): Centavos {
  const value = sourceValue(event);
  if (basis === 'preco_contratado') return value;
  return shareOf(contractMargin(event.contract), value, event.contract.price);
}

/**
 * How specific a scope is. Order: a professional > profile and unit > unit > profile > the
 * network (no scope): a person's own deal beats their team's, a unit's beats the network's.
 */
export function scopeSpecificity(scope: CommissionScope): number {
  if (scope.professional_id !== undefined) return 4;
  if (scope.unit !== undefined && scope.profile !== undefined) return 3;
  if (scope.unit !== undefined) return 2;
  if (scope.profile !== undefined) return 1;
  return 0;
}

function scopeMatches(scope: CommissionScope, event: Earning): boolean {
  return (
    (scope.professional_id === undefined || scope.professional_id === event.professional_id) &&
    (scope.unit === undefined || scope.unit === event.unit) &&
    (scope.profile === undefined || scope.profile === event.profile)
  );
}

/** Each rule's version in force on `date`: the latest `valid_from` ≤ date, then the highest version. */
export function rulesInForce(rules: readonly CommissionRule[], date: string): CommissionRule[] {
  const byId = new Map<number, CommissionRule>();
  for (const rule of rules) {
    if (rule.valid_from > date) continue;
    const current = byId.get(rule.id);
    if (
      !current ||
      rule.valid_from > current.valid_from ||
      (rule.valid_from === current.valid_from && rule.version > current.version)
    ) {
      byId.set(rule.id, rule);
    }
  }
  return [...byId.values()];
}

/** The rule that pays `event`: the most specific in force on its São Paulo day, then lowest id. */
export function ruleFor(
  rules: readonly CommissionRule[],
  event: Earning,
  day: string = saoPauloDate(event.at),
): CommissionRule | null {
  let best: CommissionRule | null = null;
  for (const rule of rulesInForce(rules, day)) {
    if (rule.event !== event.type || !scopeMatches(rule.scope, event)) continue;
    const better =
      !best ||
      scopeSpecificity(rule.scope) > scopeSpecificity(best.scope) ||
      (scopeSpecificity(rule.scope) === scopeSpecificity(best.scope) && rule.id < best.id);
    if (better) best = rule;
  }
  return best;
}

/** The tier reached by `total`: the one with the largest `from` ≤ total (0 bp below all). */
export function tierBasisPoints(tiers: readonly CommissionTier[], total: Centavos): number {
  let chosen: CommissionTier | null = null;
  for (const tier of tiers) {
    if (tier.from <= total && (!chosen || tier.from > chosen.from)) chosen = tier;
  }
  return chosen?.bp ?? 0;
}

export interface ClosedCommissions {
  /** Every month up to this 'YYYY-MM' is closed. */
  through: string;
  /** The entries as they were closed (originals and reversals of those months). */
  entries: readonly CommissionEntry[];
}

/** Events in time order (ties by source id), each instant parsed once, not per comparison. */
function inTimeOrder(events: readonly CommissionSourceEvent[]): CommissionSourceEvent[] {
  return events
    .map((event) => ({ event, time: Date.parse(event.at) }))
    .sort(
      (a, b) =>
        a.time - b.time ||
        (a.event.source_id < b.event.source_id
          ? -1
          : a.event.source_id > b.event.source_id
            ? 1
            : 0),
    )
    .map(({ event }) => event);
}

/**
 * Entries for `events` under `rules`. Months up to `closed.through` come from `closed.entries`
 * unchanged. In open months: one entry per earning event whose rule exists (amounts never below
 * 0: a negative margin earns nothing), and for the first withdrawal or cancellation of a contract
 * one reversing entry per earlier entry of that contract whose rule claws back — all of it
 * (`integral`, and any clawback on a withdrawal) or the undelivered share (`proporcional`).
 */
export function commissionEntries(
  rules: readonly CommissionRule[],
  events: readonly CommissionSourceEvent[],
  closed?: ClosedCommissions,
): CommissionEntry[] {
  const isClosed = (period: string) => closed !== undefined && period <= closed.through;
  const entries: CommissionEntry[] = closed ? closed.entries.filter((e) => isClosed(e.period)) : [];
  const reversed = new Set(entries.flatMap((entry) => (entry.reverses ? [entry.reverses] : [])));
  const reversedContracts = new Set(
    entries.filter((entry) => entry.reverses).map((entry) => entry.contract_id),
  );

  const sorted = inTimeOrder(events);
  const earned: { entry: CommissionEntry; rate: CommissionRate }[] = [];
  for (const event of sorted) {
    if (isReversal(event)) continue;
    const day = saoPauloDate(event.at);
    const period = periodOf(day);
    if (isClosed(period)) continue;
    const rule = ruleFor(rules, event, day);
    if (!rule) continue;
    const base = commissionBase(event, rule.basis);
    earned.push({
      rate: rule.rate,
      entry: {
        rule_id: rule.id,
        rule_version: rule.version,
        professional_id: event.professional_id,
        event: event.type,
        source_type: COMMISSION_SOURCE_TYPES[event.type],
        source_id: event.source_id,
        contract_id: event.contract.contract_id,
        period,
        base,
        amount: 0,
        status: 'prevista',
        clawback: rule.clawback,
      },
    });
  }

  // Tiers: the month's total base per professional and rule version decides the rate.
  const totals = new Map<string, Centavos>();
  const group = (entry: CommissionEntry) =>
    `${entry.professional_id}|${entry.period}|${entry.rule_id}|${entry.rule_version}`;
  for (const { entry } of earned) {
    totals.set(group(entry), (totals.get(group(entry)) ?? 0) + entry.base);
  }
  for (const item of earned) {
    const { entry, rate } = item;
    const positive = Math.max(0, entry.base);
    if (rate.type === 'pct') entry.amount = basisPointsOf(positive, rate.bp);
    else if (rate.type === 'fixo') entry.amount = rate.centavos;
    else
      entry.amount = basisPointsOf(
        positive,
        tierBasisPoints(rate.tiers, totals.get(group(entry)) ?? 0),
      );
  }

  // Originals with the instant of their source, to reverse only what came before a reversal.
  const at = new Map(
    sorted.map((event) => [`${COMMISSION_SOURCE_TYPES[event.type]}:${event.source_id}`, event.at]),
  );
  // Per contract, in order: a reversal reads only its contract's entries.
  const originals = new Map<number, CommissionEntry[]>();
  for (const entry of [
    ...entries.filter((item) => !item.reverses),
    ...earned.map((item) => item.entry),
  ]) {
    const list = originals.get(entry.contract_id);
    if (list) list.push(entry);
    else originals.set(entry.contract_id, [entry]);
  }
  for (const item of earned) entries.push(item.entry);

  for (const event of sorted) {
    if (!isReversal(event)) continue;
    // The first withdrawal or cancellation of a contract reverses it, closed month or not.
    if (reversedContracts.has(event.contract_id)) continue;
    reversedContracts.add(event.contract_id);
    const period = periodOf(saoPauloDate(event.at));
    if (isClosed(period)) continue;
    for (const original of originals.get(event.contract_id) ?? []) {
      const key = entryKey(original);
      const when = at.get(key);
      if (reversed.has(key)) continue;
      if (
        original.clawback === 'nenhum' ||
        (when !== undefined && Date.parse(when) > Date.parse(event.at))
      )
        continue;
      const whole = event.type === 'desistencia' || original.clawback === 'integral';
      const amount = whole ? original.amount : shareOf(original.amount, event.unused, event.price);
      const base = whole ? original.base : shareOf(original.base, event.unused, event.price);
      reversed.add(key);
      entries.push({
        ...original,
        source_type: COMMISSION_SOURCE_TYPES[event.type],
        source_id: event.source_id,
        period,
        base: -base,
        amount: -amount,
        status: 'estornada',
        reverses: key,
      });
    }
  }
  return entries;
}

export interface CommissionAdjustment {
  id: string;
  professional_id: number;
  period: string;
  /** Negative for an advance being discounted, positive for a bonus. */
  amount: Centavos;
  reason: string;
}

export interface CommissionStatement {
  professional_id: number;
  period: string;
  entries: CommissionEntry[];
  adjustments: CommissionAdjustment[];
  /** Σ entries (reversals included). */
  gross: Centavos;
  /** gross + Σ adjustments. */
  net: Centavos;
}

/** The monthly statement of one professional (Lei 13.352's monthly account). */
export function commissionStatement(
  entries: readonly CommissionEntry[],
  adjustments: readonly CommissionAdjustment[],
  professionalId: number,
  period: string,
): CommissionStatement {
  const mine = entries.filter((e) => e.professional_id === professionalId && e.period === period);
  const extra = adjustments.filter(
    (a) => a.professional_id === professionalId && a.period === period,
  );
  const gross = mine.reduce((sum, entry) => sum + entry.amount, 0);
  return {
    professional_id: professionalId,
    period,
    entries: mine,
    adjustments: extra,
    gross,
    net: extra.reduce((sum, adjustment) => sum + adjustment.amount, gross),
  };
}

/** What the builder knows of a proposal before it is sold (centavos). */
export interface SaleEstimateInput {
  /** The seller: the signed-in professional. */
  professional_id: number;
  unit: string;
  profile: string;
  price: Centavos;
  cost: Centavos;
  /** The instant the sale would be accepted (now). */
  at: string;
  /** Instalments of the plan the sale would get (PLAN_DEFAULT_INSTALLMENTS by default). */
  installments: readonly Centavos[];
}

/**
 * What a proposal would earn its seller under the rules in force: the entries `commissionEntries`
 * would derive from its acceptance and its paid instalments (all at `at`), never a formula of its
 * own. Sessions pay whoever performs them, so they are not the seller's estimate; a tiered rule
 * reads the proposal alone as the month's total.
 */
export function estimateSaleCommission(
  rules: readonly CommissionRule[],
  input: SaleEstimateInput,
): CommissionEntry[] {
  const contract: ContractFigures = { contract_id: 0, price: input.price, cost: input.cost };
  const earning = {
    at: input.at,
    professional_id: input.professional_id,
    unit: input.unit,
    profile: input.profile,
    contract,
  };
  const events: CommissionSourceEvent[] = [
    { ...earning, type: 'venda_aceita', source_id: 'estimativa' },
    ...input.installments.map((amount, index): CommissionSourceEvent => ({
      ...earning,
      type: 'parcela_paga',
      source_id: `estimativa-${index + 1}`,
      amount,
    })),
  ];
  return commissionEntries(rules, events);
}

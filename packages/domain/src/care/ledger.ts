import type { Centavos } from '../shared/money.ts';
import { addDays, daysBetween, saoPauloDate, saoPauloDayStart } from '../shared/sao-paulo-days.ts';

/**
 * A contract's life as an append-only ledger (issue 28; DESIGN.md section 14): balances and the
 * status are derived from the entries here, never stored apart from them, so what the front desk
 * sees, what the liability report sums and what a cancellation quotes cannot disagree.
 */
export const CONTRACT_STATUSES = [
  'ativo',
  'congelado',
  'concluido',
  'expirado',
  'cancelado',
  'desistencia',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  ativo: 'Ativo',
  congelado: 'Congelado',
  concluido: 'Concluído',
  expirado: 'Expirado',
  cancelado: 'Cancelado',
  desistencia: 'Desistência',
};

export const LEDGER_KINDS = [
  'grant',
  'redeem',
  'reverse',
  'freeze',
  'unfreeze',
  'extend',
  'expire',
  'cancel',
  'withdraw',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  grant: 'Sessões contratadas',
  redeem: 'Sessão realizada',
  reverse: 'Sessão estornada',
  freeze: 'Contrato congelado',
  unfreeze: 'Contrato descongelado',
  extend: 'Validade prorrogada',
  expire: 'Contrato expirado',
  cancel: 'Contrato cancelado',
  withdraw: 'Desistência',
};

/** The fields of an entry the rules read (the stored row carries who, unit, reason, note). */
export interface LedgerFact {
  id: number;
  kind: LedgerKind;
  /** grant, redeem: the procedure. */
  service_id: number | null;
  /** grant: sessions granted; redeem: 1. */
  quantity: number;
  /** reverse: the redeem it cancels. */
  reverses_id: number | null;
  /** redeem: the São Paulo day the session was performed; freeze: its first day. */
  on_date: string | null;
  /** freeze: the last frozen day (São Paulo). */
  until_date: string | null;
  /** extend: whole days added to the validity. */
  days: number | null;
}

export interface ContractTerms {
  /** First and last valid São Paulo days, as contracted (before freezes and extensions). */
  valid_from: string;
  valid_until: string;
  /** Per procedure: sessions contracted and their share of the price. */
  entitlements: readonly { service_id: number; sessions: number; total: Centavos }[];
}

export interface EntitlementBalance {
  service_id: number;
  sessions_total: number;
  sessions_used: number;
  sessions_remaining: number;
  /** Σ of the contracted prices of its sessions. */
  total: Centavos;
  /** The contracted price of one session (the first sessions may carry one centavo more). */
  unit_price: Centavos;
  used_value: Centavos;
}

export interface ContractState {
  status: ContractStatus;
  /** The last valid São Paulo day, freezes and extensions included. */
  valid_until: string;
  /** A freeze in force today: its last day. */
  frozen_until: string | null;
  entitlements: EntitlementBalance[];
  /** Redeems not reversed: the sessions that count. */
  redeemed_ids: Set<number>;
}

/** Price of the session at position `index` (0-based) of a line of `sessions` worth `total`. */
export function sessionPrice(total: Centavos, sessions: number, index: number): Centavos {
  if (sessions <= 0) return 0;
  const base = Math.floor(total / sessions);
  return base + (index < total - base * sessions ? 1 : 0);
}

function valueOfFirst(total: Centavos, sessions: number, count: number): Centavos {
  let value = 0;
  for (let index = 0; index < Math.min(count, sessions); index += 1) {
    value += sessionPrice(total, sessions, index);
  }
  return value;
}

/** Days a freeze actually held: from its first day to its end, or to the day it was lifted. */
function frozenDays(freeze: LedgerFact, liftedOn: string | null): number {
  if (!freeze.on_date || !freeze.until_date) return 0;
  const end = liftedOn && liftedOn <= freeze.until_date ? addDays(liftedOn, -1) : freeze.until_date;
  return Math.max(0, daysBetween(freeze.on_date, end) + 1);
}

/**
 * The contract as of São Paulo day `today`, from its terms and its entries in the order they were
 * recorded. A terminal entry (withdraw, cancel, expire) ends it; a freeze in force pauses it and
 * moves its end by the days it held; a contract past its last valid day is `expirado` even before
 * the expiry job writes its entry.
 */
export function contractState(
  terms: ContractTerms,
  entries: readonly LedgerFact[],
  today: string,
): ContractState {
  const reversed = new Set(
    entries.filter((entry) => entry.kind === 'reverse').map((entry) => entry.reverses_id),
  );
  const redeemed = entries.filter((entry) => entry.kind === 'redeem' && !reversed.has(entry.id));
  const granted = new Map<number, number>();
  for (const entry of entries) {
    if (entry.kind === 'grant' && entry.service_id !== null) {
      granted.set(entry.service_id, (granted.get(entry.service_id) ?? 0) + entry.quantity);
    }
  }
  const entitlements = terms.entitlements.map((line) => {
    const total = granted.get(line.service_id) ?? line.sessions;
    const used = redeemed
      .filter((entry) => entry.service_id === line.service_id)
      .reduce((sum, entry) => sum + entry.quantity, 0);
    return {
      service_id: line.service_id,
      sessions_total: total,
      sessions_used: used,
      sessions_remaining: Math.max(0, total - used),
      total: line.total,
      unit_price: total > 0 ? Math.floor(line.total / total) : 0,
      used_value: valueOfFirst(line.total, total, used),
    };
  });

  // A freeze moves the end by the days it holds: as planned, or until the day it was lifted.
  let validUntil = terms.valid_until;
  let frozen: LedgerFact | null = null;
  let ended: ContractStatus | null = null;
  for (const entry of entries) {
    if (entry.kind === 'extend' && entry.days) validUntil = addDays(validUntil, entry.days);
    if (entry.kind === 'freeze') {
      if (frozen) validUntil = addDays(validUntil, frozenDays(frozen, null));
      frozen = entry;
    }
    if (entry.kind === 'unfreeze' && frozen) {
      validUntil = addDays(validUntil, frozenDays(frozen, entry.on_date));
      frozen = null;
    }
    if (entry.kind === 'withdraw') ended ??= 'desistencia';
    if (entry.kind === 'cancel') ended ??= 'cancelado';
    if (entry.kind === 'expire') ended ??= 'expirado';
  }
  let frozenUntil: string | null = null;
  if (frozen?.on_date && frozen.until_date) {
    validUntil = addDays(validUntil, frozenDays(frozen, null));
    if (today >= frozen.on_date && today <= frozen.until_date) frozenUntil = frozen.until_date;
  }
  const remaining = entitlements.reduce((sum, line) => sum + line.sessions_remaining, 0);
  let status: ContractStatus;
  if (ended) status = ended;
  else if (remaining === 0) status = 'concluido';
  else if (frozenUntil !== null) status = 'congelado';
  else if (today > validUntil) status = 'expirado';
  else status = 'ativo';
  return {
    status,
    valid_until: validUntil,
    frozen_until: frozenUntil,
    entitlements,
    redeemed_ids: new Set(redeemed.map((entry) => entry.id)),
  };
}

export const CONTRACT_MESSAGES = {
  notFound: 'Contrato não encontrado.',
  notActive: 'Este contrato não está ativo; não é possível registrar sessões.',
  noneRemaining: 'Não há sessões restantes deste procedimento neste contrato.',
  notInContract: 'Este procedimento não faz parte do contrato.',
  outsideValidity: 'A data da sessão está fora da validade do contrato.',
  futureSession: 'Uma sessão não pode ser registrada com data futura.',
  alreadyReversed: 'Esta sessão já foi estornada.',
  notASession: 'Este lançamento não é uma sessão registrada.',
  alreadyFrozen: 'Este contrato já está congelado.',
  notFrozen: 'Este contrato não está congelado.',
  freezeInPast: 'O fim do congelamento deve ser hoje ou uma data futura.',
  freezeTooLong: 'Um congelamento dura no máximo 180 dias.',
  ended: 'Este contrato já foi encerrado.',
  notEnded: 'Este contrato não foi cancelado nem teve desistência: não há termo a emitir.',
  withdrawalClosed: 'O prazo de 7 dias para desistência já terminou.',
  withdrawalNotRemote: 'A desistência em 7 dias vale para aceites à distância; use o cancelamento.',
  contraindicated:
    'A ficha da cliente tem uma contraindicação absoluta para este procedimento; informe o motivo para registrar mesmo assim.',
  reasonRequired: 'Informe o motivo.',
  reasonTooLong: 'O motivo deve ter até 500 caracteres.',
  noteTooLong: 'A observação deve ter até 500 caracteres.',
  daysInvalid: 'Informe de 1 a 365 dias.',
  dateInvalid: 'Data inválida.',
} as const;

/** What replaces a ledger's free text when its client is anonymized (migration 0020 allows it). */
export const LEDGER_TEXT_REMOVED = 'Texto removido na anonimização da cliente.';

export type RedeemRefusal =
  'notActive' | 'noneRemaining' | 'notInContract' | 'outsideValidity' | 'futureSession';

/**
 * Why a session of `serviceId` on São Paulo day `performedOn` cannot be recorded, or null when it
 * can. The clinical check (a contraindication on the client's record) is the caller's: it needs
 * the record, which this rule does not hold.
 */
export function redeemRefusal(
  terms: ContractTerms,
  state: ContractState,
  serviceId: number,
  performedOn: string,
  today: string,
): RedeemRefusal | null {
  if (performedOn > today) return 'futureSession';
  const line = state.entitlements.find((entry) => entry.service_id === serviceId);
  if (!line) return 'notInContract';
  if (state.status !== 'ativo') return 'notActive';
  if (performedOn < terms.valid_from || performedOn > state.valid_until) return 'outsideValidity';
  if (line.sessions_remaining <= 0) return 'noneRemaining';
  return null;
}

/** The default validity of a contract: 12 months from acceptance (a package may set another). */
export const CONTRACT_VALIDITY_MONTHS = 12;

/**
 * First and last valid São Paulo days of a contract accepted at `acceptedAt`: from the day of
 * acceptance to the day before the same date `months` later (clamped to the month's end).
 */
export function contractValidity(
  acceptedAt: Date,
  months: number = CONTRACT_VALIDITY_MONTHS,
): { valid_from: string; valid_until: string } {
  const from = saoPauloDate(acceptedAt);
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  const same = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(day, lastDay)),
  );
  return { valid_from: from, valid_until: addDays(same.toISOString().slice(0, 10), -1) };
}

/** Days to withdraw from a remote contract (CDC art. 49). */
export const WITHDRAWAL_DAYS = 7;

/**
 * The last instant a remote acceptance can be withdrawn: the end of the seventh São Paulo day
 * after the acceptance (the day of signing does not count, Código Civil art. 132). An acceptance
 * in person has no statutory withdrawal (null): it is cancelled by a quote instead.
 */
export function withdrawalDeadline(acceptedAt: Date, channel: 'link' | 'presencial'): Date | null {
  if (channel !== 'link') return null;
  const lastDay = addDays(saoPauloDate(acceptedAt), WITHDRAWAL_DAYS);
  return new Date(saoPauloDayStart(addDays(lastDay, 1)).getTime() - 1);
}

export function canWithdraw(
  deadline: Date | null,
  status: ContractStatus,
  now: Date,
): 'ok' | 'withdrawalNotRemote' | 'withdrawalClosed' | 'ended' {
  if (status === 'cancelado' || status === 'desistencia' || status === 'expirado') return 'ended';
  if (deadline === null) return 'withdrawalNotRemote';
  return now.getTime() <= deadline.getTime() ? 'ok' : 'withdrawalClosed';
}

import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowFilterSql, type RowFilter } from '../../../auth/scope.ts';
import type { ContractStatus } from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { likePattern } from '../../../db/like-pattern.ts';
import {
  careSettings,
  clients,
  contractEntitlements,
  contractLedger,
  contracts,
} from '../../../db/schema.ts';

export type ContractRow = typeof contracts.$inferSelect;
export type NewContractRow = typeof contracts.$inferInsert;
export type EntitlementRow = typeof contractEntitlements.$inferSelect;
export type LedgerRow = typeof contractLedger.$inferSelect;
export type NewLedgerRow = typeof contractLedger.$inferInsert;

export async function insertContract(
  db: DbOrTx,
  contract: NewContractRow,
  entitlements: Omit<EntitlementRow, 'contractId'>[],
): Promise<ContractRow> {
  const [row] = await db.insert(contracts).values(contract).returning();
  if (!row) throw new Error('insert returned no row');
  if (entitlements.length > 0) {
    await db
      .insert(contractEntitlements)
      .values(entitlements.map((line) => ({ ...line, contractId: row.id })));
  }
  return row;
}

/** The contract, locked for the transaction when `lock` (sessions, freezes, ends serialize). */
export async function findContract(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<ContractRow | undefined> {
  const query = db.select().from(contracts).where(eq(contracts.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findContractByProposal(
  db: DbOrTx,
  proposalId: number,
  lock = false,
): Promise<ContractRow | undefined> {
  const query = db.select().from(contracts).where(eq(contracts.proposalId, proposalId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function entitlementsOf(db: DbOrTx, contractIds: number[]): Promise<EntitlementRow[]> {
  if (contractIds.length === 0) return [];
  return db
    .select()
    .from(contractEntitlements)
    .where(inArray(contractEntitlements.contractId, contractIds))
    .orderBy(asc(contractEntitlements.contractId), asc(contractEntitlements.position));
}

export async function ledgerOf(db: DbOrTx, contractIds: number[]): Promise<LedgerRow[]> {
  if (contractIds.length === 0) return [];
  return db
    .select()
    .from(contractLedger)
    .where(inArray(contractLedger.contractId, contractIds))
    .orderBy(asc(contractLedger.contractId), asc(contractLedger.id));
}

export async function insertLedger(db: DbOrTx, entries: NewLedgerRow[]): Promise<LedgerRow[]> {
  if (entries.length === 0) return [];
  return db.insert(contractLedger).values(entries).returning();
}

export interface ContractListFilter {
  scope: RowFilter;
  clientId?: number | undefined;
  /** Folded text of the client's name (the front desk's search). */
  clientText?: string | undefined;
  /** The derived status, as of São Paulo day `today` (statusSql). */
  status?: ContractStatus | undefined;
  today: string;
  limit: number;
  offset: number;
}

/** Newest first, with the client's current name (anonymized clients show their placeholder). */
export async function listContracts(
  db: DbOrTx,
  filter: ContractListFilter,
): Promise<{ rows: (ContractRow & { clientName: string })[]; total: number }> {
  const where: SQL[] = [
    // A professional reaches the contracts of their unit's clients, whoever sold them.
    rowFilterSql({ unit: filter.scope.unit, authorId: null }, { unit: contracts.unit }),
  ];
  if (filter.clientId !== undefined) where.push(eq(contracts.clientId, filter.clientId));
  if (filter.clientText) {
    where.push(sql`${clients.searchText} LIKE ${likePattern(filter.clientText)}`);
  }
  if (filter.status) where.push(sql`${statusSql(filter.today)} = ${filter.status}`);
  const condition = and(...where);
  const rows = await db
    .select({ contract: contracts, clientName: clients.fullName })
    .from(contracts)
    .innerJoin(clients, eq(clients.id, contracts.clientId))
    .where(condition)
    .orderBy(desc(contracts.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(contracts)
    .innerJoin(clients, eq(clients.id, contracts.clientId))
    .where(condition);
  return {
    rows: rows.map((row) => ({ ...row.contract, clientName: row.clientName })),
    total: count?.total ?? 0,
  };
}

export async function cancellationFeeBp(db: DbOrTx): Promise<number> {
  const [row] = await db.select().from(careSettings).where(eq(careSettings.id, 1)).limit(1);
  return row?.cancellationFeeBp ?? 1000;
}

export async function setCancellationFeeBp(db: DbOrTx, basisPoints: number): Promise<number> {
  const [row] = await db
    .update(careSettings)
    .set({ cancellationFeeBp: basisPoints, updatedAt: new Date() })
    .where(eq(careSettings.id, 1))
    .returning();
  return row?.cancellationFeeBp ?? basisPoints;
}

/**
 * Contracts whose last valid day has passed without an end entry (the expiry job's work): the
 * stored `valid_until` bounds the scan; the job then derives each one's real end (freezes and
 * extensions move it).
 */
export async function contractsToExpire(
  db: DbOrTx,
  today: string,
  limit: number,
): Promise<number[]> {
  const rows = await db.execute(
    sql`SELECT contracts.id FROM contracts
         WHERE contracts.valid_until < ${today}::date
           AND NOT EXISTS (SELECT 1 FROM contract_ledger l
                            WHERE l.contract_id = contracts.id
                              AND l.kind IN ('expire', 'cancel', 'withdraw'))
           AND ${statusSql(today)} = 'expirado'
         ORDER BY contracts.id LIMIT ${limit}`,
  );
  return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

/** Issue 28's expiry key: one run at a time across the server processes of one database. */
const EXPIRY_LOCK_KEY = 28_0001;

/** Takes the expiry run's advisory lock for the transaction; false when another run holds it. */
export async function tryExpiryLock(db: DbOrTx): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT pg_try_advisory_xact_lock(${EXPIRY_LOCK_KEY}) AS locked`,
  );
  return Boolean((result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked);
}

/**
 * The status of `contracts` row `c` as of São Paulo day `today`, in SQL: the same rule as
 * `contractState` in packages/domain/src/care/ledger.ts (an end entry; no session left; a freeze
 * in force; past the last valid day, moved by extensions and by the days each freeze held), so a
 * list filtered by status pages and counts in the database. apps/api/test/contracts.test.ts holds
 * the two equal for every status.
 */
export function statusSql(today: string): SQL {
  return sql`(SELECT CASE
      WHEN f.ended = 'withdraw' THEN 'desistencia'
      WHEN f.ended = 'cancel' THEN 'cancelado'
      WHEN f.ended = 'expire' THEN 'expirado'
      WHEN f.remaining <= 0 THEN 'concluido'
      WHEN f.frozen_now THEN 'congelado'
      WHEN ${today}::date > ${contracts.validUntil} + f.added_days THEN 'expirado'
      ELSE 'ativo' END
    FROM (SELECT
        max(l.kind) FILTER (WHERE l.kind IN ('withdraw', 'cancel', 'expire')) AS ended,
        coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'grant'), 0)
          - count(*) FILTER (WHERE l.kind = 'redeem')
          + count(*) FILTER (WHERE l.kind = 'reverse') AS remaining,
        (coalesce(sum(l.days) FILTER (WHERE l.kind = 'extend'), 0)
          + coalesce((SELECT sum(CASE
                  WHEN z.next_kind = 'unfreeze'
                    THEN greatest(0, least(z.until_date, z.next_on - 1) - z.on_date + 1)
                  ELSE z.until_date - z.on_date + 1 END)
                FROM (SELECT fz.kind, fz.on_date, fz.until_date,
                             lead(fz.kind) OVER (ORDER BY fz.id) AS next_kind,
                             lead(fz.on_date) OVER (ORDER BY fz.id) AS next_on
                        FROM contract_ledger fz
                       WHERE fz.contract_id = ${contracts.id}
                         AND fz.kind IN ('freeze', 'unfreeze')) z
               WHERE z.kind = 'freeze'), 0))::int AS added_days,
        coalesce((SELECT z.kind = 'freeze' AND ${today}::date BETWEEN z.on_date AND z.until_date
                    FROM contract_ledger z
                   WHERE z.contract_id = ${contracts.id} AND z.kind IN ('freeze', 'unfreeze')
                   ORDER BY z.id DESC LIMIT 1), false) AS frozen_now
      FROM contract_ledger l WHERE l.contract_id = ${contracts.id}) f)`;
}

/** A session of a São Paulo day, with its contract's number and client (the front desk's list). */
export interface DaySessionRow {
  entryId: number;
  contractId: number;
  number: string;
  clientId: number;
  clientName: string;
  serviceId: number | null;
  serviceName: string | null;
  professionalId: number | null;
  professionalName: string | null;
  onDate: string;
  reversed: boolean;
}

/** The sessions recorded for São Paulo day `day` on contracts of the units the filter reaches. */
export async function sessionsOfDay(
  db: DbOrTx,
  scope: RowFilter,
  day: string,
): Promise<DaySessionRow[]> {
  const reversal = alias(contractLedger, 'reversal');
  return db
    .select({
      entryId: contractLedger.id,
      contractId: contracts.id,
      number: contracts.number,
      clientId: contracts.clientId,
      clientName: clients.fullName,
      serviceId: contractLedger.serviceId,
      serviceName: contractEntitlements.name,
      professionalId: contractLedger.professionalId,
      professionalName: contractLedger.professionalName,
      onDate: contractLedger.onDate,
      reversed: sql<boolean>`${reversal.id} IS NOT NULL`,
    })
    .from(contractLedger)
    .innerJoin(contracts, eq(contracts.id, contractLedger.contractId))
    .innerJoin(clients, eq(clients.id, contracts.clientId))
    .leftJoin(
      contractEntitlements,
      and(
        eq(contractEntitlements.contractId, contractLedger.contractId),
        eq(contractEntitlements.serviceId, contractLedger.serviceId),
      ),
    )
    .leftJoin(reversal, eq(reversal.reversesId, contractLedger.id))
    .where(
      and(
        eq(contractLedger.kind, 'redeem'),
        eq(contractLedger.onDate, day),
        rowFilterSql({ unit: scope.unit, authorId: null }, { unit: contracts.unit }),
      ),
    )
    .orderBy(asc(contractLedger.id));
}

/**
 * Blanks the free texts (note, reason, override reason) of a client's contract ledgers, the one
 * change migration 0020 lets through: figures, kinds, days and who stay.
 */
export async function blankClientLedgerTexts(
  db: DbOrTx,
  clientId: number,
  placeholder: string,
): Promise<void> {
  const blank = (column: SQL) => sql`CASE WHEN ${column} IS NULL THEN NULL ELSE ${placeholder} END`;
  await db.execute(
    sql`UPDATE contract_ledger
           SET note = ${blank(sql`note`)}, reason = ${blank(sql`reason`)},
               override_reason = ${blank(sql`override_reason`)}
         WHERE contract_id IN (SELECT id FROM contracts WHERE client_id = ${clientId})
           AND (note IS NOT NULL OR reason IS NOT NULL OR override_reason IS NOT NULL)`,
  );
}

/** A contract as commissions read it (issue 30): who sold it, its price and its sessions' cost. */
export interface CommissionContractRow {
  id: number;
  unit: string;
  sellerId: number | null;
  acceptedAt: Date;
  /** Reais. */
  priceTotal: number;
  /** Σ sessions × cost per session frozen from the proposal, reais. */
  cost: number;
}

/** A delivered session not reversed, or the end of a contract by withdrawal or cancellation. */
export interface CommissionLedgerRow {
  id: number;
  contractId: number;
  kind: 'redeem' | 'withdraw' | 'cancel';
  /** Reais: a session's −price, or −(what the end released). */
  value: number;
  professionalId: number | null;
  unit: string;
  createdAt: Date;
}

/**
 * What commissions derive their entries from: the contracts sold by `professionalId` or with a
 * session they delivered (all contracts when null), their unreversed sessions and their end by
 * withdrawal or cancellation. Read, never written: the ledger stays the one record.
 */
/**
 * A month's window for commission facts: what happened in it, and everything of the contracts
 * withdrawn or cancelled in it (their earlier entries are what the month reverses).
 */
export interface CommissionWindow {
  from: Date;
  to: Date;
}

/** Contracts ended (withdrawn or cancelled) within the window, as SQL. */
export const contractsEndedWithin = (window: CommissionWindow) =>
  sql`(SELECT w.contract_id FROM contract_ledger w
        WHERE w.kind IN ('withdraw', 'cancel')
          AND w.created_at >= ${window.from} AND w.created_at < ${window.to})`;

export async function commissionFacts(
  db: DbOrTx,
  professionalId: number | null,
  window?: CommissionWindow,
): Promise<{ contracts: CommissionContractRow[]; ledger: CommissionLedgerRow[] }> {
  const reach =
    professionalId === null
      ? sql`true`
      : sql`(c.seller_id = ${professionalId} OR EXISTS (SELECT 1 FROM contract_ledger r
              WHERE r.contract_id = c.id AND r.kind = 'redeem'
                AND r.professional_id = ${professionalId}))`;
  const contractRows = await db.execute(
    // The network's costs in one grouped pass over the entitlements; a professional's few
    // contracts each look theirs up by index.
    professionalId === null
      ? sql`SELECT c.id, c.unit, c.seller_id, c.accepted_at, c.price_total,
                   coalesce(e.cost, 0) AS cost
              FROM contracts c
              LEFT JOIN (SELECT contract_id, sum(sessions * unit_cost) AS cost
                           FROM contract_entitlements GROUP BY contract_id) e
                ON e.contract_id = c.id
             ORDER BY c.id`
      : sql`SELECT c.id, c.unit, c.seller_id, c.accepted_at, c.price_total,
                   coalesce((SELECT sum(e.sessions * e.unit_cost) FROM contract_entitlements e
                              WHERE e.contract_id = c.id), 0) AS cost
              FROM contracts c WHERE ${reach} ORDER BY c.id`,
  );
  const contractList = (
    contractRows as unknown as {
      rows: {
        id: number;
        unit: string;
        seller_id: number | null;
        accepted_at: string | Date;
        price_total: string | number;
        cost: string | number;
      }[];
    }
  ).rows.map((row) => ({
    id: Number(row.id),
    unit: row.unit,
    sellerId: row.seller_id === null ? null : Number(row.seller_id),
    acceptedAt: new Date(row.accepted_at),
    priceTotal: Number(row.price_total),
    cost: Number(row.cost),
  }));
  if (contractList.length === 0) return { contracts: [], ledger: [] };
  const ledgerRows = await db
    .select({
      id: contractLedger.id,
      contractId: contractLedger.contractId,
      kind: contractLedger.kind,
      value: contractLedger.value,
      professionalId: contractLedger.professionalId,
      unit: contractLedger.unit,
      createdAt: contractLedger.createdAt,
    })
    .from(contractLedger)
    .where(
      and(
        // The same reach as the contracts, in SQL: a network's ids would not fit in parameters.
        professionalId === null
          ? undefined
          : sql`${contractLedger.contractId} IN (SELECT c.id FROM contracts c WHERE ${reach})`,
        window
          ? sql`((${contractLedger.createdAt} >= ${window.from} AND ${contractLedger.createdAt} < ${window.to})
                 OR ${contractLedger.contractId} IN ${contractsEndedWithin(window)})`
          : undefined,
        inArray(contractLedger.kind, ['redeem', 'withdraw', 'cancel']),
        sql`NOT EXISTS (SELECT 1 FROM contract_ledger rv WHERE rv.reverses_id = ${contractLedger.id})`,
      ),
    )
    .orderBy(asc(contractLedger.id));
  return {
    contracts: contractList,
    ledger: ledgerRows.map((row) => ({
      ...row,
      kind: row.kind as CommissionLedgerRow['kind'],
    })),
  };
}

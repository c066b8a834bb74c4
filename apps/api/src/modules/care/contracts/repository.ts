import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowFilterSql, type RowFilter } from '../../../auth/scope.ts';
import type { DbOrTx } from '../../../db/client.ts';
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
): Promise<ContractRow | undefined> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(eq(contracts.proposalId, proposalId))
    .limit(1);
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
    where.push(
      sql`${clients.searchText} LIKE ${`%${filter.clientText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  }
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
export async function contractsToExpire(db: DbOrTx, today: string): Promise<number[]> {
  const rows = await db.execute(
    sql`SELECT c.id FROM contracts c
         WHERE c.valid_until < ${today}::date
           AND NOT EXISTS (SELECT 1 FROM contract_ledger l
                            WHERE l.contract_id = c.id AND l.kind IN ('expire', 'cancel', 'withdraw'))
         ORDER BY c.id LIMIT 1000`,
  );
  return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { rowFilterSql, type RowFilter } from '../../../auth/scope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { proposals } from '../../../db/schema.ts';

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposalRow = typeof proposals.$inferInsert;
export type ProposalChanges = Partial<Omit<NewProposalRow, 'id' | 'createdAt' | 'updatedAt'>>;

/** The list's columns: no snapshot, so a page of 50 reads no jsonb. */
const summaryColumns = {
  id: proposals.id,
  number: proposals.number,
  version: proposals.version,
  status: proposals.status,
  clientId: proposals.clientId,
  clientName: proposals.clientName,
  packageId: proposals.packageId,
  packageName: proposals.packageName,
  annualValue: proposals.annualValue,
  validUntil: proposals.validUntil,
  authorId: proposals.authorId,
  authorName: proposals.authorName,
  unit: proposals.unit,
  createdAt: proposals.createdAt,
  sentAt: proposals.sentAt,
  viewedAt: proposals.viewedAt,
  answeredAt: proposals.answeredAt,
};
export type ProposalSummaryRow = Pick<ProposalRow, keyof typeof summaryColumns>;

export interface ProposalListFilter {
  /** Object-level scope (apps/api/src/auth/scope.ts): the rows the caller reaches. */
  scope: RowFilter;
  clientId?: number | undefined;
  /** Stored statuses to keep. */
  statuses?: readonly ProposalRow['status'][] | undefined;
  /** valid_until after (open and valid) or at/before (expired) this instant. */
  validAfter?: Date | undefined;
  expiredAt?: Date | undefined;
  sentBefore?: Date | undefined;
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

function conditions(filter: ProposalListFilter): SQL | undefined {
  const where: SQL[] = [
    rowFilterSql(filter.scope, { unit: proposals.unit, authorId: proposals.authorId }),
  ];
  if (filter.clientId !== undefined) where.push(eq(proposals.clientId, filter.clientId));
  if (filter.statuses) where.push(inArray(proposals.status, [...filter.statuses]));
  if (filter.validAfter)
    where.push(sql`${proposals.validUntil} > ${filter.validAfter.toISOString()}`);
  if (filter.expiredAt)
    where.push(sql`${proposals.validUntil} <= ${filter.expiredAt.toISOString()}`);
  if (filter.sentBefore) where.push(lt(proposals.sentAt, filter.sentBefore));
  if (filter.createdFrom) where.push(gte(proposals.createdAt, filter.createdFrom));
  if (filter.createdBefore) where.push(lt(proposals.createdAt, filter.createdBefore));
  return and(...where);
}

/**
 * The filters whose total depends on the unit, the author and the stored status alone: kept
 * counted in proposal_counts (migration 0014, a trigger in the transaction of every change), so
 * the total of the default list or of 'Aceita' over a network's whole history is a sum of a few
 * rows instead of a scan of all of it.
 */
function countedByTable(filter: ProposalListFilter): boolean {
  return (
    filter.clientId === undefined &&
    filter.validAfter === undefined &&
    filter.expiredAt === undefined &&
    filter.sentBefore === undefined &&
    filter.createdFrom === undefined &&
    filter.createdBefore === undefined
  );
}

async function countMatching(db: DbOrTx, filter: ProposalListFilter): Promise<number> {
  if (countedByTable(filter)) {
    const where: SQL[] = [
      rowFilterSql(filter.scope, { unit: sql.raw('unit'), authorId: sql.raw('author_key') }),
    ];
    if (filter.statuses) {
      where.push(
        sql`status IN (${sql.join(
          filter.statuses.map((status) => sql`${status}`),
          sql`, `,
        )})`,
      );
    }
    const result = await db.execute(
      sql`SELECT coalesce(sum(n), 0)::int AS total FROM proposal_counts
          WHERE ${sql.join(where, sql` AND `)}`,
    );
    // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
    const [row] = (result as unknown as { rows: { total: number }[] }).rows;
    return Number(row?.total ?? 0);
  }
  // A clock, client or period filter: counted on the rows, through the same indexes the page uses.
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(proposals)
    .where(conditions(filter));
  return count?.total ?? 0;
}

/** Newest first; the total (exact) is counted only when a page was asked for. */
export async function listProposals(
  db: DbOrTx,
  filter: ProposalListFilter,
): Promise<{ rows: ProposalSummaryRow[]; total: number }> {
  const where = conditions(filter);
  const query = db
    .select(summaryColumns)
    .from(proposals)
    .where(where)
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
  const rows = await (filter.limit !== undefined
    ? query.limit(filter.limit).offset(filter.offset ?? 0)
    : query.offset(filter.offset ?? 0));
  if (filter.limit === undefined && !filter.offset) {
    return { rows, total: rows.length };
  }
  const offset = filter.offset ?? 0;
  if (rows.length > 0 && filter.limit !== undefined && rows.length < filter.limit) {
    // The last page: its rows say the total without a count.
    return { rows, total: offset + rows.length };
  }
  return { rows, total: await countMatching(db, filter) };
}

export async function findProposal(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<ProposalRow | undefined> {
  const query = db.select().from(proposals).where(eq(proposals.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findProposalByTokenHash(
  db: DbOrTx,
  tokenHash: string,
  lock = false,
): Promise<ProposalRow | undefined> {
  const query = db.select().from(proposals).where(eq(proposals.tokenHash, tokenHash)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listClientProposals(db: DbOrTx, clientId: number): Promise<ProposalRow[]> {
  return db
    .select()
    .from(proposals)
    .where(eq(proposals.clientId, clientId))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
}

/** The client's proposal ids in the order of listClientProposals (an export reads them by pages). */
export async function listClientProposalIds(db: DbOrTx, clientId: number): Promise<number[]> {
  const rows = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(eq(proposals.clientId, clientId))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
  return rows.map((row) => row.id);
}

/** These proposals, in the order of `ids`. */
export async function proposalsByIds(db: DbOrTx, ids: readonly number[]): Promise<ProposalRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(proposals)
    .where(inArray(proposals.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function insertProposal(db: DbOrTx, values: NewProposalRow): Promise<ProposalRow> {
  const [row] = await db.insert(proposals).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProposal(
  db: DbOrTx,
  id: number,
  values: ProposalChanges,
): Promise<ProposalRow> {
  const [row] = await db
    .update(proposals)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(proposals.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** sent → viewed on the first view; a no-op for any other status. */
export async function markViewed(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(proposals)
    .set({ status: 'viewed', viewedAt: at, updatedAt: at })
    .where(and(eq(proposals.id, id), eq(proposals.status, 'sent')));
}

/**
 * The next number of the year. INSERT … ON CONFLICT DO UPDATE takes the counter's row lock, so
 * concurrent saves queue on it and never share a number.
 */
export async function nextProposalSequence(db: DbOrTx, year: number): Promise<number> {
  const result = await db.execute<{ last_value: number }>(
    sql`INSERT INTO proposal_number_sequences (year, last_value) VALUES (${year}, 1)
        ON CONFLICT (year) DO UPDATE SET last_value = proposal_number_sequences.last_value + 1
        RETURNING last_value`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    last_value: number;
  }[];
  const value = rows[0]?.last_value;
  if (value === undefined) throw new Error('sequence returned no row');
  return Number(value);
}

/**
 * Anonymization (LGPD art. 18): the client's name, the warnings (they name health data), the
 * acceptance's name, address and browser, and free-text reasons leave every proposal of the
 * client; the figures stay. Public links stop working.
 */
/** Every stored warning of a client's proposals removed (they repeat its health data). */
export async function clearClientWarnings(db: DbOrTx, clientId: number, at: Date): Promise<void> {
  await db
    .update(proposals)
    .set({
      snapshot: sql`jsonb_set(${proposals.snapshot}, '{warnings}', '[]'::jsonb)`,
      updatedAt: at,
    })
    .where(
      and(eq(proposals.clientId, clientId), sql`${proposals.snapshot}->'warnings' <> '[]'::jsonb`),
    );
}

export async function anonymizeClientProposals(
  db: DbOrTx,
  clientId: number,
  replacementName: string,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(proposals)
    .set({
      clientName: replacementName,
      snapshot: sql`jsonb_set(${proposals.snapshot}, '{warnings}', '[]'::jsonb)`,
      acceptance: sql`CASE WHEN ${proposals.acceptance} IS NULL THEN NULL ELSE
        (${proposals.acceptance} - 'document_sha256') || jsonb_build_object('full_name', ${replacementName}::text,
          'ip', 'removido', 'user_agent', 'removido') END`,
      declineReasonText: null,
      linkRevokedAt: sql`coalesce(${proposals.linkRevokedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: at,
    })
    .where(eq(proposals.clientId, clientId))
    .returning({ id: proposals.id });
  return rows.length;
}

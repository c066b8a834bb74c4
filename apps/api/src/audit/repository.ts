import { and, asc, desc, eq, gt, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditEntity } from '@portal/domain';
import type { DbOrTx } from '../db/client.ts';
import { auditChainHead, auditLog, users } from '../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;
/** An entry with the name of the person who made it, joined in SQL (null: the system). */
export type NamedAuditRow = AuditRow & { actorName: string | null };
export type ChainHead = { lastId: number; lastHash: string; seal: string | null };

/** The chain head, locked until the caller's transaction ends: appends queue behind it. */
export async function lockChainHead(tx: DbOrTx): Promise<ChainHead> {
  const [head] = await tx
    .select({
      lastId: auditChainHead.lastId,
      lastHash: auditChainHead.lastHash,
      seal: auditChainHead.seal,
    })
    .from(auditChainHead)
    .for('update');
  if (!head) throw new Error('audit_chain_head sem linha: a migração 0009 não rodou.');
  return head;
}

export async function readChainHead(db: DbOrTx): Promise<ChainHead | undefined> {
  const [head] = await db
    .select({
      lastId: auditChainHead.lastId,
      lastHash: auditChainHead.lastHash,
      seal: auditChainHead.seal,
    })
    .from(auditChainHead);
  return head;
}

export async function appendEntry(tx: DbOrTx, row: AuditRow, headSeal: string): Promise<void> {
  await tx.insert(auditLog).values(row);
  await tx.update(auditChainHead).set({ lastId: row.id, lastHash: row.hash, seal: headSeal });
}

export async function hasUnsealed(db: DbOrTx): Promise<boolean> {
  const [head] = await db.select({ seal: auditChainHead.seal }).from(auditChainHead);
  if (head && head.seal === null) return true;
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(isNull(auditLog.seal))
    .limit(1);
  return row !== undefined;
}

/**
 * Rewrites one entry during the one-time sealing (migration 0022 lets the append-only trigger
 * pass only inside a transaction that set portal.audit_sealing).
 */
export async function resealEntry(
  tx: DbOrTx,
  id: number,
  values: Pick<AuditRow, 'before' | 'after' | 'prevHash' | 'hash' | 'seal'>,
): Promise<void> {
  await tx.execute(sql`SELECT set_config('portal.audit_sealing', 'on', true)`);
  await tx.update(auditLog).set(values).where(eq(auditLog.id, id));
}

export async function setHead(tx: DbOrTx, head: ChainHead): Promise<void> {
  await tx.update(auditChainHead).set(head);
}

/** Entries after `afterId` up to `upToId`, ascending: the verification walks the chain so. */
export async function chainSlice(
  db: DbOrTx,
  afterId: number,
  upToId: number,
  limit: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, afterId), lte(auditLog.id, upToId)))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

export interface AuditFilter {
  entity?: AuditEntity | undefined;
  entityId?: string | undefined;
  actorId?: number | undefined;
  /** YYYY-MM-DD, from midnight in São Paulo. */
  from?: string | undefined;
  /** YYYY-MM-DD, through the end of that day in São Paulo. */
  to?: string | undefined;
  /** Only entries whose before or after names one of these fields (a price history). */
  anyField?: readonly string[] | undefined;
}

function namesAnyField(fields: readonly string[]): SQL {
  const names = sql`ARRAY[${sql.join(
    fields.map((field) => sql`${field}`),
    sql`, `,
  )}]::text[]`;
  return sql`(${auditLog.before} ?| ${names} OR ${auditLog.after} ?| ${names})`;
}

function conditions(filter: AuditFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [
    filter.entity !== undefined ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId !== undefined ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.actorId !== undefined ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.from !== undefined
      ? gte(auditLog.at, sql`(${filter.from}::date::timestamp AT TIME ZONE 'America/Sao_Paulo')`)
      : undefined,
    filter.to !== undefined
      ? lt(auditLog.at, sql`((${filter.to}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`)
      : undefined,
    filter.anyField !== undefined ? namesAnyField(filter.anyField) : undefined,
  ];
  return and(...where);
}

/** Newest first, with the matching total (count(*) OVER (), as the other lists do). */
export async function pageEntries(
  db: DbOrTx,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: NamedAuditRow[]; total: number }> {
  const rows = await db
    .select({
      entry: auditLog,
      actorName: users.name,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions(filter))
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [first] = rows;
  if (first) {
    return { rows: rows.map((r) => ({ ...r.entry, actorName: r.actorName })), total: first.total };
  }
  if (page.offset === 0) return { rows: [], total: 0 };
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(conditions(filter));
  return { rows: [], total: count?.n ?? 0 };
}

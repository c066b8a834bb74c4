import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rowFilterSql, type RowFilter } from '../../../auth/scope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { likePattern } from '../../../db/like-pattern.ts';
import { clientAccessLog, clientConsents, clients } from '../../../db/schema.ts';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type ClientChanges = Partial<Omit<NewClientRow, 'id' | 'createdAt' | 'updatedAt'>>;
export type ConsentRow = typeof clientConsents.$inferSelect;
export type AccessLogRow = typeof clientAccessLog.$inferSelect;

export interface ClientListFilter {
  /** Object-level scope (apps/api/src/auth/scope.ts), narrowed by the `unit` filter. */
  scope: Pick<RowFilter, 'unit'>;
  /** Folded text and, when the query holds digits, those digits. */
  text?: string | undefined;
  digits?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** `%`, `_` and `\` typed by a user match themselves, not any text. */
function listConditions(filter: ClientListFilter): SQL | undefined {
  const conditions: SQL[] = [
    rowFilterSql({ unit: filter.scope.unit, authorId: null }, { unit: clients.unit }),
  ];
  const search: SQL[] = [];
  if (filter.text) search.push(sql`${clients.searchText} LIKE ${likePattern(filter.text)}`);
  if (filter.digits) search.push(sql`${clients.searchText} LIKE ${likePattern(filter.digits)}`);
  if (search.length > 0) conditions.push(sql`(${sql.join(search, sql` OR `)})`);
  return and(...conditions);
}

export async function listClients(
  db: DbOrTx,
  filter: ClientListFilter,
): Promise<{ rows: ClientRow[]; total: number }> {
  const where = listConditions(filter);
  const query = db
    .select()
    .from(clients)
    .where(where)
    .orderBy(asc(clients.fullName), asc(clients.id));
  const rows = await (filter.limit !== undefined
    ? query.limit(filter.limit).offset(filter.offset ?? 0)
    : query.offset(filter.offset ?? 0));
  if (filter.limit === undefined && !filter.offset) return { rows, total: rows.length };
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(clients)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function findClient(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<ClientRow | undefined> {
  const query = db.select().from(clients).where(eq(clients.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findClientIdByCpf(
  db: DbOrTx,
  cpf: string,
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      exceptId === undefined
        ? eq(clients.cpf, cpf)
        : and(eq(clients.cpf, cpf), sql`${clients.id} <> ${exceptId}`),
    )
    .limit(1);
  return row?.id;
}

export async function insertClient(db: DbOrTx, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateClient(
  db: DbOrTx,
  id: number,
  values: ClientChanges,
): Promise<ClientRow> {
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(clients.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function insertConsent(
  db: DbOrTx,
  values: typeof clientConsents.$inferInsert,
): Promise<ConsentRow> {
  const [row] = await db.insert(clientConsents).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function listConsents(db: DbOrTx, clientId: number): Promise<ConsentRow[]> {
  return db
    .select()
    .from(clientConsents)
    .where(eq(clientConsents.clientId, clientId))
    .orderBy(desc(clientConsents.id));
}

export async function insertAccessLog(
  db: DbOrTx,
  values: typeof clientAccessLog.$inferInsert,
): Promise<void> {
  await db.insert(clientAccessLog).values(values);
}

export async function listAccessLog(db: DbOrTx, clientId: number): Promise<AccessLogRow[]> {
  return db
    .select()
    .from(clientAccessLog)
    .where(eq(clientAccessLog.clientId, clientId))
    .orderBy(desc(clientAccessLog.id));
}

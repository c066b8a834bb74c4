import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  escapeLikePattern,
  type ListOrder,
  type Profile,
  type User,
  type UserStatus,
  type UserListOrderField,
} from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { totalOf } from '../../../http/list-page.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    profile: row.profile,
    requested_profile: row.requestedProfile,
    unit: row.unit,
    status: row.status,
    profile_photo: row.profilePhoto,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.id));
}

export interface UserPageOptions {
  /** Contained in the name (accents and case folded) or in the email. */
  q?: string | undefined;
  status_eq?: UserStatus | undefined;
  profile_eq?: Profile | undefined;
  order?: ListOrder<UserListOrderField> | undefined;
  limit?: number | undefined;
  offset: number;
}

/*
 * portal_fold (migration 0004) is lower(unaccent(…)), applied to the name and to the search alike.
 * Name and email are searched as one text, written exactly as the trigram index users_search_idx
 * is, so the planner uses it.
 */
const foldedName = sql`portal_fold(${users.name})`;
const searchText = sql`(portal_fold(${users.name}) || chr(1) || ${users.email})`;
const ORDER_KEYS = { name: foldedName, email: users.email, created_at: users.createdAt } as const;

/** One page and the matching total, in one statement (count(*) OVER () before the limit). */
export async function pageUsers(
  db: DbOrTx,
  options: UserPageOptions,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    options.q
      ? sql`${searchText} LIKE '%' || portal_fold(${escapeLikePattern(options.q)}) || '%'`
      : undefined,
    options.status_eq ? eq(users.status, options.status_eq) : undefined,
    options.profile_eq ? eq(users.profile, options.profile_eq) : undefined,
  );
  const direction = options.order?.descending ? desc : asc;
  const orderBy = options.order
    ? [direction(ORDER_KEYS[options.order.field]), direction(users.id)]
    : [asc(users.id)];
  const query = db
    .select({ user: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(...orderBy)
    .offset(options.offset);
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  const total = await totalOf(rows, options.offset, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    return counted?.n ?? 0;
  });
  return { rows: rows.map((row) => row.user), total };
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: { [K in keyof NewUserRow]?: NewUserRow[K] | SQL },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUser(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** Ids of active admins, locked until the transaction ends so two demotions cannot race. */
export async function lockActiveAdminIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile, 'admin'), eq(users.status, 'active')))
    .for('update');
  return rows.map((r) => r.id);
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

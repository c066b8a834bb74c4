import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Notice, NoticeCategory } from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { notices } from '../../../db/schema.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNoticeRow = typeof notices.$inferInsert;

export function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    category: row.category,
    active: row.active,
    imageUrl: row.imageUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface NoticeFilter {
  active?: boolean;
  category?: NoticeCategory;
}

/** Newest first; one query, so the banner's frequent read stays cheap. */
export async function listNotices(db: DbOrTx, filter: NoticeFilter): Promise<NoticeRow[]> {
  const conditions: SQL[] = [];
  if (filter.active !== undefined) conditions.push(eq(notices.active, filter.active));
  if (filter.category !== undefined) conditions.push(eq(notices.category, filter.category));
  return db
    .select()
    .from(notices)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(notices.createdAt), desc(notices.id));
}

export async function findNoticeById(db: DbOrTx, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  return row;
}

/** A notice holding this folded title, other than `exceptId` (the one being edited). */
export async function findNoticeIdByTitleKey(
  db: DbOrTx,
  titleKey: string,
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(
      exceptId === undefined
        ? eq(notices.titleKey, titleKey)
        : and(eq(notices.titleKey, titleKey), ne(notices.id, exceptId)),
    )
    .limit(1);
  return row?.id;
}

export async function insertNotice(db: DbOrTx, values: NewNoticeRow): Promise<NoticeRow> {
  const [row] = await db.insert(notices).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateNotice(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<NewNoticeRow, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<NoticeRow | undefined> {
  const [row] = await db
    .update(notices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notices.id, id))
    .returning();
  return row;
}

export async function deleteNotice(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(notices).where(eq(notices.id, id)).returning({ id: notices.id });
  return rows.length > 0;
}

import { and, asc, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  escapeLikePattern,
  normalizeForComparison,
  type ListOrder,
  type Service,
  type ServiceBlock,
  type ServiceListOrderField,
  type ServiceStatus,
} from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { services } from '../../../db/schema.ts';
import { totalOf } from '../../../http/list-page.ts';

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;
export type ServiceChanges = Partial<Omit<NewServiceRow, 'id' | 'createdAt' | 'updatedAt'>>;
export type ServiceRowWithPhotos = ServiceRow & { photosCount: number };

/*
 * Photos belong to the catalogue: counting them in the same statement keeps the services list
 * (read by every screen) at one query instead of one per service.
 */
// The outer column is spelled out: Drizzle renders a lone ${services.id} as "id", which inside
// the subquery would mean the photo's own id.
const photosCount = sql<number>`(select count(*)::int from service_photos p where p.service_id = "services"."id")`;
const columnsWithPhotos = { ...getTableColumns(services), photosCount };

export function toService(row: ServiceRowWithPhotos): Service {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    block: row.block,
    value: row.value,
    cost: row.cost,
    min_margin_percent: row.minMarginPercent,
    session_limit: row.sessionLimit,
    status: row.status,
    benefits: {
      main_function: row.mainFunction,
      benefit1: row.benefit1,
      benefit2: row.benefit2,
      benefit3: row.benefit3,
    },
    traits: row.traits,
    clinical_traits: row.clinicalTraits ?? null,
    traits_missing: row.clinicalTraits === null,
    photos_count: row.photosCount,
    photos_limit: row.photosLimit,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface ServiceFilter {
  status?: ServiceStatus | undefined;
  block?: ServiceBlock | undefined;
  /** Contained in the name, accents and case folded. */
  q?: string | undefined;
  order?: ListOrder<ServiceListOrderField> | undefined;
}

function filterConditions(filter: ServiceFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(services.status, filter.status));
  if (filter.block) conditions.push(eq(services.block, filter.block));
  // name_key is the folded name, so folding the search makes it accent- and case-insensitive;
  // the pg_trgm index services_name_search_idx (migration 0004) serves the contains.
  if (filter.q) {
    const folded = escapeLikePattern(normalizeForComparison(filter.q));
    conditions.push(sql`${services.nameKey} LIKE '%' || ${folded} || '%'`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Block, then name with case and accents folded (name_key), so "Á…" sorts with "A…". */
const DEFAULT_ORDER = [asc(services.block), asc(services.nameKey), asc(services.id)];
const ORDER_COLUMNS = {
  name: services.nameKey,
  value: services.value,
  created_at: services.createdAt,
} as const;

/** The order asked for, ending with id so pages never overlap or skip rows with equal keys. */
function orderBy(order: ListOrder<ServiceListOrderField> | undefined): SQL[] {
  if (!order) return DEFAULT_ORDER;
  const direction = order.descending ? desc : asc;
  return [direction(ORDER_COLUMNS[order.field]), direction(services.id)];
}

export async function listServices(
  db: DbOrTx,
  filter: ServiceFilter,
): Promise<ServiceRowWithPhotos[]> {
  return db
    .select(columnsWithPhotos)
    .from(services)
    .where(filterConditions(filter))
    .orderBy(...orderBy(filter.order));
}

/** One page and the matching total, in one statement (count(*) OVER () before the limit). */
export async function pageServices(
  db: DbOrTx,
  filter: ServiceFilter,
  page: { limit?: number | undefined; offset: number },
): Promise<{ rows: ServiceRowWithPhotos[]; total: number }> {
  const where = filterConditions(filter);
  const query = db
    .select({ ...columnsWithPhotos, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(services)
    .where(where)
    .orderBy(...orderBy(filter.order))
    .offset(page.offset);
  const rows = page.limit === undefined ? await query : await query.limit(page.limit);
  const total = await totalOf(rows, page.offset, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(services)
      .where(where);
    return counted?.n ?? 0;
  });
  return { rows, total };
}

export async function findServiceById(
  db: DbOrTx,
  id: number,
): Promise<ServiceRowWithPhotos | undefined> {
  const [row] = await db
    .select(columnsWithPhotos)
    .from(services)
    .where(eq(services.id, id))
    .limit(1);
  return row;
}

/** The service holding this folded name, other than `exceptId` (the one being edited). */
export async function findServiceIdByNameKey(
  db: DbOrTx,
  nameKey: string,
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(
      exceptId === undefined
        ? eq(services.nameKey, nameKey)
        : and(eq(services.nameKey, nameKey), ne(services.id, exceptId)),
    )
    .limit(1);
  return row?.id;
}

export async function insertService(db: DbOrTx, values: NewServiceRow): Promise<ServiceRow> {
  const [row] = await db.insert(services).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateService(
  db: DbOrTx,
  id: number,
  values: ServiceChanges,
): Promise<boolean> {
  const rows = await db
    .update(services)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(services.id, id))
    .returning({ id: services.id });
  return rows.length > 0;
}

/**
 * The service row locked for update until the transaction ends, then how many packages list it
 * by hand and how many synergy relations name it. Counted here rather than through those modules
 * (which depend on this one), as photosCount is. A row that references the service takes a key
 * share lock on it, so once this lock is held none can be added; the counts are a second
 * statement so that, under READ COMMITTED, they see a reference committed while the lock waited.
 */
export async function lockServiceWithUsage(
  db: DbOrTx,
  id: number,
): Promise<{ packages: number; relations: number } | undefined> {
  const [locked] = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.id, id))
    .for('update');
  if (!locked) return undefined;
  const [usage] = await db
    .select({
      packages: sql<number>`(select count(distinct pp.package_id)::int from package_procedures pp where pp.service_id = ${id})`,
      relations: sql<number>`(select count(*)::int from synergy_relations r where r.service_id_1 = ${id} or r.service_id_2 = ${id})`,
    })
    .from(sql`(select 1) as one`);
  return usage ?? { packages: 0, relations: 0 };
}

export async function deleteService(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(services).where(eq(services.id, id)).returning({ id: services.id });
  return rows.length > 0;
}

export async function listServiceIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: services.id }).from(services).orderBy(asc(services.id));
  return rows.map((row) => row.id);
}

/** Which of these ids exist; with `lock`, they stay until the transaction ends. */
export async function findExistingServiceIds(
  db: DbOrTx,
  ids: readonly number[],
  lock = false,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const query = db
    .select({ id: services.id })
    .from(services)
    .where(inArray(services.id, [...ids]));
  const rows = lock ? await query.for('key share') : await query;
  return new Set(rows.map((row) => row.id));
}

export async function findServicePhotosLimit(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<number | undefined> {
  const query = db
    .select({ photosLimit: services.photosLimit })
    .from(services)
    .where(eq(services.id, id))
    .limit(1);
  const [row] = lock ? await query.for('key share') : await query;
  return row?.photosLimit;
}

/** The services with these ids (any order); unknown ids are simply absent. */
export async function findServicesByIds(
  db: DbOrTx,
  ids: readonly number[],
): Promise<ServiceRowWithPhotos[]> {
  if (ids.length === 0) return [];
  return db
    .select(columnsWithPhotos)
    .from(services)
    .where(inArray(services.id, [...ids]));
}

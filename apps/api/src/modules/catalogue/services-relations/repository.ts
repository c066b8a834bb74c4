import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { SynergyRelation } from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { synergyRelations } from '../../../db/schema.ts';

export type RelationRow = typeof synergyRelations.$inferSelect;
export type NewRelationRow = typeof synergyRelations.$inferInsert;
export type RelationChanges = Partial<Omit<NewRelationRow, 'id' | 'createdAt' | 'updatedAt'>>;

export function toRelation(row: RelationRow): SynergyRelation {
  return {
    id: row.id,
    service_id_1: row.serviceId1,
    service_id_2: row.serviceId2,
    category: row.category,
    rationale: row.rationale,
    boost_percent: row.boostPercent,
    base_narrative: row.baseNarrative,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Ordered by id; with a service id, the relations naming it on either side. */
export async function listRelations(db: DbOrTx, serviceId?: number): Promise<RelationRow[]> {
  return db
    .select()
    .from(synergyRelations)
    .where(
      serviceId === undefined
        ? undefined
        : or(
            eq(synergyRelations.serviceId1, serviceId),
            eq(synergyRelations.serviceId2, serviceId),
          ),
    )
    .orderBy(asc(synergyRelations.id));
}

export async function findRelationById(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<RelationRow | undefined> {
  const query = db.select().from(synergyRelations).where(eq(synergyRelations.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The relation joining these two services in either order, other than `exceptId`. */
export async function findRelationIdByPair(
  db: DbOrTx,
  serviceA: number,
  serviceB: number,
  exceptId?: number,
): Promise<number | undefined> {
  // Written as the unique index synergy_relations_pair_key is, so the planner walks it.
  const samePair = and(
    eq(
      sql`least(${synergyRelations.serviceId1}, ${synergyRelations.serviceId2})`,
      Math.min(serviceA, serviceB),
    ),
    eq(
      sql`greatest(${synergyRelations.serviceId1}, ${synergyRelations.serviceId2})`,
      Math.max(serviceA, serviceB),
    ),
  );
  const [row] = await db
    .select({ id: synergyRelations.id })
    .from(synergyRelations)
    .where(exceptId === undefined ? samePair : and(samePair, ne(synergyRelations.id, exceptId)))
    .limit(1);
  return row?.id;
}

export async function insertRelation(db: DbOrTx, values: NewRelationRow): Promise<RelationRow> {
  const [row] = await db.insert(synergyRelations).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRelation(
  db: DbOrTx,
  id: number,
  values: RelationChanges,
): Promise<RelationRow | undefined> {
  const [row] = await db
    .update(synergyRelations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(synergyRelations.id, id))
    .returning();
  return row;
}

export async function deleteRelation(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(synergyRelations)
    .where(eq(synergyRelations.id, id))
    .returning({ id: synergyRelations.id });
  return rows.length > 0;
}

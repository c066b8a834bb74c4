import { asc, eq, or } from 'drizzle-orm';
import type { SynergyRelation } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { synergyRelations } from '../../db/schema.ts';

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

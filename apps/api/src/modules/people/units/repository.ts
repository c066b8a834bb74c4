import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { units } from '../../../db/schema.ts';

export type UnitRow = typeof units.$inferSelect;

export async function listUnits(db: DbOrTx): Promise<UnitRow[]> {
  return db.select().from(units).orderBy(asc(units.code));
}

export async function findUnit(
  db: DbOrTx,
  code: string,
  lock = false,
): Promise<UnitRow | undefined> {
  const query = db.select().from(units).where(eq(units.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateUnit(
  db: DbOrTx,
  code: string,
  changes: Partial<Pick<UnitRow, 'displayName' | 'address' | 'phone' | 'whatsapp'>>,
): Promise<UnitRow> {
  const [row] = await db
    .update(units)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(units.code, code))
    .returning();
  if (!row) throw new Error(`units: ${code} sumiu durante a alteração`);
  return row;
}

import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { ReconciliationDifference } from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { billingReconciliations } from '../../../db/schema.ts';

export type ReconciliationRow = typeof billingReconciliations.$inferSelect;

export interface ReconciliationFigures {
  unit: string;
  day: string;
  received: number;
  recovered: number;
  refused: number;
  differences: ReconciliationDifference[];
  ranAt: Date;
}

/**
 * One report per unit and day. A later run of the same day keeps what earlier runs recovered
 * (their Pix are 'repetido' by then), so running twice leaves the same figures.
 */
export async function saveReport(db: DbOrTx, report: ReconciliationFigures): Promise<void> {
  const table = billingReconciliations;
  await db
    .insert(table)
    .values({
      unit: report.unit,
      day: report.day,
      received: report.received,
      recovered: report.recovered,
      known: Math.max(0, report.received - report.recovered - report.refused),
      refused: report.refused,
      differences: report.differences,
      ranAt: report.ranAt,
    })
    .onConflictDoUpdate({
      target: [table.unit, table.day],
      set: {
        received: sql`excluded.received`,
        recovered: sql`${table.recovered} + excluded.recovered`,
        known: sql`greatest(0, excluded.received - excluded.refused - ${table.recovered} - excluded.recovered)`,
        refused: sql`excluded.refused`,
        differences: sql`excluded.differences`,
        ranAt: sql`excluded.ran_at`,
      },
    });
}

export async function list(
  db: DbOrTx,
  filter: { unit: string | null; from?: string | undefined; to?: string | undefined },
  limit: number,
): Promise<ReconciliationRow[]> {
  const table = billingReconciliations;
  const where: SQL[] = [];
  if (filter.unit !== null) where.push(eq(table.unit, filter.unit));
  if (filter.from) where.push(gte(table.day, filter.from));
  if (filter.to) where.push(lte(table.day, filter.to));
  return db
    .select()
    .from(table)
    .where(and(...where))
    .orderBy(desc(table.day), table.unit)
    .limit(limit);
}

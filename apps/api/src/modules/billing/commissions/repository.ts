import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  commissionAdjustments,
  commissionRules,
  commissionStatements,
} from '../../../db/schema.ts';

export type RuleRow = typeof commissionRules.$inferSelect;
export type NewRuleRow = Omit<typeof commissionRules.$inferInsert, 'id' | 'version' | 'rowId'>;
export type StatementRow = typeof commissionStatements.$inferSelect;
export type AdjustmentRow = typeof commissionAdjustments.$inferSelect;

/** Every version of every rule, oldest first (the domain picks the one in force per event). */
export async function allRuleVersions(db: DbOrTx): Promise<RuleRow[]> {
  return db
    .select()
    .from(commissionRules)
    .orderBy(asc(commissionRules.id), asc(commissionRules.version));
}

export async function latestVersion(db: DbOrTx, id: number): Promise<RuleRow | undefined> {
  const [row] = await db
    .select()
    .from(commissionRules)
    .where(eq(commissionRules.id, id))
    .orderBy(desc(commissionRules.version))
    .limit(1);
  return row;
}

/** Version 1 of a new rule, under a fresh rule id. */
export async function insertRule(db: DbOrTx, rule: NewRuleRow): Promise<RuleRow> {
  const [row] = await db
    .insert(commissionRules)
    .values({ ...rule, id: sql`nextval('commission_rule_ids')`, version: 1 })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The next version of rule `id`; (id, version) is unique, so a concurrent edit meets a 409. */
export async function insertVersion(
  db: DbOrTx,
  id: number,
  version: number,
  rule: NewRuleRow,
): Promise<RuleRow> {
  const [row] = await db
    .insert(commissionRules)
    .values({ ...rule, id, version })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function statementsOf(db: DbOrTx, professionalId: number): Promise<StatementRow[]> {
  return db
    .select()
    .from(commissionStatements)
    .where(eq(commissionStatements.professionalId, professionalId))
    .orderBy(asc(commissionStatements.period));
}

export async function findStatement(
  db: DbOrTx,
  professionalId: number,
  period: string,
  lock = false,
): Promise<StatementRow | undefined> {
  const query = db
    .select()
    .from(commissionStatements)
    .where(
      and(
        eq(commissionStatements.professionalId, professionalId),
        eq(commissionStatements.period, period),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The approval's snapshot; undefined when another approval of the month came first. */
export async function insertStatement(
  db: DbOrTx,
  statement: typeof commissionStatements.$inferInsert,
): Promise<StatementRow | undefined> {
  const [row] = await db
    .insert(commissionStatements)
    .values(statement)
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function markStatementPaid(
  db: DbOrTx,
  professionalId: number,
  period: string,
  paid: { at: Date; by: number; byName: string },
): Promise<StatementRow | undefined> {
  const [row] = await db
    .update(commissionStatements)
    .set({ status: 'paga', paidAt: paid.at, paidBy: paid.by, paidByName: paid.byName })
    .where(
      and(
        eq(commissionStatements.professionalId, professionalId),
        eq(commissionStatements.period, period),
        eq(commissionStatements.status, 'aprovada'),
      ),
    )
    .returning();
  return row;
}

export async function adjustmentsOf(
  db: DbOrTx,
  professionalId: number,
  period: string,
): Promise<AdjustmentRow[]> {
  return db
    .select()
    .from(commissionAdjustments)
    .where(
      and(
        eq(commissionAdjustments.professionalId, professionalId),
        eq(commissionAdjustments.period, period),
      ),
    )
    .orderBy(asc(commissionAdjustments.id));
}

export async function insertAdjustment(
  db: DbOrTx,
  adjustment: typeof commissionAdjustments.$inferInsert,
): Promise<AdjustmentRow> {
  const [row] = await db.insert(commissionAdjustments).values(adjustment).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Every approved month of every professional, oldest first (the month list derives in one pass). */
export async function allStatements(db: DbOrTx): Promise<StatementRow[]> {
  return db
    .select()
    .from(commissionStatements)
    .orderBy(asc(commissionStatements.professionalId), asc(commissionStatements.period));
}

/** Every adjustment of a month, of every professional. */
export async function adjustmentsOfPeriod(db: DbOrTx, period: string): Promise<AdjustmentRow[]> {
  return db
    .select()
    .from(commissionAdjustments)
    .where(eq(commissionAdjustments.period, period))
    .orderBy(asc(commissionAdjustments.id));
}

import { asc, desc, eq } from 'drizzle-orm';
import type { AiConfig, AiConfigOrder } from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { aiConfigs } from '../../../db/schema.ts';

export type AiConfigRow = typeof aiConfigs.$inferSelect;
export type NewAiConfigRow = typeof aiConfigs.$inferInsert;

export function toAiConfig(row: AiConfigRow): AiConfig {
  return {
    id: row.id,
    codigo: row.codigo,
    prompt: row.prompt,
    rules: row.rules,
    updated_at: row.updatedAt.toISOString(),
    prompt_length: [...row.prompt].length,
  };
}

const ORDER_BY = {
  '-updated_at': [desc(aiConfigs.updatedAt), desc(aiConfigs.id)],
  updated_at: [asc(aiConfigs.updatedAt), asc(aiConfigs.id)],
  codigo: [asc(aiConfigs.codigo)],
  '-codigo': [desc(aiConfigs.codigo)],
} as const;

export async function listAiConfigs(db: DbOrTx, order: AiConfigOrder): Promise<AiConfigRow[]> {
  return db
    .select()
    .from(aiConfigs)
    .orderBy(...ORDER_BY[order]);
}

export async function findAiConfigById(db: DbOrTx, id: number): Promise<AiConfigRow | undefined> {
  const [row] = await db.select().from(aiConfigs).where(eq(aiConfigs.id, id)).limit(1);
  return row;
}

export async function findAiConfigByCode(
  db: DbOrTx,
  codigo: string,
): Promise<AiConfigRow | undefined> {
  const [row] = await db.select().from(aiConfigs).where(eq(aiConfigs.codigo, codigo)).limit(1);
  return row;
}

export async function updateAiConfigPrompt(
  db: DbOrTx,
  id: number,
  prompt: string,
): Promise<AiConfigRow | undefined> {
  const [row] = await db
    .update(aiConfigs)
    .set({ prompt, updatedAt: new Date() })
    .where(eq(aiConfigs.id, id))
    .returning();
  return row;
}

/** Creates the configurations whose code does not exist yet; existing ones stay as they are. */
export async function insertMissingAiConfigs(db: DbOrTx, rows: NewAiConfigRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(aiConfigs).values(rows).onConflictDoNothing({ target: aiConfigs.codigo });
}

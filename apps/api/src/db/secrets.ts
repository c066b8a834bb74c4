import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { appSecrets } from './schema.ts';

/**
 * A named secret generated once and kept in the database, so every API process on the same
 * database signs and verifies tokens with the same key without extra configuration.
 */
export async function getOrCreateSecret(db: DbOrTx, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: crypto.randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}

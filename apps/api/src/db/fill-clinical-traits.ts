import { DEMO_CLINICAL_TRAITS, normalizeForComparison } from '@portal/domain';
import type { Database } from './client.ts';

/**
 * Fills the clinical traits of the demo procedures (packages/domain/src/catalogue/clinical/
 * demo-traits.ts) on a database seeded before migration 0019, matched by folded name; a
 * procedure already holding traits, or not in the demo catalogue, is left as it is (the admin
 * list flags the latter). Returns how many rows it wrote.
 */
export async function fillDemoClinicalTraits(database: Database): Promise<number> {
  const keys: string[] = [];
  const values: string[] = [];
  for (const [name, entry] of Object.entries(DEMO_CLINICAL_TRAITS)) {
    keys.push(normalizeForComparison(name));
    values.push(JSON.stringify(entry.traits));
  }
  const rows = await database.query<{ id: number }>(
    `UPDATE services AS s SET clinical_traits = v.traits::jsonb
       FROM unnest($1::text[], $2::text[]) AS v(key, traits)
      WHERE s.name_key = v.key AND s.clinical_traits IS NULL
      RETURNING s.id`,
    [keys, values],
  );
  return rows.length;
}

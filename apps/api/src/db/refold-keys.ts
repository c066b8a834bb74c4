import { normalizeForComparison } from '@portal/domain';
import type { Database } from './client.ts';

/** The folded-key columns: each holds normalizeForComparison of its text, under a unique index. */
const FOLDED_KEYS = [
  { table: 'services', text: 'name', key: 'name_key' },
  { table: 'packages', text: 'name', key: 'name_key' },
  { table: 'notices', text: 'title', key: 'title_key' },
  { table: 'trainings', text: 'title', key: 'title_key' },
] as const;

/** A migration marks a key stale by starting it with this; no folded key holds a control. */
const STALE_MARK = '\u0001';
/**
 * Two rows stored before the fold grew stricter may now fold alike ('Botox' and 'Ｂｏｔｏｘ'):
 * the later one keeps its name and gets its key suffixed with this and its id, so the unique
 * index still holds and no new name can collide with the suffix (it holds a control too).
 */
const TWIN_MARK = '\u0002';

/**
 * Recomputes the keys a migration marked stale (migration 0004 marks them all, because the fold
 * changed). Runs after the migrations, under their lock, and finds nothing to do once done.
 * Returns how many keys it wrote.
 */
export async function refoldStaleKeys(database: Database): Promise<number> {
  let written = 0;
  for (const { table, text, key } of FOLDED_KEYS) {
    const [stale] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE starts_with(${key}, $1)`,
      [STALE_MARK],
    );
    if (!stale || stale.n === 0) continue;
    const rows = await database.query<{ id: number; text: string; key: string }>(
      `SELECT id, ${text} AS text, ${key} AS key FROM ${table} ORDER BY id`,
    );
    const taken = new Set(rows.filter((row) => !row.key.startsWith(STALE_MARK)).map((r) => r.key));
    const ids: number[] = [];
    const keys: string[] = [];
    for (const row of rows) {
      if (!row.key.startsWith(STALE_MARK)) continue;
      let folded = normalizeForComparison(row.text);
      if (folded === '' || taken.has(folded)) folded = `${folded}${TWIN_MARK}${row.id}`;
      taken.add(folded);
      ids.push(row.id);
      keys.push(folded);
    }
    await database.query(
      `UPDATE ${table} AS t SET ${key} = v.key
         FROM unnest($1::int[], $2::text[]) AS v(id, key)
        WHERE t.id = v.id`,
      [ids, keys],
    );
    written += ids.length;
  }
  return written;
}

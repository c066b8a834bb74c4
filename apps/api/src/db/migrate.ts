import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';
import { API_ROOT } from '../api-root.ts';
import { refoldStaleKeys } from './refold-keys.ts';
import { fillDemoClinicalTraits } from './fill-clinical-traits.ts';

export const MIGRATIONS_DIR = path.join(API_ROOT, 'migrations');

/**
 * Applies migrations/NNNN_*.sql in order, each in its own transaction, recording what ran.
 * On PostgreSQL an advisory lock keeps two starting processes from migrating at once.
 */
export async function runMigrations(database: Database): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  const lock = database.kind === 'postgres';
  if (lock) await database.query('SELECT pg_advisory_lock(727274)');
  try {
    await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map(
        (r) => r.name,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const body = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      const name = file.replace(/'/g, "''");
      await database.exec(
        `BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`,
      );
      applied.push(file);
    }
    // Keys a migration marked stale are recomputed in TypeScript before anything is served.
    await refoldStaleKeys(database);
    // Migration 0019 added procedures' clinical traits: a database seeded before it gets the
    // demo catalogue's, once, in the run that applies it (issue 26).
    if (applied.some((file) => file.startsWith('0019_'))) await fillDemoClinicalTraits(database);
    return applied;
  } catch (error) {
    await database.exec('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    if (lock) await database.query('SELECT pg_advisory_unlock(727274)');
  }
}

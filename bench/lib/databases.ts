import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { bootstrapDatabase } from '../../apps/api/src/db/seed.ts';
import { useAuditKey } from '../../apps/api/src/audit/key.ts';
import { BENCH_ADMIN, BENCH_AUDIT_KEY, BENCH_JWT_SECRET, TMP_DIR } from './env.ts';

/** Where a prepared database lives: hand it to startApiServer. */
export interface PreparedDatabase {
  kind: 'pglite' | 'postgres';
  dataDir?: string;
  databaseUrl?: string;
  /** Rows per table after preparation. */
  counts: Record<string, number>;
  drop(): Promise<void>;
}

/** A fresh, empty scratch directory under bench/.tmp. */
export function scratchDir(name: string): string {
  const dir = path.join(TMP_DIR, `${name}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A migrated database with the first admin and the demo data, as the server's first start makes
 * it; `copies` > 1 multiplies the catalogue (services, packages with their procedure lists,
 * synergy relations, trainings) into that many distinctly named copies.
 */
export async function prepareDemoDatabase(options: {
  kind: 'pglite' | 'postgres';
  copies?: number;
}): Promise<PreparedDatabase> {
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let dropPostgres: (() => Promise<void>) | undefined;
  if (options.kind === 'postgres') {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error('DATABASE_URL is not set');
    const name = `portal_bench_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = withDatabaseName(serverUrl, name);
    dropPostgres = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    };
  } else {
    dataDir = scratchDir('db');
  }

  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    JWT_SECRET: BENCH_JWT_SECRET,
    SEED_DEMO: '1',
  });
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: config.dataDir });
  let counts: Record<string, number>;
  try {
    await runMigrations(database);
    // The seed writes audit entries, sealed before any app is built.
    useAuditKey(BENCH_AUDIT_KEY);
    await bootstrapDatabase(database.db, config, pino({ level: 'silent' }));
    if ((options.copies ?? 1) > 1) await multiplyCatalogue(database, options.copies ?? 1);
    counts = await countRows(database);
  } finally {
    await database.close();
  }
  return {
    kind: options.kind,
    ...(dataDir ? { dataDir } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
    counts,
    async drop() {
      if (dropPostgres) await dropPostgres();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Copies 2..copies of every demo row, named "<name> <n>". Keys follow normalizeForComparison
 * (folded, lower case, single spaces), so appending " <n>" to a key gives the copy's key.
 */
async function multiplyCatalogue(database: Database, copies: number): Promise<void> {
  const series = `generate_series(2, ${Math.floor(copies)}) AS copy(n)`;
  await database.exec(`
    BEGIN;
    INSERT INTO services (name, name_key, description, block, value, cost, min_margin_percent,
                          session_limit, status, main_function, benefit1, benefit2, benefit3, photos_limit)
    SELECT s.name || ' ' || copy.n, s.name_key || ' ' || copy.n, s.description, s.block, s.value,
           s.cost, s.min_margin_percent, s.session_limit, s.status, s.main_function, s.benefit1,
           s.benefit2, s.benefit3, s.photos_limit
    FROM services s CROSS JOIN ${series};

    INSERT INTO packages (name, name_key, annual_value, discount_percent, status, session_limit,
                          block_limit_a, block_limit_b, block_limit_c, block_limit_d, all_procedures_allowed)
    SELECT p.name || ' ' || copy.n, p.name_key || ' ' || copy.n, p.annual_value, p.discount_percent,
           p.status, p.session_limit, p.block_limit_a, p.block_limit_b, p.block_limit_c,
           p.block_limit_d, p.all_procedures_allowed
    FROM packages p CROSS JOIN ${series};

    INSERT INTO package_procedures (package_id, service_id, kind)
    SELECT pc.id, sc.id, pp.kind
    FROM package_procedures pp
    JOIN packages p ON p.id = pp.package_id
    JOIN services s ON s.id = pp.service_id
    CROSS JOIN ${series}
    JOIN packages pc ON pc.name_key = p.name_key || ' ' || copy.n
    JOIN services sc ON sc.name_key = s.name_key || ' ' || copy.n;

    INSERT INTO synergy_relations (service_id_1, service_id_2, category, rationale, boost_percent, base_narrative)
    SELECT s1c.id, s2c.id, r.category, r.rationale, r.boost_percent, r.base_narrative
    FROM synergy_relations r
    JOIN services s1 ON s1.id = r.service_id_1
    JOIN services s2 ON s2.id = r.service_id_2
    CROSS JOIN ${series}
    JOIN services s1c ON s1c.name_key = s1.name_key || ' ' || copy.n
    JOIN services s2c ON s2c.name_key = s2.name_key || ' ' || copy.n;

    INSERT INTO trainings (title, title_key, description, category, video_url, published_at,
                           content_sections, active, search_text)
    SELECT t.title || ' ' || copy.n, t.title_key || ' ' || copy.n, t.description, t.category,
           t.video_url, t.published_at - make_interval(hours => copy.n), t.content_sections,
           t.active, t.search_text || ' ' || copy.n
    FROM trainings t CROSS JOIN ${series};
    COMMIT;
  `);
}

async function countRows(database: Database): Promise<Record<string, number>> {
  const tables = [
    'services',
    'packages',
    'package_procedures',
    'synergy_relations',
    'trainings',
    'notices',
    'users',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await database.query<{ count: number | string }>(
      `SELECT count(*) AS count FROM ${table}`,
    );
    counts[table] = Number(row?.count ?? 0);
  }
  return counts;
}

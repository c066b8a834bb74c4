import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import type { PreparedDatabase } from './databases.ts';
import { BENCH_AUDIT_KEY, BENCH_JWT_SECRET } from './env.ts';

/**
 * The whole app in this process on a prepared database, with the database handle beside it (the
 * proposals and dashboard benches fill rows straight in SQL, then time requests via app.inject).
 */
export async function openInProcessApp(prepared: PreparedDatabase) {
  const database = await openDatabase(
    prepared.databaseUrl
      ? { databaseUrl: prepared.databaseUrl }
      : { dataDir: prepared.dataDir ?? '' },
  );
  const config = loadConfig({
    JWT_SECRET: BENCH_JWT_SECRET,
    ...(prepared.dataDir ? { DATA_DIR: prepared.dataDir } : {}),
    ...(prepared.databaseUrl ? { DATABASE_URL: prepared.databaseUrl } : {}),
  });
  const app = await buildApp({ config, database, logger: false, auditKey: BENCH_AUDIT_KEY });
  return { database, app };
}

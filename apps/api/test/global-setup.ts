import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base64 of a migrated PGlite data directory (PGlite runs). */
    pgliteTemplate: string;
    /** Name of a migrated template database (PostgreSQL runs). */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run and lets every test file clone the result: a PGlite initdb costs ~6 s,
 * a clone well under one. With DATABASE_URL the clone is a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const templateName = `portal_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, templateName) });
    await runMigrations(database);
    await database.close();
    project.provide('postgresTemplate', templateName);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await runMigrations(database);
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error('PGlite dump unavailable');
  await database.close();
  project.provide('pgliteTemplate', Buffer.from(await dump.arrayBuffer()).toString('base64'));
  project.provide('postgresTemplate', '');
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

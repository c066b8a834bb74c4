import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { InlineChangeFeed, ServerChangeFeed, type ChangeFeed } from './change-feed.ts';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction callback receives; repositories accept either. */
export type AppTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
export type DbOrTx = AppDb | AppTx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: AppDb;
  /** Runs a multi-statement SQL script (migrations). */
  exec(sqlText: string): Promise<void>;
  /** Rows of a parameterised query, for the few places the query builder cannot express. */
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  /** Committed changes the in-memory read caches depend on (migration 0013's notifications). */
  openChangeFeed(): Promise<ChangeFeed>;
  close(): Promise<void>;
  /** The embedded database's files as a tarball (tests clone a migrated template from it). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * What the job queue (apps/api/src/jobs) runs on: the embedded client itself, whose statements
   * take their turns with the app's, or the server's address for a pool of its own.
   */
  queueTarget: { kind: 'pglite'; client: QueueClient } | { kind: 'postgres'; url: string };
}

/**
 * The embedded client as the job queue uses it (pg-boss's `fromPglite`): its statements take turns
 * with the app's, and a script that fails is rolled back in its own turn, so an aborted
 * transaction never reaches the statement queued after it on the one connection.
 */
export interface QueueClient {
  query<T>(sqlText: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sqlText: string): Promise<Array<{ rows: unknown[] }>>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

// numeric(…) columns are read as numbers by Drizzle's mode:'number'; make bare pg queries agree.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; omitted means in memory. */
  dataDir?: string;
  /** A dumped, migrated data directory to start from (tests clone a template this way). */
  template?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = drizzlePg(pool, { schema }) as unknown as AppDb;
  let poolClosed = false;
  return {
    kind: 'postgres',
    db,
    queueTarget: { kind: 'postgres', url },
    async exec(sqlText) {
      const client = await pool.connect();
      try {
        await client.query(sqlText);
      } finally {
        client.release();
      }
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const result = await pool.query(sqlText, params);
      return result.rows as T[];
    },
    async ping() {
      if (poolClosed) return false;
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    openChangeFeed() {
      return ServerChangeFeed.open(() => new pg.Client({ connectionString: url }));
    },
    async close() {
      if (poolClosed) return;
      poolClosed = true;
      await pool.end();
    },
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let release: (() => void) | undefined;
  let dataDir: string | undefined;
  if (options.dataDir) {
    release = lockDataDir(options.dataDir);
    dataDir = path.join(options.dataDir, 'pgdata');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.template ? { loadDataDir: options.template } : {}),
      extensions: { pg_trgm, unaccent },
    });
  } catch (error) {
    release?.();
    throw error;
  }
  const turns = takeTurnsWithIo(client);
  const queueClient: QueueClient = {
    query: (sqlText, params) => client.query(sqlText, params),
    exec: (sqlText) =>
      turns.inTurn(async () => {
        try {
          return await turns.exec(sqlText);
        } catch (error) {
          await turns.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    listen: (channel, callback) => client.listen(channel, callback),
  };
  const db = drizzlePglite(client, { schema }) as unknown as AppDb;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    queueTarget: { kind: 'pglite', client: queueClient },
    async exec(sqlText) {
      await client.exec(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const result = await client.query<T>(sqlText, params);
      return result.rows;
    },
    async ping() {
      if (closed) return false;
      try {
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    openChangeFeed() {
      return InlineChangeFeed.open(async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return async () => {
          if (!closed) await unlisten();
        };
      });
    },
    async dumpDataDir() {
      return client.dumpDataDir('none');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release?.();
      }
    },
  };
}

/**
 * PGlite runs the statements waiting for it back to back in promise callbacks, so while a queue
 * drains Node never gets to its I/O phase: under 100 concurrent connections new sockets waited
 * seconds to be accepted and read (10 s timeouts in bench/load.ts). Here every top-level
 * operation enters PGlite one at a time, first come first served, after a turn of the event loop,
 * so sockets are served between statements. Statements inside a transaction use the transaction
 * handle and are not gated (docs/decisions/0004-pglite-serialization.md).
 */
function takeTurnsWithIo(client: PGlite): {
  inTurn: <T>(operation: () => Promise<T>) => Promise<T>;
  /** The client's own methods, for an operation already in its turn. */
  query: PGlite['query'];
  exec: PGlite['exec'];
} {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(operation: () => Promise<T>): Promise<T> => {
    const result = tail.then(() => nextTurn()).then(operation);
    tail = result.catch(() => undefined);
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = <T>(sqlText: string, params?: unknown[], options?: QueryOptions) =>
    inTurn(() => query<T>(sqlText, params, options));
  client.exec = (sqlText: string, options?: QueryOptions) => inTurn(() => exec(sqlText, options));
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    inTurn(() => transaction(callback));
  return { inTurn, query, exec };
}

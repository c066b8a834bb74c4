import Fastify from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAuditKey } from '../src/audit/key.ts';
import { loadConfig } from '../src/config.ts';
import { bootstrapDatabase } from '../src/db/seed.ts';
import { usersService } from '../src/modules/people/users/service.ts';
import { openTestDatabase } from './helpers/test-app.ts';

const silentLog = Fastify({ logger: false }).log;
const config = {
  ...loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' }),
  adminEmail: 'primeiro.admin@clinica.com.br',
  adminPassword: 'Senha-forte-123',
  seedDemo: true,
};

// The seed audits what it creates; server.ts installs the key before bootstrapping, so do we.
beforeAll(() => useAuditKey(Buffer.from('test-audit-key-that-never-leaves-the-test-process')));

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

describe('first start (bootstrapDatabase)', () => {
  it('creates the first admin and the demo data once, even when two processes start together', async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const { db } = opened.database;

    // On PostgreSQL the pool gives each call its own connection: a real race.
    const results = await Promise.all([
      bootstrapDatabase(db, config, silentLog),
      bootstrapDatabase(db, config, silentLog),
    ]);

    expect(results.filter((result) => result.createdAdmin !== null)).toHaveLength(1);
    expect(results.filter((result) => result.seededDemo)).toHaveLength(1);
    expect(await usersService.count(db)).toBe(1);
    const users = await usersService.list(db);
    expect(users[0]).toMatchObject({
      email: config.adminEmail,
      profile: 'admin',
      status: 'active',
    });
    // The demo catalogue exists once: as many rows as distinct names.
    const [services] = await opened.database.query<{ n: number; names: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM services',
    );
    expect(services?.n).toBeGreaterThan(0);
    expect(services?.names).toBe(services?.n);
  });

  it('creates nothing on a later start', async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const { db } = opened.database;
    await bootstrapDatabase(db, config, silentLog);

    const again = await bootstrapDatabase(
      db,
      { ...config, adminEmail: 'outro@clinica.com.br' },
      silentLog,
    );

    expect(again).toEqual({ createdAdmin: null, seededDemo: false });
    expect((await usersService.list(db)).map((user) => user.email)).toEqual([config.adminEmail]);
  });
});

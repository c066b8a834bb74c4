import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Profile, UserStatus } from '@portal/domain';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { usersService } from '../../src/modules/people/users/service.ts';
import type { Mailer, MailMessage } from '../../src/mail/mailer.ts';
import { withDatabase } from '../global-setup.ts';

export const TEST_PASSWORD = 'senha-segura-123';

export interface TestUser {
  id: number;
  email: string;
  token: string;
  profile: Profile;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  sentMail: MailMessage[];
  /** Creates a user straight in the database and signs it in (when its status allows). */
  createUser(profile: Profile, status?: UserStatus, name?: string): Promise<TestUser>;
  /** A signed-in user per profile, created on first use. */
  as(profile: Profile): Promise<TestUser>;
  request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; body?: unknown; query?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh database cloned from the run's migrated template, and the app built on it. */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `portal_t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Cloning needs the template idle; retry briefly if another file is cloning it right now.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
        break;
      } catch (error) {
        if (attempt > 50) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const template = new Blob([Buffer.from(inject('pgliteTemplate'), 'base64')]);
  const database = await openDatabase({ template });
  return { database, drop: () => database.close() };
}

export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const config: AppConfig = {
    ...loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' }),
    webDist: '/nonexistent',
    ...overrides.config,
  };
  const sentMail: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sentMail.push(message);
    },
  };
  // A fixed sealing key: no test writes an audit.key file into a DATA_DIR.
  const auditKey = Buffer.from('test-audit-key-that-never-leaves-the-test-process');
  const app = await buildApp({ database, mailer, auditKey, ...overrides, config });
  await app.ready();
  const byProfile = new Map<Profile, TestUser>();

  const request: TestApp['request'] = (method, url, options = {}) =>
    app.inject({
      method,
      url,
      ...(options.query ? { query: options.query } : {}),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });

  const createUser: TestApp['createUser'] = async (profile, status = 'active', name) => {
    const email = `${profile}-${crypto.randomBytes(4).toString('hex')}@teste.com.br`;
    const user = await usersService.create(database.db, {
      name: name ?? `Usuário ${profile}`,
      email,
      password: TEST_PASSWORD,
      phone: null,
      unit: 'PAULISTA',
      profile,
      status: 'active',
      profile_photo: null,
    });
    // Sign in while active, then set the wanted status: pending/inactive tests need a real token.
    const login = await request('POST', '/api/v1/auth/login', {
      body: { email, password: TEST_PASSWORD },
    });
    const token = (login.json() as { access_token: string }).access_token;
    if (status !== 'active') await usersService.update(database.db, user.id, { status });
    return { id: user.id, email, token, profile };
  };

  return {
    app,
    database,
    config,
    sentMail,
    createUser,
    async as(profile) {
      let user = byProfile.get(profile);
      if (!user) {
        user = await createUser(profile);
        byProfile.set(profile, user);
      }
      return user;
    },
    request,
    async close() {
      await app.close();
      await drop();
    },
  };
}

import fs from 'node:fs';
import { ADDRESS_RATE_LIMITS } from '../../src/http/rate-limits.ts';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/domain';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  clientAddress,
  freshPostgresDatabase,
  killAllServers,
  preparedDataDir,
  refusesConnections,
  removeDataDirs,
  signIn,
  startServer,
  waitUntil,
  type ServerProcess,
} from './server-process.ts';

/**
 * How the server behaves as an OS process: one process per embedded database, a graceful stop on
 * SIGTERM, and several processes on one PostgreSQL (and Redis) acting as one.
 */

afterEach(() => killAllServers());
afterAll(() => removeDataDirs());

const stop = async (server: ServerProcess) => {
  server.child.kill('SIGTERM');
  return server.exited;
};

describe('embedded database', () => {
  it('refuses a second process on the same DATA_DIR with a clear message and a non-zero exit', async () => {
    const dataDir = await preparedDataDir();
    const first = await startServer({ dataDir });
    const second = await startServer({ dataDir, expectExit: true });
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(
      `O diretório de dados ${dataDir} já está em uso pelo processo ${first.child.pid}.`,
    );
    // The first one never noticed.
    expect((await api(first, 'GET', '/api/v1/health')).status).toBe(200);
    expect(await stop(first)).toEqual({ code: 0, signal: null });
    // A clean stop releases the directory for the next start.
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
    const third = await startServer({ dataDir });
    expect(await stop(third)).toEqual({ code: 0, signal: null });
  }, 180_000);

  it('drains a request in flight on SIGTERM: it completes with 200, then the process exits 0', async () => {
    const server = await startServer({ dataDir: await preparedDataDir() });
    const token = await signIn(server);
    const body = Buffer.from(
      JSON.stringify({
        client_name: 'Cliente do Desligamento',
        pkg: { name: 'Pacote Essencial', annual_value: 12000 },
        rows: Array.from({ length: 30 }, (_, i) => ({
          name: `Procedimento ${i + 1}`,
          unit: 150,
          qty: 2,
        })),
      }),
    );
    const { port } = new URL(server.url);
    const response = new Promise<{ status: number; type: string; bytes: Buffer }>(
      (resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port: Number(port),
            method: 'POST',
            path: '/api/v1/pdf/proposal/preview',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': body.length,
              // The server's 100 Continue tells when it holds the request (no guessed delay).
              expect: '100-continue',
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                type: String(res.headers['content-type']),
                bytes: Buffer.concat(chunks),
              }),
            );
          },
        );
        request.on('error', reject);
        // Half the body now; once the server holds the request, SIGTERM, and the rest of the
        // body only when the server is draining (it refuses new connections).
        request.write(body.subarray(0, body.length / 2));
        request.once('continue', () => {
          server.child.kill('SIGTERM');
          waitUntil(() => refusesConnections(server), 'o servidor parar de aceitar conexões')
            .then(() => request.end(body.subarray(body.length / 2)))
            .catch(reject);
        });
      },
    );

    const answer = await response;
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/error/i);
  }, 180_000);

  it('stops taking new connections as soon as SIGTERM arrives', async () => {
    const server = await startServer({ dataDir: await preparedDataDir() });
    // Keep one request open so the process is still draining while we knock.
    const { port } = new URL(server.url);
    const held = http.request({
      host: '127.0.0.1',
      port: Number(port),
      method: 'POST',
      path: '/api/v1/auth/login',
      headers: {
        'content-type': 'application/json',
        'content-length': 200,
        expect: '100-continue',
      },
    });
    held.on('error', () => undefined);
    const holding = new Promise((resolve) => held.once('continue', resolve));
    held.write('{"email":');
    await holding;
    let exited = false;
    void server.exited.then(() => (exited = true));
    server.child.kill('SIGTERM');
    await waitUntil(() => refusesConnections(server), 'o servidor parar de aceitar conexões');
    await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();
    // Still draining the held request while it turns new connections away.
    expect(exited).toBe(false);
    held.destroy();
    expect((await server.exited).code).toBe(0);
  }, 180_000);
});

describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  it('behave as one: a write through one is read through the other at once', async () => {
    const database = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
    try {
      const a = await startServer({ databaseUrl: database.url });
      const b = await startServer({ databaseUrl: database.url });
      // One signing key, kept in the database: a session from A is good on B.
      const token = await signIn(a);
      expect((await api(b, 'GET', '/api/v1/auth/me', { token })).status).toBe(200);

      for (let i = 0; i < 10; i++) {
        const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
        const created = await api(writer, 'POST', '/api/v1/notices/notices/', {
          token,
          body: {
            title: `Aviso compartilhado ${i}`,
            text: 'Visto pelos dois.',
            category: 'exclusive',
          },
        });
        expect(created.status).toBe(201);
        const id = (created.body as { id: number }).id;
        const read = await api(reader, 'GET', `/api/v1/notices/notices/${id}`, { token });
        expect(read).toEqual({ status: 200, body: created.body });

        const patched = await api(reader, 'PATCH', `/api/v1/notices/notices/${id}`, {
          token,
          body: { active: false },
        });
        expect(patched.status).toBe(200);
        const again = await api(writer, 'GET', `/api/v1/notices/notices/${id}`, { token });
        expect((again.body as { active: boolean }).active).toBe(false);
      }
      // Each process keeps the catalogue lists ready to send; a price changed through one is in
      // the other's very next list, and a list read before stays tagged as the old one.
      const service = await api(a, 'POST', '/api/v1/services/', {
        token,
        body: { name: 'Limpeza de Pele Compartilhada', block: 'A', value: 100, cost: 20 },
      });
      expect(service.status).toBe(201);
      const first = service.body as { id: number; value: number };
      expect((await api(b, 'GET', '/api/v1/services/', { token })).body).toEqual([service.body]);
      for (const value of [110, 120]) {
        const changed = await api(a, 'PATCH', `/api/v1/services/${first.id}`, {
          token,
          body: { value },
        });
        expect(changed.status).toBe(200);
        for (const reader of [b, a]) {
          const list = await api(reader, 'GET', '/api/v1/services/', { token });
          const seen = (list.body as Array<{ id: number; value: number }>).find(
            (s) => s.id === first.id,
          );
          expect(seen?.value).toBe(value);
        }
      }
      // A user deactivated through A is locked out of B on the next request.
      const created = await api(a, 'POST', '/api/v1/users/', {
        token,
        body: {
          name: 'Profissional Dupla',
          email: 'dupla@teste.com.br',
          password: 'senha-dupla-123',
        },
      });
      const userToken = await signIn(b, 'dupla@teste.com.br', 'senha-dupla-123');
      await api(a, 'PATCH', `/api/v1/users/${(created.body as { id: number }).id}`, {
        token,
        body: { status: 'inactive' },
      });
      expect(await api(b, 'GET', '/api/v1/auth/me', { token: userToken })).toEqual({
        status: 403,
        body: { detail: MESSAGES.userInactive },
      });
      expect(await stop(a)).toEqual({ code: 0, signal: null });
      expect(await stop(b)).toEqual({ code: 0, signal: null });
    } finally {
      killAllServers();
      await database.drop();
    }
  }, 240_000);

  it('keep the signed-in user in memory, yet a deactivation through one is refused by the others on the very next request', async () => {
    const database = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
    try {
      const [a, b, c] = await Promise.all([
        startServer({ databaseUrl: database.url }),
        startServer({ databaseUrl: database.url }),
        startServer({ databaseUrl: database.url }),
      ]);
      const adminToken = await signIn(a);
      const created = await api(a, 'POST', '/api/v1/users/', {
        token: adminToken,
        body: {
          name: 'Profissional Memória',
          email: 'memoria@teste.com.br',
          password: 'senha-memoria-1',
        },
      });
      const userId = (created.body as { id: number }).id;
      const userToken = await signIn(b, 'memoria@teste.com.br', 'senha-memoria-1');
      const setStatus = async (status: 'active' | 'inactive') => {
        const res = await api(a, 'PATCH', `/api/v1/users/${userId}`, {
          token: adminToken,
          body: { status },
        });
        expect(res.status).toBe(200);
      };
      const refused = { status: 403, body: { detail: MESSAGES.userInactive } };

      for (let round = 0; round < 10; round++) {
        // B and C answer from their kept copy of the user row (no query)…
        for (const reader of [b, c]) {
          expect((await api(reader, 'GET', '/api/v1/services/', { token: userToken })).status).toBe(
            200,
          );
        }
        // …and A's answer to the deactivation means they have dropped it.
        await setStatus('inactive');
        for (const reader of [b, c, a]) {
          expect(await api(reader, 'GET', '/api/v1/services/', { token: userToken })).toEqual(
            refused,
          );
        }
        await setStatus('active');
      }

      // A process that dies without a word (kill -9) cannot acknowledge: A's write waits out its
      // lease instead, and the survivor still refuses at once.
      expect((await api(b, 'GET', '/api/v1/auth/me', { token: userToken })).status).toBe(200);
      c.child.kill('SIGKILL');
      await c.exited;
      await setStatus('inactive');
      expect(await api(b, 'GET', '/api/v1/auth/me', { token: userToken })).toEqual(refused);
      expect(await stop(a)).toEqual({ code: 0, signal: null });
      expect(await stop(b)).toEqual({ code: 0, signal: null });
    } finally {
      killAllServers();
      await database.drop();
    }
  }, 240_000);

  it('start together on an empty database: one migrates and creates the admin, both serve', async () => {
    const database = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
    try {
      const [a, b] = await Promise.all([
        startServer({ databaseUrl: database.url }),
        startServer({ databaseUrl: database.url }),
      ]);
      const token = await signIn(a);
      const users = await api(b, 'GET', '/api/v1/users/', { token });
      expect((users.body as { email: string }[]).map((u) => u.email)).toEqual([ADMIN_EMAIL]);
      await Promise.all([stop(a), stop(b)]);
    } finally {
      killAllServers();
      await database.drop();
    }
  }, 240_000);

  it.skipIf(!process.env.REDIS_URL)(
    'count login failures across both processes through Redis',
    async () => {
      const database = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
      const redisUrl = process.env.REDIS_URL;
      try {
        const a = await startServer({ databaseUrl: database.url, redisUrl });
        const b = await startServer({ databaseUrl: database.url, redisUrl });
        const adminToken = await signIn(a);
        const email = `throttle-${Date.now()}@teste.com.br`;
        const password = 'senha-certa-123';
        await api(a, 'POST', '/api/v1/users/', {
          token: adminToken,
          body: { name: 'Alvo', email, password },
        });
        const login = (server: ServerProcess, pass: string, from: string) =>
          api(server, 'POST', '/api/v1/auth/login', {
            body: { email, password: pass },
            forwardedFor: from,
          });

        // Per account and address: one address's failures alternate between the processes.
        const guesser = clientAddress();
        for (let i = 0; i < ADDRESS_RATE_LIMITS.signInAccount.max; i++) {
          const res = await login(i % 2 ? b : a, 'senha-errada', guesser);
          expect(res.status).toBe(401);
        }
        for (const server of [a, b]) {
          expect(await login(server, password, guesser)).toEqual({
            status: 429,
            body: { detail: MESSAGES.tooManyAttempts },
          });
        }
        // The account itself only slows down: its owner, elsewhere, still signs in.
        expect((await login(b, password, clientAddress())).status).toBe(200);

        // Per address: one address spreads failures over many accounts and both processes.
        const address = clientAddress();
        for (let i = 0; i < ADDRESS_RATE_LIMITS.signIn.max; i++) {
          await api(i % 2 ? b : a, 'POST', '/api/v1/auth/login', {
            body: { email: `ninguem${i}-${Date.now()}@teste.com.br`, password: 'x' },
            forwardedFor: address,
          });
        }
        for (const server of [a, b]) {
          const res = await api(server, 'POST', '/api/v1/auth/login', {
            body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
            forwardedFor: address,
          });
          expect(res.status).toBe(429);
        }
        // Another address is not affected.
        expect(
          (
            await api(b, 'POST', '/api/v1/auth/login', {
              body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
              forwardedFor: clientAddress(),
            })
          ).status,
        ).toBe(200);
        await Promise.all([stop(a), stop(b)]);
      } finally {
        killAllServers();
        await database.drop();
      }
    },
    240_000,
  );
});

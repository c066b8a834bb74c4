import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client, ClientExport, PipelineQueryData } from '@portal/domain';
import {
  HEAVY_READS_IN_FLIGHT,
  MemoryInFlightLimiter,
  RedisInFlightLimiter,
} from '../src/http/heavy-reads.ts';
import { rateLimitMessage } from '../src/http/rate-limits.ts';
import { dashboardService } from '../src/modules/insights/dashboard/service.ts';
import { EXPORT_PAGE } from '../src/modules/insights/data-subject/service.ts';
import { proposalsService } from '../src/modules/sales/proposals/service.ts';
import { createCatalogue, HEALTH_CONSENT, userOfUnit } from './helpers/crm-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Heavy reads are bounded per user (issue 27): at most HEAVY_READS_IN_FLIGHT in flight, the next
 * a pt-BR 429 at once while other users are served; the slot comes back after a success, an
 * error or a client that went away; a client's export is streamed.
 */

/** A gate the test opens: what waits on it stays in flight until then. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('heavy reads in flight per user', () => {
  let t: TestApp;
  const limiter = new MemoryInFlightLimiter();
  let hammer: TestUser;
  let other: TestUser;
  const held = (user: TestUser) => limiter.count(`heavy:user:${user.id}`);
  const pipeline = (user: TestUser) =>
    t.request('GET', '/api/v1/proposals/pipeline', { token: user.token });

  beforeAll(async () => {
    t = await createTestApp({ heavyReads: limiter });
    hammer = await t.createUser('manager');
    other = await t.createUser('manager');
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  /** The pipeline of `user` waits on the returned gate; other users' run as usual. */
  function holdPipelineOf(user: TestUser) {
    const { opened, open } = gate();
    const real = dashboardService.pipeline.bind(dashboardService);
    const calls = { started: 0 };
    vi.spyOn(dashboardService, 'pipeline').mockImplementation(
      async (db, viewer, query: PipelineQueryData) => {
        if (viewer.id === user.id) {
          calls.started += 1;
          await opened;
        }
        return real(db, viewer, query);
      },
    );
    return { open, calls };
  }

  it(`answers a heavy read past ${HEAVY_READS_IN_FLIGHT} in flight of one user 429, serving another user`, async () => {
    const { open, calls } = holdPipelineOf(hammer);
    const first = Array.from({ length: HEAVY_READS_IN_FLIGHT }, () => pipeline(hammer));
    await until(() => calls.started === HEAVY_READS_IN_FLIGHT, 'the first heavy reads');

    const refused = await pipeline(hammer);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ detail: rateLimitMessage(1) });
    // A CSV of the dashboard is a heavy read of the same user: refused too.
    const csv = await t.request('GET', '/api/v1/dashboard/sales.csv', { token: hammer.token });
    expect(csv.statusCode).toBe(429);

    // Another user's heavy read runs.
    expect((await pipeline(other)).statusCode).toBe(200);

    open();
    for (const res of await Promise.all(first)) expect(res.statusCode).toBe(200);
    expect(held(hammer)).toBe(0);
    expect((await pipeline(hammer)).statusCode).toBe(200);
  });

  it('gives the slot back after an error', async () => {
    vi.spyOn(dashboardService, 'pipeline').mockRejectedValue(new Error('database went away'));
    for (let i = 0; i < HEAVY_READS_IN_FLIGHT + 2; i++) {
      expect((await pipeline(hammer)).statusCode).toBe(500);
    }
    expect(held(hammer)).toBe(0);
    vi.restoreAllMocks();
    expect((await pipeline(hammer)).statusCode).toBe(200);
  });

  it('bounds a deep offset of a list, not a first page', async () => {
    const { open, calls } = holdPipelineOf(hammer);
    const first = Array.from({ length: HEAVY_READS_IN_FLIGHT }, () => pipeline(hammer));
    await until(() => calls.started === HEAVY_READS_IN_FLIGHT, 'the first heavy reads');
    const list = (offset: string) =>
      t.request('GET', '/api/v1/proposals/', { token: hammer.token, query: { offset } });
    expect((await list('0')).statusCode).toBe(200);
    expect((await list('5000')).statusCode).toBe(429);
    open();
    await Promise.all(first);
    expect((await list('5000')).statusCode).toBe(200);
  });

  it('gives the slot back when the client goes away, once the work is over', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { open, calls } = holdPipelineOf(hammer);
    const request = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/v1/proposals/pipeline',
      headers: { authorization: `Bearer ${hammer.token}` },
    });
    const closed = new Promise<void>((resolve) => request.on('close', () => resolve()));
    request.on('error', () => undefined);
    await until(() => calls.started === 1, 'the heavy read to start');
    expect(held(hammer)).toBe(1);
    request.destroy();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The query is still running: its slot stays taken.
    expect(held(hammer)).toBe(1);
    open();
    await until(() => held(hammer) === 0, 'the slot to come back');
  });
});

describe('client export', () => {
  let t: TestApp;
  let manager: TestUser;
  let client: Client;
  const PROPOSALS = EXPORT_PAGE * 2 + 7;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Geral');
    const professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Paula Profissional');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Gerente');
    const catalogue = await createCatalogue(t, admin.token, 'Exp');
    client = (
      await t.request('POST', '/api/v1/clients/', {
        token: professional.token,
        body: { full_name: 'Ester Exportada', consents: [HEALTH_CONSENT] },
      })
    ).json() as Client;
    const created = await t.request('POST', '/api/v1/proposals/', {
      token: professional.token,
      body: {
        client_id: client.id,
        package_id: catalogue.pkg,
        blocks: { A: [catalogue.peel], B: [catalogue.laser], C: [], D: [] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Many more of her proposals, an hour apart.
    await t.database.query(
      `INSERT INTO proposals (number, version, client_id, package_id, author_id, author_name, unit,
         status, valid_days, valid_until, client_name, package_name, annual_value, snapshot,
         created_at, updated_at)
       SELECT '2025-' || lpad(g::text, 6, '0'), 1, p.client_id, p.package_id, p.author_id,
         p.author_name, p.unit, 'draft', 7, now(), p.client_name, p.package_name, p.annual_value,
         p.snapshot, now() - g * interval '1 hour', now()
       FROM proposals p, generate_series(1, ${PROPOSALS - 1}) AS g WHERE p.id = $1`,
      [(created.json() as { id: number }).id],
    );
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('starts answering before the last proposal is read, and the answer is complete', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { opened, open } = gate();
    const real = proposalsService.byIds.bind(proposalsService);
    let pagesRead = 0;
    vi.spyOn(proposalsService, 'byIds').mockImplementation(async (db, ids, now) => {
      // The last page waits until the test has seen the first bytes.
      if (pagesRead === Math.ceil(PROPOSALS / EXPORT_PAGE) - 1) await opened;
      pagesRead += 1;
      return real(db, ids, now);
    });

    const chunks: Buffer[] = [];
    let firstBytesAfterPages = -1;
    const done = new Promise<{ status: number; type: string }>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: `/api/v1/clients/${client.id}/export`,
            headers: { authorization: `Bearer ${manager.token}` },
          },
          (response) => {
            response.on('data', (chunk: Buffer) => {
              if (chunks.length === 0) {
                firstBytesAfterPages = pagesRead;
                open();
              }
              chunks.push(chunk);
            });
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                type: String(response.headers['content-type']),
              }),
            );
            response.on('error', reject);
          },
        )
        .on('error', reject);
    });
    const { status, type } = await done;
    expect(status).toBe(200);
    expect(type).toBe('application/json; charset=utf-8');
    expect(firstBytesAfterPages).toBeLessThan(Math.ceil(PROPOSALS / EXPORT_PAGE));
    const data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ClientExport;
    expect(Object.keys(data)).toEqual([
      'exported_at',
      'client',
      'consents',
      'access_log',
      'proposals',
    ]);
    expect(data.client.id).toBe(client.id);
    expect(data.access_log.map((entry) => entry.action)).toEqual(['export']);
    expect(data.proposals).toHaveLength(PROPOSALS);
    // Newest first, as before, and each proposal as its own route answers it.
    const times = data.proposals.map((p) => Date.parse(p.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const [newest] = data.proposals;
    const single = await t.request('GET', `/api/v1/proposals/${newest?.id}`, {
      token: manager.token,
    });
    expect(single.json()).toEqual(newest);
  });

  it('answers the same content in one piece through inject, and logs each export', async () => {
    const res = await t.request('GET', `/api/v1/clients/${client.id}/export`, {
      token: manager.token,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json() as ClientExport;
    expect(data.proposals).toHaveLength(PROPOSALS);
    expect(data.access_log.map((entry) => entry.action)).toEqual(['export', 'export']);
  });
});

describe.skipIf(!process.env.REDIS_URL)('heavy reads in flight across processes (Redis)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? '');
  });
  afterAll(() => redis.quit());

  it('counts one user across two limiters and gives slots back; a lease expires', async () => {
    const prefix = `portal:test:${crypto.randomBytes(6).toString('hex')}:`;
    const one = new RedisInFlightLimiter(redis, prefix);
    const two = new RedisInFlightLimiter(redis, prefix);
    const a = await one.acquire('heavy:user:1', 2, 60_000);
    const b = await two.acquire('heavy:user:1', 2, 60_000);
    expect(a && b).toBeTruthy();
    expect(await one.acquire('heavy:user:1', 2, 60_000)).toBeNull();
    expect(await two.acquire('heavy:user:2', 2, 60_000)).not.toBeNull();
    await a?.();
    const c = await two.acquire('heavy:user:1', 2, 60_000);
    expect(c).not.toBeNull();
    // A process that died holding its slot: the lease ends and the slot is free again.
    const short = await one.acquire('heavy:user:3', 1, 50);
    expect(short).not.toBeNull();
    expect(await one.acquire('heavy:user:3', 1, 50)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await one.acquire('heavy:user:3', 1, 50)).not.toBeNull();
  });
});

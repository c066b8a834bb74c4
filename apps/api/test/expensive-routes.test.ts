import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryAttemptLimiter,
  RedisAttemptLimiter,
  type AttemptLimiter,
} from '../src/auth/attempt-limiter.ts';
import { rateLimitMessage, USER_RATE_LIMITS } from '../src/http/rate-limits.ts';
import {
  PDF_BUSY_MESSAGE,
  PDF_BUSY_RETRY_AFTER_SECONDS,
  PdfRenderPool,
} from '../src/pdf/render-pool.ts';
import { computeProposalFigures } from '@portal/domain';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Heavy answers cannot starve the server (issue 16, item 4): per-user limits on the expensive
 * routes, in memory and in Redis (when REDIS_URL is set, as CI does), and a bounded PDF queue.
 */
const proposal = {
  client_name: 'Maria José',
  pkg: { name: 'Pacote Essencial', annual_value: 12000 },
  rows: [{ name: 'Criolipólise', unit: 1500, qty: 2, benefits: [] as string[] }],
};

for (const kind of [
  { name: 'memory', redis: false },
  { name: 'Redis', redis: true },
]) {
  describe.skipIf(kind.redis && !process.env.REDIS_URL)(`per-user limits (${kind.name})`, () => {
    let t: TestApp;
    let redis: Redis | undefined;
    beforeAll(async () => {
      let loginLimiter: AttemptLimiter = new MemoryAttemptLimiter();
      if (kind.redis) {
        redis = new Redis(process.env.REDIS_URL ?? '');
        loginLimiter = new RedisAttemptLimiter(
          redis,
          `portal:test:${crypto.randomBytes(6).toString('hex')}:`,
        );
      }
      t = await createTestApp({ loginLimiter });
    });
    afterAll(async () => {
      await t.close();
      await redis?.quit();
    });

    it('limits the base64 photo read per user, with a pt-BR 429 and Retry-After', async () => {
      const reader = await t.createUser('professional');
      const other = await t.createUser('professional');
      const admin = await t.as('admin');
      const service = await t.request('POST', '/api/v1/services/', {
        token: admin.token,
        body: { name: `Serviço ${crypto.randomBytes(3).toString('hex')}` },
      });
      expect(service.statusCode).toBe(201);
      const url = `/api/v1/service-photos/${service.json().id}`;
      const { max } = USER_RATE_LIMITS.photoRead;
      for (let i = 0; i < max; i++) {
        expect((await t.request('GET', url, { token: reader.token })).statusCode).toBe(200);
      }
      const limited = await t.request('GET', url, { token: reader.token });
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.json()).toEqual({ detail: rateLimitMessage(retryAfter) });
      // Another user is not affected.
      expect((await t.request('GET', url, { token: other.token })).statusCode).toBe(200);
    });

    it('puts the AI routes and photo writes under their per-user limits', async () => {
      const admin = await t.createUser('admin');
      const service = await t.request('POST', '/api/v1/services/', {
        token: admin.token,
        body: { name: `Serviço ${crypto.randomBytes(3).toString('hex')}` },
      });
      const other = await t.request('POST', '/api/v1/services/', {
        token: admin.token,
        body: { name: `Serviço ${crypto.randomBytes(3).toString('hex')}` },
      });
      const calls: Array<[method: 'POST' | 'PUT', url: string, body: unknown, max: number]> = [
        [
          'POST',
          '/api/v1/ai/ai/text',
          { text: 'Quero reduzir gordura localizada.' },
          USER_RATE_LIMITS.ai.max,
        ],
        [
          'POST',
          '/api/v1/recommendations/',
          { budget: 5000, goal_text: 'gordura localizada' },
          USER_RATE_LIMITS.ai.max,
        ],
        [
          'POST',
          '/api/v1/synergies/synergies/generate',
          {
            procedures: [
              { id: service.json().id, name: service.json().name },
              { id: other.json().id, name: other.json().name },
            ],
          },
          USER_RATE_LIMITS.ai.max,
        ],
        [
          'PUT',
          `/api/v1/service-photos/${service.json().id}`,
          { photos: [] },
          USER_RATE_LIMITS.photoWrite.max,
        ],
      ];
      // The three AI routes share one count per user.
      const remaining = [];
      for (const [method, url, body, max] of calls) {
        const res = await t.request(method, url, { token: admin.token, body });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-ratelimit-limit'], url).toBe(String(max));
        remaining.push(Number(res.headers['x-ratelimit-remaining']));
      }
      const { ai, photoWrite } = USER_RATE_LIMITS;
      expect(remaining).toEqual([ai.max - 1, ai.max - 2, ai.max - 3, photoWrite.max - 1]);
    });

    it('counts the four PDF routes together per user', async () => {
      const user = await t.createUser('professional');
      const { max } = USER_RATE_LIMITS.pdf;
      const paths = ['/api/v1/pdf/proposal/preview', '/api/v1/pdf/proposal/download'];
      for (let i = 0; i < max; i++) {
        const res = await t.request('POST', paths[i % 2] ?? '', {
          token: user.token,
          body: proposal,
        });
        expect(res.statusCode).toBe(200);
      }
      const limited = await t.request('POST', '/api/v1/pdf/client-care/preview', {
        token: user.token,
        body: { client: { full_name: 'Maria' } },
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('counts a saved proposal’s two PDFs and the client export in the same per-user limit', async () => {
      const admin = await t.createUser('admin');
      const { clientId, proposalId } = await savedProposal(t, admin.token);
      const { max } = USER_RATE_LIMITS.pdf;
      const remaining = [];
      for (const url of [
        `/api/v1/proposals/${proposalId}/pdf`,
        `/api/v1/proposals/${proposalId}/client-care-pdf`,
        `/api/v1/clients/${clientId}/export?format=pdf`,
      ]) {
        const res = await t.request('GET', url, { token: admin.token });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-ratelimit-limit'], url).toBe(String(max));
        remaining.push(Number(res.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual([max - 1, max - 2, max - 3]);
    });
  });
}

/** A client of the admin's unit and a saved proposal for it, made through the API. */
async function savedProposal(t: TestApp, adminToken: string) {
  const tag = crypto.randomBytes(3).toString('hex');
  const post = async (url: string, body: unknown) => {
    const res = await t.request('POST', url, { token: adminToken, body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const serviceId = await post('/api/v1/services/', { name: `Serviço ${tag}`, value: 300 });
  const packageId = await post('/api/v1/packages/', {
    name: `Pacote ${tag}`,
    annual_value: 1200,
    block_limits: { a: 2, b: 0, c: 0, d: 0 },
  });
  const clientId = await post('/api/v1/clients/', { full_name: 'Maria José', unit: 'PAULISTA' });
  const proposalId = await post('/api/v1/proposals/', {
    client_id: clientId,
    package_id: packageId,
    blocks: { A: [serviceId], B: [], C: [], D: [] },
  });
  return { clientId, proposalId };
}

describe('PDF render pool', () => {
  it('refuses a burst past its capacity at once, and draws the rest', async () => {
    const pool = new PdfRenderPool({ threads: 1, maxQueue: 1 });
    try {
      const job = {
        kind: 'proposal' as const,
        input: {
          clientName: 'Maria',
          packageName: 'Pacote',
          figures: computeProposalFigures(1200, proposal.rows),
          benefitCards: [],
          synergyItems: [],
          author: 'Autora',
          issuedAt: new Date(),
        },
      };
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => pool.render(job)));
      const drawn = results.filter((r) => r.status === 'fulfilled');
      expect(drawn).toHaveLength(2);
      for (const result of drawn) {
        expect(result.value.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
      // Once the burst is done the pool takes work again.
      expect((await pool.render(job)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await pool.close();
    }
  });

  it('draws every document of a burst within its capacity, whatever the thread count', async () => {
    // One thread (a 2-core machine) and a queue of 8: all 9 are drawn. Piscina's own queue
    // ('auto' = threads²) used to refuse the third with an error that answered 500.
    const pool = new PdfRenderPool({ threads: 1, maxQueue: 8 });
    try {
      const job = {
        kind: 'proposal' as const,
        input: {
          clientName: 'Maria',
          packageName: 'Pacote',
          figures: computeProposalFigures(1200, proposal.rows),
          benefitCards: [],
          synergyItems: [],
          author: 'Autora',
          issuedAt: new Date(),
        },
      };
      const results = await Promise.allSettled(
        Array.from({ length: pool.capacity }, () => pool.render(job)),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('answers 503 with Retry-After while the queue is full', async () => {
    const pool = new PdfRenderPool({ threads: 1, maxQueue: 0 });
    const t = await createTestApp({ pdfPool: pool });
    try {
      const user = await t.as('professional');
      const admin = await t.as('admin');
      const { clientId } = await savedProposal(t, admin.token);
      // The test holds the pool's only place with a long document of its own: a request that
      // arrives meanwhile is refused at once rather than queued without bound.
      const rows = Array.from({ length: 400 }, (_, i) => ({
        name: `Procedimento ${i}`,
        unit: 100,
        qty: 1,
        benefits: [],
      }));
      const holding = pool.render({
        kind: 'proposal',
        input: {
          clientName: 'Maria',
          packageName: 'Pacote',
          figures: computeProposalFigures(1200, rows),
          benefitCards: [],
          synergyItems: [],
          author: 'Autora',
          issuedAt: new Date(),
        },
      });
      const refused = await t.request('POST', '/api/v1/pdf/proposal/preview', {
        token: user.token,
        body: proposal,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ detail: PDF_BUSY_MESSAGE });
      expect(refused.headers['retry-after']).toBe(String(PDF_BUSY_RETRY_AFTER_SECONDS));
      // The client's PDF export is drawn in the same pool, never on the event loop.
      const exportRefused = await t.request('GET', `/api/v1/clients/${clientId}/export`, {
        token: admin.token,
        query: { format: 'pdf' },
      });
      expect(exportRefused.statusCode).toBe(503);
      expect(exportRefused.json()).toEqual({ detail: PDF_BUSY_MESSAGE });
      expect(exportRefused.headers['retry-after']).toBe(String(PDF_BUSY_RETRY_AFTER_SECONDS));
      await holding;
      const drawn = await t.request('POST', '/api/v1/pdf/proposal/preview', {
        token: user.token,
        body: proposal,
      });
      expect(drawn.statusCode).toBe(200);
    } finally {
      await t.close();
      await pool.close();
    }
    // A 400-row document drawn by a worker started from source takes tens of seconds on a loaded CI.
  }, 120_000);
});

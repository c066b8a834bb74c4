import crypto from 'node:crypto';
import { ADDRESS_RATE_LIMITS } from '../src/http/rate-limits.ts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/domain';
import {
  MemoryAttemptLimiter,
  RedisAttemptLimiter,
  type AttemptLimiter,
} from '../src/auth/attempt-limiter.ts';
import { LOGIN_LIMITS } from '../src/auth/login-throttle.ts';
import { loadConfig } from '../src/config.ts';
import type { Mailer, MailMessage } from '../src/mail/mailer.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app.ts';

/**
 * The public auth flows under attack (issue 16, items 1–3 and 5), once with the in-memory
 * counters and once with Redis (when REDIS_URL is set, as CI does).
 */
const kinds: { name: string; redis: boolean }[] = [
  { name: 'memory', redis: false },
  { name: 'Redis', redis: true },
];

for (const kind of kinds) {
  describe.skipIf(kind.redis && !process.env.REDIS_URL)(`auth throttling (${kind.name})`, () => {
    let t: TestApp;
    let redis: Redis | undefined;
    const backoffDelays: number[] = [];
    /** Mail the app sends, and a gate that holds every send until opened. */
    const mail: MailMessage[] = [];
    let mailGate: Promise<void> = Promise.resolve();
    const mailer: Mailer = {
      async send(message) {
        await mailGate;
        mail.push(message);
      },
    };

    beforeAll(async () => {
      let loginLimiter: AttemptLimiter = new MemoryAttemptLimiter();
      if (kind.redis) {
        redis = new Redis(process.env.REDIS_URL ?? '');
        // A prefix of this run's own: counts never meet another run's.
        loginLimiter = new RedisAttemptLimiter(
          redis,
          `portal:test:${crypto.randomBytes(6).toString('hex')}:`,
        );
      }
      t = await createTestApp({
        loginLimiter,
        mailer,
        loginThrottle: {
          sleep: async (ms) => {
            backoffDelays.push(ms);
          },
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await redis?.quit();
    });

    const unique = () => crypto.randomBytes(4).toString('hex');
    const login = (
      email: string,
      password: string,
      remoteAddress: string,
      headers: Record<string, string> = {},
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
        remoteAddress,
        headers,
      });
    const countStatuses = (statuses: number[]) =>
      statuses.reduce<Record<number, number>>(
        (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
        {},
      );

    it('ignores X-Forwarded-For from loopback by default: rotating it does not dodge the limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= ADDRESS_RATE_LIMITS.signIn.max; i++) {
        const res = await login(`alvo-${unique()}@teste.com.br`, 'errada-errada', '127.0.0.1', {
          'x-forwarded-for': `198.51.100.${i}`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, ADDRESS_RATE_LIMITS.signIn.max).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });

    it('slows, never locks out, an account others fail on: its owner signs in from elsewhere', async () => {
      const admin = await t.createUser('admin');
      // Anonymous failures from several addresses, past the account's soft limit.
      for (let i = 0; i < LOGIN_LIMITS.accountSoftLimit + 2; i++) {
        expect((await login(admin.email, 'errada-errada', `203.0.113.${i}`)).statusCode).toBe(401);
      }
      backoffDelays.length = 0;
      const owner = await login(admin.email, TEST_PASSWORD, '198.51.100.77');
      expect(owner.statusCode).toBe(200);
      // The attempt waited the backoff (two doublings past the soft limit) instead of a refusal.
      expect(backoffDelays).toEqual([4000]);
      // A success clears the account's backoff.
      backoffDelays.length = 0;
      expect((await login(admin.email, TEST_PASSWORD, '198.51.100.78')).statusCode).toBe(200);
      expect(backoffDelays).toEqual([]);
    });

    it('blocks one address guessing one account after the limit, with Retry-After', async () => {
      const user = await t.createUser('professional');
      for (let i = 0; i < ADDRESS_RATE_LIMITS.signInAccount.max; i++) {
        expect((await login(user.email, 'errada-errada', '203.0.113.200')).statusCode).toBe(401);
      }
      const blocked = await login(user.email, TEST_PASSWORD, '203.0.113.200');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: MESSAGES.tooManyAttempts });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);
    });

    it('lets exactly the limit through when 40 wrong passwords arrive at once', async () => {
      const user = await t.createUser('professional');
      const statuses = await Promise.all(
        Array.from({ length: 40 }, () =>
          login(user.email, 'errada-errada', '203.0.113.201').then((r) => r.statusCode),
        ),
      );
      expect(countStatuses(statuses)).toEqual({
        401: ADDRESS_RATE_LIMITS.signInAccount.max,
        429: 40 - ADDRESS_RATE_LIMITS.signInAccount.max,
      });
    });

    it('lets exactly the address limit through when 100 accounts are sprayed at once', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 100 }, () =>
          login(`spray-${unique()}@teste.com.br`, 'errada-errada', '203.0.113.202').then(
            (r) => r.statusCode,
          ),
        ),
      );
      expect(countStatuses(statuses)).toEqual({
        401: ADDRESS_RATE_LIMITS.signIn.max,
        429: 100 - ADDRESS_RATE_LIMITS.signIn.max,
      });
    });

    it('does not count successful sign-ins against the address', async () => {
      const user = await t.createUser('professional');
      for (let i = 0; i < ADDRESS_RATE_LIMITS.signIn.max + 5; i++) {
        expect((await login(user.email, TEST_PASSWORD, '203.0.113.203')).statusCode).toBe(200);
      }
    });

    describe('register', () => {
      const register = (email: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { name: 'Pessoa Nova', email, password: 'senha-forte-123' },
          remoteAddress,
        });
      const pendingCount = async (like: string) =>
        Number(
          (
            await t.database.query<{ n: string }>(
              `SELECT count(*) AS n FROM users WHERE email LIKE $1`,
              [like],
            )
          )[0]?.n,
        );

      it('accepts at most the per-address limit of a flood of 100 parallel registrations', async () => {
        const tag = unique();
        const statuses = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            register(`flood-${tag}-${i}@teste.com.br`, '203.0.113.210').then((r) => r.statusCode),
          ),
        );
        expect(countStatuses(statuses)).toEqual({
          202: ADDRESS_RATE_LIMITS.register.max,
          429: 100 - ADDRESS_RATE_LIMITS.register.max,
        });
        expect(await pendingCount(`flood-${tag}-%`)).toBe(ADDRESS_RATE_LIMITS.register.max);
        // Another address still registers.
        expect(
          (await register(`flood-${tag}-other@teste.com.br`, '203.0.113.211')).statusCode,
        ).toBe(202);
      });

      it('answers an email already registered exactly like a new one, and tells only its owner', async () => {
        const existing = await t.createUser('admin');
        const fresh = `novo-${unique()}@teste.com.br`;
        const a = await register(existing.email.toUpperCase(), '203.0.113.212');
        const b = await register(fresh, '203.0.113.212');
        expect(a.statusCode).toBe(202);
        expect(b.statusCode).toBe(a.statusCode);
        expect(b.json()).toEqual(a.json());
        expect(a.json()).toEqual({ detail: MESSAGES.registerReceived });
        expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
        // Each address gets one email; the existing account is untouched and still signs in.
        const to = [existing.email, fresh];
        await vi.waitFor(() => expect(mail.filter((m) => to.includes(m.to))).toHaveLength(2));
        const sent = mail.filter((m) => to.includes(m.to));
        expect(sent.map((m) => m.to).sort()).toEqual([existing.email, fresh].sort());
        expect(sent.find((m) => m.to === existing.email)?.text).toContain('já está cadastrado');
        expect((await login(existing.email, TEST_PASSWORD, '203.0.113.213')).statusCode).toBe(200);
      });
    });

    describe('forgot-password', () => {
      const forgot = (email: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          payload: { email },
          remoteAddress,
        });

      it('answers before any mail is made, the same for known and unknown emails', async () => {
        const user = await t.createUser('professional');
        let open = () => {};
        mailGate = new Promise<void>((resolve) => (open = resolve));
        const toUser = () => mail.filter((m) => m.to === user.email);
        try {
          const known = await forgot(user.email, '203.0.113.220');
          const unknown = await forgot(`ninguem-${unique()}@teste.com.br`, '203.0.113.220');
          // Both answered while the mail is still held: sending is not part of the answer.
          expect(toUser()).toHaveLength(0);
          expect(known.statusCode).toBe(200);
          expect(unknown.statusCode).toBe(200);
          expect(known.json()).toEqual(unknown.json());
          expect(known.json()).toEqual({ detail: MESSAGES.resetRequested });
        } finally {
          open();
          mailGate = Promise.resolve();
        }
        await vi.waitFor(() => expect(toUser()).toHaveLength(1));
        expect(toUser()[0]?.text).toMatch(/reset-password\?token=/);
      });

      it('throttles reset requests per address', async () => {
        const statuses: number[] = [];
        for (let i = 0; i <= ADDRESS_RATE_LIMITS.passwordReset.max; i++) {
          statuses.push(
            (await forgot(`r${i}-${unique()}@teste.com.br`, '203.0.113.221')).statusCode,
          );
        }
        expect(
          statuses.slice(0, ADDRESS_RATE_LIMITS.passwordReset.max).every((s) => s === 200),
        ).toBe(true);
        expect(statuses.at(-1)).toBe(429);
      });
    });
  });
}

describe('TRUST_PROXY', () => {
  it('trusts nobody unless set: a hop count or a list of proxies when it is', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe(
      '10.0.0.0/8, loopback',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'qualquer coisa!' })).toThrow(/TRUST_PROXY/);
  });
});

import crypto from 'node:crypto';
import { ADDRESS_RATE_LIMITS } from '../../src/http/rate-limits.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SERVICE_PHOTO_MESSAGES } from '@portal/domain';
import { BODY_LIMIT_BYTES, PHOTO_BODY_LIMIT_BYTES } from '../../src/http/limits.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import {
  createSecurityFixtures,
  isFastApiError,
  leaksInternals,
  PNG_BYTES,
  routeKey,
  unique,
  type SecurityFixtures,
} from './fixtures.ts';

const now = () => Math.floor(Date.now() / 1000);

/** A compact HS256 JWT built without jose, which refuses to sign some headers we must test. */
function hs256ByHand(header: object, payload: object, secret: string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${crypto.createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/**
 * Hardening the issue asks to prove, beyond the per-module tests (auth.test.ts already covers
 * forged, expired, HS512 and alg none tokens on /auth/me and the basic 429s; health.test.ts the
 * API's CSP; service-photos.test.ts the 10 MB image limit and non-image content).
 */
describe('hardening', () => {
  let t: TestApp;
  let f: SecurityFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createSecurityFixtures(t);
  }, 120_000);
  afterAll(() => t.close());

  const adminToken = () => f.users.admin.token;
  const storedHash = async (email: string) =>
    (
      await t.database.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE email = $1',
        [email],
      )
    )[0]?.password_hash ?? '';

  describe('password hashing', () => {
    /** OWASP's minimum for argon2id: 19 MiB of memory, 2 iterations, 1 lane. */
    const expectOwaspArgon2id = (hash: string) => {
      const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w+/]+)\$([\w+/]+)$/.exec(hash);
      expect(match, hash).not.toBeNull();
      const [, memory, iterations, lanes, salt] = match ?? [];
      expect(Number(memory)).toBeGreaterThanOrEqual(19_456);
      expect(Number(iterations)).toBeGreaterThanOrEqual(2);
      expect(Number(lanes)).toBeGreaterThanOrEqual(1);
      // At least 16 bytes of salt (base64 without padding).
      expect(Buffer.from(salt ?? '', 'base64').length).toBeGreaterThanOrEqual(16);
    };

    it('stores argon2id at OWASP minimum or above on every path that sets a password', async () => {
      const created = `criado-${unique()}@teste.com.br`;
      const registered = `registrado-${unique()}@teste.com.br`;
      const res = await f.send('POST', '/api/v1/users/', {
        token: adminToken(),
        body: { name: 'Criado', email: created, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expectOwaspArgon2id(await storedHash(created));

      const reg = await f.send('POST', '/api/v1/auth/register', {
        body: { name: 'Registrado', email: registered, password: TEST_PASSWORD },
      });
      expect(reg.statusCode).toBe(202);
      expectOwaspArgon2id(await storedHash(registered));

      const changed = await f.send('PATCH', `/api/v1/users/${(res.json() as { id: number }).id}`, {
        token: adminToken(),
        body: { password: 'outra-senha-forte' },
      });
      expect(changed.statusCode).toBe(200);
      expectOwaspArgon2id(await storedHash(created));

      await f.send('POST', '/api/v1/auth/forgot-password', { body: { email: registered } });
      // A pending account still gets its reset link (mailed after the answer, like the
      // registration's own email); the new hash is checked like the others.
      const resetMail = () =>
        t.sentMail.find((m) => m.to === registered && /reset-password\?token=/.test(m.text));
      await vi.waitFor(() => expect(resetMail()).toBeDefined());
      const token = /token=([\w-]+)/.exec(resetMail()?.text ?? '')?.[1];
      expect(token).toBeTruthy();
      if (token) {
        const reset = await f.send('POST', '/api/v1/auth/reset-password', {
          body: { token, password: 'senha-redefinida-1' },
        });
        expect(reset.statusCode).toBe(200);
        expectOwaspArgon2id(await storedHash(registered));
      }
    });

    it('salts each hash: the same password never gives the same stored string', async () => {
      const emails = [`a-${unique()}@teste.com.br`, `b-${unique()}@teste.com.br`];
      for (const email of emails) {
        await f.send('POST', '/api/v1/users/', {
          token: adminToken(),
          body: { name: 'Mesma Senha', email, password: TEST_PASSWORD },
        });
      }
      const [a, b] = await Promise.all(emails.map(storedHash));
      expect(a).not.toBe(b);
      expect(a).not.toContain(TEST_PASSWORD);
    });
  });

  describe('tokens', () => {
    const me = (token: string) => f.send('GET', '/api/v1/auth/me', { token });
    const secret = () => new TextEncoder().encode(t.config.jwtSecret);
    const signed = (
      header: { alg: string; [key: string]: unknown },
      claims: { sub?: string; iss?: string; exp?: number | string; iat?: boolean; tv?: number },
      key = secret(),
    ) => {
      const jwt = new SignJWT({ tv: claims.tv ?? 0 }).setProtectedHeader(header);
      if (claims.sub !== undefined) jwt.setSubject(claims.sub);
      if (claims.iss !== undefined) jwt.setIssuer(claims.iss);
      if (claims.iat !== false) jwt.setIssuedAt();
      if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
      return jwt.sign(key);
    };

    it('issues HS256 tokens that expire after the configured lifetime', () => {
      const token = adminToken();
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
      const claims = decodeJwt(token);
      expect(claims.exp).toBeTypeOf('number');
      expect(claims.iat).toBeTypeOf('number');
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(t.config.tokenTtlSeconds);
      // 12 hours by default: a stolen token is not good for long.
      expect(t.config.tokenTtlSeconds).toBeLessThanOrEqual(12 * 3600);
      // Nothing secret in the readable payload.
      expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'iss', 'sub', 'tv']);
    });

    it('stops accepting a token once its lifetime has passed', async () => {
      const token = adminToken();
      expect((await me(token)).statusCode).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + (t.config.tokenTtlSeconds + 5) * 1000);
        const res = await me(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: MESSAGES.invalidToken });
      } finally {
        vi.useRealTimers();
      }
      expect((await me(token)).statusCode).toBe(200);
    });

    it('accepts only HS256 with our issuer, a subject and an expiry', async () => {
      const sub = String(f.users.admin.id);
      const refused = {
        'alg None': `${Buffer.from('{"alg":"None"}').toString('base64url')}.${adminToken().split('.')[1]}.`,
        'alg NONE': `${Buffer.from('{"alg":"NONE","typ":"JWT"}').toString('base64url')}.${adminToken().split('.')[1]}.`,
        HS384: await signed({ alg: 'HS384' }, { sub, iss: 'portal-estetica', exp: '1h' }),
        'other issuer': await signed({ alg: 'HS256' }, { sub, iss: 'outro-sistema', exp: '1h' }),
        'no issuer': await signed({ alg: 'HS256' }, { sub, exp: '1h' }),
        'no expiry': await signed({ alg: 'HS256' }, { sub, iss: 'portal-estetica' }),
        'no subject': await signed({ alg: 'HS256' }, { iss: 'portal-estetica', exp: '1h' }),
        'no iat': await signed(
          { alg: 'HS256' },
          { sub, iss: 'portal-estetica', exp: '1h', iat: false },
        ),
        'unknown user': await signed(
          { alg: 'HS256' },
          { sub: '99999', iss: 'portal-estetica', exp: '1h' },
        ),
        'subject not a number': await signed(
          { alg: 'HS256' },
          { sub: '1 OR 1=1', iss: 'portal-estetica', exp: '1h' },
        ),
        'old token version': await signed(
          { alg: 'HS256' },
          { sub, iss: 'portal-estetica', exp: '1h', tv: 7 },
        ),
        // An extension the server does not understand must be refused, not ignored (RFC 7515).
        'critical header': hs256ByHand(
          { alg: 'HS256', typ: 'JWT', crit: ['x-portal'], 'x-portal': true },
          { sub, iss: 'portal-estetica', iat: now(), exp: now() + 3600, tv: 0 },
          t.config.jwtSecret ?? '',
        ),
        'signature stripped': adminToken().split('.').slice(0, 2).join('.') + '.',
        'signature of another token': `${adminToken().split('.').slice(0, 2).join('.')}.${f.users.professional.token.split('.')[2]}`,
        garbage: 'isto.nao.e-um-token',
        'empty segments': '..',
      };
      for (const [name, token] of Object.entries(refused)) {
        const res = await me(token);
        expect(res.statusCode, name).toBe(401);
        expect(res.json(), name).toEqual({ detail: MESSAGES.invalidToken });
      }
    });

    it('reads the token only from a Bearer Authorization header', async () => {
      const token = adminToken();
      const elsewhere = [
        t.app.inject({ method: 'GET', url: `/api/v1/auth/me?access_token=${token}` }),
        t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: { cookie: `token=${token}` },
        }),
        t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: { authorization: `Basic ${token}` },
        }),
        t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: token } }),
      ];
      for (const res of await Promise.all(elsewhere)) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: MESSAGES.unauthenticated });
      }
    });

    it('ends every session of a user whose password an admin changes', async () => {
      const victim = await t.createUser('professional');
      expect((await me(victim.token)).statusCode).toBe(200);
      await f.send('PATCH', `/api/v1/users/${victim.id}`, {
        token: adminToken(),
        body: { password: 'senha-trocada-pelo-admin' },
      });
      expect((await me(victim.token)).statusCode).toBe(401);
    });
  });

  describe('login throttling', () => {
    const login = (email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
        remoteAddress,
        ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
      });

    it('cannot be dodged by a client that forges X-Forwarded-For', async () => {
      // A client connecting straight from the internet: its forwarded header is not trusted.
      const attacker = '203.0.113.50';
      for (let i = 0; i < ADDRESS_RATE_LIMITS.signIn.max; i++) {
        const res = await login(
          `alvo${i}-${unique()}@teste.com.br`,
          'errada-errada',
          attacker,
          `198.51.100.${i}`,
        );
        expect(res.statusCode).toBe(401);
      }
      const blocked = await login(f.users.manager.email, TEST_PASSWORD, attacker, '198.51.100.250');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: MESSAGES.tooManyAttempts });
    });

    it('believes the load balancer TRUST_PROXY names, so one client does not block the others', async () => {
      const balancer = '203.0.113.9';
      for (const trustProxy of [balancer, 1] as const) {
        const behind = await createTestApp({
          config: { ...t.config, trustProxy },
        });
        try {
          const user = await behind.createUser('professional');
          const viaBalancer = (password: string, client: string) =>
            behind.app.inject({
              method: 'POST',
              url: '/api/v1/auth/login',
              payload: { email: user.email, password },
              remoteAddress: balancer,
              headers: { 'x-forwarded-for': client },
            });
          for (let i = 0; i < ADDRESS_RATE_LIMITS.signIn.max; i++) {
            await behind.app.inject({
              method: 'POST',
              url: '/api/v1/auth/login',
              payload: { email: `alvo${i}-${unique()}@teste.com.br`, password: 'errada-errada' },
              remoteAddress: balancer,
              headers: { 'x-forwarded-for': '198.51.100.1' },
            });
          }
          expect(
            (await viaBalancer(TEST_PASSWORD, '198.51.100.1')).statusCode,
            String(trustProxy),
          ).toBe(429);
          expect(
            (await viaBalancer(TEST_PASSWORD, '198.51.100.2')).statusCode,
            String(trustProxy),
          ).toBe(200);
        } finally {
          await behind.close();
        }
      }
      // Two apps, each on its own cloned database: past the 30 s default on a loaded machine.
    }, 120_000);

    it('throttles unknown emails like known ones, so 429 reveals no account', async () => {
      const unknown = `ninguem-${unique()}@teste.com.br`;
      const known = await t.createUser('professional');
      const statuses = async (email: string, ipBase: string) => {
        const seen: number[] = [];
        for (let i = 0; i <= ADDRESS_RATE_LIMITS.signInAccount.max; i++) {
          seen.push((await login(email, 'errada-errada', `${ipBase}.1`)).statusCode);
        }
        return seen;
      };
      const expected = [...Array(ADDRESS_RATE_LIMITS.signInAccount.max).fill(401), 429];
      expect(await statuses(unknown, '10.20.1')).toEqual(expected);
      expect(await statuses(known.email, '10.20.2')).toEqual(expected);
    });

    it('counts an account case- and space-insensitively', async () => {
      const user = await t.createUser('professional');
      const spellings = [user.email, user.email.toUpperCase(), ` ${user.email} `];
      for (let i = 0; i < ADDRESS_RATE_LIMITS.signInAccount.max; i++) {
        await login(spellings[i % spellings.length] ?? user.email, 'errada-errada', '10.21.0.1');
      }
      expect((await login(user.email, TEST_PASSWORD, '10.21.0.1')).statusCode).toBe(429);
    });

    it('throttles password-reset requests per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= ADDRESS_RATE_LIMITS.signIn.max; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          payload: { email: `reset${i}@teste.com.br` },
          remoteAddress: '203.0.113.77',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, ADDRESS_RATE_LIMITS.signIn.max).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('security headers', () => {
    const expectHardenedHeaders = (headers: Record<string, unknown>, where: string) => {
      const csp = String(headers['content-security-policy'] ?? '');
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map(([name, ...values]) => [name, values] as const),
      );
      expect(directives.get('object-src'), where).toEqual(["'none'"]);
      expect(directives.get('base-uri'), where).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), where).toEqual(["'none'"]);
      // YouTube embeds of the training pages keep working.
      expect(directives.get('frame-src'), where).toEqual(
        expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://www.youtube.com']),
      );
      const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
      expect(scripts, where).not.toContain("'unsafe-inline'");
      expect(scripts, where).not.toContain("'unsafe-eval'");
      expect(headers['x-content-type-options'], where).toBe('nosniff');
      expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
      expect(headers['x-powered-by'], where).toBeUndefined();
    };

    it('are sent on API answers, errors included', async () => {
      const answers = {
        ok: await f.send('GET', '/api/v1/services/', { token: adminToken() }),
        '401': await f.send('GET', '/api/v1/services/'),
        '403': await f.send('GET', '/api/v1/users/', { token: f.users.professional.token }),
        '404': await f.send('GET', '/api/v1/nao-existe'),
        '422': await f.send('GET', '/api/v1/services/abc', { token: adminToken() }),
      };
      for (const [name, res] of Object.entries(answers)) expectHardenedHeaders(res.headers, name);
    });

    it('are as strict on the API documentation pages', async () => {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("object-src 'none'");
        expect(csp, url).toContain("base-uri 'none'");
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
    });

    it('are sent on the web app: index for every page, and what applies to its assets', async () => {
      const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
      fs.mkdirSync(path.join(webDist, 'assets'));
      fs.writeFileSync(
        path.join(webDist, 'index.html'),
        '<!doctype html><html><head><script type="module" src="/assets/app-1.js"></script></head><body></body></html>',
      );
      fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log("portal");');
      const web = await createTestApp({
        config: { ...loadConfig({ JWT_SECRET: t.config.jwtSecret }), webDist },
      });
      try {
        for (const url of ['/', '/login', '/admin/users', '/professional/trainings/3']) {
          const res = await web.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type'], url).toContain('text/html');
          expect(res.body).toContain('<!doctype html>');
          expectHardenedHeaders(res.headers, url);
        }
        const asset = await web.app.inject({ method: 'GET', url: '/assets/app-1.js' });
        expect(asset.statusCode).toBe(200);
        // A script applies no document policy (CSP, framing): it keeps what a browser does apply
        // to it (docs/decisions/0025-first-screen-requests.md).
        expect(asset.headers['x-content-type-options']).toBe('nosniff');
        expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(asset.headers['strict-transport-security']).toBeDefined();
        expect(asset.headers['x-powered-by']).toBeUndefined();
        // A missing asset is a 404, not the index (a wrong script type would hide the error).
        const missing = await web.app.inject({ method: 'GET', url: '/assets/nao-existe.js' });
        expect(missing.statusCode).toBe(404);
      } finally {
        await web.close();
        fs.rmSync(webDist, { recursive: true, force: true });
      }
    });
  });

  describe('body size limits', () => {
    it('answers 413 with a pt-BR detail to a JSON body over 1 MB, storing nothing', async () => {
      const title = `Aviso grande ${unique()}`;
      const body = JSON.stringify({
        title,
        text: 'Texto.',
        category: 'urgent',
        padding: 'x'.repeat(BODY_LIMIT_BYTES),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/notices/notices/',
        headers: { authorization: `Bearer ${adminToken()}`, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ detail: MESSAGES.payloadTooLarge });
      const list = await f.send('GET', '/api/v1/notices/notices/', { token: adminToken() });
      expect((list.json() as { title: string }[]).some((n) => n.title === title)).toBe(false);
    });

    it('lets the photos route take bodies over 1 MB, up to its own limit', async () => {
      const service = await f.fresh('service');
      const twoMb = Buffer.alloc(2 * 1024 * 1024);
      PNG_BYTES.copy(twoMb);
      const accepted = await f.send('PUT', `/api/v1/service-photos/${service}`, {
        token: adminToken(),
        body: { photos: [{ imageBase64: twoMb.toString('base64') }] },
      });
      expect(accepted.statusCode).toBe(200);

      const over = JSON.stringify({
        photos: [{ imageBase64: 'A'.repeat(PHOTO_BODY_LIMIT_BYTES) }],
      });
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/service-photos/${service}`,
        headers: { authorization: `Bearer ${adminToken()}`, 'content-type': 'application/json' },
        payload: over,
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ detail: MESSAGES.payloadTooLarge });
    });
  });

  describe('uploads checked by content', () => {
    it('refuses scripts and documents dressed as images, whatever type they declare', async () => {
      const service = await f.fresh('service');
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00');
      // A PNG signature that is not at the start does not make a PNG.
      const shifted = Buffer.concat([Buffer.from('<?php system($_GET[1]); ?>'), PNG_BYTES]);
      const candidates = [
        `data:image/svg+xml;base64,${svg.toString('base64')}`,
        `data:image/png;base64,${svg.toString('base64')}`,
        `data:image/jpeg;base64,${html.toString('base64')}`,
        `data:text/html;base64,${html.toString('base64')}`,
        `data:image/gif;base64,${gif.toString('base64')}`,
        `data:image/png;base64,${shifted.toString('base64')}`,
        `data:image/png;base64,${PNG_BYTES.subarray(0, 4).toString('base64')}`,
        '',
      ];
      for (const imageBase64 of candidates) {
        const res = await f.send('PUT', `/api/v1/service-photos/${service}`, {
          token: adminToken(),
          body: { photos: [{ imageBase64 }] },
        });
        expect(res.statusCode, imageBase64.slice(0, 40)).toBe(422);
        expect((res.json() as { detail: { msg: string }[] }).detail[0]?.msg).toBe(
          SERVICE_PHOTO_MESSAGES.notAnImage,
        );
      }
      const photos = await f.send('GET', `/api/v1/service-photos/${service}`, {
        token: adminToken(),
      });
      expect(photos.json()).toEqual({ service_id: service, photos: [] });
    });

    it('serves a stored image with the type its bytes say and nosniff', async () => {
      const service = await f.fresh('service');
      // A PNG declared as SVG: stored and served as PNG, never as markup.
      const res = await f.send('PUT', `/api/v1/service-photos/${service}`, {
        token: adminToken(),
        body: {
          photos: [{ imageBase64: `data:image/svg+xml;base64,${PNG_BYTES.toString('base64')}` }],
        },
      });
      expect(res.statusCode).toBe(200);
      const url = (res.json() as { photos: { url: string }[] }).photos[0]?.url ?? '';
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('no stack trace or SQL text in any answer', () => {
    const hostileIds = [
      '99999999999',
      '-1',
      '0',
      '1.5',
      '1e3',
      "1' OR '1'='1",
      '%00',
      'ﬁ',
      '٣',
      'NaN',
    ];
    const hostileValues: unknown[] = [
      "'; DROP TABLE users; --",
      "' OR 1=1 --",
      '"); SELECT pg_sleep(5); --',
      '\u0000',
      '\u202Egnp.exe',
      '𝕳𝖊𝖑𝖑𝖔 🙂',
      'x'.repeat(100_000),
      1e308,
      -1e308,
      99999999999,
      -99999999999,
      1.000000000000001,
      true,
      null,
      [],
      {},
      [{ $ne: null }],
      { $gt: '' },
    ];
    const bodyFields = [
      'name',
      'email',
      'password',
      'title',
      'text',
      'category',
      'status',
      'profile',
      'value',
      'cost',
      'annual_value',
      'block',
      'block_limits',
      'procedures',
      'photos',
      'service_id_1',
      'service_id_2',
      'boost_percent',
      'budget',
      'prompt',
      'client',
      'pkg',
      'rows',
      'published_at',
      'video_url',
    ];
    const queryValues = [
      "' OR 1=1 --",
      'name; DROP TABLE users',
      '99999999999',
      '-1',
      '\u0000',
      '%',
      '_',
    ];
    const queryKeys = [
      'q',
      'order',
      'limit',
      'offset',
      'category',
      'status_eq',
      'date_from',
      'date_to',
      'active',
    ];

    /** Problems found, reported together so one run shows every route that misbehaves. */
    const problems: string[] = [];
    const check = (
      label: string,
      res: { statusCode: number; body: string; headers: Record<string, unknown> },
    ) => {
      const shown = `${label} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) problems.push(`5xx: ${shown}`);
      if (res.statusCode < 400) return;
      if (!String(res.headers['content-type']).includes('application/json')) {
        problems.push(`not JSON: ${shown}`);
        return;
      }
      if (!isFastApiError(JSON.parse(res.body) as unknown))
        problems.push(`not FastAPI-shaped: ${shown}`);
      const leak = leaksInternals(res.body);
      if (leak) problems.push(`leaks ${leak}: ${shown}`);
    };

    it('answers hostile ids, queries and bodies on every route with a clean 4xx or a 2xx', async () => {
      const routes = t.app.routeTable.filter(
        (r) => r.url.startsWith('/api/v1') && r.method !== 'DELETE',
      );
      for (const route of routes) {
        const key = routeKey(route);
        const base = await f.urlFor(route);
        const params = route.url.match(/:\w+/g) ?? [];
        // Hostile ids in every parameter.
        for (const id of params.length ? hostileIds : []) {
          let url = route.url;
          for (const p of params) url = url.replace(p, encodeURIComponent(id));
          const res = await f.send(route.method, url, {
            token: adminToken(),
            body: f.sampleBody(route),
          });
          check(`${key} id=${id}`, res);
        }
        // Hostile query strings.
        for (const value of queryValues) {
          const query = queryKeys.map((k) => `${k}=${encodeURIComponent(value)}`).join('&');
          const sep = base.includes('?') ? '&' : '?';
          const res = await f.send(route.method, `${base}${sep}${query}`, {
            token: adminToken(),
            body: f.sampleBody(route),
          });
          check(`${key} query=${value}`, res);
        }
        if (route.method === 'GET') continue;
        // Hostile values in every field a body might have.
        for (const value of hostileValues) {
          const body = Object.fromEntries(bodyFields.map((k) => [k, value]));
          check(
            `${key} body=${JSON.stringify(value).slice(0, 30)}`,
            await f.send(route.method, base, { token: adminToken(), body }),
          );
        }
        // Not JSON, wrong shape, wrong media type.
        const raw = [
          ['application/json', '{"name":'],
          ['application/json', '[1,2,3]'],
          ['application/json', '"texto"'],
          ['application/json', 'null'],
          ['application/json', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
          ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
          ['text/plain', 'name=x'],
          ['application/x-www-form-urlencoded', 'name=x&email=y'],
          [
            'application/xml',
            '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
          ],
        ] as const;
        for (const [contentType, payload] of raw) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: base,
            headers: { authorization: `Bearer ${adminToken()}`, 'content-type': contentType },
            payload,
          });
          check(`${key} ${contentType} ${payload.slice(0, 20)}`, res);
        }
      }
      expect(problems).toEqual([]);
      // The tables are all still there.
      const users = await f.send('GET', '/api/v1/users/', { token: adminToken() });
      expect(users.statusCode).toBe(200);
    }, 180_000);

    it('answers an unexpected failure with a generic 500 and keeps the details in the log', async () => {
      const lines: string[] = [];
      const broken = await createTestApp({
        logger: {
          level: 'error',
          stream: { write: (line: string) => void lines.push(line) },
        },
      });
      const admin = await broken.as('admin');
      await broken.database.close();
      try {
        const res = await broken.request('GET', '/api/v1/services/', { token: admin.token });
        // Authentication reads the database too; either way the answer is generic.
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ detail: MESSAGES.internal });
        expect(leaksInternals(res.body)).toBeUndefined();
        expect(lines.join('\n')).toContain('unexpected error');
      } finally {
        await broken.close();
      }
    });
  });
});

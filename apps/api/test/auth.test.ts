import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADDRESS_RATE_LIMITS } from '../src/http/rate-limits.ts';
import { MESSAGES } from '@portal/domain';
import { SignJWT } from 'jose';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app.ts';
import { MemoryAttemptLimiter } from '../src/auth/attempt-limiter.ts';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  describe('login', () => {
    it('answers a bearer token and the user', async () => {
      const admin = await t.createUser('admin');
      const res = await login(admin.email.toUpperCase(), TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token_type).toBe('bearer');
      expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.user).toMatchObject({ email: admin.email, profile: 'admin', status: 'active' });
      expect(body.user).not.toHaveProperty('password_hash');
      const me = await t.request('GET', '/api/v1/auth/me', { token: body.access_token });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(admin.email);
    });

    it('refuses a wrong password and an unknown email alike', async () => {
      const user = await t.createUser('professional');
      const wrong = await login(user.email, 'senha-errada-000', '10.0.0.2');
      const unknown = await login('ninguem@teste.com.br', 'senha-errada-000', '10.0.0.2');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ detail: MESSAGES.invalidCredentials });
      expect(unknown.json()).toEqual({ detail: MESSAGES.invalidCredentials });
    });

    it('refuses pending and inactive users with a pt-BR message', async () => {
      const pending = await t.createUser('professional', 'pending');
      const inactive = await t.createUser('professional', 'inactive');
      const a = await login(pending.email, TEST_PASSWORD, '10.0.0.3');
      const b = await login(inactive.email, TEST_PASSWORD, '10.0.0.3');
      expect(a.statusCode).toBe(403);
      expect(a.json()).toEqual({ detail: MESSAGES.userPending });
      expect(b.statusCode).toBe(403);
      expect(b.json()).toEqual({ detail: MESSAGES.userInactive });
      // Their old tokens stop working too.
      const me = await t.request('GET', '/api/v1/auth/me', { token: inactive.token });
      expect(me.statusCode).toBe(403);
    });

    it('validates the body with FastAPI-shaped 422 details', async () => {
      const res = await t.request('POST', '/api/v1/auth/login', { body: { email: '' } });
      expect(res.statusCode).toBe(422);
      const detail = res.json().detail as { loc: string[]; msg: string }[];
      expect(detail.map((d) => d.loc.join('.'))).toEqual(
        expect.arrayContaining(['body.email', 'body.password']),
      );
      expect(detail.find((d) => d.loc[1] === 'email')?.msg).toBe('Email é obrigatório.');
    });

    it('answers 422, not 500, for malformed JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].msg).toBe('JSON inválido.');
    });

    it('throttles repeated failures per account and address with 429, even with the right password', async () => {
      const user = await t.createUser('professional');
      for (let i = 0; i < ADDRESS_RATE_LIMITS.signInAccount.max; i++) {
        expect((await login(user.email, 'errada-errada', '10.1.0.1')).statusCode).toBe(401);
      }
      const blocked = await login(user.email, TEST_PASSWORD, '10.1.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: MESSAGES.tooManyAttempts });
    });

    it('throttles repeated failures per address across accounts', async () => {
      const user = await t.createUser('professional');
      for (let i = 0; i < ADDRESS_RATE_LIMITS.signIn.max; i++) {
        await login(`alguem${i}@teste.com.br`, 'errada-errada', '10.9.9.9');
      }
      expect((await login(user.email, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
      expect((await login(user.email, TEST_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    it('401 without a token, with a forged one, an expired one and another algorithm', async () => {
      const user = await t.createUser('professional');
      const none = await t.request('GET', '/api/v1/auth/me');
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ detail: MESSAGES.unauthenticated });

      const forgedKey = new TextEncoder().encode('another-secret-another-secret-another!!');
      const forged = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('portal-estetica')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(forgedKey);
      expect((await t.request('GET', '/api/v1/auth/me', { token: forged })).statusCode).toBe(401);

      const key = new TextEncoder().encode(t.config.jwtSecret);
      const expired = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('portal-estetica')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(key);
      expect((await t.request('GET', '/api/v1/auth/me', { token: expired })).statusCode).toBe(401);

      const hs512 = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(String(user.id))
        .setIssuer('portal-estetica')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      expect((await t.request('GET', '/api/v1/auth/me', { token: hs512 })).statusCode).toBe(401);

      const [header, payload] = user.token.split('.');
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      expect(header).toBeTruthy();
      expect((await t.request('GET', '/api/v1/auth/me', { token: unsigned })).statusCode).toBe(401);
    });
  });

  describe('register', () => {
    it('creates a pending professional who cannot sign in until an admin activates them', async () => {
      const email = 'nova.profissional@teste.com.br';
      const res = await t.request('POST', '/api/v1/auth/register', {
        body: {
          name: '  Nova Profissional ',
          email: 'Nova.Profissional@Teste.com.br',
          password: 'senha-forte-1',
          phone: '(11) 99999-0000',
          unit: 'JUNDIAÍ',
          profile: 'admin',
          status: 'active',
        },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ detail: MESSAGES.registerReceived });
      const [created] = await t.database.query<{ id: number; name: string; status: string }>(
        'SELECT id, name, status FROM users WHERE email = $1',
        [email],
      );
      expect(created).toMatchObject({ name: 'Nova Profissional', status: 'pending' });
      if (!created) return;
      // Asking for a profile at registration is allowed, but an admin decides on activation.
      expect((await login(email, 'senha-forte-1', '10.2.0.1')).statusCode).toBe(403);

      const admin = await t.as('admin');
      const activated = await t.request('PATCH', `/api/v1/users/${created.id}`, {
        token: admin.token,
        body: { status: 'active', profile: 'professional' },
      });
      expect(activated.statusCode).toBe(200);
      expect((await login(email, 'senha-forte-1', '10.2.0.1')).statusCode).toBe(200);
    });

    it('does not tell whether an email is registered, in any case (auth-throttle.test.ts)', async () => {
      const user = await t.createUser('professional');
      const res = await t.request('POST', '/api/v1/auth/register', {
        body: { name: 'Outra', email: user.email.toUpperCase(), password: 'senha-forte-1' },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ detail: MESSAGES.registerReceived });
    });

    it('rejects a short password and an unknown unit', async () => {
      const res = await t.request('POST', '/api/v1/auth/register', {
        body: { name: 'X', email: 'x@teste.com.br', password: '123', unit: 'MARTE' },
      });
      expect(res.statusCode).toBe(422);
      const msgs = (res.json().detail as { msg: string }[]).map((d) => d.msg);
      expect(msgs).toContain('A senha deve ter pelo menos 8 caracteres.');
      expect(msgs).toContain('Unidade inválida.');
    });
  });

  describe('password reset', () => {
    it('gives the same answer for known and unknown emails and mails a single-use link', async () => {
      const user = await t.createUser('professional');
      const known = await t.request('POST', '/api/v1/auth/forgot-password', {
        body: { email: user.email },
      });
      const unknown = await t.request('POST', '/api/v1/auth/forgot-password', {
        body: { email: 'nao.existe@teste.com.br' },
      });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      // The link is made and mailed after the answer, to the known address only.
      const toUser = () => t.sentMail.filter((m) => m.to === user.email);
      await vi.waitFor(() => expect(toUser()).toHaveLength(1));
      expect(t.sentMail.some((m) => m.to === 'nao.existe@teste.com.br')).toBe(false);
      const mail = toUser()[0]!;
      const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();

      const reset = await t.request('POST', '/api/v1/auth/reset-password', {
        body: { token, password: 'nova-senha-123' },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ detail: MESSAGES.resetDone });
      // The old token no longer works; the new password does; the link is single-use.
      expect((await t.request('GET', '/api/v1/auth/me', { token: user.token })).statusCode).toBe(
        401,
      );
      expect((await login(user.email, 'nova-senha-123', '10.3.0.1')).statusCode).toBe(200);
      const again = await t.request('POST', '/api/v1/auth/reset-password', {
        body: { token, password: 'outra-senha-123' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: MESSAGES.resetInvalid });
    });

    it('refuses an expired link', async () => {
      const user = await t.createUser('professional');
      await t.request('POST', '/api/v1/auth/forgot-password', { body: { email: user.email } });
      const toUser = () => t.sentMail.filter((m) => m.to === user.email);
      await vi.waitFor(() => expect(toUser()).toHaveLength(1));
      const token = /token=([\w-]+)/.exec(toUser()[0]!.text)?.[1];
      await t.database.query(
        `UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute'`,
      );
      const res = await t.request('POST', '/api/v1/auth/reset-password', {
        body: { token, password: 'nova-senha-123' },
      });
      expect(res.statusCode).toBe(400);
    });
  });
});

describe('login throttling with a shared limiter', () => {
  it('counts failures across two app instances that share the limiter', async () => {
    const shared = new MemoryAttemptLimiter();
    const a = await createTestApp({ loginLimiter: shared });
    const b = await createTestApp({ loginLimiter: shared });
    try {
      const user = await a.createUser('professional');
      const login = (app: TestApp, password: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: user.email, password },
          remoteAddress: '10.4.0.1',
        });
      for (let i = 0; i < ADDRESS_RATE_LIMITS.signInAccount.max; i++) {
        await login(i % 2 ? a : b, 'errada-errada');
      }
      expect((await login(a, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await login(b, TEST_PASSWORD)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

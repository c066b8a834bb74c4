import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/domain';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app.ts';

describe('users API', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  const newUser = (overrides: Record<string, unknown> = {}) => ({
    name: 'Maria Souza',
    email: `maria.${Math.random().toString(36).slice(2)}@teste.com.br`,
    password: 'senha-forte-1',
    phone: '(11) 98888-7777',
    unit: 'TABOÃO',
    profile: 'professional',
    status: 'active',
    ...overrides,
  });

  it('lets an admin run the whole lifecycle of a user', async () => {
    const created = await t.request('POST', '/api/v1/users/', {
      token: adminToken,
      body: newUser(),
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({ name: 'Maria Souza', unit: 'TABOÃO', profile: 'professional' });

    const list = await t.request('GET', '/api/v1/users/', { token: adminToken });
    expect(list.json().map((u: { id: number }) => u.id)).toContain(user.id);

    const edited = await t.request('PATCH', `/api/v1/users/${user.id}`, {
      token: adminToken,
      body: { name: 'Maria S. Lima', profile: 'manager', email: 'trocado@teste.com.br' },
    });
    expect(edited.statusCode).toBe(200);
    // Email is not editable; fields not sent stay as they were.
    expect(edited.json()).toMatchObject({
      name: 'Maria S. Lima',
      profile: 'manager',
      email: user.email,
      phone: '(11) 98888-7777',
      unit: 'TABOÃO',
    });

    const deactivated = await t.request('PATCH', `/api/v1/users/${user.id}`, {
      token: adminToken,
      body: { status: 'inactive' },
    });
    expect(deactivated.json().status).toBe('inactive');

    const removed = await t.request('DELETE', `/api/v1/users/${user.id}`, { token: adminToken });
    expect(removed.statusCode).toBe(204);
    const gone = await t.request('GET', `/api/v1/users/${user.id}`, { token: adminToken });
    expect(gone.statusCode).toBe(404);
  });

  it('never accepts password_hash, id or created_at from a body', async () => {
    const res = await t.request('POST', '/api/v1/users/', {
      token: adminToken,
      body: newUser({ id: 999_999, password_hash: 'x', created_at: '2000-01-01T00:00:00Z' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe(999_999);
    expect(res.json().created_at).not.toContain('2000');
  });

  it('lets an admin set a new password', async () => {
    const user = await t.createUser('professional');
    const res = await t.request('PATCH', `/api/v1/users/${user.id}`, {
      token: adminToken,
      body: { password: 'definida-pelo-admin' },
    });
    expect(res.statusCode).toBe(200);
    const login = await t.request('POST', '/api/v1/auth/login', {
      body: { email: user.email, password: 'definida-pelo-admin' },
    });
    expect(login.statusCode).toBe(200);
    const old = await t.request('POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers 409 for a duplicate email, case-insensitively', async () => {
    const body = newUser();
    await t.request('POST', '/api/v1/users/', { token: adminToken, body });
    const dup = await t.request('POST', '/api/v1/users/', {
      token: adminToken,
      body: { ...body, email: body.email.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: MESSAGES.emailTaken });
  });

  it('answers 422 with a detail per invalid field', async () => {
    const res = await t.request('POST', '/api/v1/users/', {
      token: adminToken,
      body: { name: '   ', email: 'não-é-email', password: 'curta', profile: 'dono', unit: 'X' },
    });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      (res.json().detail as { loc: string[]; msg: string }[]).map((d) => [d.loc[1], d.msg]),
    );
    expect(byField).toMatchObject({
      name: 'Nome é obrigatório.',
      email: 'Email inválido.',
      password: 'A senha deve ter pelo menos 8 caracteres.',
      profile: 'Perfil inválido.',
      unit: 'Unidade inválida.',
    });
  });

  it('answers 404 for unknown ids and 422 for malformed ones', async () => {
    expect(
      (await t.request('PATCH', '/api/v1/users/987654', { token: adminToken, body: {} }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request('DELETE', '/api/v1/users/987654', { token: adminToken })).statusCode,
    ).toBe(404);
    const bad = await t.request('DELETE', '/api/v1/users/abc', { token: adminToken });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['path', 'id']);
  });

  it('protects the last active admin from deletion, deactivation and demotion', async () => {
    const solo = await createTestApp();
    try {
      const admin = await solo.createUser('admin');
      const self = `/api/v1/users/${admin.id}`;
      for (const [method, body] of [
        ['DELETE', undefined],
        ['PATCH', { status: 'inactive' }],
        ['PATCH', { status: 'pending' }],
        ['PATCH', { profile: 'manager' }],
      ] as const) {
        const res = await solo.request(method, self, { token: admin.token, body });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ detail: MESSAGES.lastAdmin });
      }
      // With a second active admin, the first may step down.
      await solo.createUser('admin');
      const demoted = await solo.request('PATCH', self, {
        token: admin.token,
        body: { profile: 'manager' },
      });
      expect(demoted.statusCode).toBe(200);
    } finally {
      await solo.close();
    }
  });

  it('is for admins only', async () => {
    const professional = await t.as('professional');
    const manager = await t.as('manager');
    for (const token of [professional.token, manager.token]) {
      expect((await t.request('GET', '/api/v1/users/', { token })).statusCode).toBe(403);
      expect(
        (await t.request('POST', '/api/v1/users/', { token, body: newUser() })).statusCode,
      ).toBe(403);
      const other = `/api/v1/users/${professional.id === 1 ? 2 : 1}`;
      expect((await t.request('PATCH', other, { token, body: { name: 'Hack' } })).statusCode).toBe(
        403,
      );
      expect((await t.request('DELETE', other, { token })).statusCode).toBe(403);
    }
    expect((await t.request('GET', '/api/v1/users/')).statusCode).toBe(401);
  });
});

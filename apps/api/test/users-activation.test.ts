import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * DESIGN.md 7.3: self-registration may ask for any profile, but only an admin grants one, and
 * explicitly. While pending, the row's profile is what the newcomer asked for; leaving 'pending'
 * grants the profile sent with that request, or 'professional' when none is sent.
 */
describe('activating a self-registered user', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  async function register(profile: 'admin' | 'manager' | 'professional') {
    const email = `novo.${Math.random().toString(36).slice(2)}@teste.com.br`;
    const password = 'senha-forte-123';
    const created = await t.request('POST', '/api/v1/auth/register', {
      body: { name: 'Recém Chegada', email, password, unit: 'PAULISTA', profile },
    });
    // The answer is the same neutral 202 for a new or a taken email: the row is found as the
    // admin finds it, by searching the users list.
    expect(created.statusCode).toBe(202);
    const found = await t.request('GET', '/api/v1/users/', {
      token: adminToken,
      query: { q: email, limit: '1' },
    });
    const [row] = found.json() as Array<{ id: number; email: string }>;
    expect(row?.email).toBe(email);
    return { id: row!.id, email, password };
  }

  async function signIn(email: string, password: string) {
    const login = await t.request('POST', '/api/v1/auth/login', { body: { email, password } });
    expect(login.statusCode).toBe(200);
    return (login.json() as { access_token: string }).access_token;
  }

  it('shows the requested profile while the row is pending', async () => {
    const { id } = await register('admin');
    const row = await t.request('GET', `/api/v1/users/${id}`, { token: adminToken });
    expect(row.json()).toMatchObject({ status: 'pending', profile: 'admin' });
  });

  it('a one-click activation (status only) makes a professional, never an admin', async () => {
    const { id, email, password } = await register('admin');
    const activated = await t.request('PATCH', `/api/v1/users/${id}`, {
      token: adminToken,
      body: { status: 'active' },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'active', profile: 'professional' });

    const token = await signIn(email, password);
    const adminOnly = await t.request('GET', '/api/v1/users/', { token });
    expect(adminOnly.statusCode).toBe(403);
  });

  it('going through inactive does not keep the requested profile either', async () => {
    const { id } = await register('manager');
    await t.request('PATCH', `/api/v1/users/${id}`, {
      token: adminToken,
      body: { status: 'inactive' },
    });
    const activated = await t.request('PATCH', `/api/v1/users/${id}`, {
      token: adminToken,
      body: { status: 'active' },
    });
    expect(activated.json()).toMatchObject({ status: 'active', profile: 'professional' });
  });

  it('grants the profile the admin sends explicitly with the activation', async () => {
    const { id, email, password } = await register('admin');
    const activated = await t.request('PATCH', `/api/v1/users/${id}`, {
      token: adminToken,
      body: { status: 'active', profile: 'admin' },
    });
    expect(activated.json()).toMatchObject({ status: 'active', profile: 'admin' });
    const token = await signIn(email, password);
    const adminOnly = await t.request('GET', '/api/v1/users/', { token });
    expect(adminOnly.statusCode).toBe(200);
  });

  it('edits of a pending row that keep it pending keep the requested profile', async () => {
    const { id } = await register('manager');
    const renamed = await t.request('PATCH', `/api/v1/users/${id}`, {
      token: adminToken,
      body: { name: 'Recém Chegada Silva' },
    });
    expect(renamed.json()).toMatchObject({ status: 'pending', profile: 'manager' });
  });
});

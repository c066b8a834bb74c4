import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * DESIGN.md 7.3: self-registration may ask for any profile, but only an admin grants one, and
 * explicitly. While pending, the row is a professional and what the newcomer asked for is only
 * requested_profile; leaving 'pending' grants the profile sent with that request, or
 * 'professional' when none is sent, and clears the request.
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

  it('keeps a pending row a professional, with the asked profile only as a request', async () => {
    const { id, email } = await register('admin');
    const row = await t.request('GET', `/api/v1/users/${id}`, { token: adminToken });
    expect(row.json()).toMatchObject({
      status: 'pending',
      profile: 'professional',
      requested_profile: 'admin',
    });
    const listed = await t.request('GET', '/api/v1/users/', {
      token: adminToken,
      query: { q: email },
    });
    expect(listed.json()).toMatchObject([
      { id, profile: 'professional', requested_profile: 'admin' },
    ]);
  });

  it('records no request when the newcomer asks to be a professional', async () => {
    const { id } = await register('professional');
    const row = await t.request('GET', `/api/v1/users/${id}`, { token: adminToken });
    expect(row.json()).toMatchObject({
      status: 'pending',
      profile: 'professional',
      requested_profile: null,
    });
  });

  it('a PATCH body cannot set the requested profile', async () => {
    const { id } = await register('professional');
    const patched = await t.request('PATCH', `/api/v1/users/${id}`, {
      token: adminToken,
      body: { name: 'Recém Chegada Lima', requested_profile: 'admin' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Recém Chegada Lima',
      profile: 'professional',
      requested_profile: null,
    });
  });

  it('a one-click activation (status only) makes a professional, never an admin', async () => {
    const { id, email, password } = await register('admin');
    const activated = await t.request('PATCH', `/api/v1/users/${id}`, {
      token: adminToken,
      body: { status: 'active' },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({
      status: 'active',
      profile: 'professional',
      requested_profile: null,
    });

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
    expect(activated.json()).toMatchObject({
      status: 'active',
      profile: 'admin',
      requested_profile: null,
    });
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
    expect(renamed.json()).toMatchObject({
      status: 'pending',
      profile: 'professional',
      requested_profile: 'manager',
    });
  });

  it('migration 0011 moves the request out of the profile of rows pending before it', async () => {
    // A row as stored before 0011: the pending row's profile was the asked one.
    const [legacy] = await t.database.query<{ id: number }>(
      `INSERT INTO users (name, email, profile, status, password_hash)
       VALUES ('Legado Pendente', 'legado.pendente@teste.com.br', 'admin', 'pending', 'x')
       RETURNING id`,
    );
    const [active] = await t.database.query<{ id: number }>(
      `INSERT INTO users (name, email, profile, status, password_hash)
       VALUES ('Legado Ativo', 'legado.ativo@teste.com.br', 'manager', 'active', 'x')
       RETURNING id`,
    );
    const migration = fs.readFileSync(
      path.join(MIGRATIONS_DIR, '0011_requested_profile.sql'),
      'utf8',
    );
    await t.database.exec(migration);
    // Applied again, it changes nothing more.
    await t.database.exec(migration);

    const pending = await t.request('GET', `/api/v1/users/${legacy!.id}`, { token: adminToken });
    expect(pending.json()).toMatchObject({
      status: 'pending',
      profile: 'professional',
      requested_profile: 'admin',
    });
    const untouched = await t.request('GET', `/api/v1/users/${active!.id}`, { token: adminToken });
    expect(untouched.json()).toMatchObject({
      status: 'active',
      profile: 'manager',
      requested_profile: null,
    });
  });
});

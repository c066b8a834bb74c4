import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@portal/domain';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Each process keeps the signed-in users' rows and the catalogue version in memory
 * (docs/decisions/0012-read-cache-invalidation.md): a write through any process still applies to
 * the very next request, here and in a second app on the same database (another process).
 */
describe('user rows and catalogue version kept in memory', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    admin = await t.as('admin');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const read = (app: FastifyInstance, token: string, url = '/api/v1/services/') =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const patchUser = (id: number, body: object) =>
    t.request('PATCH', `/api/v1/users/${id}`, { token: admin.token, body });

  it('refuses a deactivated user on the next request, in every process', async () => {
    const user = await t.createUser('professional');
    for (const app of [t.app, other]) expect((await read(app, user.token)).statusCode).toBe(200);
    expect((await patchUser(user.id, { status: 'inactive' })).statusCode).toBe(200);
    for (const app of [t.app, other]) {
      const refused = await read(app, user.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: MESSAGES.userInactive });
    }
    // And back: reactivation applies at once too.
    expect((await patchUser(user.id, { status: 'active' })).statusCode).toBe(200);
    for (const app of [t.app, other]) expect((await read(app, user.token)).statusCode).toBe(200);
  });

  it('applies a profile change and a new name at once', async () => {
    const user = await t.createUser('admin', 'active', 'Nome Antigo');
    for (const app of [t.app, other]) {
      expect((await read(app, user.token, '/api/v1/users/')).statusCode).toBe(200);
      expect((await read(app, user.token, '/api/v1/auth/me')).json()).toMatchObject({
        name: 'Nome Antigo',
      });
    }
    expect(
      (await patchUser(user.id, { profile: 'professional', name: 'Nome Novo' })).statusCode,
    ).toBe(200);
    for (const app of [t.app, other]) {
      const refused = await read(app, user.token, '/api/v1/users/');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: MESSAGES.forbidden });
      expect((await read(app, user.token, '/api/v1/auth/me')).json()).toMatchObject({
        name: 'Nome Novo',
        profile: 'professional',
      });
    }
  });

  it('ends the sessions of a user whose password was reset, at once', async () => {
    const user = await t.createUser('professional');
    for (const app of [t.app, other]) expect((await read(app, user.token)).statusCode).toBe(200);
    expect((await patchUser(user.id, { password: 'outra-senha-segura-1' })).statusCode).toBe(200);
    for (const app of [t.app, other]) {
      const refused = await read(app, user.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: MESSAGES.invalidToken });
    }
  });

  it('refuses a deleted user on the next request', async () => {
    const user = await t.createUser('professional');
    for (const app of [t.app, other]) expect((await read(app, user.token)).statusCode).toBe(200);
    const deleted = await t.request('DELETE', `/api/v1/users/${user.id}`, { token: admin.token });
    expect(deleted.statusCode).toBe(204);
    for (const app of [t.app, other]) expect((await read(app, user.token)).statusCode).toBe(401);
  });

  it('shows a catalogue write in the next list of every process', async () => {
    const user = await t.createUser('professional');
    const created = await t.request('POST', '/api/v1/services/', {
      token: admin.token,
      body: { name: 'Drenagem Linfática Memória', block: 'A', value: 150, cost: 30 },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    for (const value of [160, 170, 180]) {
      const changed = await t.request('PATCH', `/api/v1/services/${id}`, {
        token: admin.token,
        body: { value },
      });
      expect(changed.statusCode).toBe(200);
      for (const app of [other, t.app]) {
        const list = (await read(app, user.token)).json() as Array<{ id: number; value: number }>;
        expect(list.find((service) => service.id === id)?.value).toBe(value);
      }
    }
  });

  it('follows a change written straight in SQL (another tool on the same database)', async () => {
    const user = await t.createUser('professional');
    for (const app of [t.app, other]) expect((await read(app, user.token)).statusCode).toBe(200);
    await t.database.query(`UPDATE users SET status = 'inactive' WHERE id = $1`, [user.id]);
    // No write of this app to wait for: on PostgreSQL the notification arrives on its own time.
    for (const app of [t.app, other]) {
      await expect.poll(async () => (await read(app, user.token)).statusCode).toBe(403);
    }
  });

  it("lays each viewer's own reaction over the shared trainings page, current at once", async () => {
    const [ana, bia] = [await t.createUser('professional'), await t.createUser('manager')];
    const created = await t.request('POST', '/api/v1/trainings/', {
      token: admin.token,
      body: { title: 'Protocolo de Memória Compartilhada', description: 'Uma aula.' },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    const mine = async (app: FastifyInstance, token: string) => {
      const page = (await read(app, token, '/api/v1/trainings/?limit=50')).json() as Array<{
        id: number;
        like_count: number;
        my_reaction: string | null;
      }>;
      const found = page.find((training) => training.id === id);
      return found && { like_count: found.like_count, my_reaction: found.my_reaction };
    };
    for (const app of [t.app, other]) {
      for (const user of [ana, bia]) {
        expect(await mine(app, user.token)).toEqual({ like_count: 0, my_reaction: null });
      }
    }
    const liked = await t.request('POST', `/api/v1/trainings/${id}/like`, { token: ana.token });
    expect(liked.statusCode).toBe(200);
    for (const app of [other, t.app]) {
      expect(await mine(app, ana.token)).toEqual({ like_count: 1, my_reaction: 'like' });
      expect(await mine(app, bia.token)).toEqual({ like_count: 1, my_reaction: null });
    }
    const moved = await t.request('POST', `/api/v1/trainings/${id}/dislike`, { token: bia.token });
    expect(moved.statusCode).toBe(200);
    for (const app of [other, t.app]) {
      expect(await mine(app, ana.token)).toEqual({ like_count: 1, my_reaction: 'like' });
      expect(await mine(app, bia.token)).toEqual({ like_count: 1, my_reaction: 'dislike' });
    }
    // Deactivated: gone from the professionals' page at once, still on the admins'.
    const hidden = await t.request('PATCH', `/api/v1/trainings/${id}`, {
      token: admin.token,
      body: { active: false },
    });
    expect(hidden.statusCode).toBe(200);
    for (const app of [other, t.app]) {
      expect(await mine(app, ana.token)).toBeUndefined();
      expect(await mine(app, admin.token)).toEqual({ like_count: 1, my_reaction: null });
    }
  });
});

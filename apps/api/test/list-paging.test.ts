import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MESSAGES, TRAINING_MESSAGES, listOrderInvalidMessage } from '@portal/domain';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** The shared list contract (q, limit, offset, order, X-Total-Count) on users, services, trainings. */
describe('server-side search and paging', () => {
  let t: TestApp;
  let adminToken: string;

  const get = (url: string, query?: Record<string, string>, token = adminToken) =>
    t.request('GET', url, { token, ...(query ? { query } : {}) });
  const names = (res: { json(): unknown }, field = 'name') =>
    (res.json() as Record<string, unknown>[]).map((row) => row[field]);
  const total = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-total-count']);
  const firstIssue = (res: { json(): unknown }) =>
    (res.json() as { detail: { loc: unknown[]; msg: string }[] }).detail[0];

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
    const services = [
      { name: 'Peeling de Diamante', value: 300, block: 'B' },
      { name: 'Limpeza de Pele Profunda', value: 150, block: 'A' },
      { name: 'PEELING QUÍMICO', value: 450, block: 'C' },
      { name: 'Microagulhamento', value: 600, block: 'C' },
      { name: 'Peelíng Ultrassônico', value: 200, block: 'A' },
    ];
    for (const body of services) {
      const res = await t.request('POST', '/api/v1/services/', { token: adminToken, body });
      expect(res.statusCode).toBe(201);
    }
    for (const name of ['José Antônio Peçanha', 'Maria Conceição', 'Joana Dark', 'Zélia Alves']) {
      await t.createUser('professional', 'active', name);
    }
    for (const title of ['Técnicas de Peeling', 'Vendas consultivas', 'Peeling avançado']) {
      const res = await t.request('POST', '/api/v1/trainings/', {
        token: adminToken,
        body: { title, description: 'Conteúdo do treinamento.' },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  describe('services', () => {
    it('answers as before without paging parameters, with the total in X-Total-Count', async () => {
      const res = await get('/api/v1/services/');
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { block: string; name: string }[];
      // Block, then folded name: the order every screen has always read.
      expect(rows.map((row) => row.name)).toEqual([
        'Limpeza de Pele Profunda',
        'Peelíng Ultrassônico',
        'Peeling de Diamante',
        'Microagulhamento',
        'PEELING QUÍMICO',
      ]);
      expect(total(res)).toBe(5);
      expect(res.headers.etag).toBeDefined();
    });

    it('searches the name without regard to accents or case', async () => {
      const res = await get('/api/v1/services/', { q: 'peéling' });
      expect(res.statusCode).toBe(200);
      expect(names(res)).toEqual([
        'Peelíng Ultrassônico',
        'Peeling de Diamante',
        'PEELING QUÍMICO',
      ]);
      expect(total(res)).toBe(3);
      const quimico = await get('/api/v1/services/', { q: 'QUIMICO' });
      expect(names(quimico)).toEqual(['PEELING QUÍMICO']);
      const none = await get('/api/v1/services/', { q: '100%' });
      expect(none.json()).toEqual([]);
      expect(total(none)).toBe(0);
    });

    it('orders by name, value or creation, either way, and pages with limit and offset', async () => {
      const byValueDesc = await get('/api/v1/services/', { order: '-value' });
      expect(names(byValueDesc)).toEqual([
        'Microagulhamento',
        'PEELING QUÍMICO',
        'Peeling de Diamante',
        'Peelíng Ultrassônico',
        'Limpeza de Pele Profunda',
      ]);
      const byName = await get('/api/v1/services/', { order: 'name', limit: '2', offset: '1' });
      expect(names(byName)).toEqual(['Microagulhamento', 'Peeling de Diamante']);
      expect(total(byName)).toBe(5);
      const newest = await get('/api/v1/services/', { order: '-created_at', limit: '1' });
      expect(names(newest)).toEqual(['Peelíng Ultrassônico']);
      const searchedPage = await get('/api/v1/services/', {
        q: 'peeling',
        order: 'value',
        limit: '2',
        offset: '2',
      });
      expect(names(searchedPage)).toEqual(['PEELING QUÍMICO']);
      expect(total(searchedPage)).toBe(3);
      const pastTheEnd = await get('/api/v1/services/', { limit: '10', offset: '50' });
      expect(pastTheEnd.json()).toEqual([]);
      expect(total(pastTheEnd)).toBe(5);
    });

    it('combines paging with the status and block filters', async () => {
      const res = await get('/api/v1/services/', { block_eq: 'A', limit: '1' });
      expect(names(res)).toEqual(['Limpeza de Pele Profunda']);
      expect(total(res)).toBe(2);
    });

    it.each([
      [{ limit: '0' }, 'limit', LIST_MESSAGES.limitInvalid],
      [{ limit: '101' }, 'limit', LIST_MESSAGES.limitInvalid],
      [{ limit: 'dez' }, 'limit', LIST_MESSAGES.limitInvalid],
      [{ limit: '1.5' }, 'limit', LIST_MESSAGES.limitInvalid],
      [{ offset: '-1' }, 'offset', LIST_MESSAGES.offsetInvalid],
      [{ order: 'cost' }, 'order', listOrderInvalidMessage(['name', 'value', 'created_at'])],
      [{ q: 'x'.repeat(201) }, 'q', LIST_MESSAGES.searchTooLong],
    ])('refuses %o with a pt-BR 422', async (query, field, message) => {
      const res = await get('/api/v1/services/', query);
      expect(res.statusCode).toBe(422);
      expect(firstIssue(res)).toMatchObject({ loc: ['query', field], msg: message });
    });
  });

  describe('users', () => {
    it('answers every user by id without paging parameters, with the total', async () => {
      const res = await get('/api/v1/users/');
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as { id: number }[]).map((user) => user.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids).toHaveLength(5);
      expect(total(res)).toBe(5);
    });

    it('searches name (accents and case folded) or email', async () => {
      expect(names(await get('/api/v1/users/', { q: 'JOSE ANTONIO' }))).toEqual([
        'José Antônio Peçanha',
      ]);
      expect(names(await get('/api/v1/users/', { q: 'peçanha' }))).toEqual([
        'José Antônio Peçanha',
      ]);
      expect(names(await get('/api/v1/users/', { q: 'conceicao' }))).toEqual(['Maria Conceição']);
      const byEmail = await get('/api/v1/users/', { q: 'ADMIN-' });
      expect(names(byEmail, 'profile')).toEqual(['admin']);
      const jo = await get('/api/v1/users/', { q: 'jo', order: 'name' });
      expect(names(jo)).toEqual(['Joana Dark', 'José Antônio Peçanha']);
      expect(total(jo)).toBe(2);
    });

    it('orders by name, email or creation and pages', async () => {
      const page = await get('/api/v1/users/', { order: '-name', limit: '2' });
      expect(names(page)).toEqual(['Zélia Alves', 'Usuário admin']);
      expect(total(page)).toBe(5);
      const next = await get('/api/v1/users/', { order: '-name', limit: '2', offset: '2' });
      expect(names(next)).toEqual(['Maria Conceição', 'José Antônio Peçanha']);
      const byEmail = await get('/api/v1/users/', { order: 'email', limit: '1' });
      expect(names(byEmail, 'profile')).toEqual(['admin']);
      const first = await get('/api/v1/users/', { order: 'created_at', limit: '1' });
      expect(names(first)).toEqual(['Usuário admin']);
    });

    it('filters by status and profile, with paging and the total (admin page filters)', async () => {
      const admins = await get('/api/v1/users/', { profile_eq: 'admin', limit: '10' });
      expect(names(admins)).toEqual(['Usuário admin']);
      expect(total(admins)).toBe(1);
      const professionals = await get('/api/v1/users/', {
        profile_eq: 'professional',
        status_eq: 'active',
        q: 'jo',
        order: 'name',
        limit: '1',
      });
      expect(names(professionals)).toEqual(['Joana Dark']);
      expect(total(professionals)).toBe(2);
      expect(total(await get('/api/v1/users/', { status_eq: 'pending', limit: '10' }))).toBe(0);
      const bad = await get('/api/v1/users/', { status_eq: 'banido' });
      expect(bad.statusCode).toBe(422);
      expect(firstIssue(bad)).toMatchObject({
        loc: ['query', 'status_eq'],
        msg: 'Status inválido.',
      });
      const badProfile = await get('/api/v1/users/', { profile_eq: 'root' });
      expect(firstIssue(badProfile)).toMatchObject({ msg: 'Perfil inválido.' });
    });

    it('refuses bad values with a pt-BR 422 and stays admin-only', async () => {
      const bad = await get('/api/v1/users/', { order: 'password_hash' });
      expect(bad.statusCode).toBe(422);
      expect(firstIssue(bad)).toMatchObject({
        loc: ['query', 'order'],
        msg: listOrderInvalidMessage(['name', 'email', 'created_at']),
      });
      const professional = await t.as('professional');
      expect((await get('/api/v1/users/', { q: 'a' }, professional.token)).statusCode).toBe(403);
    });
  });

  describe('trainings (admin list)', () => {
    it('keeps its default page and order without parameters, and gives the total', async () => {
      const res = await get('/api/v1/trainings/');
      expect(res.statusCode).toBe(200);
      expect(names(res, 'title')).toEqual([
        'Peeling avançado',
        'Vendas consultivas',
        'Técnicas de Peeling',
      ]);
      expect(total(res)).toBe(3);
    });

    it('orders by title or creation, searches accent-insensitively, and pages', async () => {
      const byTitle = await get('/api/v1/trainings/', { order: 'title' });
      expect(names(byTitle, 'title')).toEqual([
        'Peeling avançado',
        'Técnicas de Peeling',
        'Vendas consultivas',
      ]);
      const page = await get('/api/v1/trainings/', {
        q: 'PÉELING',
        order: '-title',
        limit: '1',
        offset: '1',
      });
      expect(names(page, 'title')).toEqual(['Peeling avançado']);
      expect(total(page)).toBe(2);
      const oldest = await get('/api/v1/trainings/', { order: 'created_at', limit: '1' });
      expect(names(oldest, 'title')).toEqual(['Técnicas de Peeling']);
      const bad = await get('/api/v1/trainings/', { order: 'titulo' });
      expect(bad.statusCode).toBe(422);
      expect(firstIssue(bad)?.msg).toBe(TRAINING_MESSAGES.orderInvalid);
    });
  });
});

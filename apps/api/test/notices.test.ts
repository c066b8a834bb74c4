import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Notice } from '@portal/domain';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const BASE = '/api/v1/notices/notices/';
const CONFLICT = 'Já existe uma notice com esse título.';

describe('notices API', () => {
  let t: TestApp;
  let adminToken: string;
  let professionalToken: string;
  let managerToken: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
    professionalToken = (await t.as('professional')).token;
    managerToken = (await t.as('manager')).token;
  });
  afterAll(() => t.close());

  const newNotice = (overrides: Record<string, unknown> = {}) => ({
    title: `Promoção ${++seq}`,
    text: 'Semana da Criolipólise: 20% off no pacote',
    category: 'urgent',
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}): Promise<Notice> {
    const res = await t.request('POST', BASE, { token: adminToken, body: newNotice(overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Notice;
  }

  async function list(token: string, query?: Record<string, string>): Promise<Notice[]> {
    const res = await t.request('GET', BASE, { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Notice[];
  }

  async function countRows(): Promise<number> {
    const [row] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM notices');
    return row?.n ?? 0;
  }

  function expectValidation(
    res: { statusCode: number; json: () => unknown },
    field: string,
    msg: string,
  ) {
    expect(res.statusCode).toBe(422);
    const body = res.json() as { detail: { loc: (string | number)[]; msg: string }[] };
    expect(body.detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg }));
  }

  describe('an admin', () => {
    it('creates a notice: trimmed, active by default, no image', async () => {
      const res = await t.request('POST', BASE, {
        token: adminToken,
        body: { title: '  Black Friday  ', text: '  Pacotes com 30% off  ', category: 'exclusive' },
      });
      expect(res.statusCode).toBe(201);
      const notice = res.json() as Notice;
      expect(notice).toMatchObject({
        title: 'Black Friday',
        text: 'Pacotes com 30% off',
        category: 'exclusive',
        active: true,
        imageUrl: null,
      });
      expect(notice.id).toEqual(expect.any(Number));
      expect(Date.parse(notice.created_at)).not.toBeNaN();
      expect(Date.parse(notice.updated_at)).not.toBeNaN();
    });

    it('creates an inactive notice with an image URL', async () => {
      const notice = await create({
        active: false,
        category: 'scarcity',
        imageUrl: 'https://cdn.exemplo.com.br/banner.png',
      });
      expect(notice).toMatchObject({
        active: false,
        category: 'scarcity',
        imageUrl: 'https://cdn.exemplo.com.br/banner.png',
      });
    });

    it('never takes id, title_key or created_at from a body', async () => {
      const notice = await create({
        id: 999_999,
        title_key: 'x',
        created_at: '2000-01-01T00:00:00Z',
      });
      expect(notice.id).not.toBe(999_999);
      expect(notice.created_at).not.toContain('2000');
      expect(notice).not.toHaveProperty('title_key');
    });

    it('lists every notice newest first and filters by status and category', async () => {
      const older = await create({ category: 'new_purchase', active: true });
      const newer = await create({ category: 'new_purchase', active: false });
      const all = await list(adminToken);
      const ids = all.map((n) => n.id);
      expect(ids).toContain(older.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      // Newest first across the whole list.
      const times = all.map((n) => Date.parse(n.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      const inactive = await list(adminToken, { active: 'false' });
      expect(inactive.every((n) => !n.active)).toBe(true);
      expect(inactive.map((n) => n.id)).toContain(newer.id);

      const activeOnes = await list(adminToken, { active: 'true' });
      expect(activeOnes.every((n) => n.active)).toBe(true);
      expect(activeOnes.map((n) => n.id)).toContain(older.id);

      const purchases = await list(adminToken, { category: 'new_purchase' });
      expect(purchases.every((n) => n.category === 'new_purchase')).toBe(true);
      expect(purchases.map((n) => n.id)).toEqual(expect.arrayContaining([older.id, newer.id]));

      const activePurchases = await list(adminToken, { category: 'new_purchase', active: 'true' });
      expect(activePurchases.map((n) => n.id)).toContain(older.id);
      expect(activePurchases.map((n) => n.id)).not.toContain(newer.id);
    });

    it('edits the full payload', async () => {
      const notice = await create();
      const res = await t.request('PATCH', `${BASE}${notice.id}`, {
        token: adminToken,
        body: {
          title: ' Título novo ',
          text: 'Texto novo',
          category: 'exclusive',
          active: false,
          imageUrl: 'http://imagens.exemplo.com/a.jpg',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: notice.id,
        title: 'Título novo',
        text: 'Texto novo',
        category: 'exclusive',
        active: false,
        imageUrl: 'http://imagens.exemplo.com/a.jpg',
        created_at: notice.created_at,
      });
    });

    it('toggles with only {active}, leaving every other field alone', async () => {
      const notice = await create({ imageUrl: 'https://exemplo.com/x.png', category: 'scarcity' });
      const off = await t.request('PATCH', `${BASE}${notice.id}`, {
        token: adminToken,
        body: { active: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ ...notice, active: false, updated_at: expect.any(String) });
      const on = await t.request('PATCH', `${BASE}${notice.id}`, {
        token: adminToken,
        body: { active: true },
      });
      expect(on.json()).toMatchObject({ ...notice, active: true, updated_at: expect.any(String) });
    });

    it('clears the image with null or a blank string', async () => {
      const notice = await create({ imageUrl: 'https://exemplo.com/x.png' });
      const res = await t.request('PATCH', `${BASE}${notice.id}`, {
        token: adminToken,
        body: { imageUrl: '' },
      });
      expect(res.json()).toMatchObject({ imageUrl: null, title: notice.title });
    });

    it('answers an empty PATCH with the notice unchanged', async () => {
      const notice = await create();
      const res = await t.request('PATCH', `${BASE}${notice.id}`, { token: adminToken, body: {} });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(notice);
    });

    it('reads one notice by id', async () => {
      const notice = await create({ active: false });
      const res = await t.request('GET', `${BASE}${notice.id}`, { token: adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(notice);
    });

    it('deletes at /notices/{id} and at /notices/notices/{id}', async () => {
      for (const path of ['/api/v1/notices/', BASE]) {
        const notice = await create();
        const res = await t.request('DELETE', `${path}${notice.id}`, { token: adminToken });
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
        const ids = (await list(adminToken)).map((n) => n.id);
        expect(ids).not.toContain(notice.id);
        const again = await t.request('DELETE', `${path}${notice.id}`, { token: adminToken });
        expect(again.statusCode).toBe(404);
      }
    });

    it('accepts the paths without a trailing slash', async () => {
      const res = await t.request('POST', '/api/v1/notices/notices', {
        token: adminToken,
        body: newNotice(),
      });
      expect(res.statusCode).toBe(201);
      expect(
        (await t.request('GET', '/api/v1/notices/notices', { token: adminToken })).statusCode,
      ).toBe(200);
    });
  });

  describe('validation (422, nothing stored)', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['blank title', { title: '   ' }, 'title', 'Título é obrigatório.'],
      ['missing title', { title: undefined }, 'title', 'Título é obrigatório.'],
      ['blank text', { text: ' \n ' }, 'text', 'Texto é obrigatório.'],
      ['missing text', { text: undefined }, 'text', 'Texto é obrigatório.'],
      [
        'text over 280',
        { text: 'a'.repeat(281) },
        'text',
        'O texto deve ter no máximo 280 caracteres.',
      ],
      ['unknown category', { category: 'promo' }, 'category', 'Categoria inválida.'],
      ['missing category', { category: undefined }, 'category', 'Categoria é obrigatória.'],
      [
        'non-boolean active',
        { active: 'sim' },
        'active',
        'O campo active deve ser verdadeiro ou falso.',
      ],
      [
        'ftp image URL',
        { imageUrl: 'ftp://exemplo.com/a.png' },
        'imageUrl',
        'A URL da imagem deve começar com http:// ou https://',
      ],
      [
        'javascript image URL',
        { imageUrl: 'javascript:alert(1)' },
        'imageUrl',
        'A URL da imagem deve começar com http:// ou https://',
      ],
      ['image URL without a host', { imageUrl: 'https://' }, 'imageUrl', 'URL da imagem inválida.'],
      [
        'title too long',
        { title: 'T'.repeat(121) },
        'title',
        'O título deve ter no máximo 120 caracteres.',
      ],
    ];

    it.each(cases)('refuses a create with %s', async (_name, overrides, field, msg) => {
      const before = await countRows();
      const res = await t.request('POST', BASE, { token: adminToken, body: newNotice(overrides) });
      expectValidation(res, field, msg);
      expect(await countRows()).toBe(before);
    });

    it.each(cases)('refuses an edit with %s', async (_name, overrides, field, msg) => {
      // An edit only validates the fields it sends; a missing one is left alone.
      if (Object.values(overrides).every((value) => value === undefined)) return;
      const notice = await create();
      const res = await t.request('PATCH', `${BASE}${notice.id}`, {
        token: adminToken,
        body: overrides,
      });
      expectValidation(res, field, msg);
      const after = await t.request('GET', `${BASE}${notice.id}`, { token: adminToken });
      expect(after.json()).toEqual(notice);
    });

    it('accepts exactly 280 characters of text', async () => {
      const notice = await create({ text: 'b'.repeat(280) });
      expect(notice.text).toHaveLength(280);
    });

    it('refuses a body that is not JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expect(res.statusCode).toBe(422);
    });

    it('refuses unknown list filters with 422', async () => {
      const badActive = await t.request('GET', BASE, {
        token: adminToken,
        query: { active: 'talvez' },
      });
      expect(badActive.statusCode).toBe(422);
      expect(badActive.json().detail[0]).toMatchObject({
        loc: ['query', 'active'],
        msg: 'O filtro active deve ser true ou false.',
      });
      const badCategory = await t.request('GET', BASE, {
        token: adminToken,
        query: { category: 'promo' },
      });
      expect(badCategory.statusCode).toBe(422);
      expect(badCategory.json().detail[0]).toMatchObject({
        loc: ['query', 'category'],
        msg: 'Categoria inválida.',
      });
    });

    it('refuses an id that is not a positive integer', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await t.request('PATCH', `${BASE}${id}`, {
          token: adminToken,
          body: { active: true },
        });
        expect(res.statusCode, id).toBe(422);
      }
    });
  });

  describe('titles are unique, case- and accent-folded (409)', () => {
    it('refuses a second notice with the same title written differently', async () => {
      await create({ title: 'Promoção de Verão' });
      const before = await countRows();
      for (const title of ['Promoção de Verão', 'PROMOCAO DE VERAO', '  promoção   de verão ']) {
        const res = await t.request('POST', BASE, {
          token: adminToken,
          body: newNotice({ title }),
        });
        expect(res.statusCode, title).toBe(409);
        expect(res.json()).toEqual({ detail: CONFLICT });
      }
      expect(await countRows()).toBe(before);
    });

    it('refuses renaming to another notice title, but allows recasing its own', async () => {
      const first = await create({ title: 'Criolipólise Março' });
      const second = await create({ title: 'Ultraformer Março' });
      const clash = await t.request('PATCH', `${BASE}${second.id}`, {
        token: adminToken,
        body: { title: 'criolipolise marco' },
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({ detail: CONFLICT });
      const unchanged = await t.request('GET', `${BASE}${second.id}`, { token: adminToken });
      expect(unchanged.json()).toEqual(second);

      const recased = await t.request('PATCH', `${BASE}${first.id}`, {
        token: adminToken,
        body: { title: 'CRIOLIPÓLISE MARÇO' },
      });
      expect(recased.statusCode).toBe(200);
      expect(recased.json().title).toBe('CRIOLIPÓLISE MARÇO');
    });

    it('frees the title once the notice is deleted', async () => {
      const notice = await create({ title: 'Título reaproveitado' });
      await t.request('DELETE', `${BASE}${notice.id}`, { token: adminToken });
      await create({ title: 'Título reaproveitado' });
    });
  });

  describe('unknown ids (404)', () => {
    it('answers 404 for read, edit and both deletes', async () => {
      const id = 2_000_000_000;
      const checks = [
        await t.request('GET', `${BASE}${id}`, { token: adminToken }),
        await t.request('PATCH', `${BASE}${id}`, { token: adminToken, body: { active: false } }),
        await t.request('DELETE', `${BASE}${id}`, { token: adminToken }),
        await t.request('DELETE', `/api/v1/notices/${id}`, { token: adminToken }),
      ];
      for (const res of checks) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Notice não encontrada.' });
      }
    });
  });

  describe('professionals and managers', () => {
    it.each([
      ['professional', () => professionalToken],
      ['manager', () => managerToken],
    ])('a %s reads active notices only, whatever the query says', async (_profile, token) => {
      const active = await create({ category: 'exclusive' });
      const inactive = await create({ category: 'exclusive', active: false });
      const queries: Array<Record<string, string> | undefined> = [
        undefined,
        { active: 'false' },
        { active: 'true' },
        { category: 'exclusive' },
      ];
      for (const query of queries) {
        const notices = await list(token(), query);
        expect(notices.every((n) => n.active)).toBe(true);
        expect(notices.map((n) => n.id)).not.toContain(inactive.id);
        expect(notices.map((n) => n.id)).toContain(active.id);
      }
      const byCategory = await list(token(), { category: 'urgent' });
      expect(byCategory.every((n) => n.category === 'urgent' && n.active)).toBe(true);

      expect((await t.request('GET', `${BASE}${active.id}`, { token: token() })).statusCode).toBe(
        200,
      );
      expect((await t.request('GET', `${BASE}${inactive.id}`, { token: token() })).statusCode).toBe(
        404,
      );
    });

    it.each([
      ['professional', () => professionalToken],
      ['manager', () => managerToken],
    ])('a %s cannot create, edit or delete (403)', async (_profile, token) => {
      const notice = await create();
      const before = await countRows();
      const attempts = [
        await t.request('POST', BASE, { token: token(), body: newNotice() }),
        await t.request('PATCH', `${BASE}${notice.id}`, {
          token: token(),
          body: { active: false },
        }),
        await t.request('DELETE', `${BASE}${notice.id}`, { token: token() }),
        await t.request('DELETE', `/api/v1/notices/${notice.id}`, { token: token() }),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: MESSAGES.forbidden });
      }
      expect(await countRows()).toBe(before);
      const after = await t.request('GET', `${BASE}${notice.id}`, { token: adminToken });
      expect(after.json()).toEqual(notice);
    });
  });

  describe('without a token (401)', () => {
    it('refuses every route', async () => {
      const notice = await create();
      const attempts = [
        await t.request('GET', BASE),
        await t.request('GET', `${BASE}${notice.id}`),
        await t.request('POST', BASE, { body: newNotice() }),
        await t.request('PATCH', `${BASE}${notice.id}`, { body: { active: false } }),
        await t.request('DELETE', `${BASE}${notice.id}`),
        await t.request('DELETE', `/api/v1/notices/${notice.id}`),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: MESSAGES.unauthenticated });
      }
    });

    it('refuses a forged token', async () => {
      const res = await t.request('GET', BASE, { token: 'not-a-real-token' });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('notices demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates pt-BR promotional notices across the four categories', async () => {
    const { seedDemoNotices } = await import('../src/db/seed/notices.ts');
    await t.database.db.transaction((tx) => seedDemoNotices(tx));
    const token = (await t.as('admin')).token;
    const notices = (await t.request('GET', BASE, { token })).json() as Notice[];
    expect(notices.length).toBeGreaterThanOrEqual(4);
    expect(notices.length).toBeLessThanOrEqual(6);
    expect(new Set(notices.map((n) => n.category))).toEqual(
      new Set(['urgent', 'scarcity', 'exclusive', 'new_purchase']),
    );
    expect(notices.every((n) => n.text.length <= 280)).toBe(true);
    expect(notices[0]?.title).toBe('Semana da Criolipólise: 20% off no pacote');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TRAINING_MESSAGES, type Training } from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

const BASE = '/api/v1/trainings';
const YOUTUBE_ID = 'dQw4w9WgXcQ';

type Body = Record<string, unknown>;

const newTraining = (overrides: Body = {}): Body => ({
  title: `Treinamento ${Math.random().toString(36).slice(2, 10)}`,
  description: 'Passo a passo do protocolo.',
  category: 'skincare',
  video_url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
  published_at: '2026-03-10T09:30:00-03:00',
  content_sections: [{ title: 'Introdução', text: 'Objetivos da aula.' }],
  ...overrides,
});

/** The FastAPI-shaped 422: first message and where it points. */
function firstIssue(res: { json: () => unknown }) {
  const body = res.json() as { detail: { loc: (string | number)[]; msg: string }[] };
  return body.detail[0];
}

describe('trainings API: management, roles and validation', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let professional: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
    manager = await t.as('manager');
    professional = await t.as('professional');
  });
  afterAll(() => t.close());

  const create = async (overrides: Body = {}) => {
    const res = await t.request('POST', `${BASE}/`, {
      token: admin.token,
      body: newTraining(overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Training;
  };
  const countAll = async () =>
    (
      (
        await t.request('GET', `${BASE}/`, { token: admin.token, query: { limit: '100' } })
      ).json() as Training[]
    ).length;

  it('lets an admin create, read, edit, deactivate and delete a training', async () => {
    const created = await t.request('POST', `${BASE}/`, {
      token: admin.token,
      body: newTraining({
        title: '  Peeling de diamante  ',
        description: '  Indicações e cuidados.  ',
        content_sections: [
          { title: ' Preparação ', text: ' Limpe a pele. ' },
          { title: '   ', text: '' },
          { title: 'Aplicação', text: 'Movimentos circulares.' },
        ],
      }),
    });
    expect(created.statusCode).toBe(201);
    const training = created.json() as Training;
    expect(training).toMatchObject({
      title: 'Peeling de diamante',
      description: 'Indicações e cuidados.',
      category: 'skincare',
      video_url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
      thumbnail_url: `https://img.youtube.com/vi/${YOUTUBE_ID}/hqdefault.jpg`,
      published_at: '2026-03-10T12:30:00.000Z',
      content_sections: [
        { title: 'Preparação', text: 'Limpe a pele.' },
        { title: 'Aplicação', text: 'Movimentos circulares.' },
      ],
      active: true,
      like_count: 0,
      dislike_count: 0,
      my_reaction: null,
    });
    expect(typeof training.id).toBe('number');

    const read = await t.request('GET', `${BASE}/${training.id}`, { token: professional.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(training);

    const edited = await t.request('PATCH', `${BASE}/${training.id}`, {
      token: admin.token,
      body: {
        title: 'Peeling de diamante avançado',
        description: 'Novo texto.',
        category: 'equipment',
        video_url: 'https://cdn.exemplo.com.br/aula.mp4',
        published_at: '2026-04-01T10:00:00Z',
        content_sections: [{ title: 'Única', text: 'Seção.' }],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Peeling de diamante avançado',
      description: 'Novo texto.',
      category: 'equipment',
      video_url: 'https://cdn.exemplo.com.br/aula.mp4',
      thumbnail_url: null,
      published_at: '2026-04-01T10:00:00.000Z',
      content_sections: [{ title: 'Única', text: 'Seção.' }],
      active: true,
    });

    const toggled = await t.request('PATCH', `${BASE}/${training.id}`, {
      token: admin.token,
      body: { active: false },
    });
    expect(toggled.statusCode).toBe(200);
    // Only `active` changed.
    expect(toggled.json()).toMatchObject({
      active: false,
      title: 'Peeling de diamante avançado',
      category: 'equipment',
    });

    const removed = await t.request('DELETE', `${BASE}/${training.id}`, { token: admin.token });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const gone = await t.request('GET', `${BASE}/${training.id}`, { token: admin.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: TRAINING_MESSAGES.notFound });
    const again = await t.request('DELETE', `${BASE}/${training.id}`, { token: admin.token });
    expect(again.statusCode).toBe(404);
  });

  it('defaults the category to sales and clears empty video and date', async () => {
    const training = await create({
      category: undefined,
      video_url: '',
      published_at: '',
      content_sections: undefined,
    });
    expect(training).toMatchObject({
      category: 'sales',
      video_url: null,
      thumbnail_url: null,
      published_at: null,
      content_sections: [],
    });
  });

  it('clears video, date and sections with null on edit', async () => {
    const training = await create();
    const res = await t.request('PATCH', `${BASE}/${training.id}`, {
      token: admin.token,
      body: { video_url: null, published_at: null, content_sections: null },
    });
    expect(res.json()).toMatchObject({
      video_url: null,
      published_at: null,
      content_sections: [],
    });
  });

  it('ignores fields a client may not set', async () => {
    const training = await create({
      id: 999_999,
      like_count: 500,
      dislike_count: 7,
      my_reaction: 'like',
      created_at: '2000-01-01T00:00:00Z',
      search_text: 'hack',
    });
    expect(training.id).not.toBe(999_999);
    expect(training).toMatchObject({ like_count: 0, dislike_count: 0, my_reaction: null });
    expect(training.created_at).not.toContain('2000');
  });

  describe('validation (422 in pt-BR, nothing stored)', () => {
    const cases: Array<[string, Body, string, (string | number)[]]> = [
      ['missing title', { title: undefined }, 'Título é obrigatório.', ['body', 'title']],
      ['blank title', { title: '   ' }, 'Título é obrigatório.', ['body', 'title']],
      ['long title', { title: 'x'.repeat(201) }, TRAINING_MESSAGES.titleTooLong, ['body', 'title']],
      [
        'missing description',
        { description: undefined },
        'Descrição é obrigatória.',
        ['body', 'description'],
      ],
      [
        'blank description',
        { description: ' ' },
        'Descrição é obrigatória.',
        ['body', 'description'],
      ],
      ['unknown category', { category: 'hair' }, 'Categoria inválida.', ['body', 'category']],
      [
        'non-http video link',
        { video_url: 'javascript:alert(1)' },
        TRAINING_MESSAGES.videoUrlScheme,
        ['body', 'video_url'],
      ],
      [
        'malformed video link',
        { video_url: 'https://' },
        TRAINING_MESSAGES.videoUrlInvalid,
        ['body', 'video_url'],
      ],
      [
        'bad published_at',
        { published_at: '10/03/2026' },
        TRAINING_MESSAGES.publishedAtInvalid,
        ['body', 'published_at'],
      ],
      [
        'five sections',
        {
          content_sections: Array.from({ length: 5 }, (_, i) => ({ title: `S${i}`, text: 't' })),
        },
        'No máximo 4 seções de conteúdo.',
        ['body', 'content_sections'],
      ],
      [
        'sections not a list',
        { content_sections: 'texto' },
        TRAINING_MESSAGES.sectionsInvalid,
        ['body', 'content_sections'],
      ],
      [
        'active not boolean',
        { active: 'sim' },
        TRAINING_MESSAGES.activeInvalid,
        ['body', 'active'],
      ],
    ];

    it.each(cases)('refuses a %s on create', async (_label, overrides, msg, loc) => {
      const before = await countAll();
      const res = await t.request('POST', `${BASE}/`, {
        token: admin.token,
        body: newTraining(overrides),
      });
      expect(res.statusCode).toBe(422);
      expect(firstIssue(res)).toMatchObject({ msg, loc });
      expect(await countAll()).toBe(before);
    });

    it.each(cases.filter(([label]) => !label.startsWith('missing')))(
      'refuses a %s on edit and keeps the training',
      async (_label, overrides, msg) => {
        const training = await create();
        const res = await t.request('PATCH', `${BASE}/${training.id}`, {
          token: admin.token,
          body: overrides,
        });
        expect(res.statusCode).toBe(422);
        expect(firstIssue(res)?.msg).toBe(msg);
        const after = await t.request('GET', `${BASE}/${training.id}`, { token: admin.token });
        expect(after.json()).toEqual(training);
      },
    );

    it('refuses a body that is not JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/`,
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expect(res.statusCode).toBe(422);
    });

    it('refuses an id that is not a positive integer', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await t.request('GET', `${BASE}/${id}`, { token: admin.token });
        expect(res.statusCode, id).toBe(422);
      }
    });

    it.each([
      [{ order: 'random' }, TRAINING_MESSAGES.orderInvalid],
      [{ limit: '0' }, TRAINING_MESSAGES.limitInvalid],
      [{ limit: '101' }, TRAINING_MESSAGES.limitInvalid],
      [{ limit: 'dez' }, TRAINING_MESSAGES.limitInvalid],
      [{ offset: '-1' }, TRAINING_MESSAGES.offsetInvalid],
      [{ category: 'hair' }, TRAINING_MESSAGES.categoryInvalid],
      [{ date_from: '31/12/2026' }, TRAINING_MESSAGES.dateInvalid],
      [{ date_from: '2026-05-02', date_to: '2026-05-01' }, TRAINING_MESSAGES.dateRangeInvalid],
      [{ q: 'x'.repeat(201) }, TRAINING_MESSAGES.searchTooLong],
    ])('refuses the list query %o', async (query, msg) => {
      const res = await t.request('GET', `${BASE}/`, { token: professional.token, query });
      expect(res.statusCode).toBe(422);
      expect(firstIssue(res)?.msg).toBe(msg);
      expect(firstIssue(res)?.loc[0]).toBe('query');
    });
  });

  it('refuses a duplicate title, case and accents folded (409)', async () => {
    const first = await create({ title: 'Massagem Modeladora' });
    const before = await countAll();
    const res = await t.request('POST', `${BASE}/`, {
      token: admin.token,
      body: newTraining({ title: '  MASSAGEM   modeladorá ' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Já existe um treinamento com esse título.' });
    expect(await countAll()).toBe(before);

    const other = await create();
    const rename = await t.request('PATCH', `${BASE}/${other.id}`, {
      token: admin.token,
      body: { title: 'massagem modeladora', description: 'Mudou.' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toEqual({ detail: TRAINING_MESSAGES.titleTaken });
    const unchanged = await t.request('GET', `${BASE}/${other.id}`, { token: admin.token });
    expect(unchanged.json()).toEqual(other);

    // Renaming a training to its own title in another case is not a conflict.
    const same = await t.request('PATCH', `${BASE}/${first.id}`, {
      token: admin.token,
      body: { title: 'MASSAGEM MODELADORA' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().title).toBe('MASSAGEM MODELADORA');
  });

  it('answers 404 for unknown trainings on every route', async () => {
    const id = 2_000_000;
    const calls: Array<['GET' | 'PATCH' | 'DELETE' | 'POST', string]> = [
      ['GET', `${BASE}/${id}`],
      ['PATCH', `${BASE}/${id}`],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/${id}/like`],
      ['POST', `${BASE}/${id}/dislike`],
    ];
    for (const [method, url] of calls) {
      const res = await t.request(method, url, {
        token: admin.token,
        ...(method === 'PATCH' ? { body: { active: false } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: TRAINING_MESSAGES.notFound });
    }
  });

  it('answers 401 without a token on every route', async () => {
    const training = await create();
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string]> = [
      ['GET', `${BASE}/`],
      ['POST', `${BASE}/`],
      ['GET', `${BASE}/${training.id}`],
      ['PATCH', `${BASE}/${training.id}`],
      ['DELETE', `${BASE}/${training.id}`],
      ['POST', `${BASE}/${training.id}/like`],
      ['POST', `${BASE}/${training.id}/dislike`],
    ];
    for (const [method, url] of calls) {
      const res = await t.request(
        method,
        url,
        method === 'POST' || method === 'PATCH' ? { body: {} } : {},
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ detail: MESSAGES.unauthenticated });
    }
  });

  it('answers 403 to managers and professionals on writes, and changes nothing', async () => {
    const training = await create();
    for (const user of [manager, professional]) {
      const post = await t.request('POST', `${BASE}/`, { token: user.token, body: newTraining() });
      const patch = await t.request('PATCH', `${BASE}/${training.id}`, {
        token: user.token,
        body: { title: 'Invadido' },
      });
      const del = await t.request('DELETE', `${BASE}/${training.id}`, { token: user.token });
      for (const res of [post, patch, del]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: MESSAGES.forbidden });
      }
    }
    const after = await t.request('GET', `${BASE}/${training.id}`, { token: admin.token });
    expect(after.json()).toEqual(training);
  });

  it('lets managers and professionals read and react', async () => {
    const training = await create();
    for (const user of [manager, professional]) {
      expect((await t.request('GET', `${BASE}/`, { token: user.token })).statusCode).toBe(200);
      expect(
        (await t.request('GET', `${BASE}/${training.id}`, { token: user.token })).statusCode,
      ).toBe(200);
      expect(
        (await t.request('POST', `${BASE}/${training.id}/like`, { token: user.token })).statusCode,
      ).toBe(200);
    }
  });

  it('hides inactive trainings from everyone but admins', async () => {
    const training = await create({ title: 'Treinamento oculto XYZ', active: false });
    expect(training.active).toBe(false);
    const query = { q: 'oculto xyz' };

    const adminList = await t.request('GET', `${BASE}/`, { token: admin.token, query });
    expect((adminList.json() as Training[]).map((item) => item.id)).toEqual([training.id]);

    for (const user of [manager, professional]) {
      const list = await t.request('GET', `${BASE}/`, { token: user.token, query });
      expect(list.json()).toEqual([]);
      const read = await t.request('GET', `${BASE}/${training.id}`, { token: user.token });
      expect(read.statusCode).toBe(404);
      const like = await t.request('POST', `${BASE}/${training.id}/like`, { token: user.token });
      expect(like.statusCode).toBe(404);
    }

    await t.request('PATCH', `${BASE}/${training.id}`, {
      token: admin.token,
      body: { active: true },
    });
    const visible = await t.request('GET', `${BASE}/`, { token: professional.token, query });
    expect((visible.json() as Training[]).map((item) => item.id)).toEqual([training.id]);
  });

  it('lists the trainings in the OpenAPI document', async () => {
    const doc = (await t.request('GET', '/api/docs/json')).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/trainings/', '/api/v1/trainings/{id}/like']),
    );
  });
});

describe('trainings API: reactions', () => {
  let t: TestApp;
  let admin: TestUser;
  let training: Training;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
    const res = await t.request('POST', `${BASE}/`, { token: admin.token, body: newTraining() });
    training = res.json() as Training;
  });
  afterAll(() => t.close());

  const react = async (user: TestUser, reaction: 'like' | 'dislike', id = training.id) => {
    const res = await t.request('POST', `${BASE}/${id}/${reaction}`, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Training;
  };

  it('keeps one reaction per user: twice undoes, the other one moves it', async () => {
    const user = await t.createUser('professional');
    expect(await react(user, 'like')).toMatchObject({
      like_count: 1,
      dislike_count: 0,
      my_reaction: 'like',
    });
    expect(await react(user, 'like')).toMatchObject({
      like_count: 0,
      dislike_count: 0,
      my_reaction: null,
    });
    expect(await react(user, 'dislike')).toMatchObject({
      like_count: 0,
      dislike_count: 1,
      my_reaction: 'dislike',
    });
    expect(await react(user, 'like')).toMatchObject({
      like_count: 1,
      dislike_count: 0,
      my_reaction: 'like',
    });
    expect(await react(user, 'dislike')).toMatchObject({
      like_count: 0,
      dislike_count: 1,
      my_reaction: 'dislike',
    });
    expect(await react(user, 'dislike')).toMatchObject({
      like_count: 0,
      dislike_count: 0,
      my_reaction: null,
    });
  });

  it("reports each caller's own reaction in reads and lists", async () => {
    const liker = await t.createUser('professional');
    const disliker = await t.createUser('manager');
    const bystander = await t.createUser('professional');
    await react(liker, 'like');
    await react(disliker, 'dislike');

    const mine = async (user: TestUser) => {
      const one = (await t.request('GET', `${BASE}/${training.id}`, { token: user.token })).json();
      const list = (await t.request('GET', `${BASE}/`, { token: user.token })).json() as Training[];
      const listed = list.find((item) => item.id === training.id);
      expect(listed?.my_reaction).toBe(one.my_reaction);
      expect(listed?.like_count).toBe(1);
      expect(listed?.dislike_count).toBe(1);
      return one.my_reaction;
    };
    expect(await mine(liker)).toBe('like');
    expect(await mine(disliker)).toBe('dislike');
    expect(await mine(bystander)).toBeNull();

    // Back to zero for the next test.
    await react(liker, 'like');
    await react(disliker, 'dislike');
  });

  it('never loses a count when many users react at once', async () => {
    const likers = await Promise.all(Array.from({ length: 6 }, () => t.createUser('professional')));
    const dislikers = await Promise.all(Array.from({ length: 3 }, () => t.createUser('manager')));
    await Promise.all([
      ...likers.map((user) => react(user, 'like')),
      ...dislikers.map((user) => react(user, 'dislike')),
    ]);
    const after = (await t.request('GET', `${BASE}/${training.id}`, { token: admin.token })).json();
    expect(after).toMatchObject({ like_count: 6, dislike_count: 3 });

    // Everyone switches at once: the counts swap exactly.
    await Promise.all([
      ...likers.map((user) => react(user, 'dislike')),
      ...dislikers.map((user) => react(user, 'like')),
    ]);
    const switched = (
      await t.request('GET', `${BASE}/${training.id}`, { token: admin.token })
    ).json();
    expect(switched).toMatchObject({ like_count: 3, dislike_count: 6 });

    const stored = await t.database.query<{ reaction: string; n: number }>(
      `SELECT reaction, count(*)::int AS n FROM training_reactions WHERE training_id = $1
       GROUP BY reaction ORDER BY reaction`,
      [training.id],
    );
    expect(stored).toEqual([
      { reaction: 'dislike', n: 6 },
      { reaction: 'like', n: 3 },
    ]);
  });

  it('keeps one user consistent when the same click arrives several times at once', async () => {
    const fresh = (
      await t.request('POST', `${BASE}/`, { token: admin.token, body: newTraining() })
    ).json() as Training;
    const user = await t.createUser('professional');
    // Three toggles in some order: liked, unliked, liked.
    await Promise.all([
      react(user, 'like', fresh.id),
      react(user, 'like', fresh.id),
      react(user, 'like', fresh.id),
    ]);
    const after = (await t.request('GET', `${BASE}/${fresh.id}`, { token: user.token })).json();
    expect(after).toMatchObject({ like_count: 1, dislike_count: 0, my_reaction: 'like' });
  });

  it('drops the reactions with the training', async () => {
    const doomed = (
      await t.request('POST', `${BASE}/`, { token: admin.token, body: newTraining() })
    ).json() as Training;
    await react(admin, 'like', doomed.id);
    await t.request('DELETE', `${BASE}/${doomed.id}`, { token: admin.token });
    const left = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM training_reactions WHERE training_id = $1',
      [doomed.id],
    );
    expect(left[0]?.n).toBe(0);
  });
});

describe('trainings API: library filters and order', () => {
  let t: TestApp;
  let admin: TestUser;
  let professional: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
    professional = await t.as('professional');
    const fixtures: Array<[string, Body]> = [
      [
        'hidratacao',
        {
          title: 'Hidratação Facial',
          description: 'Máscara de argila.',
          category: 'skincare',
          published_at: '2026-01-10T12:00:00Z',
        },
      ],
      [
        'drenagem',
        {
          title: 'Drenagem Linfática',
          description: 'Manobras de pressão leve.',
          category: 'body',
          published_at: '2026-02-10T12:00:00Z',
        },
      ],
      [
        'radio',
        {
          title: 'Radiofrequência',
          description: 'Equipamento: ajuste de potência.',
          category: 'equipment',
          published_at: '2026-03-10T12:00:00Z',
        },
      ],
      [
        'vendas',
        {
          title: 'Vendas 50% mais rápidas',
          description: 'Técnica de fechamento.',
          category: 'sales',
          published_at: '2026-03-31T23:30:00-03:00',
        },
      ],
      [
        'outros',
        {
          title: 'Biossegurança',
          description: 'Descarte de_materiais.',
          category: 'other',
          published_at: '2026-04-01T03:30:00Z',
        },
      ],
      // Without a published date: listed by its creation time (now), so it is the newest.
      [
        'semData',
        {
          title: 'Atendimento',
          description: 'Recepção calorosa.',
          category: 'other',
          published_at: null,
        },
      ],
      [
        'inativo',
        {
          title: 'Hidratação antiga',
          description: 'Versão anterior.',
          category: 'skincare',
          published_at: '2026-01-05T12:00:00Z',
          active: false,
        },
      ],
    ];
    for (const [key, body] of fixtures) {
      const res = await t.request('POST', `${BASE}/`, {
        token: admin.token,
        body: newTraining(body),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = (res.json() as Training).id;
    }
    // Popularity: radio 3 likes, drenagem 2, hidratacao 1.
    const likers = await Promise.all([1, 2, 3].map(() => t.createUser('professional')));
    for (const [key, n] of [
      ['radio', 3],
      ['drenagem', 2],
      ['hidratacao', 1],
    ] as const) {
      for (const user of likers.slice(0, n)) {
        await t.request('POST', `${BASE}/${ids[key]}/like`, { token: user.token });
      }
    }
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string>, token = professional.token) => {
    const res = await t.request('GET', `${BASE}/`, { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Training[]).map((item) => item.id);
  };
  const idsOf = (...keys: string[]) => keys.map((key) => ids[key]);

  it('orders newest first by published date, falling back to creation', async () => {
    expect(await list({})).toEqual(
      idsOf('semData', 'outros', 'vendas', 'radio', 'drenagem', 'hidratacao'),
    );
  });

  it('orders oldest first', async () => {
    expect(await list({ order: 'oldest' })).toEqual(
      idsOf('hidratacao', 'drenagem', 'radio', 'vendas', 'outros', 'semData'),
    );
  });

  it('orders by likes for popular, ties newest id first', async () => {
    const popular = await list({ order: 'popular' });
    expect(popular.slice(0, 3)).toEqual(idsOf('radio', 'drenagem', 'hidratacao'));
    expect(popular.slice(3)).toEqual(idsOf('semData', 'outros', 'vendas'));
  });

  it('includes inactive trainings for admins only', async () => {
    expect(await list({ order: 'oldest' }, admin.token)).toEqual(
      idsOf('inativo', 'hidratacao', 'drenagem', 'radio', 'vendas', 'outros', 'semData'),
    );
  });

  it('filters by one category or a comma list', async () => {
    expect(await list({ category: 'other' })).toEqual(idsOf('semData', 'outros'));
    expect(await list({ category: 'body,equipment', order: 'oldest' })).toEqual(
      idsOf('drenagem', 'radio'),
    );
    expect(await list({ category: '' })).toHaveLength(6);
    // The parameter repeated works like the comma list.
    const repeated = await t.request(
      'GET',
      `${BASE}/?category=body&category=equipment&order=oldest`,
      {
        token: professional.token,
      },
    );
    expect((repeated.json() as Training[]).map((item) => item.id)).toEqual(
      idsOf('drenagem', 'radio'),
    );
  });

  it('searches title and description ignoring case and accents', async () => {
    expect(await list({ q: 'HIDRATACAO' })).toEqual(idsOf('hidratacao'));
    expect(await list({ q: 'argíla' })).toEqual(idsOf('hidratacao'));
    expect(await list({ q: 'equipamento: ajuste' })).toEqual(idsOf('radio'));
    expect(await list({ q: '  pressão   leve ' })).toEqual(idsOf('drenagem'));
    expect(await list({ q: 'não existe' })).toEqual([]);
  });

  it('treats % and _ in the search literally', async () => {
    expect(await list({ q: '50%' })).toEqual(idsOf('vendas'));
    expect(await list({ q: '%' })).toEqual(idsOf('vendas'));
    expect(await list({ q: 'de_materiais' })).toEqual(idsOf('outros'));
    expect(await list({ q: '_' })).toEqual(idsOf('outros'));
  });

  it('filters by date, whole calendar days in clinic time', async () => {
    // vendas is 31/03 23:30 in São Paulo; outros is 01/04 00:30 there.
    expect(await list({ date_from: '2026-03-01', date_to: '2026-03-31', order: 'oldest' })).toEqual(
      idsOf('radio', 'vendas'),
    );
    expect(await list({ date_from: '2026-04-01', date_to: '2026-04-01' })).toEqual(idsOf('outros'));
    expect(
      await list({ date_from: '2026-02-10T12:00:00Z', date_to: '2026-03-10T12:00:00Z' }),
    ).toEqual(idsOf('radio', 'drenagem'));
  });

  it('combines filters with paging', async () => {
    expect(await list({ category: 'skincare,body,equipment', limit: '2', offset: '0' })).toEqual(
      idsOf('radio', 'drenagem'),
    );
    expect(await list({ category: 'skincare,body,equipment', limit: '2', offset: '2' })).toEqual(
      idsOf('hidratacao'),
    );
    expect(await list({ limit: '2', offset: '100' })).toEqual([]);
  });

  it('serves the related sidebar: same category by popularity, limit 12 offset 0', async () => {
    expect(await list({ category: 'body', order: 'popular', limit: '12', offset: '0' })).toEqual(
      idsOf('drenagem'),
    );
  });
});

describe('trainings API: paging a large library', () => {
  let t: TestApp;
  let admin: TestUser;
  let professional: TestUser;

  interface StoredRow {
    id: number;
    /** Seconds since the epoch of coalesce(published_at, created_at). */
    listed_at: number;
    like_count: number;
    active: boolean;
    category: string;
  }
  let rows: StoredRow[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
    professional = await t.as('professional');
    // 2 000 trainings in one statement, with many equal dates and like counts so the id
    // tie-breaker matters.
    await t.database.exec(`
      INSERT INTO trainings (title, title_key, description, category, published_at, active,
                             like_count, search_text, created_at)
      SELECT 'Aula ' || g, 'aula ' || g, 'Conteúdo ' || g,
             (ARRAY['skincare', 'body', 'equipment', 'sales', 'other'])[1 + g % 5],
             CASE WHEN g % 3 = 0 THEN NULL
                  ELSE timestamptz '2025-01-01 00:00:00+00' + (g % 97) * interval '1 day' END,
             g % 11 <> 0,
             g % 13,
             'aula ' || g || ' conteudo ' || g,
             timestamptz '2024-06-01 00:00:00+00' + (g % 89) * interval '1 day'
      FROM generate_series(1, 2000) AS g;
      ANALYZE trainings;
    `);
    rows = await t.database.query<StoredRow>(
      `SELECT id, extract(epoch FROM coalesce(published_at, created_at))::float8 AS listed_at,
              like_count, active, category
         FROM trainings`,
    );
  });
  afterAll(() => t.close());

  const pageThrough = async (query: Record<string, string>, token: string, limit = 100) => {
    const seen: number[] = [];
    for (let offset = 0; ; offset += limit) {
      const res = await t.request('GET', `${BASE}/`, {
        token,
        query: { ...query, limit: String(limit), offset: String(offset) },
      });
      expect(res.statusCode).toBe(200);
      const page = (res.json() as Training[]).map((item) => item.id);
      seen.push(...page);
      if (page.length < limit) return seen;
    }
  };

  const at = (row: StoredRow) => row.listed_at;

  it('pages newest first through every active training exactly once', async () => {
    const expected = rows
      .filter((row) => row.active)
      .sort((a, b) => at(b) - at(a) || b.id - a.id)
      .map((row) => row.id);
    const seen = await pageThrough({}, professional.token);
    expect(seen).toHaveLength(expected.length);
    expect(seen).toEqual(expected);
  });

  it('pages oldest first for admins, inactive included', async () => {
    const expected = [...rows].sort((a, b) => at(a) - at(b) || a.id - b.id).map((row) => row.id);
    expect(await pageThrough({ order: 'oldest' }, admin.token)).toEqual(expected);
  });

  it('pages by popularity inside one category with the default page size', async () => {
    const expected = rows
      .filter((row) => row.active && row.category === 'body')
      .sort((a, b) => b.like_count - a.like_count || b.id - a.id)
      .map((row) => row.id);
    expect(
      await pageThrough({ order: 'popular', category: 'body' }, professional.token, 24),
    ).toEqual(expected);
  });

  it('finds one training by search among thousands', async () => {
    const res = await t.request('GET', `${BASE}/`, {
      token: admin.token,
      query: { q: 'Aula 1234 conteúdo' },
    });
    expect((res.json() as Training[]).map((item) => item.title)).toEqual(['Aula 1234']);
  });
});

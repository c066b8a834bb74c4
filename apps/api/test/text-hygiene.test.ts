import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTICE_MESSAGES,
  PACKAGE_MESSAGES,
  SERVICE_MESSAGES,
  TEXT_MESSAGES,
  TRAINING_MESSAGES,
} from '@portal/domain';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// One app for both groups: their records do not meet (other names, titles and clients).
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.as('admin')).token;
});
afterAll(() => t.close());

/** Names and titles cleaned, bidi controls refused, duplicates caught in folded form. */
describe('names and titles', () => {
  const LOOK_ALIKES = [
    'BOTOX',
    'Ｂｏｔｏｘ',
    'Bótox',
    'Bo\u200Btox',
    'botox\u2060',
    ' B\u00ADotox ',
  ];

  const resources = [
    {
      what: 'services',
      url: '/api/v1/services/',
      field: 'name',
      body: (name: string) => ({ name }),
      taken: SERVICE_MESSAGES.nameTaken,
      required: SERVICE_MESSAGES.nameRequired,
    },
    {
      what: 'packages',
      url: '/api/v1/packages/',
      field: 'name',
      body: (name: string) => ({ name }),
      taken: PACKAGE_MESSAGES.nameTaken,
      required: PACKAGE_MESSAGES.nameRequired,
    },
    {
      what: 'notices',
      url: '/api/v1/notices/notices/',
      field: 'title',
      body: (title: string) => ({ title, text: 'Aviso para a equipe.', category: 'urgent' }),
      taken: NOTICE_MESSAGES.titleTaken,
      required: NOTICE_MESSAGES.titleRequired,
    },
    {
      what: 'trainings',
      url: '/api/v1/trainings/',
      field: 'title',
      body: (title: string) => ({ title, description: 'Como aplicar com segurança.' }),
      taken: TRAINING_MESSAGES.titleTaken,
      required: TRAINING_MESSAGES.titleRequired,
    },
  ] as const;

  describe.each(resources)('$what', ({ url, field, body, taken, required }) => {
    const post = (value: string) =>
      t.request('POST', url, { token: adminToken, body: body(value) });
    const count = async () =>
      ((await t.request('GET', url, { token: adminToken })).json() as unknown[]).length;

    it('refuses case, accent, fullwidth and invisible-character look-alikes (409)', async () => {
      const first = await post('Botox');
      expect(first.statusCode).toBe(201);
      const before = await count();
      for (const lookAlike of LOOK_ALIKES) {
        const res = await post(lookAlike);
        expect(res.statusCode, JSON.stringify(lookAlike)).toBe(409);
        expect(res.json()).toEqual({ detail: taken });
      }
      // The same on rename: another row cannot take a look-alike of the name.
      const other = (await post('Preenchimento')).json() as { id: number };
      const rename = await t.request('PATCH', `${url}${other.id}`, {
        token: adminToken,
        body: { [field]: 'Ｂóｔｏｘ' },
      });
      expect(rename.statusCode).toBe(409);
      expect(rename.json()).toEqual({ detail: taken });
      expect(await count()).toBe(before + 1);
    });

    it('treats a name of invisible characters only as empty, and refuses bidi controls', async () => {
      const before = await count();
      const empty = await post('\u200B\u200D\uFEFF \u2060');
      expect(empty.statusCode).toBe(422);
      expect(empty.json().detail[0]).toMatchObject({ loc: ['body', field], msg: required });
      const bidi = await post('Peeling \u202Egnileep');
      expect(bidi.statusCode).toBe(422);
      expect(bidi.json().detail[0]).toMatchObject({
        loc: ['body', field],
        msg: TEXT_MESSAGES.bidiControl,
      });
      expect(await count()).toBe(before);
    });

    it('stores the name cleaned: NFC, no control or zero-width characters', async () => {
      const res = await post('Dermaplaning\u0007 Fa\u200Bcial\nPlus Cafe\u0301');
      expect(res.statusCode).toBe(201);
      expect(res.json()[field]).toBe('Dermaplaning Facial Plus Café');
    });
  });

  it('applies to users’ names and relation categories too', async () => {
    const user = await t.request('POST', '/api/v1/users/', {
      token: adminToken,
      body: { name: '\u200B\u200B', email: 'zw@teste.com.br', password: 'senha-segura-123' },
    });
    expect(user.statusCode).toBe(422);
    expect(user.json().detail[0]).toMatchObject({
      loc: ['body', 'name'],
      msg: 'Nome é obrigatório.',
    });
    const services = (
      await t.request('GET', '/api/v1/services/', { token: adminToken })
    ).json() as {
      id: number;
    }[];
    const [a, b] = services;
    const relation = await t.request('POST', '/api/v1/services-relations/', {
      token: adminToken,
      body: { service_id_1: a?.id, service_id_2: b?.id, category: 'flacidez\u2067' },
    });
    expect(relation.statusCode).toBe(422);
    expect(relation.json().detail[0]).toMatchObject({
      loc: ['body', 'category'],
      msg: TEXT_MESSAGES.bidiControl,
    });
  });
});

/** Notes, bodies, descriptions and reasons: the same hygiene, line breaks kept (text-fields.ts). */
describe('multi-line texts', () => {
  it('stores a client’s notes cleaned: NFC, one "\\n" per line break, no control or zero-width', async () => {
    const { token } = await t.as('professional');
    const created = await t.request('POST', '/api/v1/clients/', {
      token,
      body: {
        full_name: 'Cliente das Notas',
        notes: ' Prefere manha\u0303s\r\nSem\u200B perfume\u0000\u2028\tCafe\u0301 sem açúcar ',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    const stored = await t.request('GET', `/api/v1/clients/${id}`, { token });
    expect(stored.json()).toMatchObject({
      notes: 'Prefere manhãs\nSem perfume\n\tCafé sem açúcar',
    });
    // Invisible characters and line breaks only: blank, so the notes are cleared.
    const cleared = await t.request('PATCH', `/api/v1/clients/${id}`, {
      token,
      body: { notes: '\u200B\r\n\u2060 ' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ notes: null });
  });

  it('refuses a notice body of invisible characters only, or holding a bidi control', async () => {
    const post = (text: string) =>
      t.request('POST', '/api/v1/notices/notices/', {
        token: adminToken,
        body: { title: `Aviso ${text.length}`, text, category: 'urgent' },
      });
    const empty = await post('\u200B\n\uFEFF\r\n');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({
      loc: ['body', 'text'],
      msg: NOTICE_MESSAGES.textRequired,
    });
    const bidi = await post('Promoção\nvale até \u202E0202');
    expect(bidi.statusCode).toBe(422);
    expect(bidi.json().detail[0]).toMatchObject({
      loc: ['body', 'text'],
      msg: TEXT_MESSAGES.bidiControl,
    });
  });

  it('stores a procedure’s techniques cleaned like a client’s allergies', async () => {
    const res = await t.request('POST', '/api/v1/services/', {
      token: adminToken,
      body: { name: 'Procedimento com látex', traits: ['lá\u200Btex\u0007', 'agu\u00ADlha '] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ traits: ['látex', 'agulha'] });
  });
});

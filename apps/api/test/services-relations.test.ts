import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SynergyRelation } from '@portal/domain';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('synergy relations API', () => {
  let t: TestApp;
  let adminToken: string;
  let s1: number;
  let s2: number;
  let s3: number;
  let s4: number;
  let s5: number;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
    const ids: number[] = [];
    for (const name of [
      'Criolipólise - Abdômen',
      'Drenagem Linfática',
      'Radiofrequência Corporal',
      'Carboxiterapia',
      'Massagem Modeladora',
    ]) {
      const res = await t.request('POST', '/api/v1/services/', {
        token: adminToken,
        body: { name },
      });
      ids.push((res.json() as { id: number }).id);
    }
    [s1, s2, s3, s4, s5] = ids as [number, number, number, number, number];
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) =>
    t.request('POST', '/api/v1/services-relations/', { token: adminToken, body });
  const listAll = async (query?: Record<string, string>) =>
    (
      await t.request('GET', '/api/v1/services-relations/', {
        token: adminToken,
        ...(query ? { query } : {}),
      })
    ).json() as SynergyRelation[];
  const firstIssue = (res: { json(): unknown }) =>
    (res.json() as { detail: { msg: string; loc: unknown[] }[] }).detail[0];

  it('lets an admin run the whole lifecycle of a relation', async () => {
    const created = await create({
      service_id_1: s1,
      service_id_2: String(s2),
      category: ' gordura_localizada ',
      rationale: 'A drenagem ajuda a eliminar o conteúdo liberado.',
      boost_percent: 15,
      base_narrative: '',
    });
    expect(created.statusCode).toBe(201);
    const relation = created.json() as SynergyRelation;
    expect(relation).toMatchObject({
      service_id_1: s1,
      service_id_2: s2,
      category: 'gordura_localizada',
      rationale: 'A drenagem ajuda a eliminar o conteúdo liberado.',
      boost_percent: 15,
      base_narrative: null,
    });

    const edited = await t.request('PATCH', `/api/v1/services-relations/${relation.id}`, {
      token: adminToken,
      body: { boost_percent: 20, service_id_2: s3 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      ...relation,
      boost_percent: 20,
      service_id_2: s3,
      updated_at: expect.any(String),
    });

    // A swap keeps the pair valid.
    const swapped = await t.request('PATCH', `/api/v1/services-relations/${relation.id}`, {
      token: adminToken,
      body: { service_id_1: s3, service_id_2: s1 },
    });
    expect(swapped.json()).toMatchObject({ service_id_1: s3, service_id_2: s1 });

    const removed = await t.request('DELETE', `/api/v1/services-relations/${relation.id}`, {
      token: adminToken,
    });
    expect(removed.statusCode).toBe(204);
    expect((await listAll()).map((r) => r.id)).not.toContain(relation.id);
  });

  it('lists by id and filters by a service on either side', async () => {
    const a = (
      await create({ service_id_1: s1, service_id_2: s2, category: 'flacidez' })
    ).json() as SynergyRelation;
    const b = (
      await create({ service_id_1: s3, service_id_2: s1, category: 'flacidez' })
    ).json() as SynergyRelation;
    const c = (
      await create({ service_id_1: s2, service_id_2: s3, category: 'rejuvenescimento' })
    ).json() as SynergyRelation;
    const all = await listAll();
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((x, y) => x - y));
    const ofS1 = (await listAll({ service_id: String(s1) })).map((r) => r.id);
    expect(ofS1).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ofS1).not.toContain(c.id);
    const bad = await t.request('GET', '/api/v1/services-relations/', {
      token: adminToken,
      query: { service_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it.each([
    [{ service_id_2: 'S2', category: 'c' }, 'service_id_1', 'Selecione o Serviço 1.'],
    [
      { service_id_1: '', service_id_2: 'S2', category: 'c' },
      'service_id_1',
      'Selecione o Serviço 1.',
    ],
    [{ service_id_1: 'S1', category: 'c' }, 'service_id_2', 'Selecione o Serviço 2.'],
    [
      { service_id_1: 'S1', service_id_2: null, category: 'c' },
      'service_id_2',
      'Selecione o Serviço 2.',
    ],
    [
      { service_id_1: 'S1', service_id_2: 'S1', category: 'c' },
      'service_id_2',
      'Os serviços devem ser diferentes.',
    ],
    [
      { service_id_1: 'S1', service_id_2: 'S2', category: '  ' },
      'category',
      'Informe a categoria.',
    ],
    [{ service_id_1: 'S1', service_id_2: 'S2' }, 'category', 'Informe a categoria.'],
    [
      { service_id_1: 'S1', service_id_2: 'S2', category: 'c', boost_percent: 101 },
      'boost_percent',
      'boost_percent deve estar entre 0 e 100.',
    ],
    [
      { service_id_1: 'S1', service_id_2: 'S2', category: 'c', boost_percent: -1 },
      'boost_percent',
      'boost_percent deve estar entre 0 e 100.',
    ],
    [
      { service_id_1: 'S1', service_id_2: 'S2', category: 'c', boost_percent: 1.5 },
      'boost_percent',
      'boost_percent deve estar entre 0 e 100.',
    ],
    [
      { service_id_1: 987_654, service_id_2: 'S2', category: 'c' },
      'service_id_1',
      'Serviço inexistente.',
    ],
    [
      { service_id_1: 'S1', service_id_2: 987_654, category: 'c' },
      'service_id_2',
      'Serviço inexistente.',
    ],
  ])('answers 422 for %j and creates nothing', async (template, field, message) => {
    const body = Object.fromEntries(
      Object.entries(template).map(([key, value]) => [
        key,
        value === 'S1' ? s1 : value === 'S2' ? s2 : value,
      ]),
    );
    const before = (await listAll()).length;
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    expect(firstIssue(res)).toMatchObject({ loc: ['body', field], msg: message });
    expect((await listAll()).length).toBe(before);
  });

  it('checks an edited pair against the stored side and changes nothing on error', async () => {
    const relation = (
      await create({ service_id_1: s4, service_id_2: s5, category: 'celulite' })
    ).json() as SynergyRelation;
    const same = await t.request('PATCH', `/api/v1/services-relations/${relation.id}`, {
      token: adminToken,
      body: { service_id_2: s4, category: 'outra' },
    });
    expect(same.statusCode).toBe(422);
    expect(firstIssue(same)?.msg).toBe('Os serviços devem ser diferentes.');
    const missing = await t.request('PATCH', `/api/v1/services-relations/${relation.id}`, {
      token: adminToken,
      body: { service_id_1: 987_654 },
    });
    expect(firstIssue(missing)?.msg).toBe('Serviço inexistente.');
    const blank = await t.request('PATCH', `/api/v1/services-relations/${relation.id}`, {
      token: adminToken,
      body: { category: '' },
    });
    expect(firstIssue(blank)?.msg).toBe('Informe a categoria.');
    expect((await listAll()).find((r) => r.id === relation.id)).toEqual(relation);
  });

  it('keeps either of its services from being deleted while it exists (409)', async () => {
    const svc = (
      await t.request('POST', '/api/v1/services/', {
        token: adminToken,
        body: { name: 'Endermologia' },
      })
    ).json() as { id: number };
    const relation = (
      await create({ service_id_1: svc.id, service_id_2: s1, category: 'celulite' })
    ).json() as SynergyRelation;
    const refused = await t.request('DELETE', `/api/v1/services/${svc.id}`, { token: adminToken });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail:
        'Procedimento usado em 0 pacote(s) e 1 sinergia(s). Inative-o ou remova-o deles primeiro.',
    });
    expect((await listAll()).find((r) => r.id === relation.id)).toEqual(relation);

    await t.request('DELETE', `/api/v1/services-relations/${relation.id}`, { token: adminToken });
    const deleted = await t.request('DELETE', `/api/v1/services/${svc.id}`, { token: adminToken });
    expect(deleted.statusCode).toBe(204);
  });

  it('answers 404 for unknown ids', async () => {
    const patch = await t.request('PATCH', '/api/v1/services-relations/999999', {
      token: adminToken,
      body: { boost_percent: 1 },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ detail: 'Relação não encontrada.' });
    const del = await t.request('DELETE', '/api/v1/services-relations/999999', {
      token: adminToken,
    });
    expect(del.statusCode).toBe(404);
  });

  it('lets every profile read, and only admins write', async () => {
    const fresh = (
      await t.request('POST', '/api/v1/services/', {
        token: adminToken,
        body: { name: 'Ultrassom Microfocado' },
      })
    ).json() as { id: number };
    const relation = (
      await create({ service_id_1: fresh.id, service_id_2: s3, category: 'flacidez' })
    ).json() as SynergyRelation;
    expect((await t.request('GET', '/api/v1/services-relations/')).statusCode).toBe(401);
    for (const profile of ['manager', 'professional'] as const) {
      const { token } = await t.as(profile);
      expect((await t.request('GET', '/api/v1/services-relations/', { token })).statusCode).toBe(
        200,
      );
      const writes = [
        await t.request('POST', '/api/v1/services-relations/', {
          token,
          body: { service_id_1: s1, service_id_2: s2, category: 'x' },
        }),
        await t.request('PATCH', `/api/v1/services-relations/${relation.id}`, {
          token,
          body: { boost_percent: 50 },
        }),
        await t.request('DELETE', `/api/v1/services-relations/${relation.id}`, { token }),
      ];
      for (const res of writes) expect(res.statusCode).toBe(403);
    }
    expect((await listAll()).find((r) => r.id === relation.id)).toEqual(relation);
  });
});

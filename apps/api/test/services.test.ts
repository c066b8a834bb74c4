import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groupKey,
  MAIN_FUNCTIONS,
  type Package,
  type Service,
  type SynergyRelation,
} from '@portal/domain';
import { seedDemoCatalogue } from '../src/db/seed/demo-catalogue.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

interface ServiceBody {
  id: number;
  name: string;
  block: string;
  status: string;
  [key: string]: unknown;
}

describe('services API', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) =>
    t.request('POST', '/api/v1/services/', { token: adminToken, body });
  const list = async (query?: Record<string, string>) => {
    const res = await t.request('GET', '/api/v1/services/', {
      token: adminToken,
      ...(query ? { query } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as ServiceBody[];
  };
  const firstMsg = (res: { json(): unknown }) =>
    (res.json() as { detail: { msg: string; loc: unknown[] }[] }).detail[0];

  it('lets an admin run the whole lifecycle of a service', async () => {
    const created = await create({
      name: '  Radiofrequência Facial  ',
      description: 'Estimula colágeno.',
      block: 'B',
      value: '1.234,50',
      cost: 300.1,
      min_margin_percent: 35,
      session_limit: 6,
      benefits: { main_function: 'Flacidez', benefit1: 'Firmeza', benefit2: '  ', benefit3: '' },
    });
    expect(created.statusCode).toBe(201);
    const service = created.json() as ServiceBody;
    expect(service).toMatchObject({
      name: 'Radiofrequência Facial',
      description: 'Estimula colágeno.',
      block: 'B',
      value: 1234.5,
      cost: 300.1,
      min_margin_percent: 35,
      session_limit: 6,
      status: 'active',
      benefits: { main_function: 'Flacidez', benefit1: 'Firmeza', benefit2: null, benefit3: null },
      photos_count: 0,
      photos_limit: 4,
    });
    expect(typeof service.created_at).toBe('string');

    const got = await t.request('GET', `/api/v1/services/${service.id}`, { token: adminToken });
    expect(got.json()).toEqual(service);

    const toggled = await t.request('PATCH', `/api/v1/services/${service.id}`, {
      token: adminToken,
      body: { status: 'inactive' },
    });
    expect(toggled.statusCode).toBe(200);
    // Only the status changed.
    expect(toggled.json()).toMatchObject({
      ...service,
      status: 'inactive',
      updated_at: expect.any(String),
    });

    const edited = await t.request('PATCH', `/api/v1/services/${service.id}/`, {
      token: adminToken,
      body: {
        name: 'Radiofrequência Facial Plus',
        value: 1500,
        min_margin_percent: 140,
        benefits: { benefit1: null, benefit2: 'Contorno' },
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Radiofrequência Facial Plus',
      value: 1500,
      cost: 300.1,
      min_margin_percent: 100,
      benefits: { main_function: 'Flacidez', benefit1: null, benefit2: 'Contorno', benefit3: null },
    });

    const removed = await t.request('DELETE', `/api/v1/services/${service.id}`, {
      token: adminToken,
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const gone = await t.request('GET', `/api/v1/services/${service.id}`, { token: adminToken });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Serviço não encontrado.' });
  });

  it('fills the SPEC defaults when only a name is sent', async () => {
    const res = await create({ name: 'Hidratação Facial' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      block: 'A',
      status: 'active',
      value: 0,
      cost: 0,
      min_margin_percent: 0,
      session_limit: 0,
      description: '',
      benefits: { main_function: null, benefit1: null, benefit2: null, benefit3: null },
    });
  });

  it('lists by block then name and filters by status and block', async () => {
    await create({ name: 'Zeta Bloco A', block: 'A' });
    await create({ name: 'Alfa Bloco C', block: 'C' });
    await create({ name: 'Ácido Bloco A', block: 'A', status: 'inactive' });
    await create({ name: 'beta Bloco A', block: 'A' });
    const all = await list();
    const blocks = all.map((s) => s.block);
    expect([...blocks].sort()).toEqual(blocks);
    const namesA = all.filter((s) => s.block === 'A').map((s) => s.name);
    const ia = namesA.indexOf('Ácido Bloco A');
    const ib = namesA.indexOf('beta Bloco A');
    const iz = namesA.indexOf('Zeta Bloco A');
    expect(ia).toBeLessThan(ib);
    expect(ib).toBeLessThan(iz);

    const inactive = await list({ status_eq: 'inactive' });
    expect(inactive.every((s) => s.status === 'inactive')).toBe(true);
    expect(inactive.map((s) => s.name)).toContain('Ácido Bloco A');
    const blockC = await list({ block_eq: 'C', status_eq: 'active' });
    expect(blockC.map((s) => s.name)).toEqual(expect.arrayContaining(['Alfa Bloco C']));
    expect(blockC.every((s) => s.block === 'C' && s.status === 'active')).toBe(true);

    const bad = await t.request('GET', '/api/v1/services/', {
      token: adminToken,
      query: { block_eq: 'Z' },
    });
    expect(bad.statusCode).toBe(422);
    expect(firstMsg(bad)?.msg).toBe('Bloco deve ser A, B, C ou D.');
  });

  it('refuses a name that only differs by case or accents (409) and changes nothing', async () => {
    expect((await create({ name: 'Limpeza de Pele Profunda' })).statusCode).toBe(201);
    const before = await list();
    for (const name of [
      'Limpeza de pele profunda',
      'LIMPEZA DE PELE PROFUNDA',
      ' Limpeza  de Péle Profunda ',
    ]) {
      const res = await create({ name });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'Já existe um serviço com esse nome.' });
    }
    expect(await list()).toEqual(before);

    const other = (await create({ name: 'Peeling Químico' })).json() as ServiceBody;
    const rename = await t.request('PATCH', `/api/v1/services/${other.id}`, {
      token: adminToken,
      body: { name: 'limpeza de pele profúnda' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toEqual({ detail: 'Já existe um serviço com esse nome.' });
    // Renaming to its own name in another case is fine.
    const self = await t.request('PATCH', `/api/v1/services/${other.id}`, {
      token: adminToken,
      body: { name: 'PEELING QUÍMICO' },
    });
    expect(self.statusCode).toBe(200);
  });

  it.each([
    [{ name: '   ' }, 'name', 'Nome é obrigatório.'],
    [{}, 'name', 'Nome é obrigatório.'],
    [{ name: 'X1', value: -10 }, 'value', 'Valor não pode ser negativo.'],
    [{ name: 'X2', cost: 'barato' }, 'cost', 'Custo deve ser um número.'],
    [
      { name: 'X3', min_margin_percent: 'alta' },
      'min_margin_percent',
      'Margem mínima deve ser um número.',
    ],
    [
      { name: 'X4', session_limit: 2.5 },
      'session_limit',
      'Limite de sessões deve ser um número inteiro maior ou igual a 0.',
    ],
    [
      { name: 'X5', session_limit: -1 },
      'session_limit',
      'Limite de sessões deve ser um número inteiro maior ou igual a 0.',
    ],
    [{ name: 'X6', block: 'E' }, 'block', 'Bloco deve ser A, B, C ou D.'],
    [{ name: 'X7', status: 'ligado' }, 'status', 'Status deve ser active ou inactive.'],
    [
      { name: 'X8', benefits: { benefit1: 'x'.repeat(301) } },
      'benefits',
      'Cada benefício deve ter no máximo 300 caracteres.',
    ],
  ])('answers 422 for %j and creates nothing', async (body, field, message) => {
    const before = (await list()).length;
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    const issue = firstMsg(res);
    expect(issue?.msg).toBe(message);
    expect(issue?.loc.slice(0, 2)).toEqual(['body', field]);
    expect((await list()).length).toBe(before);
  });

  it('answers 422 on edit for a blank name or a bad number, and changes nothing', async () => {
    const service = (await create({ name: 'Microagulhamento', value: 400 })).json() as ServiceBody;
    for (const body of [{ name: '' }, { value: null }, { session_limit: 'três' }]) {
      const res = await t.request('PATCH', `/api/v1/services/${service.id}`, {
        token: adminToken,
        body,
      });
      expect(res.statusCode).toBe(422);
    }
    const after = await t.request('GET', `/api/v1/services/${service.id}`, { token: adminToken });
    expect(after.json()).toEqual(service);
  });

  it('ignores fields a client may not set', async () => {
    const res = await create({
      name: 'Detox Corporal',
      id: 999_999,
      photos_count: 3,
      name_key: 'x',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ photos_count: 0 });
    expect((res.json() as ServiceBody).id).not.toBe(999_999);
  });

  it('answers 404 for unknown ids and 422 for malformed ones', async () => {
    const patch = await t.request('PATCH', '/api/v1/services/999999', {
      token: adminToken,
      body: { status: 'inactive' },
    });
    expect(patch.statusCode).toBe(404);
    const del = await t.request('DELETE', '/api/v1/services/999999', { token: adminToken });
    expect(del.statusCode).toBe(404);
    const bad = await t.request('GET', '/api/v1/services/abc', { token: adminToken });
    expect(bad.statusCode).toBe(422);
  });

  it('lets every profile read, and only admins write', async () => {
    const service = (await create({ name: 'Drenagem Linfática' })).json() as ServiceBody;
    expect((await t.request('GET', '/api/v1/services/')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/v1/services/', { body: { name: 'Y' } })).statusCode).toBe(
      401,
    );
    for (const profile of ['manager', 'professional'] as const) {
      const { token } = await t.as(profile);
      expect((await t.request('GET', '/api/v1/services/', { token })).statusCode).toBe(200);
      const writes = [
        await t.request('POST', '/api/v1/services/', { token, body: { name: `Novo ${profile}` } }),
        await t.request('PATCH', `/api/v1/services/${service.id}`, {
          token,
          body: { status: 'inactive' },
        }),
        await t.request('DELETE', `/api/v1/services/${service.id}`, { token }),
      ];
      for (const res of writes) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: 'Você não tem permissão para esta ação.' });
      }
    }
    const still = await t.request('GET', `/api/v1/services/${service.id}`, { token: adminToken });
    expect(still.json()).toMatchObject({ status: 'active' });
  });
});

describe('demo catalogue seed', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.transaction((tx) => seedDemoCatalogue(tx));
    token = (await t.as('professional')).token;
  });
  afterAll(() => t.close());

  const read = async <T>(url: string) => {
    const res = await t.request('GET', url, { token });
    expect(res.statusCode).toBe(200);
    return res.json() as T;
  };

  it('creates about 40 realistic services across the four blocks', async () => {
    const services = await read<Service[]>('/api/v1/services/');
    expect(services.length).toBeGreaterThanOrEqual(36);
    expect(services.length).toBeLessThanOrEqual(45);
    for (const block of ['A', 'B', 'C', 'D']) {
      expect(services.filter((s) => s.block === block).length).toBeGreaterThanOrEqual(5);
    }
    for (const service of services) {
      expect(service.value).toBeGreaterThan(service.cost);
      expect(service.min_margin_percent).toBeGreaterThanOrEqual(15);
      expect(service.min_margin_percent).toBeLessThanOrEqual(45);
      expect(service.session_limit).toBeGreaterThanOrEqual(0);
      expect(service.session_limit).toBeLessThanOrEqual(10);
      expect(service.description).not.toBe('');
      expect(MAIN_FUNCTIONS).toContain(service.benefits.main_function);
    }
    expect(services.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Limpeza de Pele Profunda', 'Criolipólise - Culote', 'Skinbooster']),
    );
  });

  it('has at least 3 name groups of 3 or more sharing their first 4 letters', async () => {
    const services = await read<Service[]>('/api/v1/services/');
    const sizes = new Map<string, number>();
    for (const service of services) {
      const key = `${service.block}:${groupKey(service.name)}`;
      sizes.set(key, (sizes.get(key) ?? 0) + 1);
    }
    const groups = [...sizes].filter(([, size]) => size >= 3).map(([key]) => key);
    expect(groups.length).toBeGreaterThanOrEqual(3);
    expect(groups).toContain('B:CRIO');
  });

  it('creates 5 numbered packages whose lists name existing services', async () => {
    const services = await read<Service[]>('/api/v1/services/');
    const serviceIds = new Set(services.map((s) => s.id));
    const packages = await read<Package[]>('/api/v1/packages/');
    expect(packages).toHaveLength(5);
    for (const pkg of packages) {
      expect(pkg.name).toMatch(/\d/);
      expect(pkg.annual_value).toBeGreaterThanOrEqual(1800);
      expect(pkg.annual_value).toBeLessThanOrEqual(24000);
      for (const id of [...pkg.procedures, ...pkg.restricted_procedures]) {
        expect(serviceIds.has(id)).toBe(true);
      }
    }
    expect(new Set(packages.map((p) => p.annual_value)).size).toBe(5);
    expect(packages.filter((p) => p.status === 'inactive')).toHaveLength(1);
    expect(
      packages.some((p) => p.allow_all_procedures && p.restricted_procedures.length >= 2),
    ).toBe(true);
    expect(packages.some((p) => !p.allow_all_procedures && p.procedures.length > 0)).toBe(true);
    const active = await read<Package[]>('/api/v1/packages/?status_eq=active');
    expect(active).toHaveLength(4);
  });

  it('creates 12 synergy relations between existing, distinct services', async () => {
    const serviceIds = new Set((await read<Service[]>('/api/v1/services/')).map((s) => s.id));
    const relations = await read<SynergyRelation[]>('/api/v1/services-relations/');
    expect(relations).toHaveLength(12);
    for (const relation of relations) {
      expect(serviceIds.has(relation.service_id_1)).toBe(true);
      expect(serviceIds.has(relation.service_id_2)).toBe(true);
      expect(relation.service_id_1).not.toBe(relation.service_id_2);
      expect(relation.rationale).toBeTruthy();
      expect(relation.base_narrative).toBeTruthy();
    }
    expect(relations.map((r) => r.category)).toEqual(
      expect.arrayContaining(['gordura_localizada', 'flacidez', 'rejuvenescimento']),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Package } from '@portal/domain';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('packages API', () => {
  let t: TestApp;
  let adminToken: string;
  let serviceIds: number[];
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
    serviceIds = [];
    for (const [name, block] of [
      ['Limpeza de Pele', 'A'],
      ['Peeling de Diamante', 'A'],
      ['Criolipólise - Abdômen', 'B'],
      ['Toxina Botulínica', 'C'],
      ['Fios de PDO', 'D'],
    ]) {
      const res = await t.request('POST', '/api/v1/services/', {
        token: adminToken,
        body: { name, block, value: 500, cost: 100 },
      });
      serviceIds.push((res.json() as { id: number }).id);
    }
  });
  afterAll(() => t.close());

  const ids = (...indexes: number[]) => indexes.map((i) => serviceIds[i] as number);
  const create = (body: Record<string, unknown>) =>
    t.request('POST', '/api/v1/packages/', { token: adminToken, body });
  const patch = (id: number, body: Record<string, unknown>) =>
    t.request('PATCH', `/api/v1/packages/${id}`, { token: adminToken, body });
  const get = async (id: number) => {
    const list = await t.request('GET', '/api/v1/packages/', { token: adminToken });
    return (list.json() as Package[]).find((p) => p.id === id);
  };
  const firstIssue = (res: { json(): unknown }) =>
    (res.json() as { detail: { msg: string; loc: unknown[] }[] }).detail[0];

  it('lets an admin run the whole lifecycle of a package', async () => {
    const created = await create({
      name: 'Pacote Essencial 1',
      annual_value: '3.600,00',
      discount_percent: 10,
      block_limits: { a: 2, b: 1 },
      restricted_procedures: ids(4),
    });
    expect(created.statusCode).toBe(201);
    const pkg = created.json() as Package;
    expect(pkg).toMatchObject({
      name: 'Pacote Essencial 1',
      annual_value: 3600,
      discount_percent: 10,
      status: 'active',
      session_limit: null,
      block_limits: { a: 2, b: 1, c: 0, d: 0 },
      allow_all_procedures: true,
      procedures: ids(0, 1, 2, 3),
      restricted_procedures: ids(4),
    });

    const toggled = await patch(pkg.id, { status: 'inactive' });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toMatchObject({
      ...pkg,
      status: 'inactive',
      updated_at: expect.any(String),
    });

    const active = await t.request('GET', '/api/v1/packages/', {
      token: adminToken,
      query: { status_eq: 'active' },
    });
    expect((active.json() as Package[]).map((p) => p.id)).not.toContain(pkg.id);
    const inactive = await t.request('GET', '/api/v1/packages/', {
      token: adminToken,
      query: { status_eq: 'inactive' },
    });
    expect((inactive.json() as Package[]).map((p) => p.id)).toContain(pkg.id);

    const edited = await patch(pkg.id, {
      name: 'Pacote Essencial 2',
      block_limits: { d: 3 },
      session_limit: 12,
    });
    expect(edited.json()).toMatchObject({
      name: 'Pacote Essencial 2',
      block_limits: { a: 2, b: 1, c: 0, d: 3 },
      session_limit: 12,
      restricted_procedures: ids(4),
    });

    const removed = await t.request('DELETE', `/api/v1/packages/${pkg.id}`, { token: adminToken });
    expect(removed.statusCode).toBe(204);
    expect(await get(pkg.id)).toBeUndefined();
    const again = await t.request('DELETE', `/api/v1/packages/${pkg.id}`, { token: adminToken });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Pacote não encontrado.' });
  });

  it('defaults a new package to 0 per block and every procedure allowed', async () => {
    const res = await create({ name: 'Pacote Padrão 3' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      annual_value: 0,
      discount_percent: 0,
      block_limits: { a: 0, b: 0, c: 0, d: 0 },
      allow_all_procedures: true,
      procedures: serviceIds,
      restricted_procedures: [],
    });
  });

  it('treats a procedures list sent without allow_all_procedures as a manual selection', async () => {
    const res = await create({ name: 'Pacote Manual 4', procedures: ids(2, 0) });
    expect(res.json()).toMatchObject({
      allow_all_procedures: false,
      procedures: ids(0, 2),
      restricted_procedures: [],
    });
    const pkg = res.json() as Package;
    // Going back to "select all" through the flag.
    const all = await patch(pkg.id, { allow_all_procedures: true });
    expect(all.json()).toMatchObject({ allow_all_procedures: true, procedures: serviceIds });
    // A manual list again, with a restriction.
    const manual = await patch(pkg.id, { procedures: ids(1), restricted_procedures: ids(3) });
    expect(manual.json()).toMatchObject({
      allow_all_procedures: false,
      procedures: ids(1),
      restricted_procedures: ids(3),
    });
    // Restricting what the manual list allows is refused, and nothing changes.
    const clash = await patch(pkg.id, { restricted_procedures: ids(1) });
    expect(clash.statusCode).toBe(422);
    expect(firstIssue(clash)?.msg).toBe(
      'Um procedimento não pode ser permitido e restrito ao mesmo tempo.',
    );
    expect(await get(pkg.id)).toMatchObject({ procedures: ids(1), restricted_procedures: ids(3) });
  });

  it('resolves "allow all" to services created later, and never to restricted ones', async () => {
    const pkg = (
      await create({ name: 'Pacote Total 5', restricted_procedures: ids(0) })
    ).json() as Package;
    const later = await t.request('POST', '/api/v1/services/', {
      token: adminToken,
      body: { name: 'Skinbooster', block: 'C' },
    });
    const laterId = (later.json() as { id: number }).id;
    const now = await get(pkg.id);
    expect(now?.procedures).toContain(laterId);
    expect(now?.procedures).not.toContain(ids(0)[0]);
    await t.request('DELETE', `/api/v1/services/${laterId}`, { token: adminToken });
  });

  it('keeps a service a package lists by hand from being deleted (409, nothing changes)', async () => {
    const svc = (
      await t.request('POST', '/api/v1/services/', {
        token: adminToken,
        body: { name: 'Laser Lavieen', block: 'B' },
      })
    ).json() as { id: number };
    const manual = (
      await create({ name: 'Pacote Laser 6', procedures: [svc.id, ...ids(0)] })
    ).json() as Package;
    const restricting = (
      await create({ name: 'Pacote Sem Laser 7', restricted_procedures: [svc.id] })
    ).json() as Package;
    const manualBefore = await get(manual.id);
    const restrictingBefore = await get(restricting.id);
    const del = await t.request('DELETE', `/api/v1/services/${svc.id}`, { token: adminToken });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({
      detail:
        'Procedimento usado em 2 pacote(s) e 0 sinergia(s). Inative-o ou remova-o deles primeiro.',
    });
    expect(await get(manual.id)).toEqual(manualBefore);
    expect(await get(restricting.id)).toEqual(restrictingBefore);
    expect(
      (await t.request('GET', `/api/v1/services/${svc.id}`, { token: adminToken })).statusCode,
    ).toBe(200);

    // Out of both lists, it goes.
    await t.request('PATCH', `/api/v1/packages/${manual.id}`, {
      token: adminToken,
      body: { procedures: ids(0) },
    });
    await t.request('PATCH', `/api/v1/packages/${restricting.id}`, {
      token: adminToken,
      body: { restricted_procedures: [] },
    });
    const again = await t.request('DELETE', `/api/v1/services/${svc.id}`, { token: adminToken });
    expect(again.statusCode).toBe(204);
  });

  it('refuses a name that only differs by case or accents (409)', async () => {
    await create({ name: 'Pacote Bem-Estar 8' });
    for (const name of ['pacote bem-estar 8', 'PACOTE BÉM-ESTAR 8']) {
      const res = await create({ name });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'Já existe um pacote com esse nome.' });
    }
    const other = (await create({ name: 'Pacote Premium 9' })).json() as Package;
    const rename = await patch(other.id, { name: 'PACOTE bem-estar 8' });
    expect(rename.statusCode).toBe(409);
  });

  it.each([
    [{}, 'name', 'Nome é obrigatório.'],
    [{ name: '  ' }, 'name', 'Nome é obrigatório.'],
    [{ name: 'P1', annual_value: -1 }, 'annual_value', 'Valor anual não pode ser negativo.'],
    [{ name: 'P2', annual_value: 'caro' }, 'annual_value', 'Valor anual deve ser um número.'],
    [
      { name: 'P3', discount_percent: 120 },
      'discount_percent',
      'Desconto deve ser um número entre 0 e 100.',
    ],
    [
      { name: 'P4', block_limits: { a: -1 } },
      'block_limits',
      'O limite do bloco deve ser um número inteiro maior ou igual a 0.',
    ],
    [
      { name: 'P5', block_limits: { b: 1.5 } },
      'block_limits',
      'O limite do bloco deve ser um número inteiro maior ou igual a 0.',
    ],
    [{ name: 'P6', status: 'on' }, 'status', 'Status deve ser active ou inactive.'],
    [
      { name: 'P7', allow_all_procedures: 'sim' },
      'allow_all_procedures',
      'O campo allow_all_procedures deve ser verdadeiro ou falso.',
    ],
    [
      { name: 'P8', procedures: [1, 2], restricted_procedures: [2] },
      'restricted_procedures',
      'Um procedimento não pode ser permitido e restrito ao mesmo tempo.',
    ],
    [
      { name: 'P9', procedures: ['a'] },
      'procedures',
      'Informe uma lista de identificadores de procedimentos.',
    ],
  ])('answers 422 for %j and creates nothing', async (body, field, message) => {
    const before = (
      await t.request('GET', '/api/v1/packages/', { token: adminToken })
    ).json() as Package[];
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    expect(firstIssue(res)?.msg).toBe(message);
    expect(firstIssue(res)?.loc.slice(0, 2)).toEqual(['body', field]);
    const after = (
      await t.request('GET', '/api/v1/packages/', { token: adminToken })
    ).json() as Package[];
    expect(after.length).toBe(before.length);
  });

  it('names an unknown service id (422) on create and edit, changing nothing', async () => {
    const res = await create({ name: 'Pacote Fantasma 10', procedures: [...ids(0), 987_654] });
    expect(res.statusCode).toBe(422);
    expect(firstIssue(res)).toMatchObject({
      loc: ['body', 'procedures'],
      msg: 'Procedimento inexistente: 987654.',
    });
    const restricted = await create({
      name: 'Pacote Fantasma 10',
      restricted_procedures: [987_655],
    });
    expect(firstIssue(restricted)).toMatchObject({
      loc: ['body', 'restricted_procedures'],
      msg: 'Procedimento inexistente: 987655.',
    });
    const pkg = (await create({ name: 'Pacote Real 11', procedures: ids(1) })).json() as Package;
    const edit = await patch(pkg.id, { name: 'Outro Nome', procedures: [987_654] });
    expect(edit.statusCode).toBe(422);
    expect(await get(pkg.id)).toMatchObject({ name: 'Pacote Real 11', procedures: ids(1) });
  });

  it('answers 404 for unknown ids', async () => {
    expect((await patch(999_999, { status: 'inactive' })).statusCode).toBe(404);
    expect(
      (await t.request('GET', '/api/v1/packages/999999', { token: adminToken })).statusCode,
    ).toBe(404);
  });

  it('lets every profile read, and only admins write', async () => {
    const pkg = (await create({ name: 'Pacote Leitura 12' })).json() as Package;
    expect((await t.request('GET', '/api/v1/packages/')).statusCode).toBe(401);
    expect((await t.request('DELETE', `/api/v1/packages/${pkg.id}`)).statusCode).toBe(401);
    for (const profile of ['manager', 'professional'] as const) {
      const { token } = await t.as(profile);
      const read = await t.request('GET', '/api/v1/packages/', {
        token,
        query: { status_eq: 'active' },
      });
      expect(read.statusCode).toBe(200);
      expect((read.json() as Package[]).map((p) => p.id)).toContain(pkg.id);
      const writes = [
        await t.request('POST', '/api/v1/packages/', { token, body: { name: `P ${profile}` } }),
        await t.request('PATCH', `/api/v1/packages/${pkg.id}`, {
          token,
          body: { status: 'inactive' },
        }),
        await t.request('DELETE', `/api/v1/packages/${pkg.id}`, { token }),
      ];
      for (const res of writes) expect(res.statusCode).toBe(403);
    }
    expect(await get(pkg.id)).toMatchObject({ status: 'active' });
  });
});

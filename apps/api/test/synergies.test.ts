import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeForComparison, type SynergyGenerateResponse } from '@portal/domain';
import { services, synergyRelations } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const URL = '/api/v1/synergies/synergies/generate';

interface ServiceFixture {
  id: number;
  name: string;
}

describe('synergy suggestions', () => {
  let t: TestApp;
  let token: string;
  const byName = new Map<string, ServiceFixture>();

  // Straight into the tables: these tests are about reading relations, not about the catalogue API.
  async function addService(
    name: string,
    benefits: { main?: string; b1?: string } = {},
  ): Promise<ServiceFixture> {
    const [row] = await t.database.db
      .insert(services)
      .values({
        name,
        nameKey: normalizeForComparison(name),
        block: 'A',
        value: 100,
        cost: 10,
        minMarginPercent: 0,
        sessionLimit: 0,
        status: 'active',
        mainFunction: benefits.main ?? null,
        benefit1: benefits.b1 ?? null,
      })
      .returning({ id: services.id, name: services.name });
    if (!row) throw new Error('service not inserted');
    byName.set(name, row);
    return row;
  }

  async function addRelation(
    first: string,
    second: string,
    values: { boost: number; category?: string; rationale?: string; narrative?: string },
  ): Promise<void> {
    await t.database.db.insert(synergyRelations).values({
      serviceId1: svc(first).id,
      serviceId2: svc(second).id,
      category: values.category ?? 'gordura_localizada',
      rationale: values.rationale ?? null,
      boostPercent: values.boost,
      baseNarrative: values.narrative ?? null,
    });
  }

  function svc(name: string): ServiceFixture {
    const service = byName.get(name);
    if (!service) throw new Error(`no fixture ${name}`);
    return service;
  }

  const refs = (...names: string[]) => names.map((name) => ({ id: svc(name).id, name }));

  async function generate(body: unknown, asToken = token) {
    const res = await t.request('POST', URL, { token: asToken, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SynergyGenerateResponse;
  }

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.as('professional')).token;
    await addService('Criolipólise - Abdômen', { main: 'Gordura localizada', b1: 'Reduz medidas' });
    await addService('Criolipólise - Flancos', { main: 'Gordura localizada' });
    await addService('Radiofrequência', { main: 'Flacidez', b1: 'Estimula colágeno' });
    await addService('Drenagem Linfática', { main: 'Retenção de líquidos' });
    await addService('Peeling Químico', { main: 'Manchas' });
    await addService('Microagulhamento');
    await addService('Limpeza de Pele');
    await addService('HIFU', { main: 'HIFU facial' });
    // Stored Radiofrequência → Criolipólise - Flancos: the selection may name them in any order.
    await addRelation('Radiofrequência', 'Criolipólise - Flancos', {
      boost: 30,
      rationale: 'A radiofrequência firma a pele depois da redução de gordura.',
      narrative: 'Dupla clássica para contorno corporal.',
    });
    await addRelation('Drenagem Linfática', 'Radiofrequência', { boost: 10, category: 'flacidez' });
  });
  afterAll(() => t.close());

  it('is documented in the OpenAPI document', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(Object.keys((res.json() as { paths: Record<string, unknown> }).paths)).toContain(URL);
  });

  it('answers 401 without a token', async () => {
    const res = await t.request('POST', URL, { body: { procedures: [] } });
    expect(res.statusCode).toBe(401);
  });

  it.each(['admin', 'manager', 'professional'] as const)('is open to %s', async (profile) => {
    const user = await t.as(profile);
    const answer = await generate(
      { procedures: refs('Peeling Químico', 'Microagulhamento') },
      user.token,
    );
    expect(answer.items).toHaveLength(1);
  });

  it('answers an empty list for fewer than 2 distinct procedures', async () => {
    expect(await generate({ procedures: [] })).toEqual({ items: [], engine: 'local' });
    expect((await generate({ procedures: refs('Radiofrequência') })).items).toEqual([]);
    // The same procedure on two areas counts once.
    const sameBase = refs('Criolipólise - Abdômen', 'Criolipólise - Flancos');
    expect((await generate({ procedures: sameBase })).items).toEqual([]);
    // The same id twice (two sessions) counts once.
    const twice = refs('Radiofrequência', 'Radiofrequência');
    expect((await generate({ procedures: twice })).items).toEqual([]);
  });

  it('finds a stored relation whichever order the procedures come in', async () => {
    for (const order of [
      ['Criolipólise - Flancos', 'Radiofrequência'],
      ['Radiofrequência', 'Criolipólise - Flancos'],
    ]) {
      const { items } = await generate({ procedures: refs(...order) });
      expect(items).toHaveLength(1);
      const [item] = items;
      expect(new Set([item?.procedure1, item?.procedure2])).toEqual(
        new Set(['Radiofrequência', 'Criolipólise - Flancos']),
      );
      expect(item?.summary).toBe('Dupla clássica para contorno corporal.');
      expect(item?.mechanism).toBe('A radiofrequência firma a pele depois da redução de gordura.');
      expect(item?.expected_gain_percent_range).toBe('25–35%');
      expect(item?.synergy).toContain('gordura localizada');
      expect(item?.contraindications.length).toBeGreaterThan(0);
      expect(item?.next_steps.length).toBeGreaterThan(0);
    }
  });

  it('finds a relation stored for another area of a selected procedure', async () => {
    // Abdômen and Flancos are one procedure: the Flancos relation applies, and once.
    const { items } = await generate({
      procedures: refs('Criolipólise - Abdômen', 'Criolipólise - Flancos', 'Radiofrequência'),
    });
    expect(items.map((i) => i.title)).toEqual(['Radiofrequência + Criolipólise - Flancos']);
  });

  it('lists relations richest first', async () => {
    const { items } = await generate({
      procedures: refs('Drenagem Linfática', 'Radiofrequência', 'Criolipólise - Flancos'),
    });
    expect(items.slice(0, 2).map((i) => i.expected_gain_percent_range)).toEqual([
      '25–35%',
      '5–15%',
    ]);
    // The consecutive pair Drenagem–Radiofrequência has a relation, Radiofrequência–Criolipólise
    // too: no fallback is needed.
    expect(items).toHaveLength(2);
  });

  it('falls back to at most 5 consecutive pairs built from the benefits', async () => {
    const names = [
      'Peeling Químico',
      'Microagulhamento',
      'Limpeza de Pele',
      'HIFU',
      'Criolipólise - Abdômen',
      'Drenagem Linfática',
      'Radiofrequência',
    ];
    const { items } = await generate({ procedures: refs(...names) });
    // Issue 26: a pair without a stored relation promises no gain at all.
    const related = items.filter((i) => i.expected_gain_percent_range !== null);
    const fallback = items.filter((i) => i.expected_gain_percent_range === null);
    expect(related.map((i) => i.title)).toEqual(['Drenagem Linfática + Radiofrequência']);
    expect(fallback.map((i) => [i.procedure1, i.procedure2])).toEqual([
      ['Peeling Químico', 'Microagulhamento'],
      ['Microagulhamento', 'Limpeza de Pele'],
      ['Limpeza de Pele', 'HIFU'],
      ['HIFU', 'Criolipólise - Abdômen'],
      ['Criolipólise - Abdômen', 'Drenagem Linfática'],
    ]);
    const hifuPair = fallback[3];
    expect(hifuPair?.mechanism).toContain('HIFU atua em HIFU facial');
    expect(hifuPair?.mechanism).toContain('Criolipólise - Abdômen em gordura localizada');
    expect(hifuPair?.differentials).toContain('Criolipólise - Abdômen: Reduz medidas');
    for (const item of items) {
      expect(item.summary).not.toBe('');
      expect(item.contraindications.length).toBeGreaterThan(0);
    }
  });

  it('dedupes by base name before pairing', async () => {
    const { items } = await generate({
      procedures: refs(
        'Peeling Químico',
        'Criolipólise - Abdômen',
        'Criolipólise - Flancos',
        'HIFU',
      ),
    });
    expect(items.map((i) => [i.procedure1, i.procedure2])).toEqual([
      ['Peeling Químico', 'Criolipólise - Abdômen'],
      ['Criolipólise - Abdômen', 'HIFU'],
    ]);
  });

  it('ignores unknown ids and reads names from the catalogue', async () => {
    const { items } = await generate({
      procedures: [
        { id: svc('Peeling Químico').id, name: 'Nome enviado pelo cliente' },
        { id: 2_000_000, name: 'Inexistente' },
        { id: svc('HIFU').id, name: 'HIFU' },
      ],
    });
    expect(items.map((i) => i.title)).toEqual(['Peeling Químico + HIFU']);
    const alone = await generate({
      procedures: [
        { id: svc('HIFU').id, name: 'HIFU' },
        { id: 2_000_001, name: 'Outro' },
      ],
    });
    expect(alone.items).toEqual([]);
  });

  it('accepts procedures as names, deduplicated by the part before " - " (SPEC section 7)', async () => {
    const byNames = await generate({
      procedures: [
        'Peeling Químico',
        'Criolipólise - Abdômen',
        'Criolipólise - Flancos',
        'HIFU',
        'Procedimento que não existe',
      ],
    });
    const byRefs = await generate({
      procedures: refs(
        'Peeling Químico',
        'Criolipólise - Abdômen',
        'Criolipólise - Flancos',
        'HIFU',
      ),
    });
    expect(byNames.items.map((i) => [i.procedure1, i.procedure2])).toEqual([
      ['Peeling Químico', 'Criolipólise - Abdômen'],
      ['Criolipólise - Abdômen', 'HIFU'],
    ]);
    expect(byNames).toEqual(byRefs);
  });

  it('matches names without regard to case or accents, and mixes names with objects', async () => {
    const { items } = await generate({
      procedures: ['  peeling quimico ', { id: svc('HIFU').id, name: 'HIFU' }, 'HIFU'],
    });
    expect(items.map((i) => i.title)).toEqual(['Peeling Químico + HIFU']);
  });

  it('accepts enrich_with_ai and answers with the local engine', async () => {
    const answer = await generate({
      procedures: refs('Peeling Químico', 'HIFU'),
      enrich_with_ai: true,
      extra_field: 'ignored',
    });
    expect(answer.engine).toBe('local');
    expect(answer.items).toHaveLength(1);
  });

  it.each([
    ['no procedures', {}, 'Informe a lista de procedimentos.'],
    [
      'a zero id',
      { procedures: [{ id: 0, name: 'A' }] },
      'Identificador de procedimento inválido.',
    ],
    [
      'a text id',
      { procedures: [{ id: 'x', name: 'A' }] },
      'Identificador de procedimento inválido.',
    ],
    ['a blank name', { procedures: [{ id: 1, name: '  ' }] }, 'Informe o nome do procedimento.'],
    ['a blank plain name', { procedures: ['  '] }, 'Informe o nome do procedimento.'],
    [
      'a number as a procedure',
      { procedures: [42] },
      'Envie cada procedimento como nome ou como {id, name}.',
    ],
    [
      'a non-boolean enrich flag',
      { procedures: [], enrich_with_ai: 'sim' },
      'O campo enrich_with_ai deve ser verdadeiro ou falso.',
    ],
    [
      'too many procedures',
      { procedures: Array.from({ length: 201 }, (_, i) => ({ id: i + 1, name: `P${i}` })) },
      'Envie no máximo 200 procedimentos.',
    ],
  ])('answers 422 for %s', async (_label, body, message) => {
    const res = await t.request('POST', URL, { token, body });
    expect(res.statusCode).toBe(422);
    const detail = (res.json() as { detail: Array<{ msg: string }> }).detail;
    expect(detail[0]?.msg).toBe(message);
  });
});

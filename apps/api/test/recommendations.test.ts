import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES, type RecommendationResponse } from '@portal/domain';
import { planRecommendation, solveRecommendation } from '../src/modules/sales/ai/recommender.ts';
import { AiAbortedError } from '../src/modules/sales/ai/provider.ts';
import { createAiCatalogue, type AiCatalogue } from './helpers/ai-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const URL = '/api/v1/recommendations/';

describe('POST /recommendations/', () => {
  let t: TestApp;
  let c: AiCatalogue;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await createAiCatalogue(t);
    token = (await t.as('professional')).token;
  });
  afterAll(() => t.close());

  const recommend = async (body: unknown, as = token) => {
    const res = await t.request('POST', URL, { token: as, body });
    return {
      status: res.statusCode,
      body: res.json() as RecommendationResponse & { detail: unknown },
    };
  };
  const ids = (r: RecommendationResponse) => r.items.map((item) => item.service_id);
  const firstMsg = (body: { detail: unknown }) =>
    (body.detail as Array<{ msg: string; loc: unknown[] }>)[0];

  it('answers 401 without a token', async () => {
    const res = await t.request('POST', URL, { body: { goal_text: 'manchas' } });
    expect(res.statusCode).toBe(401);
  });

  it.each(['professional', 'manager', 'admin'] as const)('lets a %s ask', async (profile) => {
    const user = await t.as(profile);
    const res = await recommend({ goal_text: 'manchas', package_id: c.pkg.id }, user.token);
    expect(res.status).toBe(200);
    expect(res.body.engine).toBe('local');
  });

  it('recommends the procedures for the goals, with synergy, within the package', async () => {
    const { status, body } = await recommend({
      goal_text: 'Cliente quer reduzir gordura localizada na barriga e tratar a flacidez',
      package_id: c.pkg.id,
      include_synergies: true,
      max_items: 12,
      block_limits: { A: 2, B: 2, C: 1, D: 0 },
    });
    expect(status).toBe(200);
    expect(ids(body)).toEqual(expect.arrayContaining([c.services.crio!.id, c.services.radio!.id]));
    const crio = body.items.find((item) => item.service_id === c.services.crio!.id)!;
    expect(crio).toMatchObject({ block: 'B', name: 'Criolipólise Abdômen' });
    expect(crio.reason).toContain('gordura localizada');
    expect(crio.reason).toContain('Radiofrequência Corporal (+20%)');
    expect(body.summary).toContain('Margem do pacote');
    // Never the inactive one, never the restricted laser; D has no room.
    expect(ids(body)).not.toContain(c.services.carboxi!.id);
    expect(ids(body)).not.toContain(c.services.laser!.id);
    const perBlock = (block: string) => body.items.filter((item) => item.block === block).length;
    expect(perBlock('A')).toBeLessThanOrEqual(2);
    expect(perBlock('B')).toBeLessThanOrEqual(2);
    expect(perBlock('C')).toBeLessThanOrEqual(1);
    expect(perBlock('D')).toBe(0);
  });

  it('keeps the total within a Brazilian-formatted budget', async () => {
    const { status, body } = await recommend({
      budget: 'R$ 1.000,00',
      desired_functions: ['Gordura localizada', 'Flacidez'],
      package_id: c.pkg.id,
    });
    expect(status).toBe(200);
    const byId = new Map(c.all.map((s) => [s.id, s]));
    const total = ids(body).reduce((sum, id) => sum + byId.get(id)!.value, 0);
    expect(total).toBeLessThanOrEqual(1000);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.summary).toContain('Orçamento anual: R$');
  });

  it('reads a monthly budget from the goal text and says it multiplied by 12', async () => {
    const { body } = await recommend({
      goal_text: 'manchas, até 100 por mês',
      package_id: c.pkg.id,
    });
    expect(body.summary).toMatch(/por mês, considerado como R\$\s1\.200,00 no ano \(× 12\)/);
    const byId = new Map(c.all.map((s) => [s.id, s]));
    expect(ids(body).reduce((sum, id) => sum + byId.get(id)!.value, 0)).toBeLessThanOrEqual(1200);
  });

  it('leaves needles out when the client asks "sem agulhas"', async () => {
    const withNeedles = await recommend({
      goal_text: 'rugas e pés de galinha',
      package_id: c.pkg.id,
    });
    expect(ids(withNeedles.body)).toContain(c.services.toxina!.id);
    const { body } = await recommend({
      goal_text: 'rugas e pés de galinha, sem agulhas',
      package_id: c.pkg.id,
    });
    expect(ids(body)).not.toContain(c.services.toxina!.id);
    expect(body.summary).toContain('Excluídos a pedido ("agulhas")');
  });

  it('respects max_items', async () => {
    const { body } = await recommend({
      goal_text: 'manchas e acne',
      max_items: 1,
      package_id: c.pkg.id,
    });
    expect(body.items).toHaveLength(1);
  });

  it('without a package: one per block and no margin rule, and says so', async () => {
    const { status, body } = await recommend({ goal_text: 'manchas e celulite' });
    expect(status).toBe(200);
    expect(body.summary).toContain(
      'Sem valor de pacote informado: a regra de margem não foi aplicada.',
    );
    for (const block of ['A', 'B', 'C', 'D']) {
      expect(body.items.filter((item) => item.block === block).length).toBeLessThanOrEqual(1);
    }
  });

  it('refuses a selection the margin rule forbids', async () => {
    const admin = await t.as('admin');
    const cheap = await t.request('POST', '/api/v1/packages/', {
      token: admin.token,
      body: { name: 'Pacote Mínimo', annual_value: 300, block_limits: { a: 1, b: 1, c: 1, d: 1 } },
    });
    const { body } = await recommend({
      goal_text: 'rugas',
      package_id: (cheap.json() as { id: number }).id,
    });
    // Toxina (cost 400, min 30%) can never fit a R$ 300 package.
    expect(ids(body)).not.toContain(c.services.toxina!.id);
  });

  it('ignores unknown body fields', async () => {
    const { status } = await recommend({ goal_text: 'manchas', id: 5, engine: 'openai' });
    expect(status).toBe(200);
  });

  it.each([
    {
      label: 'budget text',
      body: { budget: 'muito dinheiro' },
      msg: AI_MESSAGES.budgetInvalid,
      field: 'budget',
    },
    {
      label: 'negative budget',
      body: { budget: -10 },
      msg: AI_MESSAGES.budgetInvalid,
      field: 'budget',
    },
    {
      label: 'max_items 0',
      body: { max_items: 0 },
      msg: AI_MESSAGES.maxItemsInvalid,
      field: 'max_items',
    },
    {
      label: 'max_items 31',
      body: { max_items: 31 },
      msg: AI_MESSAGES.maxItemsInvalid,
      field: 'max_items',
    },
    {
      label: 'max_items 2.5',
      body: { max_items: 2.5 },
      msg: AI_MESSAGES.maxItemsInvalid,
      field: 'max_items',
    },
    {
      label: 'negative block limit',
      body: { block_limits: { A: -1 } },
      msg: AI_MESSAGES.blockLimitInvalid,
      field: 'block_limits',
    },
    {
      label: 'block_limits not an object',
      body: { block_limits: 'A' },
      msg: AI_MESSAGES.blockLimitInvalid,
      field: 'block_limits',
    },
    {
      label: 'package_id text',
      body: { package_id: 'x' },
      msg: AI_MESSAGES.packageIdInvalid,
      field: 'package_id',
    },
    {
      label: 'include_synergies text',
      body: { include_synergies: 'sim' },
      msg: AI_MESSAGES.includeSynergiesInvalid,
      field: 'include_synergies',
    },
    {
      label: 'desired_functions number',
      body: { desired_functions: 5 },
      msg: AI_MESSAGES.desiredFunctionsInvalid,
      field: 'desired_functions',
    },
    {
      label: 'goal_text too long',
      body: { goal_text: 'a'.repeat(4001) },
      msg: AI_MESSAGES.goalTextTooLong,
      field: 'goal_text',
    },
  ])('answers 422 for $label', async ({ body, msg, field }) => {
    const res = await recommend(body);
    expect(res.status).toBe(422);
    const issue = firstMsg(res.body)!;
    expect(issue.msg).toBe(msg);
    expect(issue.loc.slice(0, 2)).toEqual(['body', field]);
  });

  it('answers 422 for a package that does not exist', async () => {
    const res = await recommend({ goal_text: 'manchas', package_id: 999_999 });
    expect(res.status).toBe(422);
    expect(firstMsg(res.body)).toEqual({
      loc: ['body', 'package_id'],
      msg: AI_MESSAGES.packageNotFound,
      type: 'value_error',
    });
  });

  it('answers 422 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(422);
  });

  it('stops the search when the request is cancelled', async () => {
    const procedures = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      name: `Procedimento ${i + 1} para manchas`,
      block: (['A', 'B', 'C', 'D'] as const)[i % 4]!,
      value: 100 + i,
      cost: 10,
      min_margin_percent: 0,
      session_limit: 0,
      status: 'active',
    }));
    const plan = planRecommendation({
      goalText: 'manchas',
      functions: [],
      budget: null,
      maxItems: 12,
      blockLimits: { A: 3, B: 3, C: 3, D: 3 },
      includeSynergies: false,
      procedures,
      relations: [],
      pkg: null,
    });
    const controller = new AbortController();
    controller.abort();
    await expect(solveRecommendation(plan, controller.signal)).rejects.toBeInstanceOf(
      AiAbortedError,
    );
  });
});

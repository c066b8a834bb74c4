import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_CONFIG_MESSAGES, type AiConfig } from '@portal/domain';
import { seedAiConfigs } from '../src/db/seed/ai-configs.ts';
import { DEFAULT_AI_CONFIGS } from '../src/modules/catalogue/ai-configs/prompts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const BASE = '/api/v1/ai/prompt-config/ai-configs';

describe('AI prompt configurations', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedAiConfigs(t.database.db);
    admin = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string> = {}) => {
    const res = await t.request('GET', BASE, { token: admin, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AiConfig[];
  };

  it('seeds one configuration per use of the AI', async () => {
    const codes = (await list({ order: 'codigo' })).map((config) => config.codigo);
    expect(codes).toEqual(['chat_assistente', 'client_care', 'recomendacao_pacote', 'sinergias']);
  });

  it('lists with the prompt length and every field', async () => {
    const [first] = await list({ q: 'recomendacao_pacote' });
    const seeded = DEFAULT_AI_CONFIGS.find((c) => c.codigo === 'recomendacao_pacote')!;
    expect(first).toMatchObject({
      codigo: 'recomendacao_pacote',
      prompt: seeded.prompt,
      rules: seeded.rules,
      prompt_length: seeded.prompt.length,
    });
    expect(typeof first!.id).toBe('number');
    expect(Number.isNaN(Date.parse(first!.updated_at))).toBe(false);
  });

  it('searches code, prompt and rules without caring about case or accents', async () => {
    expect((await list({ q: 'SINERGIAS' })).map((c) => c.codigo)).toEqual(['sinergias']);
    // "contraindicações" is only in the synergies prompt; typed without accents.
    expect((await list({ q: 'contraindicacoes' })).map((c) => c.codigo)).toEqual(['sinergias']);
    // "max_recommendations" is only in the chat rules.
    expect((await list({ q: 'max_recommendations' })).map((c) => c.codigo)).toEqual([
      'chat_assistente',
    ]);
    expect(await list({ q: 'nada-disso-existe' })).toEqual([]);
  });

  it('sorts by code both ways and by update time', async () => {
    const az = (await list({ order: 'codigo' })).map((c) => c.codigo);
    expect((await list({ order: '-codigo' })).map((c) => c.codigo)).toEqual([...az].reverse());
    const target = (await list({ q: 'client_care' }))[0]!;
    await t.request('PATCH', `${BASE}/${target.id}`, {
      token: admin,
      body: { prompt: 'Cuide bem de cada cliente.' },
    });
    expect((await list())[0]!.codigo).toBe('client_care');
    expect((await list({ order: 'updated_at' })).at(-1)!.codigo).toBe('client_care');
  });

  it('answers 422 for an unknown order', async () => {
    const res = await t.request('GET', BASE, { token: admin, query: { order: 'nome' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].msg).toBe(AI_CONFIG_MESSAGES.orderInvalid);
  });

  it('reads one configuration by id or by code', async () => {
    const byCode = await t.request('GET', `${BASE}/chat_assistente`, { token: admin });
    expect(byCode.statusCode).toBe(200);
    const config = byCode.json() as AiConfig;
    const byId = await t.request('GET', `${BASE}/${config.id}`, { token: admin });
    expect(byId.json()).toEqual(config);
  });

  it.each(['nao_existe', '999999', '99999999999999999999'])('answers 404 for %s', async (ref) => {
    const res = await t.request('GET', `${BASE}/${ref}`, { token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: AI_CONFIG_MESSAGES.notFound });
    const patch = await t.request('PATCH', `${BASE}/${ref}`, {
      token: admin,
      body: { prompt: 'x' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it('edits only the prompt, trimmed; the rules stay', async () => {
    const before = (
      await t.request('GET', `${BASE}/sinergias`, { token: admin })
    ).json() as AiConfig;
    const res = await t.request('PATCH', `${BASE}/sinergias`, {
      token: admin,
      body: { prompt: '  Explique a sinergia com clareza.  ', rules: 'sem regras', id: 99 },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json() as AiConfig;
    expect(after).toMatchObject({
      id: before.id,
      codigo: 'sinergias',
      prompt: 'Explique a sinergia com clareza.',
      rules: before.rules,
      prompt_length: 'Explique a sinergia com clareza.'.length,
    });
    expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
  });

  it('accepts exactly 8000 characters', async () => {
    const res = await t.request('PATCH', `${BASE}/chat_assistente`, {
      token: admin,
      body: { prompt: 'a'.repeat(8000) },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AiConfig).prompt_length).toBe(8000);
  });

  it.each([
    { label: 'missing prompt', body: {}, msg: AI_CONFIG_MESSAGES.promptRequired },
    { label: 'blank prompt', body: { prompt: '   ' }, msg: AI_CONFIG_MESSAGES.promptRequired },
    { label: 'prompt not text', body: { prompt: 5 }, msg: AI_CONFIG_MESSAGES.promptRequired },
    {
      label: '8001 characters',
      body: { prompt: 'a'.repeat(8001) },
      msg: AI_CONFIG_MESSAGES.promptTooLong,
    },
  ])('answers 422 for $label and changes nothing', async ({ body, msg }) => {
    const before = (await t.request('GET', `${BASE}/recomendacao_pacote`, { token: admin })).json();
    const res = await t.request('PATCH', `${BASE}/recomendacao_pacote`, { token: admin, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'prompt'], msg });
    const after = (await t.request('GET', `${BASE}/recomendacao_pacote`, { token: admin })).json();
    expect(after).toEqual(before);
  });

  it('seeding again creates what is missing and never overwrites an edit', async () => {
    await t.request('PATCH', `${BASE}/recomendacao_pacote`, {
      token: admin,
      body: { prompt: 'Prompt editado pela administração.' },
    });
    await t.database.exec("DELETE FROM ai_configs WHERE codigo = 'client_care'");
    await seedAiConfigs(t.database.db);
    await seedAiConfigs(t.database.db);
    const configs = await list({ order: 'codigo' });
    expect(configs).toHaveLength(4);
    expect(configs.find((c) => c.codigo === 'recomendacao_pacote')!.prompt).toBe(
      'Prompt editado pela administração.',
    );
    expect(configs.find((c) => c.codigo === 'client_care')!.prompt).toBe(
      DEFAULT_AI_CONFIGS.find((c) => c.codigo === 'client_care')!.prompt,
    );
  });

  describe('roles', () => {
    const calls = [
      ['GET', BASE],
      ['GET', `${BASE}/sinergias`],
      ['PATCH', `${BASE}/sinergias`],
    ] as const;

    it.each(calls)('%s %s answers 401 without a token', async (method, url) => {
      const res = await t.request(method, url, { body: { prompt: 'x' } });
      expect(res.statusCode).toBe(401);
    });

    it.each(
      calls.flatMap(([method, url]) => [
        ['professional', method, url] as const,
        ['manager', method, url] as const,
      ]),
    )('%s gets 403 on %s %s', async (profile, method, url) => {
      const user = await t.as(profile);
      const res = await t.request(method, url, { token: user.token, body: { prompt: 'x' } });
      expect(res.statusCode).toBe(403);
    });
  });
});

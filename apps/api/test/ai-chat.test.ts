import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES, parseAiItemsText, type AiTextResponse } from '@portal/domain';
import { createAiCatalogue, type AiCatalogue } from './helpers/ai-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const URL = '/api/v1/ai/ai/text';

describe('POST /ai/ai/text', () => {
  let t: TestApp;
  let c: AiCatalogue;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await createAiCatalogue(t);
    token = (await t.as('professional')).token;
  });
  afterAll(() => t.close());

  /** The request the assistant sends (SPEC section 9 defaults). */
  const chatBody = (text: string, extra: Record<string, unknown> = {}) => ({
    text,
    procedures: c.all,
    max_recommendations: 6,
    context: { source: 'assistant', history: [], selected_package: c.pkg },
    temperature: 0.4,
    max_tokens: 900,
    ...extra,
  });

  const chat = async (body: unknown, as = token) => {
    const res = await t.request('POST', URL, { token: as, body });
    return { status: res.statusCode, body: res.json() as AiTextResponse & { detail: unknown } };
  };

  const itemsOf = (response: AiTextResponse) => {
    const parsed = parseAiItemsText(response.text);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.items;
  };

  it('answers 401 without a token', async () => {
    const res = await t.request('POST', URL, { body: chatBody('manchas') });
    expect(res.statusCode).toBe(401);
  });

  it.each(['professional', 'manager', 'admin'] as const)('lets a %s chat', async (profile) => {
    const user = await t.as(profile);
    const res = await chat(chatBody('manchas'), user.token);
    expect(res.status).toBe(200);
    expect(res.body.engine).toBe('local');
  });

  it('answers JSON items with reasons, within the selected package', async () => {
    const { status, body } = await chat(chatBody('Quero clarear manchas e melasma'));
    expect(status).toBe(200);
    const items = itemsOf(body);
    expect(items.map((item) => item.service_id)).toContain(c.services.peeling!.id);
    // The laser is restricted by the package.
    expect(items.map((item) => item.service_id)).not.toContain(c.services.laser!.id);
    const peeling = items.find((item) => item.service_id === c.services.peeling!.id)!;
    expect(peeling.name).toBe('Peeling Químico');
    expect(peeling.reason).toContain('manchas');
    expect(peeling.benefit_for_client).toBe('Clareia manchas e uniformiza o tom.');
    expect(peeling.reasoning_summary).toContain('bloco A');
  });

  it('keeps to the package block limits and to max_recommendations', async () => {
    const noC = { ...c.pkg, block_limits: { a: 1, b: 1, c: 0, d: 0 } };
    const { body } = await chat(
      chatBody('rugas, manchas, gordura e acne', {
        max_recommendations: 2,
        context: { history: [], selected_package: noC },
      }),
    );
    const items = itemsOf(body);
    expect(items.length).toBeLessThanOrEqual(2);
    const blocks = items.map((item) => c.all.find((s) => s.id === item.service_id)!.block);
    expect(blocks).not.toContain('C');
  });

  it('uses the earlier messages when the new one only refines them', async () => {
    const unrestricted = { ...c.pkg, restricted_procedures: [], procedures: [] };
    const first = await chat(
      chatBody('quero clarear manchas', {
        context: { history: [], selected_package: unrestricted },
      }),
    );
    expect(itemsOf(first.body).map((i) => i.service_id)).toContain(c.services.laser!.id);
    const { body } = await chat(
      chatBody('e sem laser', {
        context: {
          history: [
            { role: 'user', content: 'quero clarear manchas' },
            { role: 'assistant', content: first.body.text },
          ],
          selected_package: unrestricted,
        },
      }),
    );
    const ids = itemsOf(body).map((i) => i.service_id);
    expect(ids).toContain(c.services.peeling!.id);
    expect(ids).not.toContain(c.services.laser!.id);
  });

  it('counts a procedure sent twice once', async () => {
    const { body } = await chat(chatBody('manchas', { procedures: [...c.all, ...c.all] }));
    const ids = itemsOf(body).map((item) => item.service_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers no items when nothing is offered', async () => {
    const { status, body } = await chat(chatBody('manchas', { procedures: [] }));
    expect(status).toBe(200);
    expect(itemsOf(body)).toEqual([]);
  });

  const longHistory = Array.from({ length: 21 }, () => ({ role: 'user', content: 'oi' }));
  it.each([
    { label: 'missing text', body: { procedures: [] }, msg: AI_MESSAGES.textRequired },
    { label: 'blank text', body: { text: '   ' }, msg: AI_MESSAGES.textRequired },
    { label: 'text too long', body: { text: 'a'.repeat(4001) }, msg: AI_MESSAGES.textTooLong },
    {
      label: 'too many procedures',
      body: {
        text: 'oi',
        procedures: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, name: `P${i}` })),
      },
      msg: AI_MESSAGES.proceduresTooMany,
    },
    {
      label: 'procedure without id',
      body: { text: 'oi', procedures: [{ name: 'Sem id' }] },
      msg: AI_MESSAGES.procedureIdInvalid,
    },
    {
      label: 'history too long',
      body: { text: 'oi', context: { history: longHistory } },
      msg: AI_MESSAGES.historyTooLong,
    },
    {
      label: 'bad role',
      body: { text: 'oi', context: { history: [{ role: 'robot', content: 'x' }] } },
      msg: AI_MESSAGES.historyRoleInvalid,
    },
    {
      label: 'temperature 3',
      body: { text: 'oi', temperature: 3 },
      msg: AI_MESSAGES.temperatureInvalid,
    },
    {
      label: 'max_tokens 0',
      body: { text: 'oi', max_tokens: 0 },
      msg: AI_MESSAGES.maxTokensInvalid,
    },
    {
      label: 'max_recommendations 0',
      body: { text: 'oi', max_recommendations: 0 },
      msg: AI_MESSAGES.maxRecommendationsInvalid,
    },
  ])('answers 422 for $label', async ({ body, msg }) => {
    const res = await chat(body);
    expect(res.status).toBe(422);
    expect((res.body.detail as Array<{ msg: string }>)[0]!.msg).toBe(msg);
  });
});

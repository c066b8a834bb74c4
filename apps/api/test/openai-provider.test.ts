import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseAiItemsText, type AiTextResponse, type RecommendationResponse } from '@portal/domain';
import { OpenAiProvider } from '../src/modules/sales/ai/openai-provider.ts';
import { AiProviderError, type AiTask } from '../src/modules/sales/ai/provider.ts';
import { defaultPrompt } from '../src/modules/catalogue/ai-configs/prompts.ts';
import { writeSynergySuggestions } from '../src/modules/sales/ai/synergy-writer.ts';
import { seedAiConfigs } from '../src/db/seed/ai-configs.ts';
import { loadConfig } from '../src/config.ts';
import { createAiCatalogue, type AiCatalogue } from './helpers/ai-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A chat-completions server on 127.0.0.1 that answers as told: a good JSON answer (built from what
 * it was offered), bad JSON, HTTP 500, or nothing at all (timeout).
 */
type Mode = 'good' | 'bad-json' | 'http-500' | 'hang' | 'wrong-shape' | 'fenced' | 'break-rules';

interface ReceivedCall {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    response_format: { type: string };
    temperature: number;
    max_tokens: number;
    messages: Array<{ role: string; content: string }>;
  };
}

let mode: Mode = 'good';
let answerFor: (input: Record<string, unknown>) => unknown = () => ({});
const calls: ReceivedCall[] = [];
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as ReceivedCall['body'];
    calls.push({ headers: req.headers, body });
    if (mode === 'hang') return; // never answers: the client must time out
    if (mode === 'http-500') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
      return;
    }
    const input = JSON.parse(body.messages.at(-1)!.content) as Record<string, unknown>;
    const answer = answerFor(input);
    const content =
      mode === 'bad-json'
        ? 'Claro! Aqui estão minhas sugestões: peeling e laser.'
        : mode === 'wrong-shape'
          ? JSON.stringify({ sugestoes: ['peeling'] })
          : mode === 'fenced'
            ? '```json\n' + JSON.stringify(answer) + '\n```'
            : JSON.stringify(answer);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  });
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  mode = 'good';
  calls.length = 0;
});

const TIMEOUT_MS = 400;

describe('OpenAiProvider against a chat-completions server', () => {
  const task: AiTask<{ answer: string }> = {
    codigo: 'chat_assistente',
    input: { pergunta: 'oi' },
    history: [{ role: 'user', content: 'antes' }],
    schema: z.object({ answer: z.string() }),
    check: (a) => (a.answer === 'proibido' ? 'resposta proibida.' : null),
    local: () => ({ answer: 'local' }),
    temperature: 0.4,
    maxTokens: 900,
  };
  const provider = () =>
    new OpenAiProvider({
      baseUrl: `${baseUrl}/`,
      apiKey: 'chave-secreta',
      model: 'modelo-x',
      timeoutMs: TIMEOUT_MS,
    });
  const run = () =>
    provider().complete(task, defaultPrompt('chat_assistente'), new AbortController().signal);

  it('sends the model, JSON mode, the prompt with its rules, the history and a bearer key', async () => {
    answerFor = () => ({ answer: 'olá' });
    await expect(run()).resolves.toEqual({ answer: 'olá' });
    const [call] = calls;
    expect(call!.headers.authorization).toBe('Bearer chave-secreta');
    expect(call!.body).toMatchObject({
      model: 'modelo-x',
      response_format: { type: 'json_object' },
      temperature: 0.4,
      max_tokens: 900,
    });
    const [system, previous, user] = call!.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain(defaultPrompt('chat_assistente').prompt);
    expect(system!.content).toContain(defaultPrompt('chat_assistente').rules);
    expect(previous).toEqual({ role: 'user', content: 'antes' });
    expect(JSON.parse(user!.content)).toEqual({ pergunta: 'oi' });
  });

  it('accepts JSON inside a code fence', async () => {
    mode = 'fenced';
    answerFor = () => ({ answer: 'cercado' });
    await expect(run()).resolves.toEqual({ answer: 'cercado' });
  });

  it.each([
    ['bad-json', 'não respondeu com um JSON válido'],
    ['http-500', 'HTTP 500'],
    ['hang', 'não respondeu em'],
    ['wrong-shape', 'não segue o formato esperado'],
  ] as const)('turns %s into a provider error', async (failure, reason) => {
    mode = failure;
    answerFor = () => ({ answer: 'x' });
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).reason).toContain(reason);
  });

  it('turns an answer that breaks the rules into a provider error', async () => {
    answerFor = () => ({ answer: 'proibido' });
    const error = await run().catch((e: unknown) => e);
    expect((error as AiProviderError).reason).toContain(
      'não respeita as regras: resposta proibida.',
    );
  });

  it('turns an unreachable server into a provider error', async () => {
    const offline = new OpenAiProvider({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: undefined,
      model: 'm',
      timeoutMs: TIMEOUT_MS,
    });
    const error = await offline
      .complete(task, defaultPrompt('chat_assistente'), new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
  });
});

describe('the API with AI_PROVIDER=openai', () => {
  let t: TestApp;
  let c: AiCatalogue;
  let token: string;

  beforeAll(async () => {
    const base = loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' });
    t = await createTestApp({
      config: {
        ...base,
        webDist: '/nonexistent',
        ai: { provider: 'openai', baseUrl, apiKey: 'k', model: 'modelo-x', timeoutMs: TIMEOUT_MS },
      },
    });
    await seedAiConfigs(t.database.db);
    c = await createAiCatalogue(t);
    token = (await t.as('professional')).token;
  });
  afterAll(() => t.close());

  /** The model picks the first procedure it was offered. */
  const pickFirst = (input: Record<string, unknown>) => {
    const [first] = input.procedimentos as Array<{
      service_id: number;
      nome?: string;
      name?: string;
    }>;
    return first;
  };

  const recommend = async () => {
    const res = await t.request('POST', '/api/v1/recommendations/', {
      token,
      body: { goal_text: 'quero clarear manchas', package_id: c.pkg.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RecommendationResponse;
  };

  it('uses the model and its reasons when the answer is valid', async () => {
    answerFor = (input) => ({
      items: [{ service_id: pickFirst(input)!.service_id, reason: 'Escolha do modelo.' }],
    });
    const body = await recommend();
    expect(body.engine).toBe('openai');
    expect(body.fallback_reason).toBeUndefined();
    expect(body.items).toEqual([
      {
        service_id: c.services.peeling!.id,
        block: 'A',
        name: 'Peeling Químico',
        reason: 'Escolha do modelo.',
      },
    ]);
    // The prompt comes from the ai_configs table.
    expect(calls[0]!.body.messages[0]!.content).toContain('consultora sênior');
  });

  it('uses the prompt an admin edited', async () => {
    const admin = await t.as('admin');
    await t.request('PATCH', '/api/v1/ai/prompt-config/ai-configs/recomendacao_pacote', {
      token: admin.token,
      body: { prompt: 'Prompt de teste editado.' },
    });
    answerFor = () => ({ items: [] });
    await recommend();
    expect(calls[0]!.body.messages[0]!.content).toContain('Prompt de teste editado.');
  });

  it.each(['bad-json', 'http-500', 'hang', 'wrong-shape'] as const)(
    'falls back to the local engine on %s and says why',
    async (failure) => {
      mode = failure;
      const body = await recommend();
      expect(body.engine).toBe('local');
      expect(body.fallback_reason).toEqual(expect.any(String));
      expect(body.items.map((item) => item.service_id)).toContain(c.services.peeling!.id);
    },
  );

  it('falls back when the model picks a procedure the package restricts', async () => {
    answerFor = () => ({ items: [{ service_id: c.services.laser!.id, reason: 'Laser.' }] });
    const body = await recommend();
    expect(body.engine).toBe('local');
    expect(body.fallback_reason).toContain('fora da lista');
  });

  it('chats through the model, and falls back when it fails', async () => {
    answerFor = (input) => {
      const first = pickFirst(input)!;
      return {
        items: [
          {
            service_id: first.service_id,
            name: 'nome do modelo',
            reason: 'r',
            benefit_for_client: 'b',
            reasoning_summary: 's',
          },
        ],
      };
    };
    const body = {
      text: 'clarear manchas',
      procedures: c.all,
      context: { history: [], selected_package: c.pkg },
    };
    const good = await t.request('POST', '/api/v1/ai/ai/text', { token, body });
    const goodAnswer = good.json() as AiTextResponse;
    expect(goodAnswer.engine).toBe('openai');
    const parsed = parseAiItemsText(goodAnswer.text);
    // The name is the catalogue's, not the model's.
    expect(parsed.ok && parsed.items[0]!.name).toBe('Peeling Químico');

    mode = 'http-500';
    const bad = (
      await t.request('POST', '/api/v1/ai/ai/text', { token, body })
    ).json() as AiTextResponse;
    expect(bad.engine).toBe('local');
    expect(bad.fallback_reason).toContain('HTTP 500');
  });

  it('writes synergy texts through the model or falls back when it promises more gain', async () => {
    const drafts = [
      {
        procedure1: 'Criolipólise Abdômen',
        procedure2: 'Radiofrequência Corporal',
        title: 'Criolipólise + Radiofrequência',
        summary: 's',
        mechanism: 'm',
        synergy: 'y',
        expected_gain_percent_range: '15–25%',
        contraindications: ['Gestação'],
        differentials: [],
        next_steps: [],
      },
    ];
    const ctx = { db: t.database.db, config: t.config };
    const input = {
      procedures: [
        { id: 1, name: 'Criolipólise Abdômen', mainFunction: 'Gordura localizada' },
        { id: 2, name: 'Radiofrequência Corporal', mainFunction: 'Flacidez' },
      ],
      relations: [],
      drafts,
    };
    answerFor = () => ({ items: [{ ...drafts[0], summary: 'Texto do modelo.' }] });
    const good = await writeSynergySuggestions(ctx, input);
    expect(good.engine).toBe('openai');
    expect(good.result[0]!.summary).toBe('Texto do modelo.');

    answerFor = () => ({ items: [{ ...drafts[0], expected_gain_percent_range: '40–60%' }] });
    const greedy = await writeSynergySuggestions(ctx, input);
    expect(greedy.engine).toBe('local');
    expect(greedy.fallbackReason).toContain('faixa de ganho');
    // The local writer made the texts specific: cold contraindication for criolipólise.
    expect(greedy.result[0]!.contraindications.join(' ')).toContain('frio');
  });
});

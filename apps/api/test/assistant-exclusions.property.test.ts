import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCarePdfPayloadSchema,
  parseAiItemsText,
  type AiTextResponse,
  type AiEngine,
  type Package,
  type RecommendationResponse,
  type Service,
} from '@portal/domain';
import { enrichClientCare } from '../src/modules/sales/ai/client-care.ts';
import { loadConfig } from '../src/config.ts';
import { seedAiConfigs } from '../src/db/seed/ai-configs.ts';
import { seedDemoCatalogue } from '../src/db/seed/demo-catalogue.ts';
import { NOT_IN_PREGNANCY, RULED_OUT_BY } from './helpers/demo-procedure-groups.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Property: no answer ever contains a procedure that matches an exclusion it reports (or a
 * pregnancy contraindication), whoever answered — the local engine, or a configured model that
 * picks anything from the whole catalogue, excluded procedures included. The model is a
 * chat-completions server on 127.0.0.1 told what to answer before each request.
 */

type ModelMove = { kind: 'pick'; indexes: number[] } | { kind: 'fail' };

let move: ModelMove = { kind: 'fail' };
let catalogueIds: number[] = [];
const modelInputs: string[] = [];

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }> };
    modelInputs.push(body.messages.map((m) => m.content).join('\n'));
    if (move.kind === 'fail') {
      res.writeHead(500).end('{}');
      return;
    }
    const ids = [...new Set(move.indexes.map((i) => catalogueIds[i % catalogueIds.length]!))];
    const items = ids.map((id) => ({
      service_id: id,
      name: `#${id}`,
      reason: 'Escolha do modelo.',
      benefit_for_client: 'b',
      reasoning_summary: 's',
    }));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ items }) } }] }));
  });
});

const GOALS = [
  'manchas',
  'melasma',
  'flacidez no rosto',
  'flacidez no corpo',
  'gordura localizada na barriga',
  'rugas e linhas de expressão',
  'celulite',
  'acne',
  'olheiras',
  'hidratação',
  'tirar a papada',
  'harmonização facial',
  'um pacote completo',
];
const CARE = ['', 'estou grávida', 'amamentando', 'pele sensível', 'vou à praia em janeiro'];
const BUDGETS = ['', 'uns 900 reais por mês', '10 mil por ano', '1,2 mil mensais', 'até R$ 300'];

const requestArb = fc.record({
  goals: fc.subarray(GOALS, { minLength: 1, maxLength: 3 }),
  exclusions: fc.subarray([...RULED_OUT_BY], { minLength: 1, maxLength: 3 }),
  care: fc.constantFrom(...CARE),
  budget: fc.constantFrom(...BUDGETS),
  packageIndex: fc.nat(3),
  endpoint: fc.constantFrom('recommend' as const, 'chat' as const),
  model: fc.oneof(
    fc.record({
      kind: fc.constant('pick' as const),
      indexes: fc.array(fc.nat(200), { minLength: 1, maxLength: 8 }),
    }),
    fc.constant({ kind: 'fail' as const }),
  ),
});

describe('no answer keeps a procedure the client excluded, on every engine', () => {
  let t: TestApp;
  let token: string;
  let services: Service[];
  let packages: Package[];

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const base = loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' });
    t = await createTestApp({
      config: {
        ...base,
        webDist: '/nonexistent',
        ai: { provider: 'openai', baseUrl, apiKey: 'k', model: 'm', timeoutMs: 5_000 },
      },
    });
    await t.database.db.transaction((tx) => seedDemoCatalogue(tx));
    await seedAiConfigs(t.database.db);
    token = (await t.as('professional')).token;
    services = (await t.request('GET', '/api/v1/services/', { token })).json() as Service[];
    packages = (
      (await t.request('GET', '/api/v1/packages/', { token })).json() as Package[]
    ).filter((p) => p.status === 'active');
    catalogueIds = services.map((s) => s.id);
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('holds for random requests, packages, endpoints and model answers', async () => {
    const byId = new Map(services.map((s) => [s.id, s]));
    const engines = new Set<AiEngine>();
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        const text = [
          r.goals.join(' e '),
          ...r.exclusions.map(([words]) => words),
          r.care,
          r.budget,
        ]
          .filter(Boolean)
          .join(', ');
        const pkg = packages[r.packageIndex % packages.length]!;
        move = r.model;
        // A professional of its own per request: the per-user AI limit
        // (apps/api/src/http/rate-limits.ts) is not what this property is about.
        const { token } = await t.createUser('professional');
        let names: string[];
        let engine: AiEngine;
        if (r.endpoint === 'recommend') {
          const res = await t.request('POST', '/api/v1/recommendations/', {
            token,
            body: { goal_text: text, package_id: pkg.id },
          });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as RecommendationResponse;
          names = body.items.map((item) => byId.get(item.service_id)!.name);
          engine = body.engine;
          // The answer reports the exclusions it kept.
          expect(body.summary).toContain('Excluídos a pedido');
        } else {
          const res = await t.request('POST', '/api/v1/ai/ai/text', {
            token,
            body: {
              text,
              procedures: services.filter((s) => s.status === 'active'),
              context: { history: [], selected_package: pkg },
            },
          });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as AiTextResponse;
          const parsed = parseAiItemsText(body.text);
          names = parsed.ok ? parsed.items.map((item) => byId.get(item.service_id)!.name) : [];
          engine = body.engine;
        }
        engines.add(engine);

        const forbidden = new Set([
          ...r.exclusions.flatMap(([, ruledOut]) => ruledOut),
          ...(r.care === 'estou grávida' || r.care === 'amamentando' ? NOT_IN_PREGNANCY : []),
        ]);
        const kept = names.filter((name) => forbidden.has(name));
        expect(kept, `"${text}" (${engine})`).toEqual([]);
      }),
      { numRuns: 120 },
    );
    // Both engines answered: the model's filtered picks and the local fallback.
    expect([...engines].sort()).toEqual(['local', 'openai']);
    // 120 runs of two requests each: 14 s on PGlite, 30 s on PostgreSQL beside a browser suite.
  }, 120_000);

  it('keeps an earlier message’s exclusions and care words when a later one names new goals', async () => {
    move = { kind: 'fail' };
    const pkg = packages.find((p) => p.name === 'Pacote Rejuvenescimento 4')!;
    const res = await t.request('POST', '/api/v1/ai/ai/text', {
      token,
      body: {
        text: 'agora quer tratar rugas e hidratação',
        procedures: services.filter((s) => s.status === 'active'),
        context: {
          history: [
            { role: 'user', content: 'Cliente grávida, quer clarear manchas, sem laser' },
            { role: 'assistant', content: '{"items": []}' },
          ],
          selected_package: pkg,
        },
      },
    });
    const body = res.json() as AiTextResponse;
    const parsed = parseAiItemsText(body.text);
    const names = parsed.ok ? parsed.items.map((item) => item.name) : [];
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => NOT_IN_PREGNANCY.includes(name))).toEqual([]);
    expect(body.notices.map((w) => w.code)).toContain('contraindication');
  });

  it('holds an exclusion against the traits an admin listed, which the text does not say', async () => {
    move = { kind: 'fail' };
    const procedure = (id: number, name: string, traits: string[]) => ({
      id,
      name,
      block: 'A',
      value: 300,
      cost: 50,
      min_margin_percent: 10,
      session_limit: 0,
      status: 'active',
      description: 'Protocolo exclusivo da clínica.',
      benefits: { main_function: 'Rugas e linhas de expressão' },
      traits,
    });
    const res = await t.request('POST', '/api/v1/ai/ai/text', {
      token,
      body: {
        text: 'rugas, sem toxina',
        procedures: [
          procedure(900_001, 'Protocolo Assinatura', ['toxina']),
          procedure(900_002, 'Protocolo Suave', []),
        ],
        context: { history: [], selected_package: null },
      },
    });
    const parsed = parseAiItemsText((res.json() as AiTextResponse).text);
    expect(parsed.ok && parsed.items.map((item) => item.name)).toEqual(['Protocolo Suave']);
  });

  it('never sends the client’s name, dates, preferences or health data for client-care tips', async () => {
    modelInputs.length = 0;
    move = { kind: 'fail' };
    const data = clientCarePdfPayloadSchema.parse({
      client: {
        full_name: 'Maria Souza',
        preferred_name: 'Mari',
        important_dates: ['Aniversário 12/03'],
        preferences: ['Prefere sessões aos sábados'],
      },
      channels: ['WhatsApp'],
      sensitivities: {
        allergies_or_aversion: ['Alergia a látex'],
        privacy_notes: ['Não postar fotos'],
        health_flags: ['Hipertensa'],
      },
      procedures: [{ name: 'Peeling Químico' }],
    });
    await enrichClientCare({ db: t.database.db, config: t.config }, data, { aiOnly: false });
    expect(modelInputs).toHaveLength(1);
    for (const personal of [
      'Maria',
      'Mari"',
      'Aniversário',
      'sábados',
      'látex',
      'Hipertensa',
      'fotos',
    ]) {
      expect(modelInputs[0]).not.toContain(personal);
    }
    expect(modelInputs[0]).toContain('Peeling Químico');
  });

  it('never sends the professional’s words, a name or a health flag to the model', async () => {
    modelInputs.length = 0;
    move = { kind: 'fail' };
    const text =
      'Maria Souza, CPF 123.456.789-00, tel (11) 98765-4321, está grávida e tem pele sensível; quer tratar manchas, sem laser';
    const pkg = packages[0]!;
    await t.request('POST', '/api/v1/recommendations/', {
      token,
      body: { goal_text: text, package_id: pkg.id },
    });
    await t.request('POST', '/api/v1/ai/ai/text', {
      token,
      body: {
        text,
        procedures: services,
        context: { history: [{ role: 'user', content: text }], selected_package: pkg },
      },
    });
    expect(modelInputs).toHaveLength(2);
    for (const sent of modelInputs) {
      for (const personal of ['Maria', 'Souza', '123.456', '98765', 'grávida', 'sensível']) {
        expect(sent).not.toContain(personal);
      }
      // What it does read: the goals and the exclusion.
      expect(sent).toContain('manchas');
      expect(sent).toContain('laser');
    }
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseAiItemsText,
  type AiTextResponse,
  type Client,
  type Package,
  type RecommendationResponse,
  type Service,
} from '@portal/domain';
import {
  clinicalCorpus,
  type CorpusCase,
} from '../../../packages/domain/src/catalogue/clinical/corpus-cases.ts';
import { loadConfig } from '../src/config.ts';
import { seedAiConfigs } from '../src/db/seed/ai-configs.ts';
import { seedDemoCatalogue } from '../src/db/seed/demo-catalogue.ts';
import { HEALTH_CONSENT } from './helpers/crm-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 26: the domain's generated corpus (packages/domain/src/catalogue/clinical/
 * corpus-cases.ts, at least 1 000 requests) through the HTTP engines. Each request goes to the
 * recommendation or the chat in turn; the configured model (a chat-completions server on
 * 127.0.0.1) answers exactly what the case says must never appear, plus a safe pick, or fails
 * so the local engine answers. A condition kept in the record comes from a real client record.
 * No answer may hold a procedure the case rules out, and each one the model picked that way is
 * named in `blocked` with its reasons.
 */

let modelAnswer: number[] | null = null;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (modelAnswer === null) {
      res.writeHead(500).end('{}');
      return;
    }
    const items = modelAnswer.map((id) => ({
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

/** The per-user AI limit is 30 a minute (apps/api/src/http/rate-limits.ts): one user per 25. */
const REQUESTS_PER_USER = 25;

describe('the generated corpus through every HTTP engine (issue 26)', () => {
  let t: TestApp;
  let services: Service[];
  let pkg: Package;
  const users: TestUser[] = [];
  /** One client per record of the corpus (its JSON), created with the health-data consent. */
  const clients = new Map<string, number>();

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
    const first = await t.createUser('professional');
    users.push(first);
    services = (
      await t.request('GET', '/api/v1/services/', { token: first.token })
    ).json() as Service[];
    const packages = (
      await t.request('GET', '/api/v1/packages/', { token: first.token })
    ).json() as Package[];
    pkg = packages.find((p) => p.name === 'Pacote Rejuvenescimento 4')!;
  }, 300_000);
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const clientFor = async (record: CorpusCase['record']): Promise<number | null> => {
    if (record.conditions.length === 0 && record.allergies.length === 0) return null;
    const key = JSON.stringify(record);
    const known = clients.get(key);
    if (known !== undefined) return known;
    const res = await t.request('POST', '/api/v1/clients/', {
      token: users[0]!.token,
      body: {
        full_name: `Cliente Corpus ${clients.size + 1}`,
        consents: [HEALTH_CONSENT],
        health_flags: record.conditions,
        allergies: record.allergies,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as Client).id;
    clients.set(key, id);
    return id;
  };

  it('never answers what a request or the client record rules out', async () => {
    const cases = clinicalCorpus();
    expect(cases.length).toBeGreaterThanOrEqual(1000);
    const byName = new Map(services.map((s) => [s.name, s]));
    const nameOf = new Map(services.map((s) => [s.id, s.name]));
    const active = services.filter((s) => s.status === 'active');
    const safe = active.map((s) => s.id);
    const failures: string[] = [];
    let answered = 0;
    let modelAnswers = 0;
    for (const [index, item] of cases.entries()) {
      if (index % REQUESTS_PER_USER === 0 && index > 0) {
        users.push(await t.createUser('professional'));
      }
      const token = users[users.length - 1]!.token;
      const clientId = await clientFor(item.record);
      const unsafe = [...item.never].flatMap((name) => {
        const service = byName.get(name);
        return service ? [service.id] : [];
      });
      // Two of three answers come from a model that picks everything unsafe (and one more).
      modelAnswer = index % 3 === 2 ? null : [...unsafe, safe[index % safe.length]!];
      const client = clientId ? { client_id: clientId } : {};
      let names: string[];
      let blocked: number[];
      let engine: string;
      if (index % 2 === 0) {
        const res = await t.request('POST', '/api/v1/recommendations/', {
          token,
          body: { goal_text: item.text, max_items: 12, package_id: pkg.id, ...client },
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as RecommendationResponse;
        names = body.items.map((i) => i.name);
        blocked = body.blocked.map((b) => b.service_id);
        engine = body.engine;
        if (body.warnings.some((w) => w.severity === 'absolute')) {
          failures.push(`"${item.text}": aviso absoluto num item recomendado`);
        }
      } else {
        const res = await t.request('POST', '/api/v1/ai/ai/text', {
          token,
          body: {
            text: item.text,
            procedures: active,
            max_recommendations: 6,
            context: { source: 'assistente', history: [], selected_package: pkg },
            ...client,
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as AiTextResponse;
        const parsed = parseAiItemsText(body.text);
        names = (parsed.ok ? parsed.items : []).map((i) => nameOf.get(i.service_id) ?? i.name);
        blocked = body.blocked.map((b) => b.service_id);
        engine = body.engine;
      }
      answered += 1;
      if (engine === 'openai') modelAnswers += 1;
      for (const name of names) {
        if (item.never.has(name)) {
          failures.push(`"${item.text}" ${JSON.stringify(item.record)} (${engine}): ${name}`);
        }
      }
      // What the model picked unsafely is explained, not silently dropped.
      if (engine === 'openai') {
        for (const id of unsafe) {
          if (!blocked.includes(id)) {
            failures.push(`"${item.text}": ${nameOf.get(id)} escolhido pelo modelo sem explicação`);
          }
        }
      }
    }
    console.info(
      `clinical corpus over HTTP: ${answered} answers (${modelAnswers} by the model), ${failures.length} failures`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(modelAnswers).toBeGreaterThan(cases.length / 3);
  }, 1_800_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, PROPOSAL_MESSAGES, type Client, type Proposal } from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { createCatalogue, HEALTH_CONSENT, userOfUnit } from './helpers/crm-fixtures.ts';

/**
 * What an attacker types into the client and proposal routes (issue 13 and 16): invisible and
 * bidi characters, very long text, SQL and HTML fragments, numbers JSON or JavaScript cannot
 * hold, impossible dates. Every answer is a 2xx or a 4xx with a pt-BR detail, never a 5xx.
 */
const HOSTILE_VALUES: readonly unknown[] = [
  '\u200B\u200B',
  '\u202Eabc',
  'a'.repeat(10_000),
  "'; DROP TABLE clients; --",
  '<script>alert(1)</script>',
  '1e309',
  '-0',
  '12,345',
  1e308,
  -0,
  1.5,
  -1,
  null,
  true,
  [],
  {},
  ['a'.repeat(10_000)],
  '\u0000',
  '\uD800',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
];

const CLIENT_FIELDS = [
  'full_name',
  'preferred_name',
  'salutation',
  'phone',
  'email',
  'cpf',
  'birth_date',
  'unit',
  'preferences',
  'important_dates',
  'channels',
  'notes',
  'allergies',
  'health_flags',
  'contraindications',
  'consents',
] as const;

const LIST_QUERY_KEYS = {
  clients: ['q', 'unit', 'limit', 'offset'],
  proposals: ['status', 'client_id', 'from', 'to', 'follow_up', 'limit', 'offset'],
} as const;

describe('hostile input on the client and proposal routes', () => {
  let t: TestApp;
  let admin: TestUser;
  let professional: TestUser;
  let client: Client;
  let proposal: Proposal;
  let goodProposal: Record<string, unknown>;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Geral');
    professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Paula Profissional');
    const catalogue = await createCatalogue(t, admin.token, 'Hostil');
    const created = await t.request('POST', '/api/v1/clients/', {
      token: professional.token,
      body: { full_name: 'Cliente Hostil', consents: [HEALTH_CONSENT] },
    });
    client = created.json() as Client;
    goodProposal = {
      client_id: client.id,
      package_id: catalogue.pkg,
      blocks: { A: [catalogue.peel], B: [catalogue.laser], C: [], D: [] },
    };
    const saved = await t.request('POST', '/api/v1/proposals/', {
      token: professional.token,
      body: goodProposal,
    });
    proposal = saved.json() as Proposal;
  }, 120_000);
  afterAll(() => t.close());

  const send = async (
    label: string,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    options: { body?: unknown; query?: Record<string, string> },
  ) => {
    const res = await t.request(method, url, { token: professional.token, ...options });
    if (res.statusCode >= 500) serverErrors.push(`${label}: ${res.statusCode} ${res.body}`);
    return res;
  };

  it('answers every client field and list filter without a 5xx', async () => {
    serverErrors.length = 0;
    for (const field of CLIENT_FIELDS) {
      for (const [i, value] of HOSTILE_VALUES.entries()) {
        await send(`POST ${field} #${i}`, 'POST', '/api/v1/clients/', {
          body: { full_name: 'Fulano de Tal', consents: [HEALTH_CONSENT], [field]: value },
        });
        await send(`PATCH ${field} #${i}`, 'PATCH', `/api/v1/clients/${client.id}`, {
          body: { [field]: value },
        });
      }
    }
    for (const key of LIST_QUERY_KEYS.clients) {
      for (const [i, value] of HOSTILE_VALUES.entries()) {
        await send(`GET ?${key} #${i}`, 'GET', '/api/v1/clients/', {
          query: { [key]: String(value) },
        });
      }
    }
    expect(serverErrors).toEqual([]);
  }, 300_000);

  it('answers every proposal field and list filter without a 5xx', async () => {
    serverErrors.length = 0;
    for (const field of ['client_id', 'package_id', 'blocks', 'valid_days']) {
      for (const [i, value] of HOSTILE_VALUES.entries()) {
        await send(`POST ${field} #${i}`, 'POST', '/api/v1/proposals/', {
          body: { ...goodProposal, [field]: value },
        });
      }
    }
    for (const block of ['A', 'B', 'C', 'D']) {
      for (const [i, value] of HOSTILE_VALUES.entries()) {
        const blocks = goodProposal.blocks as Record<string, unknown>;
        await send(`POST blocks.${block}[] #${i}`, 'POST', '/api/v1/proposals/', {
          body: { ...goodProposal, blocks: { ...blocks, [block]: [value] } },
        });
      }
    }
    for (const key of LIST_QUERY_KEYS.proposals) {
      for (const [i, value] of HOSTILE_VALUES.entries()) {
        await send(`GET ?${key} #${i}`, 'GET', '/api/v1/proposals/', {
          query: { [key]: String(value) },
        });
      }
    }
    for (const [i, value] of HOSTILE_VALUES.entries()) {
      await send(`decline reason_text #${i}`, 'POST', `/api/v1/proposals/${proposal.id}/decline`, {
        body: { reason_code: 'outro', reason_text: value },
      });
    }
    expect(serverErrors).toEqual([]);
  }, 300_000);

  it.each(['9999-12-31', '0000-01-01', '2026-02-30'])(
    'refuses the period bound %s with a pt-BR 422',
    async (day) => {
      for (const key of ['from', 'to']) {
        const res = await send(`GET ?${key}=${day}`, 'GET', '/api/v1/proposals/', {
          query: { [key]: day },
        });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toEqual({
          detail: [{ loc: ['query', key], msg: PROPOSAL_MESSAGES.dateInvalid, type: 'custom' }],
        });
      }
    },
  );

  it('keeps client names free of invisible and bidi characters, like every other name', async () => {
    const invisible = await send('invisible name', 'POST', '/api/v1/clients/', {
      body: { full_name: '\u200B\u200C\u2060' },
    });
    expect(invisible.statusCode).toBe(422);
    expect(invisible.json()).toMatchObject({
      detail: [{ loc: ['body', 'full_name'], msg: CLIENT_MESSAGES.nameRequired }],
    });
    const bidi = await send('bidi name', 'POST', '/api/v1/clients/', {
      body: { full_name: 'Ana \u202Eavlis' },
    });
    expect(bidi.statusCode).toBe(422);
    const cleaned = await send('cleaned name', 'POST', '/api/v1/clients/', {
      body: {
        full_name: 'Jo\u200Bana\u0007 Sou\u0301za',
        preferred_name: '\u200BJô\u0000',
        salutation: '\u200B',
        consents: [HEALTH_CONSENT],
        allergies: ['lá\u200Btex'],
      },
    });
    expect(cleaned.statusCode, cleaned.body).toBe(201);
    expect(cleaned.json()).toMatchObject({
      full_name: 'Joana Soúza',
      preferred_name: 'Jô',
      salutation: null,
      allergies: ['látex'],
    });
  });
});

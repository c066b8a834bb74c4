import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClinicalTraits } from '@portal/domain';
import type { RouteTableEntry } from '../../src/app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { HEALTH_CONSENT, pdfText } from '../helpers/crm-fixtures.ts';
import {
  createSecurityFixtures,
  FIXTURE_CLIENT_NAME,
  routeKey,
  type SecurityFixtures,
} from './fixtures.ts';

/**
 * LGPD art. 11 and 37, issue 27: every answer that carries a client's health data leaves an entry
 * in her access log. The walk calls every route of the app (read from the app itself, so a new
 * route is walked the day it is registered) as an admin, over fixtures whose client has health
 * data, and compares: an answer that shows any of it must have added to her log.
 */

/** Free text only her record holds: found in an answer, it came from her record. */
const NOTE = 'Nota-sentinela de saúde 7Q4';
const ALLERGY = 'Alergia-sentinela 7Q4';
const FLAG = 'Marcador-sentinela 7Q4';
/** Her condition's label, which the catalogue's clinical texts also hold: hers only beside her name. */
const CONDITION_LABEL = /anticoagulante/i;

// The same routes, in the same order, as the authorization matrix (deleting routes last).
const listing = await createTestApp();
const ROUTES: RouteTableEntry[] = [...listing.app.routeTable].sort(
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
);
await listing.close();

/** Routes that end or replace the row they name: walked on a fresh row of her own. */
const FRESH_ROW_ROUTES = new Set([
  'POST /api/v1/clients/:id/anonymize',
  'POST /api/v1/proposals/:id/revise',
  'POST /api/v1/proposals/:id/decline',
  'POST /api/v1/proposals/:id/accept-in-person',
]);

describe('the access log of a client with health data, route by route', () => {
  let t: TestApp;
  let f: SecurityFixtures;

  const logCount = async (clientId: number): Promise<number> => {
    const [row] = await t.database.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM client_access_log WHERE client_id = $1',
      [clientId],
    );
    return Number(row?.n ?? 0);
  };

  /** What of her health an answer shows, if anything. */
  async function healthShown(res: {
    headers: Record<string, unknown>;
    rawPayload: Buffer;
  }): Promise<string[]> {
    const type = String(res.headers['content-type'] ?? '');
    const text = type.startsWith('application/pdf')
      ? (await pdfText(res.rawPayload)).text
      : res.rawPayload.toString('utf8');
    const shown = [NOTE, ALLERGY, FLAG].filter((marker) => text.includes(marker));
    if (CONDITION_LABEL.test(text) && text.includes(FIXTURE_CLIENT_NAME)) shown.push('condição');
    return shown;
  }

  beforeAll(async () => {
    t = await createTestApp();
    f = await createSecurityFixtures(t);
    const admin = f.tokens.admin;
    // Her record: consent, then a condition with a note, an allergy and a flag.
    const consent = await f.send('POST', `/api/v1/clients/${f.ids.client}/consents`, {
      token: admin,
      body: HEALTH_CONSENT,
    });
    if (consent.statusCode >= 300) throw new Error(`Consentimento falhou: ${consent.body}`);
    const patched = await f.send('PATCH', `/api/v1/clients/${f.ids.client}`, {
      token: admin,
      body: {
        health_conditions: [{ code: 'ANTICOAG', note: NOTE }],
        allergies: [ALLERGY],
        health_flags: [FLAG],
      },
    });
    if (patched.statusCode !== 200) throw new Error(`Ficha de saúde falhou: ${patched.body}`);
    // The fixture procedure is a filler: with an anticoagulant it gets a relative warning, so
    // her proposals carry warnings that name the condition.
    const traits = await f.send('PATCH', `/api/v1/services/${f.ids.service}`, {
      token: admin,
      body: { clinical_traits: demoClinicalTraits('Preenchimento Labial') },
    });
    if (traits.statusCode !== 200) throw new Error(`Traços do serviço falharam: ${traits.body}`);
    f.ids.proposal = await f.fresh('proposal');
  }, 120_000);
  afterAll(() => t.close());

  it('her proposal carries a warning that names her condition (the walk has something to find)', async () => {
    const res = await f.send('GET', `/api/v1/proposals/${f.ids.proposal}`, { identity: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify((res.json() as { warnings: unknown[] }).warnings)).toMatch(
      CONDITION_LABEL,
    );
  });

  it('every answer that shows her health data is in her access log', async () => {
    const unlogged: string[] = [];
    const shownBy: string[] = [];
    for (const route of ROUTES) {
      const key = routeKey(route);
      const url = await f.urlFor(route, {
        freshRows: route.method === 'DELETE' || FRESH_ROW_ROUTES.has(key),
      });
      const before = await logCount(f.ids.client);
      const res = await f.send(route.method, url, {
        identity: 'admin',
        body: f.sampleBody(route),
        remoteAddress: route.url.startsWith('/p/')
          ? `127.89.0.${(ROUTES.indexOf(route) % 250) + 1}`
          : undefined,
      });
      if (res.statusCode >= 300) continue;
      const shown = await healthShown(res);
      if (!shown.length) continue;
      shownBy.push(key);
      // Fresh proposal rows are hers too (the fixtures' proposals name her).
      if ((await logCount(f.ids.client)) <= before)
        unlogged.push(`${key} (${url}) mostrou ${shown.join(', ')} sem registro`);
    }
    expect(unlogged).toEqual([]);
    // The walk reached the answers known to carry her health data.
    expect(shownBy).toEqual(
      expect.arrayContaining([
        'GET /api/v1/clients/:id',
        'PATCH /api/v1/clients/:id',
        'POST /api/v1/clients/:id/consents',
        'GET /api/v1/proposals/:id',
      ]),
    );
  }, 300_000);
});

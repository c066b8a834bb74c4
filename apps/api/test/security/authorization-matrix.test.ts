import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Proposal, type Training, type Unit } from '@portal/domain';
import type { Access } from '../../src/auth/access.ts';
import type { RouteTableEntry } from '../../src/app.ts';
import { usersService } from '../../src/modules/people/users/service.ts';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { HEALTH_CONSENT, userOfUnit } from '../helpers/crm-fixtures.ts';
import {
  createDatabaseDigest,
  createSecurityFixtures,
  IDENTITIES,
  PROFILES_ALLOWED,
  routeKey,
  type Identity,
  type SecurityFixtures,
} from './fixtures.ts';

/**
 * DESIGN 5 in docs/architecture.md, route by route. A route registered without an entry here, or an entry
 * whose route is gone, fails the suite: a new route must say who may call it.
 */
const EXPECTED_ACCESS: Record<string, Access> = {
  // OpenAPI document and its UI: public by design, no data behind them.
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/v1/health': 'public',

  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/register': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'GET /api/v1/auth/me': 'user',

  'GET /api/v1/users/': 'admin',
  'GET /api/v1/users/:id': 'admin',
  'POST /api/v1/users/': 'admin',
  'PATCH /api/v1/users/:id': 'admin',
  'DELETE /api/v1/users/:id': 'admin',

  'GET /api/v1/services/': 'user',
  'GET /api/v1/services/:id': 'user',
  'POST /api/v1/services/': 'admin',
  'PATCH /api/v1/services/:id': 'admin',
  'DELETE /api/v1/services/:id': 'admin',

  'GET /api/v1/service-photos/:serviceId': 'user',
  'GET /api/v1/service-photos/:serviceId/links': 'user',
  'PUT /api/v1/service-photos/:serviceId': 'manager',
  // Public, but only through a link the API signed (an <img> sends no bearer header).
  'GET /api/v1/service-photos/:serviceId/:position/image': 'public',

  'GET /api/v1/packages/': 'user',
  'GET /api/v1/packages/:id': 'user',
  'POST /api/v1/packages/': 'admin',
  'PATCH /api/v1/packages/:id': 'admin',
  'DELETE /api/v1/packages/:id': 'admin',

  'GET /api/v1/services-relations/': 'user',
  'GET /api/v1/services-relations/:id': 'user',
  'POST /api/v1/services-relations/': 'admin',
  'PATCH /api/v1/services-relations/:id': 'admin',
  'DELETE /api/v1/services-relations/:id': 'admin',

  'GET /api/v1/units/': 'user',
  'PATCH /api/v1/units/:code': 'admin',

  'GET /api/v1/notices/notices/': 'user',
  'GET /api/v1/notices/notices/:id': 'user',
  'POST /api/v1/notices/notices/': 'admin',
  'PATCH /api/v1/notices/notices/:id': 'admin',
  'DELETE /api/v1/notices/:id': 'admin',
  'DELETE /api/v1/notices/notices/:id': 'admin',

  'GET /api/v1/trainings/': 'user',
  'GET /api/v1/trainings/:id': 'user',
  'POST /api/v1/trainings/': 'admin',
  'PATCH /api/v1/trainings/:id': 'admin',
  'DELETE /api/v1/trainings/:id': 'admin',
  'POST /api/v1/trainings/:id/like': 'user',
  'POST /api/v1/trainings/:id/dislike': 'user',

  'POST /api/v1/synergies/synergies/generate': 'user',
  'POST /api/v1/pdf/proposal/preview': 'user',
  'POST /api/v1/pdf/proposal/download': 'user',
  'POST /api/v1/pdf/client-care/preview': 'user',
  'POST /api/v1/pdf/client-care/download': 'user',
  'POST /api/v1/recommendations/': 'user',
  'POST /api/v1/ai/ai/text': 'user',

  'GET /api/v1/ai/prompt-config/ai-configs': 'admin',
  'GET /api/v1/ai/prompt-config/ai-configs/:ref': 'admin',
  'PATCH /api/v1/ai/prompt-config/ai-configs/:ref': 'admin',

  // Web Vitals: any page reports (the public proposal page has no token); admins read.
  'POST /api/v1/vitals': 'public',
  'GET /api/v1/vitals/summary': 'admin',
  // Issue 13. Every profile reaches the client and proposal routes; the server then scopes each
  // object (test/clients.test.ts and test/proposals.test.ts check 404 outside it). Exports,
  // anonymization and access logs: admins and managers (of the client's unit).
  'GET /api/v1/clients/': 'user',
  'POST /api/v1/clients/': 'user',
  'GET /api/v1/clients/:id': 'user',
  'PATCH /api/v1/clients/:id': 'user',
  'GET /api/v1/clients/:id/care-profile': 'user',
  // Issue 26: the builder's clinical pre-check; the client it names is scoped (404 outside).
  'POST /api/v1/clinical/check': 'user',
  'GET /api/v1/clients/:id/consents': 'user',
  'POST /api/v1/clients/:id/consents': 'user',
  'GET /api/v1/clients/:id/export': 'manager',
  'POST /api/v1/clients/:id/anonymize': 'manager',
  'GET /api/v1/clients/:id/access-log': 'manager',
  'GET /api/v1/proposals/': 'user',
  'POST /api/v1/proposals/': 'user',
  'GET /api/v1/proposals/:id': 'user',
  'POST /api/v1/proposals/:id/revise': 'user',
  'POST /api/v1/proposals/:id/send': 'user',
  'POST /api/v1/proposals/:id/decline': 'user',
  'POST /api/v1/proposals/:id/revoke-link': 'user',
  'GET /api/v1/proposals/:id/pdf': 'user',
  'GET /api/v1/proposals/:id/client-care-pdf': 'user',
  'POST /api/v1/proposals/:id/accept-in-person': 'user',
  // The client's link: the token alone (throttled per address).
  'GET /api/v1/public/proposals/:token': 'public',
  'POST /api/v1/public/proposals/:token/accept': 'public',
  'POST /api/v1/public/proposals/:token/decline': 'public',
  'POST /api/v1/public/proposals/:token/withdraw': 'public',

  // Contracts (issue 28): scoped like clients; a manager's own unit freezes, extends, cancels.
  'GET /api/v1/contracts/': 'user',
  'GET /api/v1/contracts/:id': 'user',
  'POST /api/v1/contracts/:id/sessions': 'user',
  'POST /api/v1/contracts/:id/sessions/:entryId/reverse': 'user',
  'POST /api/v1/contracts/:id/freeze': 'manager',
  'POST /api/v1/contracts/:id/unfreeze': 'manager',
  'POST /api/v1/contracts/:id/extend': 'manager',
  'POST /api/v1/contracts/:id/withdraw': 'user',
  'GET /api/v1/contracts/:id/cancellation-quote': 'user',
  'POST /api/v1/contracts/:id/cancel': 'manager',
  // Payment plans (issue 29): read like contracts; the unit's manager and admins change a plan,
  // mark a payment, settle a refund and read receivables; admins set a unit's Pix.
  'GET /api/v1/contracts/:id/payments': 'user',
  'POST /api/v1/contracts/:id/payment-plan': 'manager',
  'POST /api/v1/contracts/:id/refunds/:refundId/mark-done': 'manager',
  'POST /api/v1/installments/:id/mark-paid': 'manager',
  'GET /api/v1/billing/receivables': 'manager',
  'GET /api/v1/billing/reconciliations': 'manager',
  'GET /api/v1/units/:code/billing': 'admin',
  'PATCH /api/v1/units/:code/billing': 'admin',
  // The provider's callback: no user, authenticated by the unit's secret in its URL (ADR 0036).
  'POST /api/v1/payments/webhooks/:provider': 'public',
  'GET /api/v1/contracts/:id/cancellation-term.pdf': 'user',
  'GET /api/v1/contracts/sessions': 'user',
  'GET /api/v1/care-settings/': 'user',
  // What is still owed (issue 28): like the sales dashboard, admins and managers (their unit).
  'GET /api/v1/reports/liability': 'manager',
  'GET /api/v1/reports/liability.csv': 'manager',
  'GET /api/v1/reports/liability/contracts': 'manager',
  'GET /api/v1/reports/cash': 'manager',
  'GET /api/v1/reports/cash.csv': 'manager',
  'GET /api/v1/reports/commissions': 'manager',
  'GET /api/v1/reports/commissions.csv': 'manager',
  'PATCH /api/v1/care-settings/': 'admin',
  // Commissions (issue 30): rules read by everyone, written and simulated by admins; statements
  // scoped (a professional their own, a manager their unit's), approved by the unit's manager or
  // an admin, paid by an admin (test/commissions.test.ts checks the rows).
  'GET /api/v1/commission-rules/': 'user',
  'POST /api/v1/commission-rules/': 'admin',
  'PATCH /api/v1/commission-rules/:id': 'admin',
  'POST /api/v1/commission-rules/simulate': 'admin',
  'POST /api/v1/commission-rules/estimate': 'user',
  'GET /api/v1/commission-statements/': 'user',
  'GET /api/v1/commission-statements/:professional_id/:period.pdf': 'user',
  'GET /api/v1/commissions/': 'user',
  'GET /api/v1/commission-statements/:professional_id/:period': 'user',
  'GET /api/v1/commission-statements/:professional_id/:period.csv': 'user',
  'POST /api/v1/commission-statements/:professional_id/:period/approve': 'manager',
  'POST /api/v1/commission-statements/:professional_id/:period/mark-paid': 'admin',
  'POST /api/v1/commission-statements/:professional_id/:period/adjustments': 'manager',

  // The public proposal page (server-rendered HTML): the token in the URL is the only key.
  'GET /p/:token': 'public',
  'POST /p/:token/aceitar': 'public',
  'POST /p/:token/recusar': 'public',
  'POST /p/:token/desistir': 'public',

  // Audit trail (issue 14): admins read and verify it; price history for admins and managers.
  'GET /api/v1/audit/': 'admin',
  'GET /api/v1/audit/verify': 'admin',
  'GET /api/v1/services/:id/history': 'manager',

  // Managers' numbers (issue 14): the dashboard for admins and managers (a manager gets their own
  // unit); pipeline and renewals for everyone, scoped (test/dashboard.test.ts checks the scope).
  'GET /api/v1/dashboard/sales': 'manager',
  'GET /api/v1/dashboard/sales.csv': 'manager',
  'GET /api/v1/proposals/pipeline': 'user',
  'GET /api/v1/renewals/': 'user',
};

/**
 * Routes that change their row for good (the next identity would meet a superseded, declined,
 * accepted or anonymized row): each identity gets a fresh one.
 */
const FRESH_ROW_ROUTES = new Set([
  'POST /api/v1/proposals/:id/accept-in-person',
  'POST /api/v1/contracts/:id/sessions',
  'POST /api/v1/contracts/:id/sessions/:entryId/reverse',
  'POST /api/v1/contracts/:id/freeze',
  'POST /api/v1/contracts/:id/withdraw',
  'POST /api/v1/contracts/:id/cancel',
  'POST /api/v1/installments/:id/mark-paid',
  'POST /api/v1/contracts/:id/refunds/:refundId/mark-done',
  'POST /api/v1/commission-statements/:professional_id/:period/approve',
  'POST /api/v1/commission-statements/:professional_id/:period/mark-paid',
  'POST /api/v1/clients/:id/anonymize',
  'POST /api/v1/proposals/:id/revise',
  'POST /api/v1/proposals/:id/decline',
  'POST /api/v1/public/proposals/:token/accept',
  'POST /api/v1/public/proposals/:token/decline',
]);

/**
 * Allowed callers with the fixture's sample body get a 2xx (3xx for the docs' redirects), except these, which answer a 4xx
 * of their own after the access check (the status a valid-looking request gets).
 */
const ALLOWED_STATUS_EXCEPTIONS: Record<string, number> = {
  // A made-up reset token: the route is reached and refuses the link.
  'POST /api/v1/auth/reset-password': 400,
  // A made-up proposal token: the page says the link opens nothing.
  'GET /p/:token': 404,
  'POST /p/:token/aceitar': 404,
  'POST /p/:token/recusar': 404,
  'POST /p/:token/desistir': 404,
  // A secret that is not the unit's: refused before anything is read.
  'POST /api/v1/payments/webhooks/:provider': 401,
};

/** The status and detail an identity must get on a protected route it may not call. */
function refusal(identity: Identity, access: Exclude<Access, 'public'>) {
  switch (identity) {
    case 'no token':
      return { status: 401, detail: MESSAGES.unauthenticated };
    case 'expired token':
    case 'forged token':
    case 'alg none token':
      return { status: 401, detail: MESSAGES.invalidToken };
    case 'pending user':
      return { status: 403, detail: MESSAGES.userPending };
    case 'inactive user':
      return { status: 403, detail: MESSAGES.userInactive };
    default:
      return PROFILES_ALLOWED[access].includes(identity)
        ? null
        : { status: 403, detail: MESSAGES.forbidden };
  }
}

// The route list is read from the app itself, so the suite grows with every new route.
const listing = await createTestApp();
const ROUTES: RouteTableEntry[] = [...listing.app.routeTable].sort(
  // Deleting routes run last (each on a fresh row anyway).
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
);
await listing.close();

describe('authorization matrix (DESIGN 5 in docs/architecture.md)', () => {
  let t: TestApp;
  let f: SecurityFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createSecurityFixtures(t);
  }, 120_000);
  afterAll(() => t.close());

  it('has an expected access for every registered route, and no entry for a removed one', () => {
    const registered = ROUTES.map(routeKey).sort();
    const missing = registered.filter((key) => !(key in EXPECTED_ACCESS));
    const stale = Object.keys(EXPECTED_ACCESS).filter((key) => !registered.includes(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('declares on each API route the access this table expects', () => {
    const declared = Object.fromEntries(
      ROUTES.filter((r) => r.url.startsWith('/api/v1')).map((r) => [routeKey(r), r.access]),
    );
    const expected = Object.fromEntries(
      Object.entries(EXPECTED_ACCESS).filter(([key]) => key.split(' ')[1]?.startsWith('/api/v1')),
    );
    expect(declared).toEqual(expected);
  });

  it.each(ROUTES.map((route) => [routeKey(route), route] as const))(
    '%s answers each identity as section 5 says',
    async (key, route) => {
      const access = EXPECTED_ACCESS[key];
      if (!access) throw new Error(`${key} não tem acesso esperado na tabela.`);
      const outcomes: string[] = [];
      const failures: string[] = [];
      for (const identity of IDENTITIES) {
        const url = await f.urlFor(route, {
          freshRows: route.method === 'DELETE' || FRESH_ROW_ROUTES.has(key),
        });
        // The public page is throttled per address (30 per 10 minutes): each of its routes is
        // walked from an address of its own, so the routes before it do not spend its budget.
        const remoteAddress = route.url.startsWith('/p/')
          ? `127.88.0.${(ROUTES.indexOf(route) % 250) + 1}`
          : undefined;
        const res = await f.send(route.method, url, {
          identity,
          body: f.sampleBody(route),
          remoteAddress,
        });
        outcomes.push(`${identity}: ${res.statusCode}`);
        const refused = access === 'public' ? null : refusal(identity, access);
        if (refused) {
          const body = res.json() as unknown;
          if (
            res.statusCode !== refused.status ||
            JSON.stringify(body) !== JSON.stringify({ detail: refused.detail })
          ) {
            failures.push(
              `${identity}: esperado ${refused.status} ${refused.detail}, veio ${res.statusCode} ${res.body}`,
            );
          }
          continue;
        }
        const expectedStatus = ALLOWED_STATUS_EXCEPTIONS[key];
        const ok =
          expectedStatus !== undefined
            ? res.statusCode === expectedStatus
            : res.statusCode >= 200 && res.statusCode < 400;
        if (!ok) {
          failures.push(
            `${identity}: esperado ${expectedStatus ?? '2xx/3xx'}, veio ${res.statusCode} ${res.body.slice(0, 300)}`,
          );
        }
      }
      expect(failures, outcomes.join(', ')).toEqual([]);
    },
  );
});

describe('one user cannot touch another user', () => {
  let t: TestApp;
  let f: SecurityFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createSecurityFixtures(t);
  }, 120_000);
  afterAll(() => t.close());

  it('refuses a professional every users route aimed at a colleague, and changes nothing', async () => {
    const victim = await t.createUser('professional', 'active', 'Colega Vítima');
    const before = await usersDigest(t);
    const attempts = [
      ['GET', `/api/v1/users/${victim.id}`, undefined],
      ['GET', '/api/v1/users/', undefined],
      ['PATCH', `/api/v1/users/${victim.id}`, { name: 'Hackeado', status: 'inactive' }],
      ['PATCH', `/api/v1/users/${victim.id}`, { password: 'senha-do-atacante' }],
      ['PATCH', `/api/v1/users/${f.users.professional.id}`, { profile: 'admin' }],
      ['DELETE', `/api/v1/users/${victim.id}`, undefined],
      ['POST', '/api/v1/users/', { name: 'X', email: victim.email, password: TEST_PASSWORD }],
    ] as const;
    for (const [method, url, body] of attempts) {
      const res = await f.send(method, url, { identity: 'professional', body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ detail: MESSAGES.forbidden });
    }
    expect(await usersDigest(t)).toBe(before);
    // The victim still signs in with their own password.
    const login = await f.send('POST', '/api/v1/auth/login', {
      body: { email: victim.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets no route a professional may call change any user row, whatever ids the body names', async () => {
    const victim = await t.createUser('professional', 'active', 'Outra Colega');
    const before = await usersDigest(t);
    // Mass assignment bait: every field that could point at, or rewrite, another account.
    const bait = {
      id: victim.id,
      user_id: victim.id,
      userId: victim.id,
      email: victim.email,
      name: 'Sobrescrito',
      profile: 'admin',
      status: 'inactive',
      password: 'senha-do-atacante',
      password_hash: 'x',
      token_version: 99,
    };
    const reachable = ROUTES.filter((route) => {
      const access = EXPECTED_ACCESS[routeKey(route)];
      return access !== undefined && access !== 'admin' && access !== 'manager';
    });
    expect(reachable.length).toBeGreaterThan(10);
    for (const route of reachable) {
      if (route.method === 'GET') continue;
      const url = await f.urlFor(route);
      const sample = f.sampleBody(route);
      const body =
        sample && typeof sample === 'object' && !Array.isArray(sample)
          ? { ...bait, ...sample }
          : bait;
      // Sign-up and reset are public flows with their own rules (pending status, emailed link).
      if (route.url === '/api/v1/auth/register' || route.url === '/api/v1/auth/forgot-password') {
        continue;
      }
      const res = await f.send(route.method, url, { identity: 'professional', body });
      expect(res.statusCode, routeKey(route)).toBeLessThan(500);
    }
    expect(await usersDigest(t)).toBe(before);
  });

  it('keeps reactions per user: one like each, a second like undoes only mine', async () => {
    const a = f.users.professional;
    const b = await t.createUser('professional', 'active', 'Segunda Profissional');
    const id = await f.fresh('training');
    const react = async (token: string, reaction: 'like' | 'dislike') => {
      const res = await f.send('POST', `/api/v1/trainings/${id}/${reaction}`, { token });
      expect(res.statusCode).toBe(200);
      return res.json() as Training;
    };
    expect(await react(a.token, 'like')).toMatchObject({ like_count: 1, my_reaction: 'like' });
    expect(await react(b.token, 'like')).toMatchObject({ like_count: 2, my_reaction: 'like' });
    // A's second like undoes A's like only.
    expect(await react(a.token, 'like')).toMatchObject({ like_count: 1, my_reaction: null });
    expect(await react(a.token, 'dislike')).toMatchObject({
      like_count: 1,
      dislike_count: 1,
      my_reaction: 'dislike',
    });
    const seenByB = await f.send('GET', `/api/v1/trainings/${id}`, { token: b.token });
    expect(seenByB.json()).toMatchObject({ like_count: 1, dislike_count: 1, my_reaction: 'like' });
    // Repeating a like from one account cannot inflate the count.
    for (let i = 0; i < 4; i++) await react(b.token, 'like');
    const final = await f.send('GET', `/api/v1/trainings/${id}`, { token: a.token });
    expect(final.json()).toMatchObject({ like_count: 1, dislike_count: 1, my_reaction: 'dislike' });
  });
});

/** Every users row, hashed: a changed name, status, profile or password changes it. */
async function usersDigest(t: TestApp): Promise<string | undefined> {
  const [row] = await t.database.query<{ d: string }>(
    `SELECT md5(string_agg(u::text, ',' ORDER BY u.id)) AS d FROM users u`,
  );
  return row?.d;
}

describe("object-level rules: clients and proposals outside the caller's reach answer 404", () => {
  let t: TestApp;
  let f: SecurityFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createSecurityFixtures(t);
  }, 120_000);
  afterAll(() => t.close());

  const objectRoutes = ROUTES.filter(
    (route) =>
      route.url.startsWith('/api/v1/clients/:id') || route.url.startsWith('/api/v1/proposals/:id'),
  );

  it('covers every client and proposal route with an id', () => {
    expect(objectRoutes.length).toBe(16);
  });

  it.each(objectRoutes.map((route) => [routeKey(route), route] as const))(
    "%s: another unit, or another professional's proposal, gets 404 and changes nothing",
    async (key, route) => {
      const outsiders = [
        await userOfUnit(t, 'professional', 'MORUMBI'),
        await userOfUnit(t, 'manager', 'MORUMBI'),
        ...(route.url.startsWith('/api/v1/proposals/')
          ? [await userOfUnit(t, 'professional', 'PAULISTA')]
          : []),
      ];
      const digest = await createDatabaseDigest(t.database);
      const failures: string[] = [];
      for (const outsider of outsiders) {
        const url = await f.urlFor(route);
        const before = await digest();
        const res = await f.send(route.method, url, {
          token: outsider.token,
          body: f.sampleBody(route),
        });
        // A professional never reaches the managers' routes at all (403 before any lookup).
        const expected =
          EXPECTED_ACCESS[key] === 'manager' && outsider.profile === 'professional' ? 403 : 404;
        if (res.statusCode !== expected) {
          failures.push(
            `${outsider.profile}: esperado ${expected}, veio ${res.statusCode} ${res.body}`,
          );
        }
        if ((await digest()) !== before) failures.push(`${outsider.profile}: alterou o banco`);
      }
      expect(failures).toEqual([]);
    },
  );
});

/**
 * Issue 25: ownership defined once (apps/api/src/auth/scope.ts). A proposal belongs to its
 * client's unit and follows her; a professional moved to another unit, or whose client moved,
 * no longer reaches that client's data through any client or proposal route.
 */
describe('the clinical pre-check names a client only within reach (issue 26)', () => {
  let t: TestApp;
  let f: SecurityFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createSecurityFixtures(t);
  }, 120_000);
  afterAll(() => t.close());

  it('answers 404 to another unit, and changes nothing', async () => {
    const route = ROUTES.find((r) => r.url === '/api/v1/clinical/check')!;
    const outsiders = [
      await userOfUnit(t, 'professional', 'MORUMBI'),
      await userOfUnit(t, 'manager', 'MORUMBI'),
    ];
    const digest = await createDatabaseDigest(t.database);
    const before = await digest();
    for (const outsider of outsiders) {
      const res = await f.send('POST', route.url, {
        token: outsider.token,
        body: f.sampleBody(route),
      });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await digest()).toBe(before);
    const own = await f.send('POST', route.url, {
      identity: 'professional',
      body: f.sampleBody(route),
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('scope follows the client: moved people and clients, admin-made and revised deals', () => {
  let t: TestApp;
  let f: SecurityFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createSecurityFixtures(t);
  }, 120_000);
  afterAll(() => t.close());

  const objectRoutes = ROUTES.filter(
    (route) =>
      route.url.startsWith('/api/v1/clients/:id') || route.url.startsWith('/api/v1/proposals/:id'),
  );

  /** A client of `unit` with health data on record, and a proposal of hers by `author`. */
  async function dealOf(unit: Unit, authorToken: string) {
    const client = await f.send('POST', '/api/v1/clients/', {
      token: f.users.admin.token,
      body: {
        full_name: `Cliente Escopo ${unit}`,
        phone: '(11) 97777-0000',
        unit,
        consents: [HEALTH_CONSENT],
        allergies: ['látex'],
        health_flags: ['gestante'],
      },
    });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = (client.json() as { id: number }).id;
    const proposal = await f.send('POST', '/api/v1/proposals/', {
      token: authorToken,
      body: {
        client_id: clientId,
        package_id: f.contractPackage,
        blocks: { A: [f.ids.service], B: [], C: [], D: [] },
      },
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    return { clientId, proposal: proposal.json() as Proposal };
  }

  function urlOf(route: RouteTableEntry, deal: { clientId: number; proposal: Proposal }) {
    const id = route.url.startsWith('/api/v1/clients/') ? deal.clientId : deal.proposal.id;
    return route.url.replace(':id', String(id));
  }

  /** Each outsider gets 404 (403 on a managers' route for a professional) and changes nothing. */
  async function expectOutOfReach(
    route: RouteTableEntry,
    deal: { clientId: number; proposal: Proposal },
    outsiders: TestUser[],
  ): Promise<string[]> {
    const digest = await createDatabaseDigest(t.database);
    const failures: string[] = [];
    for (const outsider of outsiders) {
      const before = await digest();
      const res = await f.send(route.method, urlOf(route, deal), {
        token: outsider.token,
        body: f.sampleBody(route),
      });
      const expected =
        EXPECTED_ACCESS[routeKey(route)] === 'manager' && outsider.profile === 'professional'
          ? 403
          : 404;
      if (res.statusCode !== expected) {
        failures.push(
          `${outsider.profile}: esperado ${expected}, veio ${res.statusCode} ${res.body}`,
        );
      }
      if (res.body.includes('látex') || res.body.includes('97777')) {
        failures.push(`${outsider.profile}: a resposta traz dados da cliente`);
      }
      if ((await digest()) !== before) failures.push(`${outsider.profile}: alterou o banco`);
    }
    return failures;
  }

  it.each(objectRoutes.map((route) => [routeKey(route), route] as const))(
    '%s: a professional moved to another unit reaches neither the client nor the deal',
    async (_key, route) => {
      const author = await userOfUnit(t, 'professional', 'MORUMBI');
      const deal = await dealOf('MORUMBI', author.token);
      await usersService.update(t.database.db, author.id, { unit: 'ANALIA' });
      expect(await expectOutOfReach(route, deal, [author])).toEqual([]);
    },
  );

  it.each(objectRoutes.map((route) => [routeKey(route), route] as const))(
    "%s: a client moved to another unit leaves her old unit's author and manager",
    async (_key, route) => {
      const author = await userOfUnit(t, 'professional', 'PAULISTA');
      const manager = await userOfUnit(t, 'manager', 'PAULISTA');
      const deal = await dealOf('PAULISTA', author.token);
      const moved = await f.send('PATCH', `/api/v1/clients/${deal.clientId}`, {
        token: f.users.admin.token,
        body: { unit: 'MORUMBI', allergies: ['látex', 'lidocaína'] },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await expectOutOfReach(route, deal, [author, manager])).toEqual([]);
    },
  );

  it('a client who moves takes her proposals to the new unit: its manager reaches them', async () => {
    const author = await userOfUnit(t, 'professional', 'PAULISTA');
    const deal = await dealOf('PAULISTA', author.token);
    const morumbi = await userOfUnit(t, 'manager', 'MORUMBI');
    await f.send('PATCH', `/api/v1/clients/${deal.clientId}`, {
      token: f.users.admin.token,
      body: { unit: 'MORUMBI' },
    });
    const res = await f.send('GET', `/api/v1/proposals/${deal.proposal.id}`, {
      token: morumbi.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ unit: 'MORUMBI', author: { id: author.id } });
    const list = await f.send('GET', '/api/v1/proposals/', { token: author.token });
    expect((list.json() as Proposal[]).map((p) => p.id)).not.toContain(deal.proposal.id);
  });

  it.each(
    objectRoutes
      .filter((route) => route.url.startsWith('/api/v1/proposals/'))
      .map((route) => [routeKey(route), route] as const),
  )("%s: an admin's proposal is the client's unit's, not the admin's", async (_key, route) => {
    const deal = await dealOf('ANALIA', f.users.admin.token);
    expect(deal.proposal.unit).toBe('ANALIA');
    const paulista = await userOfUnit(t, 'manager', 'PAULISTA');
    expect(await expectOutOfReach(route, deal, [paulista])).toEqual([]);
  });

  it("an admin's proposal counts in its client's unit: lists, pipeline and /gestao", async () => {
    const analia = await userOfUnit(t, 'manager', 'ANALIA');
    const paulista = await userOfUnit(t, 'manager', 'PAULISTA');
    const created = async (token: string) => {
      const res = await f.send('GET', '/api/v1/dashboard/sales', { token });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { proposals_created: number }).proposals_created;
    };
    const before = { analia: await created(analia.token), paulista: await created(paulista.token) };
    const deal = await dealOf('ANALIA', f.users.admin.token);
    const ids = async (token: string) => {
      const res = await f.send('GET', '/api/v1/proposals/', { token });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Proposal[]).map((row) => row.id);
    };
    expect(await ids(analia.token)).toContain(deal.proposal.id);
    expect(await ids(paulista.token)).not.toContain(deal.proposal.id);
    const pipeline = await f.send('GET', '/api/v1/proposals/pipeline', { token: analia.token });
    expect(pipeline.body).toContain(deal.proposal.number);
    expect(await created(analia.token)).toBe(before.analia + 1);
    expect(await created(paulista.token)).toBe(before.paulista);
  });

  it("a manager's revision keeps the professional as author, and the professional sees it", async () => {
    const author = await userOfUnit(t, 'professional', 'PAULISTA', 'Paula Autora');
    const manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Revisor');
    const deal = await dealOf('PAULISTA', author.token);
    const revised = await f.send('POST', `/api/v1/proposals/${deal.proposal.id}/revise`, {
      token: manager.token,
      body: { blocks: { A: [f.ids.service], B: [], C: [], D: [] } },
    });
    expect(revised.statusCode, revised.body).toBe(201);
    const version = revised.json() as Proposal;
    expect(version).toMatchObject({
      version: 2,
      author: { id: author.id, name: 'Paula Autora' },
      revised_by: { id: manager.id, name: 'Gerson Revisor' },
    });
    const seen = await f.send('GET', `/api/v1/proposals/${version.id}`, { token: author.token });
    expect(seen.statusCode, seen.body).toBe(200);
    const sent = await f.send('POST', `/api/v1/proposals/${version.id}/send`, {
      token: manager.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mine = await f.send('GET', '/api/v1/proposals/', { token: author.token });
    expect((mine.json() as Proposal[]).map((p) => [p.id, p.author.id])).toContainEqual([
      version.id,
      author.id,
    ]);
  });
});

/**
 * Issue 28's new routes read scope as the contracts do: the day's sessions, a term, the liability
 * report and its drill-down follow the client, and a moved professional loses the old unit's.
 */
describe('the day’s sessions, the term and the liability follow the client', () => {
  let t: TestApp;
  let f: SecurityFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createSecurityFixtures(t);
  }, 120_000);
  afterAll(() => t.close());

  it('a moved professional loses them; a moved client takes them to her new unit', async () => {
    const mover = await userOfUnit(t, 'professional', 'PAULISTA', 'Prof Que Muda');
    const morumbi = await userOfUnit(t, 'manager', 'MORUMBI', 'Gerente Morumbi');
    const paulista = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerente Paulista');
    // A contract with a session today, then withdrawn at the front desk: it has a term.
    const reverseUrl = await f.urlFor({
      method: 'POST',
      url: '/api/v1/contracts/:id/sessions/:entryId/reverse',
      access: 'user',
    });
    const [, contractId, entryId] = /contracts\/(\d+)\/sessions\/(\d+)/.exec(reverseUrl) ?? [];
    const withdrawn = await f.send('POST', `/api/v1/contracts/${contractId}/withdraw`, {
      token: mover.token,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const reach = async (token: string | undefined) => {
      const sessions = await f.send('GET', '/api/v1/contracts/sessions', { token });
      const term = await f.send('GET', `/api/v1/contracts/${contractId}/cancellation-term.pdf`, {
        token,
      });
      const drill = await f.send('GET', `/api/v1/reports/liability/contracts?month=${month}`, {
        token,
      });
      return {
        session: (sessions.json() as { entry_id: number }[]).some(
          (entry) => entry.entry_id === Number(entryId),
        ),
        term: term.statusCode,
        drill:
          drill.statusCode === 200
            ? (drill.json() as { contract_id: number }[]).some(
                (row) => row.contract_id === Number(contractId),
              )
            : drill.statusCode,
      };
    };
    expect(await reach(mover.token)).toEqual({ session: true, term: 200, drill: 403 });
    expect(await reach(paulista.token)).toEqual({ session: true, term: 200, drill: true });
    expect(await reach(morumbi.token)).toEqual({ session: false, term: 404, drill: false });

    const transfer = await f.send('PATCH', `/api/v1/users/${mover.id}`, {
      token: f.users.admin.token,
      body: { unit: 'ANALIA' },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(await reach(mover.token)).toEqual({ session: false, term: 404, drill: 403 });

    const contract = await f.send('GET', `/api/v1/contracts/${contractId}`, {
      token: f.users.admin.token,
    });
    const clientId = (contract.json() as { client: { id: number } }).client.id;
    const moved = await f.send('PATCH', `/api/v1/clients/${clientId}`, {
      token: f.users.admin.token,
      body: { unit: 'MORUMBI' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await reach(paulista.token)).toEqual({ session: false, term: 404, drill: false });
    expect(await reach(morumbi.token)).toEqual({ session: true, term: 200, drill: true });
  });
});

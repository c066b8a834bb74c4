import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  WEB_VITALS_MAX_ENTRIES,
  WEB_VITALS_MESSAGES as M,
  type WebVitalsSummary,
} from '@portal/domain';
import { loadConfig } from '../src/config.ts';
import { VITALS_RATE_LIMIT } from '../src/modules/insights/vitals/routes.ts';
import { VITALS_COUNTED_PER_DAY } from '../src/modules/insights/vitals/service.ts';
import { MemoryAttemptLimiter } from '../src/auth/attempt-limiter.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const REPORT = '/api/v1/vitals';
const SUMMARY = '/api/v1/vitals/summary';

let metricSeq = 0;
/** A web-vitals metric id (`v6-<timestamp>-<random>`), unique in this file. */
const metricId = () => `v6-1764000000000-${1_000_000_000_000 + ++metricSeq}`;

const entry = (overrides: Record<string, unknown> = {}) => ({
  id: metricId(),
  name: 'LCP',
  value: 1830.4,
  rating: 'good',
  navigation_type: 'navigate',
  ...overrides,
});

const report = (overrides: Record<string, unknown> = {}) => ({
  page: '/propostas/:id',
  device: 'phone',
  entries: [entry(), entry({ name: 'CLS', value: 0.02 }), entry({ name: 'TTFB', value: 240 })],
  ...overrides,
});

interface StoredVital {
  page: string;
  device: string;
  metric: string;
  value: number;
  rating: string;
  navigation_type: string;
}

async function storedVitals(t: TestApp): Promise<StoredVital[]> {
  return t.database.query<StoredVital>(
    `SELECT page, device, metric, value, rating, navigation_type FROM web_vitals ORDER BY id`,
  );
}

function expectValidation(
  res: { statusCode: number; json: () => unknown },
  loc: (string | number)[],
  msg: string,
) {
  expect(res.statusCode).toBe(422);
  const body = res.json() as { detail: { loc: (string | number)[]; msg: string }[] };
  expect(body.detail).toContainEqual(expect.objectContaining({ loc, msg }));
}

/** Each report from its own address, so the throttle of one test does not reach another. */
let addressSeq = 0;
function post(
  t: TestApp,
  body: unknown,
  address = `10.0.${++addressSeq >> 8}.${addressSeq & 255}`,
) {
  return t.app.inject({
    method: 'POST',
    url: REPORT,
    // The connection's own address: no proxy is trusted by default (TRUST_PROXY).
    remoteAddress: address,
    payload: body as object,
  });
}

describe('POST /vitals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores the metrics of a page view without a token and answers 204', async () => {
    await t.database.query('DELETE FROM web_vitals');
    const res = await post(t, report());
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await storedVitals(t)).toEqual([
      expect.objectContaining({
        page: '/propostas/:id',
        device: 'phone',
        metric: 'LCP',
        value: 1830.4,
      }),
      expect.objectContaining({ metric: 'CLS', value: 0.02, rating: 'good' }),
      expect.objectContaining({ metric: 'TTFB', value: 240, navigation_type: 'navigate' }),
    ]);
  });

  it('reads the JSON navigator.sendBeacon sends as text/plain', async () => {
    await t.database.query('DELETE FROM web_vitals');
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: REPORT,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload,
      });
    const res = await send(
      JSON.stringify(report({ entries: [entry({ name: 'INP', value: 72 })] })),
    );
    expect(res.statusCode, res.body).toBe(204);
    expect(await storedVitals(t)).toEqual([expect.objectContaining({ metric: 'INP', value: 72 })]);
    const broken = await send('{"page":');
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'JSON inválido.', type: 'json_invalid' }],
    });
  });

  it('keeps one row per metric: a later report of the same metric replaces its value', async () => {
    await t.database.query('DELETE FROM web_vitals');
    const id = metricId();
    expect(
      (await post(t, report({ entries: [entry({ id, name: 'CLS', value: 0.05 })] }))).statusCode,
    ).toBe(204);
    const again = report({
      entries: [
        entry({ id, name: 'CLS', value: 0.31, rating: 'poor' }),
        entry({ name: 'INP', value: 96 }),
      ],
    });
    expect((await post(t, again)).statusCode).toBe(204);
    expect(await storedVitals(t)).toEqual([
      expect.objectContaining({ metric: 'CLS', value: 0.31, rating: 'poor' }),
      expect.objectContaining({ metric: 'INP', value: 96 }),
    ]);
  });

  it('drops what is not in the schema: no user, no URL, no address is stored', async () => {
    await t.database.query('DELETE FROM web_vitals');
    const res = await post(t, {
      ...report({ entries: [entry({ url: 'https://x/propostas/123', email: 'a@b.com' })] }),
      user_id: 7,
      url: 'https://portal/propostas/123?token=abc',
    });
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await t.database.query<Record<string, unknown>>('SELECT * FROM web_vitals');
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'device',
        'id',
        'metric',
        'metric_id',
        'navigation_type',
        'page',
        'rating',
        'recorded_at',
        'value',
      ].sort(),
    );
    expect(JSON.stringify(row)).not.toMatch(/123|a@b|token/);
  });

  describe('refuses a bad field with a pt-BR 422 and stores nothing', () => {
    const cases: [string, unknown, (string | number)[], string][] = [
      [
        'a page with a real id',
        report({ page: '/propostas/123' }),
        ['body', 'page'],
        M.pageInvalid,
      ],
      ['a page with a token', report({ page: '/p/a3f9c2e1b7' }), ['body', 'page'], M.pageInvalid],
      [
        'a page with a query',
        report({ page: '/login?next=/home' }),
        ['body', 'page'],
        M.pageInvalid,
      ],
      [
        'a full URL as page',
        report({ page: 'https://portal/login' }),
        ['body', 'page'],
        M.pageInvalid,
      ],
      ['a page too long', report({ page: `/${'a'.repeat(100)}` }), ['body', 'page'], M.pageInvalid],
      ['no page', report({ page: undefined }), ['body', 'page'], M.pageInvalid],
      ['an unknown device', report({ device: 'tablet' }), ['body', 'device'], M.deviceInvalid],
      ['no entries', report({ entries: [] }), ['body', 'entries'], M.entriesRequired],
      ['entries not a list', report({ entries: 'LCP' }), ['body', 'entries'], M.entriesRequired],
      [
        'more entries than allowed',
        report({ entries: Array.from({ length: WEB_VITALS_MAX_ENTRIES + 1 }, () => entry()) }),
        ['body', 'entries'],
        M.entriesTooMany,
      ],
      [
        'an unknown metric',
        report({ entries: [entry({ name: 'FID' })] }),
        ['body', 'entries', 0, 'name'],
        M.nameInvalid,
      ],
      [
        'a negative value',
        report({ entries: [entry({ value: -1 })] }),
        ['body', 'entries', 0, 'value'],
        M.valueInvalid,
      ],
      [
        'a value as text',
        report({ entries: [entry({ value: '1200' })] }),
        ['body', 'entries', 0, 'value'],
        M.valueInvalid,
      ],
      [
        'an LCP of ten minutes',
        report({ entries: [entry({ value: 600_000 })] }),
        ['body', 'entries', 0, 'value'],
        M.valueInvalid,
      ],
      [
        'a CLS beyond any real page',
        report({ entries: [entry({ name: 'CLS', value: 51 })] }),
        ['body', 'entries', 0, 'value'],
        M.valueInvalid,
      ],
      [
        'an unknown rating',
        report({ entries: [entry({ rating: 'ok' })] }),
        ['body', 'entries', 0, 'rating'],
        M.ratingInvalid,
      ],
      [
        'an unknown navigation type',
        report({ entries: [entry({ navigation_type: 'teleport' })] }),
        ['body', 'entries', 0, 'navigation_type'],
        M.navigationTypeInvalid,
      ],
      [
        'a made-up metric id',
        report({ entries: [entry({ id: '1; DROP TABLE' })] }),
        ['body', 'entries', 0, 'id'],
        M.idInvalid,
      ],
    ];
    it.each(cases)('%s', async (_label, body, loc, msg) => {
      await t.database.query('DELETE FROM web_vitals');
      expectValidation(await post(t, body), loc, msg);
      expect(await storedVitals(t)).toEqual([]);
    });
  });

  it(`throttles per address: past ${VITALS_RATE_LIMIT.max} reports in a minute, a pt-BR 429`, async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < VITALS_RATE_LIMIT.max; i++) {
      const res = await post(t, report({ entries: [entry()] }), address);
      expect(res.statusCode, `report ${i + 1}: ${res.body}`).toBe(204);
    }
    const refused = await post(t, report({ entries: [entry()] }), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: M.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post(t, report({ entries: [entry()] }), '203.0.113.10')).statusCode).toBe(204);
  });

  it('deletes rows older than 28 days when it stores new ones', async () => {
    // A new app: the pruning runs with the first report a process stores, then hourly.
    const fresh = await createTestApp();
    try {
      for (const [id, daysAgo] of [
        ['v6-1-1', 40],
        ['v6-1-2', 29],
        ['v6-1-3', 20],
      ] as const) {
        await fresh.database.query(
          `INSERT INTO web_vitals (metric_id, page, device, metric, value, rating, navigation_type, recorded_at)
           VALUES ($1, '/login', 'phone', 'LCP', 1000, 'good', 'navigate', now() - make_interval(days => $2::int))`,
          [id, daysAgo],
        );
      }
      expect((await post(fresh, report({ entries: [entry()] }))).statusCode).toBe(204);
      const left = await fresh.database.query<{ metric_id: string }>(
        `SELECT metric_id FROM web_vitals WHERE metric_id LIKE 'v6-1-%' ORDER BY metric_id`,
      );
      expect(left.map((row) => row.metric_id)).toEqual(['v6-1-3']);
    } finally {
      await fresh.close();
    }
  });
});

describe('what an address and a day can add (issue 27)', () => {
  /** p75 LCP of the page over 7 days, and its sample count, as the admin's summary reads it. */
  async function lcp(t: TestApp, page: string) {
    const admin = await t.as('admin');
    const res = await t.request('GET', SUMMARY, { token: admin.token });
    const week = (res.json() as WebVitalsSummary).windows[0]!.rows;
    return week.find((row) => row.page === page && row.metric === 'LCP');
  }

  it('a flood of 2 000 reports from 40 addresses moves the p75 of honest traffic by < 10 %', async () => {
    const t = await createTestApp();
    try {
      const page = '/propostas/:id';
      // Honest traffic, stored as the route stores it: 1 200 page views of LCP spread evenly
      // over 400–1 467 ms (p75 1 200), in a fixed shuffled order.
      await t.database.query(
        `INSERT INTO web_vitals (metric_id, page, device, metric, value, rating, navigation_type)
         SELECT 'v6-2-' || k, $1, 'phone', 'LCP', round(400 + ((k * 389) % 1200) * (1067 / 1200.0)),
                'good', 'navigate'
         FROM generate_series(0, 1199) AS k`,
        [page],
      );
      const honest = await lcp(t, page);
      expect(honest?.samples).toBe(1200);
      expect(honest?.p75).toBeCloseTo(1200, -1);

      // The flood: 40 addresses, 50 reports each of LCP 60 000; half of them IPv6, each report
      // from another host of its /64, which counts as one address.
      for (let a = 0; a < 40; a++) {
        for (let i = 0; i < 50; i++) {
          const address = a < 20 ? `198.51.100.${a}` : `2001:db8:${a}:1::${(i + 1).toString(16)}`;
          const res = await post(
            t,
            report({ page, entries: [entry({ value: 60_000, rating: 'poor' })] }),
            address,
          );
          // Accepted like any report: a beacon cannot retry, and the sender learns no bound.
          expect(res.statusCode, res.body).toBe(204);
        }
      }
      const flooded = await lcp(t, page);
      expect(flooded?.samples).toBe(1200 + 40 * VITALS_COUNTED_PER_DAY.addressPage);
      // At worst the honest quantile 0.75 + 0.75 · 120 / 1 200 = 0.825: about 1 280 ms.
      expect(flooded!.p75).toBeLessThan(honest!.p75 * 1.1);
    } finally {
      await t.close();
    }
    // 2 000 requests through the app: slower than the suite's default allows on a busy machine.
  }, 120_000);

  it('counts an address on all pages at most the day’s bound, and a page at most its day’s cap', async () => {
    const limiter = new MemoryAttemptLimiter();
    const t = await createTestApp({ loginLimiter: limiter });
    try {
      const address = '192.0.2.77';
      const pages = [
        '/',
        '/login',
        '/propostas',
        '/clientes',
        '/gestao',
        '/montar-pacote',
        '/admin/users',
      ];
      let sent = 0;
      for (const page of pages) {
        for (let i = 0; i < VITALS_COUNTED_PER_DAY.addressPage; i++) {
          expect((await post(t, report({ page, entries: [entry()] }), address)).statusCode).toBe(
            204,
          );
          sent++;
        }
      }
      expect(sent).toBeGreaterThan(VITALS_COUNTED_PER_DAY.address);
      expect(await storedVitals(t)).toHaveLength(VITALS_COUNTED_PER_DAY.address);

      // A page that has had its day's count from other addresses takes no more today.
      await t.database.query('DELETE FROM web_vitals');
      const day = new Date().toISOString().slice(0, 10);
      for (let i = 0; i < VITALS_COUNTED_PER_DAY.page; i++) {
        await limiter.hit(`vitals:${day}:page:/gestao`, 24 * 60 * 60 * 1000);
      }
      expect((await post(t, report({ page: '/gestao', entries: [entry()] }))).statusCode).toBe(204);
      expect((await post(t, report({ page: '/login', entries: [entry()] }))).statusCode).toBe(204);
      expect((await storedVitals(t)).map((row) => row.page)).toEqual(['/login']);
    } finally {
      await t.close();
    }
  });
});

describe('sampling (VITALS_SAMPLE_RATE)', () => {
  it('answers 204 and keeps nothing when the sample rate is 0', async () => {
    const config = {
      ...loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' }),
      webDist: '/nonexistent',
      vitalsSampleRate: 0,
    };
    const sampled = await createTestApp({ config });
    try {
      expect((await post(sampled, report())).statusCode).toBe(204);
      expect(await storedVitals(sampled)).toEqual([]);
    } finally {
      await sampled.close();
    }
  });
});

describe('GET /vitals/summary', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  async function insert(
    page: string,
    device: string,
    metric: string,
    value: number,
    daysAgo: number,
  ) {
    await t.database.query(
      `INSERT INTO web_vitals (metric_id, page, device, metric, value, rating, navigation_type, recorded_at)
       VALUES ($1, $2, $3, $4, $5, 'good', 'navigate', now() - make_interval(hours => $6::int))`,
      [metricId(), page, device, metric, value, Math.round(daysAgo * 24)],
    );
  }

  async function summary(): Promise<WebVitalsSummary> {
    const res = await t.request('GET', SUMMARY, { token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WebVitalsSummary;
  }

  it('is empty before any visit', async () => {
    await t.database.query('DELETE FROM web_vitals');
    expect(await summary()).toEqual({
      windows: [
        { days: 7, rows: [] },
        { days: 28, rows: [] },
      ],
    });
  });

  it('gives p75 per page, device class and metric over the last 7 and 28 days', async () => {
    await t.database.query('DELETE FROM web_vitals');
    // /login on phones, LCP: five visits this week, two older ones, one past 28 days.
    for (const [value, daysAgo] of [
      [3000, 1],
      [1000, 2],
      [5000, 3],
      [2000, 5],
      [4000, 6.5],
      [10000, 10],
      [20000, 27],
      [99000, 30],
    ] as const) {
      await insert('/login', 'phone', 'LCP', value, daysAgo);
    }
    // The same page on desktops, and another page: grouped apart.
    await insert('/login', 'desktop', 'LCP', 800, 1);
    await insert('/login', 'desktop', 'LCP', 1200, 2);
    await insert('/propostas/:id', 'phone', 'CLS', 0.05, 1);
    await insert('/propostas/:id', 'phone', 'CLS', 0.3, 2);
    await insert('/propostas/:id', 'phone', 'CLS', 0.12, 3);
    await insert('/propostas/:id', 'phone', 'CLS', 0.2, 12);

    // p75 by hand, continuous (PostgreSQL's percentile_cont): sort the n values, take position
    // 0.75·(n−1) counted from 0, interpolate between its neighbours.
    //  /login phone LCP, 7 days: 1000 2000 3000 4000 5000, n=5 → position 3 → 4000.
    //  28 days: 1000 2000 3000 4000 5000 10000 20000, n=7 → position 4.5 → 5000 + 0.5·5000 = 7500.
    //  /login desktop LCP: 800 1200, n=2 → position 0.75 → 800 + 0.75·400 = 1100 (both windows).
    //  /propostas/:id phone CLS, 7 days: 0.05 0.12 0.3 → position 1.5 → 0.12 + 0.5·0.18 = 0.21.
    //  28 days: 0.05 0.12 0.2 0.3 → position 2.25 → 0.2 + 0.25·0.1 = 0.225.
    const result = await summary();
    const rounded = (rows: WebVitalsSummary['windows'][number]['rows']) =>
      rows.map((row) => ({ ...row, p75: Math.round(row.p75 * 1e6) / 1e6 }));
    expect(result.windows.map((w) => w.days)).toEqual([7, 28]);
    expect(rounded(result.windows[0]!.rows)).toEqual([
      { page: '/login', device: 'desktop', metric: 'LCP', p75: 1100, samples: 2 },
      { page: '/login', device: 'phone', metric: 'LCP', p75: 4000, samples: 5 },
      { page: '/propostas/:id', device: 'phone', metric: 'CLS', p75: 0.21, samples: 3 },
    ]);
    expect(rounded(result.windows[1]!.rows)).toEqual([
      { page: '/login', device: 'desktop', metric: 'LCP', p75: 1100, samples: 2 },
      { page: '/login', device: 'phone', metric: 'LCP', p75: 7500, samples: 7 },
      { page: '/propostas/:id', device: 'phone', metric: 'CLS', p75: 0.225, samples: 4 },
    ]);
  });

  it('reads what the reporting route stored', async () => {
    await t.database.query('DELETE FROM web_vitals');
    await post(
      t,
      report({
        page: '/montar-pacote',
        device: 'desktop',
        entries: [entry({ name: 'INP', value: 180 })],
      }),
    );
    const result = await summary();
    expect(result.windows[0]!.rows).toEqual([
      { page: '/montar-pacote', device: 'desktop', metric: 'INP', p75: 180, samples: 1 },
    ]);
  });

  it('is for admins only: 401 without a token, 403 for other profiles', async () => {
    const anonymous = await t.request('GET', SUMMARY);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: MESSAGES.unauthenticated });
    for (const profile of ['manager', 'professional'] as const) {
      const res = await t.request('GET', SUMMARY, { token: (await t.as(profile)).token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: MESSAGES.forbidden });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('conditional GET of API answers', () => {
  let t: TestApp;
  let token: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.as('professional')).token;
    adminToken = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  const getServices = (ifNoneMatch?: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/services/',
      headers: {
        authorization: `Bearer ${token}`,
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
    });

  it('tags a list, answers 304 without a body while it is unchanged, 200 once it changes', async () => {
    const first = await getServices();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toMatch(/authorization/i);

    const again = await getServices(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The tag describes the JSON, so a browser asking for brotli gets the same one.
    const compressed = await getServices(etag, 'br');
    expect(compressed.statusCode).toBe(304);

    const created = await t.request('POST', '/api/v1/services/', {
      token: adminToken,
      body: { name: 'Peeling de Diamante', block: 'A', value: 150, cost: 40, status: 'active' },
    });
    expect(created.statusCode).toBe(201);
    const changed = await getServices(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as Array<{ name: string }>).map((s) => s.name)).toContain(
      'Peeling de Diamante',
    );
  });

  it('leaves errors and writes untagged', async () => {
    const unauthorized = await t.app.inject({
      method: 'GET',
      url: '/api/v1/services/',
      headers: { 'if-none-match': '*' },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers.etag).toBeUndefined();
    const write = await t.request('POST', '/api/v1/services/', {
      token: adminToken,
      body: { name: 'Drenagem Linfática Plus', block: 'B', value: 90, cost: 20 },
    });
    expect(write.statusCode).toBe(201);
    expect(write.headers.etag).toBeUndefined();
  });
});

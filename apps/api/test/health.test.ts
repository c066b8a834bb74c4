import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('health and platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok while the database answers', async () => {
    const res = await t.request('GET', '/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/v1/auth/login');
  });

  it('answers unknown API paths with a FastAPI-shaped 404', async () => {
    const res = await t.request('GET', '/api/v1/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Não encontrado.' });
  });

  it('sends security headers', async () => {
    const res = await t.request('GET', '/api/v1/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://www.youtube.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers 503 when the database does not', async () => {
    await t.database.close();
    const res = await t.request('GET', '/api/v1/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'Banco de dados indisponível.' });
  });
});

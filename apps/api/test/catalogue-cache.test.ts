import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { negotiateEncoding } from '../src/http/catalogue-cache.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

interface ServiceWire {
  id: number;
  name: string;
  value: number;
  photos_count: number;
}

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('catalogue lists kept ready to send by each process', () => {
  let t: TestApp;
  /** A second app on the same database: another process with its own copy of the lists. */
  let other: FastifyInstance;
  let token: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    token = (await t.as('professional')).token;
    adminToken = (await t.as('admin')).token;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

  async function createService(name: string, value = 100): Promise<ServiceWire> {
    const created = await t.request('POST', '/api/v1/services/', {
      token: adminToken,
      body: { name, block: 'A', value, cost: 10 },
    });
    expect(created.statusCode).toBe(201);
    return created.json() as ServiceWire;
  }

  it('shows a change made through another process, or straight in SQL, on the next read', async () => {
    const service = await createService('Cache Laser Fracionado', 300);
    // Both processes read (and keep) the list first.
    for (const app of [t.app, other]) {
      const list = (await get(app, '/api/v1/services/')).json() as ServiceWire[];
      expect(list.find((s) => s.id === service.id)?.value).toBe(300);
    }

    const patched = await other.inject({
      method: 'PATCH',
      url: `/api/v1/services/${service.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { value: 350 },
    });
    expect(patched.statusCode).toBe(200);
    for (const app of [t.app, other]) {
      const list = (await get(app, '/api/v1/services/')).json() as ServiceWire[];
      expect(list.find((s) => s.id === service.id)?.value).toBe(350);
    }

    // A photo changes the list's photo count; a rename in SQL (a migration, a DBA) is seen too.
    const photos = await t.request('PUT', `/api/v1/service-photos/${service.id}`, {
      token: adminToken,
      body: { service_id: service.id, photos: [{ imageBase64: PNG_1X1, subtitle: 'Antes' }] },
    });
    expect(photos.statusCode).toBe(200);
    await t.database.query('UPDATE services SET name = $1 WHERE id = $2', [
      'Cache Laser Renomeado',
      service.id,
    ]);
    for (const app of [other, t.app]) {
      const seen = ((await get(app, '/api/v1/services/')).json() as ServiceWire[]).find(
        (s) => s.id === service.id,
      );
      expect(seen).toMatchObject({ name: 'Cache Laser Renomeado', photos_count: 1 });
    }
  });

  it('keeps each filter apart and shows a procedure taken out of packages and relations', async () => {
    const kept = await createService('Cache Peeling Químico');
    const removed = await createService('Cache Microagulhamento');
    const inactive = await t.request('PATCH', `/api/v1/services/${removed.id}`, {
      token: adminToken,
      body: { status: 'inactive' },
    });
    expect(inactive.statusCode).toBe(200);
    const active = (await get(t.app, '/api/v1/services/?status_eq=active')).json() as ServiceWire[];
    const all = (await get(t.app, '/api/v1/services/')).json() as ServiceWire[];
    expect(active.map((s) => s.id)).not.toContain(removed.id);
    expect(all.map((s) => s.id)).toContain(removed.id);

    const relation = await t.request('POST', '/api/v1/services-relations/', {
      token: adminToken,
      body: { service_id_1: kept.id, service_id_2: removed.id, category: 'Textura' },
    });
    expect(relation.statusCode).toBe(201);
    const pkg = await t.request('POST', '/api/v1/packages/', {
      token: adminToken,
      body: { name: 'Cache Pacote Anual', annual_value: 5000, procedures: [kept.id, removed.id] },
    });
    expect(pkg.statusCode).toBe(201);
    const relationsBefore = (await get(other, '/api/v1/services-relations/')).json() as unknown[];
    const packageBefore = (
      (await get(other, '/api/v1/packages/')).json() as Array<{
        name: string;
        procedures: number[];
      }>
    ).find((p) => p.name === 'Cache Pacote Anual');
    expect(packageBefore?.procedures).toEqual(expect.arrayContaining([kept.id, removed.id]));

    // A procedure in use is not deleted (409); taken out of both, it is.
    const refused = await t.request('DELETE', `/api/v1/services/${removed.id}`, {
      token: adminToken,
    });
    expect(refused.statusCode).toBe(409);
    const relationId = (relation.json() as { id: number }).id;
    await t.request('DELETE', `/api/v1/services-relations/${relationId}`, { token: adminToken });
    const packageId = (pkg.json() as { id: number }).id;
    await t.request('PATCH', `/api/v1/packages/${packageId}`, {
      token: adminToken,
      body: { procedures: [kept.id] },
    });
    const deleted = await t.request('DELETE', `/api/v1/services/${removed.id}`, {
      token: adminToken,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const relationsAfter = (await get(other, '/api/v1/services-relations/')).json() as unknown[];
    expect(relationsAfter).toHaveLength(relationsBefore.length - 1);
    const packageAfter = (
      (await get(other, '/api/v1/packages/')).json() as Array<{
        name: string;
        procedures: number[];
      }>
    ).find((p) => p.name === 'Cache Pacote Anual');
    expect(packageAfter?.procedures).toEqual([kept.id]);
  });

  it('sends the same JSON in each encoding the client accepts, with one tag for all', async () => {
    // Lists under 2 KB go uncompressed; make this one worth compressing.
    for (let i = 1; i <= 8; i++) await createService(`Cache Drenagem Modeladora ${i}`);
    const plain = await get(t.app, '/api/v1/services/', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const brotli = await get(t.app, '/api/v1/services/', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(t.app, '/api/v1/services/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain, brotli, gzip].map((r) => r.headers.etag)).size).toBe(1);
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);

    const unchanged = await get(other, '/api/v1/services/', {
      'if-none-match': String(plain.headers.etag),
    });
    // Another process, same bytes, same tag: still a 304.
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('still refuses an anonymous or malformed read before looking at the cache', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/services/' });
    expect(anonymous.statusCode).toBe(401);
    const badFilter = await get(t.app, '/api/v1/packages/?status_eq=talvez');
    expect(badFilter.statusCode).toBe(422);
  });

  it('negotiates br, then gzip, honouring q=0', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('identity');
  });
});

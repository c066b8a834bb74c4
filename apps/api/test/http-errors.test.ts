import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** Every status the server answers is FastAPI-shaped pt-BR, outside the routes too. */
describe('HTTP errors outside the routes', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, body?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${adminToken}` },
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  it('answers an over-long path parameter 414 in pt-BR, without echoing the path', async () => {
    const long = 'x'.repeat(300) + 'SEGREDO';
    for (const url of [`/api/v1/services/${long}`, `/api/v1/users/${long}`]) {
      const res = await send('GET', url);
      expect(res.statusCode).toBe(414);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: 'Endereço muito longo.' });
      expect(res.body).not.toContain('SEGREDO');
    }
  });

  it.each([
    ['PUT', '/api/v1/services/1', 'DELETE, GET, HEAD, PATCH'],
    ['DELETE', '/api/v1/services/', 'GET, HEAD, POST'],
    ['POST', '/api/v1/health', 'GET, HEAD'],
    ['PATCH', '/api/v1/users/', 'GET, HEAD, POST'],
    ['PROPFIND', '/api/v1/packages', 'GET, HEAD, POST'],
  ])('answers %s %s 405 with Allow: %s', async (method, url, allow) => {
    const res = await send(method, url);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toEqual({ detail: 'Método não permitido para este endereço.' });
  });

  it('keeps 404 for an address no route answers', async () => {
    const res = await send('PUT', '/api/v1/nada/1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Não encontrado.' });
  });

  it('refuses money with more than two decimals (422) instead of rounding it', async () => {
    for (const value of [10.005, '10,005']) {
      const res = await send('POST', '/api/v1/services/', { name: `Peeling ${value}`, value });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({
        loc: ['body', 'value'],
        msg: 'Valor deve ter no máximo 2 casas decimais.',
      });
    }
    const pkg = await send('POST', '/api/v1/packages/', {
      name: 'Pacote X',
      annual_value: 1200.999,
    });
    expect(pkg.statusCode).toBe(422);
    expect(pkg.json().detail[0]).toMatchObject({
      loc: ['body', 'annual_value'],
      msg: 'Valor anual deve ter no máximo 2 casas decimais.',
    });
    const list = (await send('GET', '/api/v1/services/')).json() as { name: string }[];
    expect(list.filter((s) => s.name.startsWith('Peeling 10'))).toEqual([]);
    const exact = await send('POST', '/api/v1/services/', {
      name: 'Peeling Exato',
      value: '10,05',
    });
    expect(exact.json()).toMatchObject({ value: 10.05 });
  });

  it('answers a request Node cannot parse 400 in pt-BR JSON', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('FOO /api/v1/services/ HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('application/json; charset=utf-8');
    expect(raw.split('\r\n\r\n')[1]).toBe(JSON.stringify({ detail: 'Requisição inválida.' }));
  });
});

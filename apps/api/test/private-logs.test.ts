import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, maskUrl } from '../src/http/logging.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app.ts';

/**
 * No personal data and no secret in the server log (LGPD art. 46; issue 27): a scripted day of
 * a professional and a client runs over HTTP against a listening server whose logger is built
 * exactly as server.ts builds it, then the whole log is searched for what the day typed.
 */

const NAME = 'Joana Darc Figueiredo';
const CPF = '529.982.247-25';
const PHONE = '11 97777-6543';
const EMAIL = 'joana.figueiredo@exemplo.com.br';

describe('the server log of a scripted session', () => {
  let t: TestApp;
  let base: string;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const secrets: string[] = [];

  async function call(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.text()) || '{}' };
  }

  beforeAll(async () => {
    t = await createTestApp({ logger: loggerOptions('info', sink) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('holds neither the names, CPF and phone searched nor the link token', async () => {
    const admin = await t.as('admin');
    const professional = await t.createUser('professional');
    // Sign-in over HTTP, one wrong password first (the failure is logged, not the account).
    expect(
      (await call('POST', '/api/v1/auth/login', undefined, { email: EMAIL, password: 'x' })).status,
    ).toBe(401);
    const login = await call('POST', '/api/v1/auth/login', undefined, {
      email: professional.email,
      password: TEST_PASSWORD,
    });
    const token = (JSON.parse(login.body) as { access_token: string }).access_token;
    secrets.push(token, professional.email);

    const service = await call('POST', '/api/v1/services/', admin.token, {
      name: 'Limpeza de Pele Profunda',
      block: 'A',
      value: 180,
      cost: 45.5,
    });
    const pkg = await call('POST', '/api/v1/packages/', admin.token, {
      name: 'Pacote Essencial Log',
      annual_value: 300,
      block_limits: { a: 2, b: 0, c: 0, d: 0 },
      allow_all_procedures: true,
    });
    const client = await call('POST', '/api/v1/clients/', token, {
      full_name: NAME,
      cpf: CPF,
      phone: PHONE,
      email: EMAIL,
    });
    expect(client.status, client.body).toBe(201);
    const clientId = (JSON.parse(client.body) as { id: number }).id;

    for (const q of [NAME, 'Figueiredo', CPF, '52998224725', PHONE, '977776543', EMAIL]) {
      const found = await call('GET', `/api/v1/clients/?q=${encodeURIComponent(q)}&limit=5`, token);
      expect(found.status, q).toBe(200);
    }
    // A search typed into the address bar of a page the web app serves.
    await call('GET', `/clientes?busca=${encodeURIComponent(NAME)}`, token);

    const created = await call('POST', '/api/v1/proposals/', token, {
      client_id: clientId,
      package_id: (JSON.parse(pkg.body) as { id: number }).id,
      blocks: { A: [(JSON.parse(service.body) as { id: number }).id] },
    });
    expect(created.status, created.body).toBe(201);
    const proposalId = (JSON.parse(created.body) as { id: number }).id;
    const sent = await call('POST', `/api/v1/proposals/${proposalId}/send`, token);
    expect(sent.status, sent.body).toBe(200);
    const url = (JSON.parse(sent.body) as { public_url: string }).public_url;
    const linkToken = url.slice(url.lastIndexOf('/p/') + 3);
    secrets.push(linkToken);

    // The client opens her link, reads the proposal through the API too, and accepts.
    expect((await call('GET', `/p/${linkToken}`)).status).toBe(200);
    expect((await call('GET', `/api/v1/public/proposals/${linkToken}`)).status).toBe(200);
    const accepted = await fetch(`${base}/p/${linkToken}/aceitar`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ full_name: NAME, accept_terms: 'true' }).toString(),
      redirect: 'manual',
    });
    expect(accepted.status).toBeLessThan(400);
    expect(
      (await call('GET', `/api/v1/public/proposals/${linkToken}?token=${linkToken}`)).status,
    ).toBe(200);

    const log = lines.join('\n');
    // The session was logged (the test would prove nothing otherwise)…
    expect(log).toContain('"url":"/api/v1/clients/?q=***&limit=5"');
    expect(log).toContain('"url":"/p/***"');
    expect(log).toContain('"url":"/api/v1/public/proposals/***"');
    // …and none of what the client is, nor any secret that opens her data, is in it.
    const forbidden = [
      'Joana',
      'Figueiredo',
      CPF,
      '52998224725',
      '529.982',
      PHONE,
      '97777',
      '977776543',
      EMAIL,
      'joana.figueiredo',
      ...secrets,
    ];
    for (const needle of forbidden) expect(log, needle).not.toContain(needle);
    expect(log).not.toContain(encodeURIComponent(NAME));
  });
});

describe('maskUrl', () => {
  it('keeps paging and filter codes, masks every other query value and link tokens', () => {
    expect(maskUrl('/api/v1/clients/?q=Maria&unit=PAULISTA&limit=20&offset=40')).toBe(
      '/api/v1/clients/?q=***&unit=PAULISTA&limit=20&offset=40',
    );
    expect(maskUrl('/reset-password?token=abc123')).toBe('/reset-password?token=***');
    expect(maskUrl('/clientes?Maria%20Silva')).toBe('/clientes?***');
    expect(maskUrl('/p/abcDEF_123/aceitar?x=1')).toBe('/p/***/aceitar?x=***');
    expect(maskUrl('/api/v1/public/proposals/tok/accept')).toBe(
      '/api/v1/public/proposals/***/accept',
    );
    expect(maskUrl('/api/v1/services/3#frag')).toBe('/api/v1/services/3');
  });
});

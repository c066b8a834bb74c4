import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_RATE_LIMITS } from '../src/http/rate-limits.ts';
import { PROPOSAL_MESSAGES } from '@portal/domain';
import { rateLimitAddress } from '../src/http/client-address.ts';
import { NAME_ATTEMPTS_PER_LINK } from '../src/modules/sales/proposals/service.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Per-address limits count an IPv6 client by its /64 (one subscriber's prefix, RFC 6177): issue
 * 27 rotated 75 addresses of one /64 past the public link's limit and 25 past the sign-in's. And
 * a link stops taking names after a few wrong ones, whatever the address.
 */

/** The n-th address of one /64, spelled as a client would (compressed, varied case). */
const inOnePrefix = (n: number) => `2001:db8:abcd:12:${(n + 1).toString(16)}::${n % 7}`;

describe('rateLimitAddress', () => {
  it('counts IPv6 by /64, IPv4 and IPv4-mapped addresses one by one', () => {
    expect(rateLimitAddress('2001:db8:abcd:12::1')).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitAddress('2001:DB8:ABCD:0012:ffff:1:2:3')).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitAddress('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
  });
});

describe('per-address throttles under IPv6 rotation', () => {
  let t: TestApp;
  let clientId: number;
  let packageId: number;
  let serviceId: number;

  beforeAll(async () => {
    t = await createTestApp({ loginThrottle: { sleep: async () => undefined } });
    const admin = await t.as('admin');
    const service = await t.request('POST', '/api/v1/services/', {
      token: admin.token,
      body: { name: 'Limpeza de Pele Rotação', block: 'A', value: 180, cost: 45.5 },
    });
    serviceId = (service.json() as { id: number }).id;
    const pkg = await t.request('POST', '/api/v1/packages/', {
      token: admin.token,
      body: {
        name: 'Pacote Rotação',
        annual_value: 300,
        block_limits: { a: 2, b: 0, c: 0, d: 0 },
        allow_all_procedures: true,
      },
    });
    packageId = (pkg.json() as { id: number }).id;
    const professional = await t.as('professional');
    const client = await t.request('POST', '/api/v1/clients/', {
      token: professional.token,
      body: { full_name: 'Lúcia Helena Prado' },
    });
    clientId = (client.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  async function sentLink(): Promise<string> {
    const professional = await t.as('professional');
    const created = await t.request('POST', '/api/v1/proposals/', {
      token: professional.token,
      body: { client_id: clientId, package_id: packageId, blocks: { A: [serviceId] } },
    });
    const { id } = created.json() as { id: number };
    const sent = await t.request('POST', `/api/v1/proposals/${id}/send`, {
      token: professional.token,
    });
    const url = (sent.json() as { public_url: string }).public_url;
    return url.slice(url.lastIndexOf('/p/') + 3);
  }

  it('refuses sign-in attempts past the address limit from 25 addresses of one /64', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 25; n++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: inOnePrefix(n),
        payload: { email: `alvo${n}@teste.com.br`, password: 'senha-errada-123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, ADDRESS_RATE_LIMITS.signIn.max).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(ADDRESS_RATE_LIMITS.signIn.max)).toContain(429);
    // Another /64 is another subscriber: not refused.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '2001:db8:abcd:99::1',
      payload: { email: 'alvo@teste.com.br', password: 'senha-errada-123' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('refuses the public link past its limit from 75 addresses of one /64', async () => {
    const token = await sentLink();
    const statuses: number[] = [];
    for (let n = 0; n < 75; n++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/public/proposals/${token}`,
        remoteAddress: inOnePrefix(1000 + n),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, ADDRESS_RATE_LIMITS.publicProposal.max).every((s) => s === 200)).toBe(
      true,
    );
    expect(statuses.slice(ADDRESS_RATE_LIMITS.publicProposal.max)).toContain(429);
    // The page /p/{token} shares the idea: a /64 is one caller.
    const page = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        t.app.inject({ method: 'GET', url: `/p/${token}`, remoteAddress: inOnePrefix(2000 + n) }),
      ),
    );
    expect(page.map((r) => r.statusCode)).toContain(429);
  });

  it('stops taking names on a link after a few wrong ones, from any address', async () => {
    const token = await sentLink();
    const attempt = (fullName: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/public/proposals/${token}/accept`,
        remoteAddress: `198.51.100.${n}`,
        payload: { full_name: fullName, accept_terms: true },
      });
    for (let n = 0; n < NAME_ATTEMPTS_PER_LINK; n++) {
      expect((await attempt(`Nome Errado ${n}`, n)).statusCode).toBe(422);
    }
    const refused = await attempt('Lúcia Helena Prado', 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: PROPOSAL_MESSAGES.tooManyNameAttempts });
    // The page says so too, and never prints the full name to type.
    const page = await t.app.inject({
      method: 'POST',
      url: `/p/${token}/aceitar`,
      remoteAddress: '198.51.100.200',
      payload: new URLSearchParams({ full_name: 'Outra', accept_terms: 'true' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(429);
    const view = await t.app.inject({ method: 'GET', url: `/p/${token}` });
    expect(view.body).toContain('Proposta para Lúcia');
    expect(view.body).not.toContain('Lúcia Helena Prado');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_RATE_LIMITS } from '../../../http/rate-limits.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { MemoryAttemptLimiter } from '../../../auth/attempt-limiter.ts';

/**
 * The public proposal page as a client's phone gets it: server-rendered HTML with no script, the
 * figures a client needs and none of the clinic's internal ones, plain form posts to accept or
 * decline, and a clear page for every state the link can be in.
 */

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('public proposal page /p/{token}', () => {
  let t: TestApp;
  let token: string;
  let clientId: number;
  let packageId: number;
  let serviceId: number;

  /** A sent proposal; answers its public token. */
  async function sentProposal(): Promise<{ id: number; token: string }> {
    const professional = await t.as('professional');
    const created = await t.request('POST', '/api/v1/proposals/', {
      token: professional.token,
      body: { client_id: clientId, package_id: packageId, blocks: { A: [serviceId, serviceId] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    const sent = await t.request('POST', `/api/v1/proposals/${id}/send`, {
      token: professional.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const url = (sent.json() as { public_url: string }).public_url;
    return { id, token: url.slice(url.lastIndexOf('/p/') + 3) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.as('admin');
    const service = await t.request('POST', '/api/v1/services/', {
      token: admin.token,
      body: { name: 'Limpeza de Pele Profunda', block: 'A', value: 180, cost: 45.5 },
    });
    serviceId = (service.json() as { id: number }).id;
    const pkg = await t.request('POST', '/api/v1/packages/', {
      token: admin.token,
      body: {
        name: 'Pacote Essencial 1',
        annual_value: 300,
        block_limits: { a: 2, b: 0, c: 0, d: 0 },
        allow_all_procedures: true,
      },
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    packageId = (pkg.json() as { id: number }).id;
    const professional = await t.as('professional');
    const client = await t.request('POST', '/api/v1/clients/', {
      token: professional.token,
      body: { full_name: 'Maria José da Silva', phone: '11 98888-7777' },
    });
    expect(client.statusCode, client.body).toBe(201);
    clientId = (client.json() as { id: number }).id;
    token = (await sentProposal()).token;
  });
  afterAll(() => t.close());

  it('shows the client what they decide on, with no script and no internal figure', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/p/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).not.toContain('<script');
    expect(html).toContain('Proposta para Maria');
    // The full name is what the client types to accept: the page never prints it.
    expect(html).not.toContain('Maria José da Silva');
    expect(html).toContain('Pacote Essencial 1');
    expect(html).toContain('Limpeza de Pele Profunda');
    expect(html).toContain('2 sessões');
    expect(html).toMatch(/Valor avulso dos procedimentos<\/dt><dd>R\$\s360,00/);
    expect(html).toMatch(/Valor do pacote<\/dt><dd>R\$\s300,00/);
    expect(html).toMatch(/Desconto<\/dt><dd>R\$\s60,00 \(16,7%\)/);
    expect(html).toMatch(/12 parcelas mensais de<\/dt><dd class="highlight">R\$\s25,00/);
    expect(html).toContain('Código de Defesa do Consumidor, art. 49');
    expect(html).toContain('prefers-color-scheme:dark');
    // Cost (2 × 45,50), net revenue (0,7 × 300) and margin never reach the client.
    expect(html).not.toMatch(/91,00|210,00|45,50|Margem|Lucro|Receita/i);
    expect(html).toContain(`action="/p/${token}/aceitar"`);
    expect(html).toContain(`action="/p/${token}/recusar"`);
  });

  it('refuses a name that is not the client’s, keeping what was typed, then accepts', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/p/${token}/aceitar`,
      ...form({ full_name: 'Outra Pessoa', accept_terms: 'true' }),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('O nome digitado não confere com o nome do cliente da proposta.');
    expect(wrong.body).toContain('value="Outra Pessoa"');

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/p/${token}/aceitar`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Celular de teste',
      },
      payload: 'full_name=maria+jose+da+silva&accept_terms=true',
    });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(`/p/${token}`);

    const page = await t.app.inject({ method: 'GET', url: `/p/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Proposta aceita em');
    // No accept or decline any more: only her plan (and, within 7 days, 'Desistir').
    expect(page.body).not.toContain('/aceitar');
    expect(page.body).not.toContain('/recusar');

    const again = await t.app.inject({
      method: 'POST',
      url: `/p/${token}/aceitar`,
      ...form({ full_name: 'Maria José da Silva', accept_terms: 'true' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Esta proposta já foi aceita.');
  });

  it('records a decline with the reason the client wrote', async () => {
    const other = await sentProposal();
    const declined = await t.app.inject({
      method: 'POST',
      url: `/p/${other.token}/recusar`,
      ...form({ reason: 'Vou pensar mais um pouco.' }),
    });
    expect(declined.statusCode).toBe(303);
    const page = await t.app.inject({ method: 'GET', url: `/p/${other.token}` });
    expect(page.body).toContain('Proposta recusada.');
    const professional = await t.as('professional');
    const stored = await t.request('GET', `/api/v1/proposals/${other.id}`, {
      token: professional.token,
    });
    expect(stored.json()).toMatchObject({
      status: 'declined',
      decline: { by: 'client', reason_text: 'Vou pensar mais um pouco.' },
    });
  });

  it('says in pt-BR when a link was revoked, and when it never existed', async () => {
    const other = await sentProposal();
    const professional = await t.as('professional');
    await t.request('POST', `/api/v1/proposals/${other.id}/revoke-link`, {
      token: professional.token,
    });
    const revoked = await t.app.inject({ method: 'GET', url: `/p/${other.token}` });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.body).toContain('Proposta indisponível');
    expect(revoked.body).not.toContain('Maria');

    const unknown = await t.app.inject({ method: 'GET', url: '/p/token-que-nao-existe' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('Proposta não encontrada');
  });
  it("after accepting, the link is the client's plan, and 'Desistir' works within 7 days", async () => {
    const { token: fresh } = await sentProposal();
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/p/${fresh}/aceitar`,
      ...form({ full_name: 'Maria José da Silva', accept_terms: 'true' }),
    });
    expect(accepted.statusCode).toBe(303);
    const page = await t.app.inject({ method: 'GET', url: `/p/${fresh}` });
    expect(page.body).toContain('Meu plano');
    expect(page.body).toContain('Limpeza de Pele Profunda');
    expect(page.body).toContain('0 de 2 sessões realizadas · restam 2');
    expect(page.body).toContain('Desistir da compra');
    expect(page.body).not.toContain('<script');
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/p/${fresh}/desistir`,
      ...form({ confirm: 'true' }),
    });
    expect(withdrawn.statusCode).toBe(303);
    const after = await t.app.inject({ method: 'GET', url: `/p/${fresh}` });
    expect(after.body).toContain('Desistência registrada.');
    expect(after.body).toContain('Situação: Desistência');
    expect(after.body).not.toContain('Desistir da compra');
    const again = await t.app.inject({
      method: 'POST',
      url: `/p/${fresh}/desistir`,
      ...form({ confirm: 'true' }),
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('public proposal page with hostile names (issue 27)', () => {
  it('prints what staff typed as text, whatever it holds', async () => {
    const t = await createTestApp();
    try {
      const hostile = '<script>alert(1)</script> "><img src=x onerror=alert(1)> {{x}} <%= it %>';
      const admin = await t.as('admin');
      const unit = await t.request('PATCH', '/api/v1/units/PAULISTA', {
        token: admin.token,
        body: {
          display_name: `Clínica ${hostile}`,
          address: `Rua ${hostile}`,
          whatsapp: '11 98888-1234',
        },
      });
      expect(unit.statusCode, unit.body).toBe(200);
      const service = await t.request('POST', '/api/v1/services/', {
        token: admin.token,
        body: { name: `Peeling ${hostile}`, block: 'A', value: 180, cost: 45 },
      });
      expect(service.statusCode, service.body).toBe(201);
      const pkg = await t.request('POST', '/api/v1/packages/', {
        token: admin.token,
        body: {
          name: `Pacote ${hostile}`,
          annual_value: 300,
          block_limits: { a: 2, b: 0, c: 0, d: 0 },
          allow_all_procedures: true,
        },
      });
      expect(pkg.statusCode, pkg.body).toBe(201);
      const professional = await t.createUser('professional', 'active', `Ana ${hostile}`);
      const client = await t.request('POST', '/api/v1/clients/', {
        token: professional.token,
        body: { full_name: '<script>alert(1)</script> da Silva', phone: '11 98888-7777' },
      });
      expect(client.statusCode, client.body).toBe(201);
      const created = await t.request('POST', '/api/v1/proposals/', {
        token: professional.token,
        body: {
          client_id: (client.json() as { id: number }).id,
          package_id: (pkg.json() as { id: number }).id,
          blocks: { A: [(service.json() as { id: number }).id] },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const sent = await t.request(
        'POST',
        `/api/v1/proposals/${(created.json() as { id: number }).id}/send`,
        { token: professional.token },
      );
      const url = (sent.json() as { public_url: string }).public_url;
      const page = await t.app.inject({ method: 'GET', url: url.slice(url.lastIndexOf('/p/')) });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<script');
      expect(page.body).not.toContain('<img');
      expect(page.body).not.toContain('<%');
      const escaped =
        '&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt; {{x}} &lt;%= it %&gt;';
      for (const field of ['Clínica', 'Rua', 'Peeling', 'Pacote', 'Ana']) {
        expect(page.body).toContain(`${field} ${escaped}`);
      }
      expect(page.body).toContain('Proposta para &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    } finally {
      await t.close();
    }
  });
});

describe('public proposal page without a valid token', () => {
  it('answers the not-found page to a post with no body', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/p/nada/aceitar', '/p/nada/recusar']) {
        const res = await t.app.inject({ method: 'POST', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toContain('Proposta não encontrada');
      }
    } finally {
      await t.close();
    }
  });
});

describe('public proposal page throttle', () => {
  it('counts an address in the app’s shared limiter, so every process sees one count', async () => {
    // Two processes sharing one limiter (Redis in production): the count is the address's, not
    // each process's, and an address past the limit gets the 429 page from both.
    const limiter = new MemoryAttemptLimiter();
    const first = await createTestApp({ loginLimiter: limiter });
    const second = await createTestApp({ loginLimiter: limiter });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < ADDRESS_RATE_LIMITS.publicPage.max; i++) {
        const app = i % 2 === 0 ? first : second;
        statuses.push(
          (await app.app.inject({ method: 'GET', url: `/p/tentativa-${i}` })).statusCode,
        );
      }
      expect(new Set(statuses)).toEqual(new Set([404]));
      for (const app of [first, second]) {
        const refused = await app.app.inject({ method: 'GET', url: '/p/mais-uma' });
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['content-type']).toContain('text/html');
      }
    } finally {
      await first.close();
      await second.close();
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  computeSalesDashboard,
  PROPOSAL_MESSAGES,
  proposalValidUntil,
  saoPauloDate,
  type Client,
  type DashboardProposalRow,
  type Proposal,
  type ProposalSendResponse,
  type SalesDashboard,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { pdfText, userOfUnit } from './helpers/crm-fixtures.ts';

/**
 * Issue 27, 'Exact figures and an honest funnel': a margin exactly at the minimum meets it from
 * the proposal to the dashboard and its CSV; revising a lost deal erases nothing; a proposal is
 * valid until the end of its printed day; a proposal of nothing, or for an anonymized client, is
 * never sent nor accepted; the dashboard counts by acceptance day too.
 */
describe('exact figures and an honest funnel', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let ana: TestUser;
  let client: Client;
  let boundaryPackage: number;
  let boundaryService: number;
  let cheapService: number;

  const post = async (url: string, token: string, body: unknown = {}) =>
    t.request('POST', url, { token, body });
  const ok = async <T>(url: string, token: string, body: unknown = {}): Promise<T> => {
    const res = await post(url, token, body);
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  const propose = (blocks: Record<string, number[]>, clientId = client.id) =>
    ok<Proposal>('/api/v1/proposals/', ana.token, {
      client_id: clientId,
      package_id: boundaryPackage,
      blocks: { A: [], B: [], C: [], D: [], ...blocks },
    });
  const dashboard = async (query: Record<string, string>) => {
    const res = await t.request('GET', '/api/v1/dashboard/sales', { token: manager.token, query });
    expect(res.statusCode).toBe(200);
    return res.json() as SalesDashboard;
  };
  const today = () => saoPauloDate(new Date());

  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Exato');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerente Exato');
    ana = await userOfUnit(t, 'professional', 'PAULISTA', 'Ana Exata');
    // R$ 1.800 with a cost of R$ 630: (0,7 × 1 800 − 630) / 1 800 = 35,00 %, the minimum.
    boundaryService = (
      await ok<{ id: number }>('/api/v1/services/', admin.token, {
        name: 'Bioestimulador Limite',
        block: 'A',
        value: 2000,
        cost: 630,
        min_margin_percent: 35,
      })
    ).id;
    cheapService = (
      await ok<{ id: number }>('/api/v1/services/', admin.token, {
        name: 'Limpeza Simples',
        block: 'B',
        value: 300,
        cost: 50,
      })
    ).id;
    boundaryPackage = (
      await ok<{ id: number }>('/api/v1/packages/', admin.token, {
        name: 'Pacote Limite',
        annual_value: 1800,
        block_limits: { a: 2, b: 2, c: 0, d: 0 },
      })
    ).id;
    client = await ok<Client>('/api/v1/clients/', ana.token, {
      full_name: 'Beatriz Limite',
      phone: '11987654321',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a margin exactly at the minimum as meeting it, from the proposal to the CSV', async () => {
    const proposal = await propose({ A: [boundaryService] });
    expect(proposal.totals.margemPct).toBe(35);
    expect(proposal.totals.discountPct).toBe(10);
    const accepted = await post(`/api/v1/proposals/${proposal.id}/accept-in-person`, ana.token, {
      full_name: 'Beatriz Limite',
    });
    expect(accepted.statusCode).toBe(201);
    const figures = await dashboard({ from: today(), to: today() });
    expect(figures).toMatchObject({
      proposals_accepted: 1,
      average_margin_pct: 35,
      below_min_margin_count: 0,
    });
    const csv = await t.request('GET', '/api/v1/dashboard/sales.csv', {
      token: manager.token,
      query: { from: today(), to: today() },
    });
    const total = csv.body.split('\r\n')[1]?.split(';') ?? [];
    // 'Margem média (%)' and 'Abaixo da margem mínima'.
    expect([total[12], total[13]]).toEqual(['35,00', '0']);
  });

  it('never erases a decline nor improves conversion by revising the declined proposal', async () => {
    const period = { from: today(), to: today() };
    const before = await dashboard(period);
    const proposal = await propose({ A: [boundaryService], B: [cheapService] });
    await ok(`/api/v1/proposals/${proposal.id}/send`, ana.token);
    await ok(`/api/v1/proposals/${proposal.id}/decline`, ana.token, { reason_code: 'preco' });
    const declined = await dashboard(period);
    expect(declined.proposals_sent).toBe(before.proposals_sent + 1);
    expect(declined.proposals_declined).toBe(before.proposals_declined + 1);
    const price = (answer: SalesDashboard) =>
      answer.decline_reasons.find((reason) => reason.reason_code === 'preco')?.count ?? 0;
    expect(price(declined)).toBe(price(before) + 1);

    const revision = await ok<Proposal>(`/api/v1/proposals/${proposal.id}/revise`, ana.token, {
      blocks: { A: [boundaryService], B: [], C: [], D: [] },
    });
    // A lost deal stays lost: the revision is a new deal that names the declined one.
    expect(revision.number).not.toBe(proposal.number);
    expect(revision.version).toBe(1);
    expect(revision.previous_id).toBe(proposal.id);
    const original = await t.request('GET', `/api/v1/proposals/${proposal.id}`, {
      token: ana.token,
    });
    expect(original.json()).toMatchObject({
      status: 'declined',
      superseded_by_id: null,
      decline: { reason_code: 'preco' },
    });
    const revised = await dashboard(period);
    expect(revised.proposals_declined).toBe(declined.proposals_declined);
    expect(revised.proposals_sent).toBe(declined.proposals_sent);
    expect(revised.conversion_rate).toBeLessThanOrEqual(declined.conversion_rate);
    expect(price(revised)).toBe(price(declined));
  });

  it('is valid until the end of its printed day in São Paulo: PDF, link and expiry agree', async () => {
    // 09:30 in São Paulo on 20/11/2026, seven days: 'VÁLIDA ATÉ 27/11/2026' until 23:59:59.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:30:00Z'));
    const proposal = await propose({ A: [boundaryService] });
    const end = proposalValidUntil(new Date('2026-11-20T12:30:00Z'), 7);
    expect(end.toISOString()).toBe('2026-11-28T02:59:59.999Z');
    expect(proposal.valid_until).toBe(end.toISOString());
    const pdf = await t.request('GET', `/api/v1/proposals/${proposal.id}/pdf`, {
      token: ana.token,
    });
    expect((await pdfText(pdf.rawPayload)).text).toMatch(/VÁLIDA ATÉ[\s\S]*27\/11\/2026/);
    const sent = await ok<ProposalSendResponse>(`/api/v1/proposals/${proposal.id}/send`, ana.token);
    expect(sent.expires_at).toBe(end.toISOString());
    const token = sent.public_url.split('/p/')[1] ?? '';
    // 27/11 at 09:31 (the old expiry) and at 23:59: still open.
    vi.setSystemTime(new Date('2026-11-27T12:31:00Z'));
    expect((await t.request('GET', `/api/v1/public/proposals/${token}`)).statusCode).toBe(200);
    vi.setSystemTime(new Date('2026-11-28T02:59:59.000Z'));
    expect((await t.request('GET', `/api/v1/public/proposals/${token}`)).statusCode).toBe(200);
    // 28/11 at 00:00 in São Paulo: expired.
    vi.setSystemTime(new Date('2026-11-28T03:00:00Z'));
    const expired = await t.request('GET', `/api/v1/public/proposals/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ detail: PROPOSAL_MESSAGES.expired });
  });

  it('refuses a proposal of no procedure on save, send and acceptance (422, pt-BR)', async () => {
    const empty = await post('/api/v1/proposals/', ana.token, {
      client_id: client.id,
      package_id: boundaryPackage,
      blocks: { A: [], B: [], C: [], D: [] },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      detail: [{ loc: ['body', 'blocks'], msg: PROPOSAL_MESSAGES.noProcedure }],
    });
    // One saved before the rule, sent before its items were found empty.
    const legacy = await propose({ A: [boundaryService] });
    const sent = await ok<ProposalSendResponse>(`/api/v1/proposals/${legacy.id}/send`, ana.token);
    await t.database.query(
      `UPDATE proposals SET snapshot = jsonb_set(snapshot, '{items}', '[]'::jsonb) WHERE id = $1`,
      [legacy.id],
    );
    const noProcedure = { detail: [{ msg: PROPOSAL_MESSAGES.noProcedure }] };
    const resend = await post(`/api/v1/proposals/${legacy.id}/send`, ana.token);
    expect(resend.statusCode).toBe(422);
    expect(resend.json()).toMatchObject(noProcedure);
    const inPerson = await post(`/api/v1/proposals/${legacy.id}/accept-in-person`, ana.token, {
      full_name: 'Beatriz Limite',
    });
    expect(inPerson.statusCode).toBe(422);
    expect(inPerson.json()).toMatchObject(noProcedure);
    const token = sent.public_url.split('/p/')[1] ?? '';
    const onLink = await t.request('POST', `/api/v1/public/proposals/${token}/accept`, {
      body: { full_name: 'Beatriz Limite', accept_terms: true },
    });
    expect(onLink.statusCode).toBe(422);
    expect(onLink.json()).toMatchObject(noProcedure);
    const revise = await post(`/api/v1/proposals/${legacy.id}/revise`, ana.token, {
      blocks: { A: [], B: [], C: [], D: [] },
    });
    expect(revise.statusCode).toBe(422);
  });

  it("refuses to send or accept an anonymized client's draft", async () => {
    const other = await ok<Client>('/api/v1/clients/', ana.token, { full_name: 'Carla Apagada' });
    const draft = await propose({ A: [boundaryService] }, other.id);
    const anonymized = await post(`/api/v1/clients/${other.id}/anonymize`, manager.token);
    expect(anonymized.statusCode).toBe(200);
    const send = await post(`/api/v1/proposals/${draft.id}/send`, ana.token);
    expect(send.statusCode).toBe(409);
    expect(send.json()).toEqual({ detail: PROPOSAL_MESSAGES.clientAnonymizedSend });
    const inPerson = await post(`/api/v1/proposals/${draft.id}/accept-in-person`, ana.token, {
      full_name: (anonymized.json() as Client).full_name,
    });
    expect(inPerson.statusCode).toBe(409);
  });

  it("counts by acceptance day with basis=aceite, equal to the domain's definition", async () => {
    // Created last month, accepted today.
    const proposal = await propose({ A: [boundaryService] });
    await post(`/api/v1/proposals/${proposal.id}/accept-in-person`, ana.token, {
      full_name: 'Beatriz Limite',
    });
    const lastMonth = addDays(today(), -40);
    await t.database.query(`UPDATE proposals SET created_at = $2 WHERE id = $1`, [
      proposal.id,
      `${lastMonth}T15:00:00Z`,
    ]);
    const period = { from: today(), to: today() };
    const byCreation = await dashboard(period);
    const byAcceptance = await dashboard({ ...period, basis: 'aceite' });
    expect(byAcceptance.basis).toBe('aceite');
    expect(byAcceptance.proposals_accepted).toBe(byCreation.proposals_accepted + 1);
    const refused = await t.request('GET', '/api/v1/dashboard/sales', {
      token: manager.token,
      query: { basis: 'envio' },
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain(
      'Base de contagem deve ser criacao ou aceite.',
    );

    // The same answer as the domain's formula over the stored rows.
    const rows = await t.database.query<DashboardProposalRow & { annual_value: string }>(
      `SELECT id, author_id, author_name, unit, package_id, package_name, status, superseded_by_id,
              created_at, valid_until, sent_at, viewed_at, answered_at,
              annual_value::text AS annual_value, discount_pct, margin_pct,
              min_margin_pct::float8 AS min_margin_pct, decline_reason_code,
              coalesce((SELECT json_agg(json_build_object('service_id', i.service_id,
                 'name', i.name, 'block', i.block, 'sessions', i.sessions,
                 'total_value', (i.total_value * 100)::bigint) ORDER BY i.position)
                 FROM proposal_items i WHERE i.proposal_id = p.id), '[]') AS items
         FROM proposals p`,
    );
    const formula = computeSalesDashboard(
      rows.map((row) => ({ ...row, annual_value: Math.round(Number(row.annual_value) * 100) })),
      {
        from: period.from,
        to: period.to,
        unit: 'PAULISTA',
        professional_id: null,
        basis: 'aceite',
      },
      new Date(),
    );
    expect(byAcceptance).toEqual(formula);
  });
});

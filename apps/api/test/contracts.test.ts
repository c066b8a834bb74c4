import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_MESSAGES,
  MESSAGES,
  type CancellationQuote,
  type Client,
  type Contract,
  type ContractLedgerEntry,
  type ContractSummary,
  type Proposal,
  type ProposalSendResponse,
  type PublicProposal,
  type SalesDashboard,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { createCatalogue, HEALTH_CONSENT, userOfUnit } from './helpers/crm-fixtures.ts';

const DAY = 86_400_000;

describe('contracts (issue 28): what an accepted proposal becomes', () => {
  let t: TestApp;
  let admin: TestUser;
  let professional: TestUser;
  let manager: TestUser;
  let otherManager: TestUser;
  let otherProfessional: TestUser;
  let catalogue: Awaited<ReturnType<typeof createCatalogue>>;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Geral');
    professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Paula Profissional');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Gerente');
    otherManager = await userOfUnit(t, 'manager', 'MORUMBI', 'Marcos Morumbi');
    otherProfessional = await userOfUnit(t, 'professional', 'MORUMBI', 'Mara Morumbi');
    catalogue = await createCatalogue(t, admin.token, 'Contrato');
    const res = await t.request('POST', '/api/v1/clients/', {
      token: professional.token,
      body: {
        full_name: 'Joana Contrato Silva',
        phone: '(11) 98888-1111',
        consents: [HEALTH_CONSENT],
      },
    });
    client = res.json() as Client;
  });
  afterAll(() => t.close());

  /** Package R$ 3.600 for 2 × Preenchimento (R$ 1.500) + 1 × Peeling (R$ 250,25) + 1 × Laser (R$ 900). */
  async function proposal(clientId = client.id): Promise<Proposal> {
    const res = await t.request('POST', '/api/v1/proposals/', {
      token: professional.token,
      body: {
        client_id: clientId,
        package_id: catalogue.pkg,
        blocks: {
          A: [catalogue.filler, catalogue.filler, catalogue.peel],
          B: [catalogue.laser],
          C: [],
          D: [],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Proposal;
  }

  async function acceptedOnLink(): Promise<{
    proposal: Proposal;
    token: string;
    contractId: number;
  }> {
    const saved = await proposal();
    const sent = await t.request('POST', `/api/v1/proposals/${saved.id}/send`, {
      token: professional.token,
    });
    const token = (sent.json() as ProposalSendResponse).public_url.split('/p/')[1] ?? '';
    const accepted = await t.request('POST', `/api/v1/public/proposals/${token}/accept`, {
      body: { full_name: 'Joana Contrato Silva', accept_terms: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const body = accepted.json() as PublicProposal;
    expect(body.contract_id).toEqual(expect.any(Number));
    return { proposal: saved, token, contractId: body.contract_id ?? 0 };
  }

  const getContract = async (id: number, token = professional.token) => {
    const res = await t.request('GET', `/api/v1/contracts/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Contract;
  };
  const session = (id: number, body: Record<string, unknown>, token = professional.token) =>
    t.request('POST', `/api/v1/contracts/${id}/sessions`, { token, body });

  it('accepting on the link creates the contract, priced per session to the centavo', async () => {
    const { proposal: saved, contractId } = await acceptedOnLink();
    const contract = await getContract(contractId);
    expect(contract).toMatchObject({
      number: saved.number,
      proposal_id: saved.id,
      client: { id: client.id, full_name: 'Joana Contrato Silva' },
      unit: 'PAULISTA',
      seller: { id: professional.id, name: 'Paula Profissional' },
      status: 'ativo',
      channel: 'link',
      price_total: 3600,
      sessions_total: 4,
      sessions_used: 0,
      can_withdraw: true,
    });
    // Standalone 2 × 1.500 + 250,25 + 900 = 4.150,25, apportioned over R$ 3.600.
    const totals = contract.entitlements.map((line) => [
      line.name,
      line.sessions_total,
      line.total_value,
    ]);
    expect(totals).toEqual([
      ['Preenchimento Contrato', 2, 2602.26],
      ['Peeling Contrato', 1, 217.07],
      ['Laser Contrato', 1, 780.67],
    ]);
    const sum = contract.entitlements.reduce(
      (acc, line) => acc + Math.round(line.total_value * 100),
      0,
    );
    expect(sum).toBe(360_000);
    expect(contract.ledger.map((entry) => entry.kind)).toEqual(['grant', 'grant', 'grant']);
    expect(contract.ledger[0]?.actor_label).toBe('Cliente (link)');
    // Twelve months from the São Paulo day of acceptance, the 7 days' end stored.
    expect(contract.valid_until > contract.valid_from).toBe(true);
    const withdrawal = new Date(contract.withdrawal_until ?? 0).getTime();
    const accepted = new Date(contract.accepted_at).getTime();
    expect(withdrawal - accepted).toBeGreaterThanOrEqual(7 * DAY);
    expect(withdrawal - accepted).toBeLessThan(8 * DAY);
  });

  it('records sessions at the front desk; refuses one too many; a mistake is reversed, not deleted', async () => {
    const { contractId } = await acceptedOnLink();
    const first = await session(contractId, {
      service_id: catalogue.laser,
      note: 'Sem intercorrências.',
    });
    expect(first.statusCode, first.body).toBe(201);
    const entry = first.json() as ContractLedgerEntry;
    expect(entry).toMatchObject({
      kind: 'redeem',
      label: 'Sessão realizada',
      service_name: 'Laser Contrato',
      professional: { id: professional.id, name: 'Paula Profissional' },
      note: 'Sem intercorrências.',
    });
    const again = await session(contractId, { service_id: catalogue.laser });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: CONTRACT_MESSAGES.noneRemaining });
    const future = await session(contractId, {
      service_id: catalogue.filler,
      performed_at: '2099-01-01',
    });
    expect(future.statusCode).toBe(422);
    const reversed = await t.request(
      'POST',
      `/api/v1/contracts/${contractId}/sessions/${entry.id}/reverse`,
      { token: professional.token, body: { reason: 'Registrada na cliente errada.' } },
    );
    expect(reversed.statusCode, reversed.body).toBe(201);
    const twice = await t.request(
      'POST',
      `/api/v1/contracts/${contractId}/sessions/${entry.id}/reverse`,
      { token: professional.token, body: { reason: 'De novo.' } },
    );
    expect(twice.statusCode).toBe(409);
    const contract = await getContract(contractId);
    const laser = contract.entitlements.find((line) => line.service_id === catalogue.laser);
    expect(laser).toMatchObject({ sessions_used: 0, sessions_remaining: 1 });
    expect(contract.ledger.map((item) => item.kind)).toEqual([
      'grant',
      'grant',
      'grant',
      'redeem',
      'reverse',
    ]);
    expect(contract.ledger[3]?.reversed_by_id).toBe(contract.ledger[4]?.id);
  });

  it('two clerks recording the last session at once: one gets it, the other a 409', async () => {
    const { contractId } = await acceptedOnLink();
    const results = await Promise.all([
      session(contractId, { service_id: catalogue.peel }),
      session(contractId, { service_id: catalogue.peel }, manager.token),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
  });

  it('the client withdraws on her link within 7 days: the plan says so and sessions stop', async () => {
    const { token, contractId } = await acceptedOnLink();
    const plan = await t.request('GET', `/api/v1/public/proposals/${token}`);
    expect((plan.json() as PublicProposal).plan).toMatchObject({
      contract_id: contractId,
      status: 'ativo',
      can_withdraw: true,
      items: [
        { name: 'Preenchimento Contrato', sessions_total: 2, sessions_remaining: 2 },
        { name: 'Peeling Contrato', sessions_total: 1, sessions_remaining: 1 },
        { name: 'Laser Contrato', sessions_total: 1, sessions_remaining: 1 },
      ],
    });
    const withdrawn = await t.request('POST', `/api/v1/public/proposals/${token}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((withdrawn.json() as PublicProposal).plan).toMatchObject({
      status: 'desistencia',
      status_label: 'Desistência',
      can_withdraw: false,
    });
    const again = await t.request('POST', `/api/v1/public/proposals/${token}/withdraw`);
    expect(again.statusCode).toBe(409);
    const refused = await session(contractId, { service_id: catalogue.peel });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: CONTRACT_MESSAGES.notActive });
    const contract = await getContract(contractId);
    expect(contract.ledger.at(-1)).toMatchObject({
      kind: 'withdraw',
      actor_label: 'Cliente (link)',
    });
  });

  it('a withdrawn sale leaves the accepted figures and the top lists, on either basis', async () => {
    // A period around today whatever the clock (São Paulo's day is within a day of UTC's).
    const from = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    const to = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const read = async (basis: 'criacao' | 'aceite') => {
      const res = await t.request('GET', '/api/v1/dashboard/sales', {
        token: manager.token,
        query: { from, to, basis },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as SalesDashboard;
      const pkg = body.top_packages.find((entry) => entry.package_id === catalogue.pkg);
      const laser = body.top_procedures.find((entry) => entry.service_id === catalogue.laser);
      const week = body.by_week.reduce((sum, entry) => sum + entry.proposals_accepted, 0);
      return {
        accepted: body.proposals_accepted,
        value: body.accepted_annual_value,
        withdrawn: body.withdrawn_count,
        withdrawnValue: body.withdrawn_value,
        packageCount: pkg?.accepted_count ?? 0,
        laserProposals: laser?.proposals ?? 0,
        laserSessions: laser ? body.by_block.find((b) => b.block === 'B')?.sessions : 0,
        week,
      };
    };
    const before = { criacao: await read('criacao'), aceite: await read('aceite') };
    const { token } = await acceptedOnLink();
    for (const basis of ['criacao', 'aceite'] as const) {
      const sold = await read(basis);
      expect(sold.accepted - before[basis].accepted, basis).toBe(1);
      expect(sold.packageCount - before[basis].packageCount, basis).toBe(1);
      expect(sold.laserProposals - before[basis].laserProposals, basis).toBe(1);
    }
    const withdrawn = await t.request('POST', `/api/v1/public/proposals/${token}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    for (const basis of ['criacao', 'aceite'] as const) {
      const after = await read(basis);
      // Not a sale any more, in the totals, the weeks and the top lists; counted apart.
      expect(after, `${basis} from ${from} to ${to}`).toEqual({
        ...before[basis],
        withdrawn: before[basis].withdrawn + 1,
        withdrawnValue: before[basis].withdrawnValue + 3600,
      });
    }
  });

  it('accepting in person records who, and has no 7-day withdrawal', async () => {
    const saved = await proposal();
    const wrong = await t.request('POST', `/api/v1/proposals/${saved.id}/accept-in-person`, {
      token: professional.token,
      body: { full_name: 'Outra Pessoa' },
    });
    expect(wrong.statusCode).toBe(422);
    const res = await t.request('POST', `/api/v1/proposals/${saved.id}/accept-in-person`, {
      token: professional.token,
      body: { full_name: 'joana contrato silva' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { contract_id: contractId } = res.json() as { contract_id: number };
    const contract = await getContract(contractId);
    expect(contract).toMatchObject({
      channel: 'presencial',
      withdrawal_until: null,
      can_withdraw: false,
    });
    expect(contract.ledger[0]?.actor_label).toBe('Paula Profissional');
    const withdraw = await t.request('POST', `/api/v1/contracts/${contractId}/withdraw`, {
      token: professional.token,
    });
    expect(withdraw.json()).toEqual({ detail: CONTRACT_MESSAGES.withdrawalNotRemote });
    expect(withdraw.statusCode).toBe(409);
    const proposalNow = await t.request('GET', `/api/v1/proposals/${saved.id}`, {
      token: professional.token,
    });
    expect((proposalNow.json() as Proposal).acceptance).toMatchObject({
      channel: 'presencial',
      recorded_by: { id: professional.id, name: 'Paula Profissional' },
    });
  });

  it('managers freeze, extend and cancel with a quote; a professional may not', async () => {
    const { contractId } = await acceptedOnLink();
    await session(contractId, { service_id: catalogue.filler });
    const byProfessional = await t.request('POST', `/api/v1/contracts/${contractId}/freeze`, {
      token: professional.token,
      body: { until: '2099-01-01', reason: 'Viagem.' },
    });
    expect(byProfessional.statusCode).toBe(403);
    expect(byProfessional.json()).toEqual({ detail: MESSAGES.forbidden });
    const today = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
    const frozen = await t.request('POST', `/api/v1/contracts/${contractId}/freeze`, {
      token: manager.token,
      body: { until: today, reason: 'Cirurgia; volta em 20 dias.' },
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect((frozen.json() as Contract).status).toBe('congelado');
    const blocked = await session(contractId, { service_id: catalogue.filler });
    expect(blocked.statusCode).toBe(409);
    const unfrozen = await t.request('POST', `/api/v1/contracts/${contractId}/unfreeze`, {
      token: manager.token,
      body: {},
    });
    expect((unfrozen.json() as Contract).status).toBe('ativo');
    const extended = await t.request('POST', `/api/v1/contracts/${contractId}/extend`, {
      token: manager.token,
      body: { days: 30, reason: 'Cortesia.' },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const quote = await t.request('GET', `/api/v1/contracts/${contractId}/cancellation-quote`, {
      token: professional.token,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const figures = quote.json() as CancellationQuote;
    expect(figures).toMatchObject({ used_sessions: 1, used_value: 1301.13, fee_percent: 10 });
    expect(figures.refund_due).toBeGreaterThanOrEqual(0);
    expect(figures.refund_due).toBeLessThanOrEqual(figures.paid);
    const cancelled = await t.request('POST', `/api/v1/contracts/${contractId}/cancel`, {
      token: manager.token,
      body: { reason: 'Mudou de cidade.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as { contract: Contract }).contract.status).toBe('cancelado');
    const twice = await t.request('POST', `/api/v1/contracts/${contractId}/cancel`, {
      token: manager.token,
      body: { reason: 'De novo.' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('answers 404 outside the scope and lists a unit’s contracts for the front desk', async () => {
    const { contractId } = await acceptedOnLink();
    for (const outsider of [otherManager, otherProfessional]) {
      const res = await t.request('GET', `/api/v1/contracts/${contractId}`, {
        token: outsider.token,
      });
      expect(res.statusCode).toBe(404);
      const write = await session(contractId, { service_id: catalogue.peel }, outsider.token);
      expect(write.statusCode).toBe(404);
    }
    const list = await t.request('GET', '/api/v1/contracts/', {
      token: professional.token,
      query: { q: 'joana contr' },
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as ContractSummary[]).map((row) => row.id)).toContain(contractId);
    const elsewhere = await t.request('GET', '/api/v1/contracts/', { token: otherManager.token });
    expect((elsewhere.json() as ContractSummary[]).map((row) => row.id)).not.toContain(contractId);
  });

  it('a professional moved to another unit, or whose client moved, no longer reaches the contract', async () => {
    const { contractId } = await acceptedOnLink();
    const mover = await userOfUnit(t, 'professional', 'PAULISTA', 'Prof Que Muda');
    const seen = await t.request('GET', `/api/v1/contracts/${contractId}`, { token: mover.token });
    expect(seen.statusCode).toBe(200);
    // Moved by an admin through the API, as the portal does it: the answer waits until every
    // process's user cache has the new unit (docs/decisions/0012-read-cache-invalidation.md).
    const transfer = await t.request('PATCH', `/api/v1/users/${mover.id}`, {
      token: admin.token,
      body: { unit: 'ANALIA' },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/api/v1/contracts/${contractId}`, undefined],
      ['GET', `/api/v1/contracts/${contractId}/cancellation-quote`, undefined],
      ['POST', `/api/v1/contracts/${contractId}/sessions`, { service_id: catalogue.peel }],
      ['POST', `/api/v1/contracts/${contractId}/withdraw`, {}],
    ] as const) {
      const res = await t.request(method, url, { token: mover.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const moved = await t.request('PATCH', `/api/v1/clients/${client.id}`, {
      token: admin.token,
      body: { unit: 'MORUMBI' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const oldUnit = await t.request('GET', `/api/v1/contracts/${contractId}`, {
      token: professional.token,
    });
    expect(oldUnit.statusCode).toBe(404);
    const newUnit = await t.request('GET', `/api/v1/contracts/${contractId}`, {
      token: otherManager.token,
    });
    expect(newUnit.statusCode).toBe(200);
    expect((newUnit.json() as Contract).unit).toBe('MORUMBI');
    await t.request('PATCH', `/api/v1/clients/${client.id}`, {
      token: admin.token,
      body: { unit: 'PAULISTA' },
    });
  });
});

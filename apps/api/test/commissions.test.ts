import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  COMMISSION_MESSAGES,
  addMonths,
  saoPauloDate,
  type AuditEntry,
  type CommissionEntryView,
  type CommissionRuleView,
  type CommissionSimulation,
  type CommissionStatementView,
  type Contract,
  type Proposal,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { userOfUnit } from './helpers/crm-fixtures.ts';
import { billingFixtures } from './billing/helpers.ts';

/**
 * Issue 30's scenario, as an API client sees it: a rule of 5 % of the margin on acceptance and
 * R$ 40 per session performed; a sale, two sessions, a withdrawal of another sale within 7 days;
 * the statement explains each line and the net to the centavo; approving freezes it.
 */
describe('commissions (issue 30): rules, entries and monthly statements', () => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser;
  let manager: TestUser;
  let otherManager: TestUser;
  let otherProfessional: TestUser;
  let fixtures: Awaited<ReturnType<typeof billingFixtures>>;
  const period = saoPauloDate(new Date()).slice(0, 7);
  const lastMonth = addMonths(`${period}-01`, -1).slice(0, 7);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Ana Admin');
    seller = await userOfUnit(t, 'professional', 'PAULISTA', 'Sofia Vendedora');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Gerente');
    otherManager = await userOfUnit(t, 'manager', 'MORUMBI', 'Marcos Morumbi');
    otherProfessional = await userOfUnit(t, 'professional', 'MORUMBI', 'Mara Morumbi');
    fixtures = await billingFixtures(t, admin, seller, 'Comissao');
  });
  afterAll(() => t.close());

  const statementUrl = (professionalId: number, month = period) =>
    `/api/v1/commission-statements/${professionalId}/${month}`;
  const statementOf = async (professionalId: number, token: string, month = period) => {
    const res = await t.request('GET', statementUrl(professionalId, month), { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CommissionStatementView;
  };
  const createRule = async (body: object) => {
    const res = await t.request('POST', '/api/v1/commission-rules/', { token: admin.token, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CommissionRuleView;
  };
  const toCentavos = (reais: number) => Math.round(reais * 100);

  let saleRule: CommissionRuleView;
  let sessionRule: CommissionRuleView;
  let soldContract: number;
  let withdrawnContract: number;
  let lucroCentavos: number;

  it('admins write versioned rules in reais and percents; bad input is a pt-BR 422', async () => {
    saleRule = await createRule({
      name: 'Venda na margem',
      event: 'venda_aceita',
      basis: 'margem',
      rate: { type: 'pct', value: 5 },
      clawback: 'integral',
      valid_from: '2026-01-01',
    });
    expect(saleRule).toMatchObject({
      version: 1,
      name: 'Venda na margem',
      scope: { unit: null, profile: null, professional_id: null },
      rate: { type: 'pct', value: 5 },
      clawback: 'integral',
      created_by: 'Ana Admin',
    });
    sessionRule = await createRule({
      name: 'Sessão realizada',
      scope: { unit: 'PAULISTA' },
      event: 'sessao_realizada',
      basis: 'preco_contratado',
      rate: { type: 'fixo', value: 40 },
      clawback: 'nenhum',
      valid_from: '2026-01-01',
    });
    expect(sessionRule.rate).toEqual({ type: 'fixo', value: 40 });

    const bad = await t.request('POST', '/api/v1/commission-rules/', {
      token: admin.token,
      body: { ...saleRule, rate: { type: 'pct', value: 120 } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      detail: [
        expect.objectContaining({
          loc: ['body', 'rate', 'value'],
          msg: BILLING_MESSAGES.percentInvalid,
        }),
      ],
    });
    const byManager = await t.request('POST', '/api/v1/commission-rules/', {
      token: manager.token,
      body: { name: 'x', event: 'venda_aceita', basis: 'margem', rate: { type: 'pct', value: 1 } },
    });
    expect(byManager.statusCode).toBe(403);
    const list = await t.request('GET', '/api/v1/commission-rules/', { token: seller.token });
    expect((list.json() as CommissionRuleView[]).map((rule) => rule.name)).toEqual([
      'Venda na margem',
      'Sessão realizada',
    ]);
  });

  it('a sale, two sessions and a withdrawn sale: each line and the net, to the centavo', async () => {
    soldContract = (await fixtures.acceptedOnLink()).contractId;
    for (const serviceId of [fixtures.catalogue.filler, fixtures.catalogue.laser]) {
      const res = await t.request('POST', `/api/v1/contracts/${soldContract}/sessions`, {
        token: seller.token,
        body: { service_id: serviceId },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const withdrawn = await fixtures.acceptedOnLink();
    withdrawnContract = withdrawn.contractId;
    const out = await t.request('POST', `/api/v1/public/proposals/${withdrawn.token}/withdraw`);
    expect(out.statusCode, out.body).toBe(200);

    // The margin is the proposal's `lucro` (DESIGN 6), the same figure the builder showed.
    const contract = (
      await t.request('GET', `/api/v1/contracts/${soldContract}`, { token: seller.token })
    ).json() as Contract;
    const proposal = (
      await t.request('GET', `/api/v1/proposals/${contract.proposal_id}`, { token: seller.token })
    ).json() as Proposal;
    lucroCentavos = toCentavos(proposal.totals.lucro);
    expect(lucroCentavos).toBeGreaterThan(0);
    // 5 % of it, rounded once, half away from zero.
    const saleCommission = Math.round((lucroCentavos * 500) / 10_000);

    const statement = await statementOf(seller.id, seller.token);
    const lines = statement.entries.map((entry) => [
      entry.source_type,
      entry.contract_id,
      entry.rule_id,
      entry.rule_version,
      toCentavos(entry.base),
      toCentavos(entry.amount),
      entry.status,
    ]);
    expect(lines).toEqual([
      ['contrato', soldContract, saleRule.id, 1, lucroCentavos, saleCommission, 'prevista'],
      // Bases: each session's contracted price (R$ 3.600 apportioned: 2.602,26 / 2 and 780,67).
      ['sessao', soldContract, sessionRule.id, 1, 1301_13, 40_00, 'prevista'],
      ['sessao', soldContract, sessionRule.id, 1, 780_67, 40_00, 'prevista'],
      ['contrato', withdrawnContract, saleRule.id, 1, lucroCentavos, saleCommission, 'prevista'],
      [
        'desistencia',
        withdrawnContract,
        saleRule.id,
        1,
        -lucroCentavos,
        -saleCommission,
        'estornada',
      ],
    ]);
    const reversal = statement.entries[4] as CommissionEntryView;
    expect(reversal.reverses).toBe(`contrato:${withdrawnContract}`);
    expect(statement).toMatchObject({
      professional_id: seller.id,
      professional_name: 'Sofia Vendedora',
      period,
      status: 'prevista',
      adjustments: [],
    });
    // The withdrawn sale nets to zero: the sale and two sessions remain.
    expect(toCentavos(statement.gross)).toBe(saleCommission + 80_00);
    expect(toCentavos(statement.net)).toBe(saleCommission + 80_00);

    const entries = await t.request('GET', '/api/v1/commissions/', {
      token: seller.token,
      query: { period },
    });
    expect(entries.statusCode, entries.body).toBe(200);
    expect(entries.json()).toEqual(statement.entries);
  });

  it('an advance is a line with its reason and lowers the net', async () => {
    const res = await t.request('POST', `${statementUrl(seller.id)}/adjustments`, {
      token: manager.token,
      body: { amount: -50.5, reason: 'Adiantamento do dia 15' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json() as CommissionStatementView;
    expect(statement.adjustments).toEqual([
      expect.objectContaining({ amount: -50.5, reason: 'Adiantamento do dia 15' }),
    ]);
    expect(toCentavos(statement.net)).toBe(toCentavos(statement.gross) - 50_50);
    const zero = await t.request('POST', `${statementUrl(seller.id)}/adjustments`, {
      token: manager.token,
      body: { amount: 0, reason: 'x' },
    });
    expect(zero.statusCode).toBe(422);
  });

  it('the CSV explains the same lines', async () => {
    const res = await t.request('GET', `${statementUrl(seller.id)}.csv`, { token: seller.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Período;Lançamento;Origem;Contrato;Regra;Versão;Base (R$);Comissão (R$);Situação',
    );
    expect(rows).toHaveLength(1 + 5 + 1 + 2);
    expect(rows.at(-3)).toContain('Ajuste: Adiantamento do dia 15');
    expect(rows.at(-1)).toMatch(/^\d{2}\/\d{4};Líquido;/);
  });

  it('scope: own statement, the unit manager, never another unit (404)', async () => {
    await statementOf(seller.id, manager.token);
    await statementOf(seller.id, admin.token);
    for (const token of [otherManager.token, otherProfessional.token]) {
      const res = await t.request('GET', statementUrl(seller.id), { token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: COMMISSION_MESSAGES.professionalNotFound });
      const list = await t.request('GET', '/api/v1/commissions/', {
        token,
        query: { period, professional_id: String(seller.id) },
      });
      expect(list.statusCode).toBe(404);
    }
    const byProfessional = await t.request('POST', `${statementUrl(seller.id)}/approve`, {
      token: seller.token,
    });
    expect(byProfessional.statusCode).toBe(403);
    const byOtherUnit = await t.request('POST', `${statementUrl(seller.id)}/approve`, {
      token: otherManager.token,
    });
    expect(byOtherUnit.statusCode).toBe(404);
    const badPeriod = await t.request('GET', statementUrl(seller.id, '2026-13'), {
      token: seller.token,
    });
    expect(badPeriod.statusCode).toBe(422);
    expect(JSON.stringify(badPeriod.json())).toContain(COMMISSION_MESSAGES.periodInvalid);
  });

  it('approving freezes the month: a later rule version does not alter it', async () => {
    const before = await statementOf(seller.id, seller.token);
    const approved = await t.request('POST', `${statementUrl(seller.id)}/approve`, {
      token: manager.token,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const frozen = approved.json() as CommissionStatementView;
    expect(frozen).toMatchObject({ status: 'aprovada', approved_by: 'Gerson Gerente' });
    expect(frozen.entries.map((entry) => entry.status)).toEqual([
      'aprovada',
      'aprovada',
      'aprovada',
      'aprovada',
      'estornada',
    ]);
    expect(frozen.entries.map(({ status: _status, ...entry }) => entry)).toEqual(
      before.entries.map(({ status: _status, ...entry }) => entry),
    );
    const again = await t.request('POST', `${statementUrl(seller.id)}/approve`, {
      token: admin.token,
    });
    expect(again.statusCode).toBe(409);
    const lateAdvance = await t.request('POST', `${statementUrl(seller.id)}/adjustments`, {
      token: manager.token,
      body: { amount: -10, reason: 'Tarde demais' },
    });
    expect(lateAdvance.statusCode).toBe(409);

    // 10 % from the first day of the approved month: a new version, the old one kept.
    const patched = await t.request('PATCH', `/api/v1/commission-rules/${saleRule.id}`, {
      token: admin.token,
      body: { rate: { type: 'pct', value: 10 }, valid_from: `${period}-01` },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      id: saleRule.id,
      version: 2,
      name: 'Venda na margem',
      rate: { type: 'pct', value: 10 },
    });
    const after = await statementOf(seller.id, seller.token);
    expect(after.entries).toEqual(frozen.entries);
    expect(after.net).toBe(frozen.net);
    // Without the approval the new version would apply: the statement really is frozen.
    expect(toCentavos(after.entries[0]?.amount ?? 0)).not.toBe(
      Math.round((lucroCentavos * 1000) / 10_000),
    );

    const byManager = await t.request('POST', `${statementUrl(seller.id)}/mark-paid`, {
      token: manager.token,
    });
    expect(byManager.statusCode).toBe(403);
    const paid = await t.request('POST', `${statementUrl(seller.id)}/mark-paid`, {
      token: admin.token,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paga', paid_by: 'Ana Admin', net: frozen.net });
    const twice = await t.request('POST', `${statementUrl(seller.id)}/mark-paid`, {
      token: admin.token,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: COMMISSION_MESSAGES.alreadyPaid });
  });

  it('a month not yet begun cannot be approved', async () => {
    const next = addMonths(`${period}-01`, 1).slice(0, 7);
    const res = await t.request('POST', `${statementUrl(seller.id, next)}/approve`, {
      token: admin.token,
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain(COMMISSION_MESSAGES.periodInFuture);
  });

  it('simulates last month under a draft rule, saving nothing', async () => {
    // An instalment paid last month (staff confirm it with its real date).
    const payments = await fixtures.payments(soldContract);
    const first = payments.installments[0];
    expect(first).toBeDefined();
    const paidAt = `${lastMonth}-15T12:00:00-03:00`;
    const marked = await t.request('POST', `/api/v1/installments/${first?.id}/mark-paid`, {
      token: admin.token,
      body: { paid_at: paidAt },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const rulesBefore = (
      await t.request('GET', '/api/v1/commission-rules/', { token: admin.token })
    ).json() as CommissionRuleView[];

    const res = await t.request('POST', '/api/v1/commission-rules/simulate', {
      token: admin.token,
      body: {
        name: 'Rascunho: 10 % da parcela paga',
        event: 'parcela_paga',
        basis: 'preco_contratado',
        rate: { type: 'pct', value: 10 },
        clawback: 'proporcional',
        valid_from: '2030-01-01',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const simulation = res.json() as CommissionSimulation;
    const tenth = Math.round(toCentavos(first?.amount ?? 0) / 10);
    expect(simulation).toEqual({
      period: lastMonth,
      current_total: 0,
      draft_total: tenth / 100,
      professionals: [
        {
          professional_id: seller.id,
          professional_name: 'Sofia Vendedora',
          current: 0,
          draft: tenth / 100,
        },
      ],
    });
    const rulesAfter = (
      await t.request('GET', '/api/v1/commission-rules/', { token: admin.token })
    ).json() as CommissionRuleView[];
    expect(rulesAfter).toEqual(rulesBefore);
    const byManager = await t.request('POST', '/api/v1/commission-rules/simulate', {
      token: manager.token,
      body: {},
    });
    expect(byManager.statusCode).toBe(403);
  });

  it('rule changes, approvals and payments are in the audit trail', async () => {
    const audit = async (entity: string) =>
      (
        await t.request('GET', '/api/v1/audit/', {
          token: admin.token,
          query: { entity, limit: '100' },
        })
      ).json() as AuditEntry[];
    const rules = await audit('commission_rule');
    expect(rules.map((entry) => [entry.entity_id, entry.action]).reverse()).toEqual([
      [String(saleRule.id), 'create'],
      [String(sessionRule.id), 'create'],
      [String(saleRule.id), 'update'],
    ]);
    const statements = await audit('commission_statement');
    expect(statements.map((entry) => entry.action).reverse()).toEqual([
      'adjust',
      'approve',
      'mark_paid',
    ]);
    expect(statements.every((entry) => entry.entity_id === `${seller.id}:${period}`)).toBe(true);
  });
});

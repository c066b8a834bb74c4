import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMISSION_MESSAGES,
  saoPauloDate,
  type CommissionEstimate,
  type CommissionRuleView,
  type CommissionStatementSummary,
  type Proposal,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { pdfText, userOfUnit } from './helpers/crm-fixtures.ts';
import { billingFixtures } from './billing/helpers.ts';

/**
 * What the commission screens (issue 30, web) needed of the API: the month's statements of
 * everyone in the viewer's scope, the statement's itemised PDF and the builder's estimate,
 * computed by the same derivation as the real entries.
 */
describe('commission screens: statements list, PDF and the builder estimate', () => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser;
  let colleague: TestUser;
  let manager: TestUser;
  let otherManager: TestUser;
  let fixtures: Awaited<ReturnType<typeof billingFixtures>>;
  let saleRule: CommissionRuleView;
  let soldContract: number;
  const period = saoPauloDate(new Date()).slice(0, 7);
  const toCentavos = (reais: number) => Math.round(reais * 100);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Ana Admin');
    seller = await userOfUnit(t, 'professional', 'PAULISTA', 'Sofia Vendedora');
    colleague = await userOfUnit(t, 'professional', 'PAULISTA', 'Clara Colega');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Gerente');
    otherManager = await userOfUnit(t, 'manager', 'MORUMBI', 'Marcos Morumbi');
    fixtures = await billingFixtures(t, admin, seller, 'Telas');
    const rule = await t.request('POST', '/api/v1/commission-rules/', {
      token: admin.token,
      body: {
        name: 'Venda na margem',
        event: 'venda_aceita',
        basis: 'margem',
        rate: { type: 'pct', value: 5 },
        clawback: 'integral',
        valid_from: '2026-01-01',
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    saleRule = rule.json() as CommissionRuleView;
    soldContract = (await fixtures.acceptedOnLink()).contractId;
    const withdrawn = await fixtures.acceptedOnLink();
    const out = await t.request('POST', `/api/v1/public/proposals/${withdrawn.token}/withdraw`);
    expect(out.statusCode, out.body).toBe(200);
  });
  afterAll(() => t.close());

  const list = async (token: string) => {
    const res = await t.request('GET', '/api/v1/commission-statements/', {
      token,
      query: { period },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CommissionStatementSummary[];
  };

  it('lists the month of everyone in scope: the unit for its manager, oneself for a professional', async () => {
    const statement = (
      await t.request('GET', `/api/v1/commission-statements/${seller.id}/${period}`, {
        token: seller.token,
      })
    ).json() as { gross: number; net: number; entries: unknown[] };
    const sofia = {
      professional_id: seller.id,
      professional_name: 'Sofia Vendedora',
      unit: 'PAULISTA',
      period,
      status: 'prevista',
      status_label: 'Prevista',
      entries: statement.entries.length,
      gross: statement.gross,
      net: statement.net,
    };
    expect(sofia.entries).toBe(3);
    // The manager's unit: Sofia, and the manager's own (empty) month; not the idle colleague.
    const managers = await list(manager.token);
    expect(managers.map((line) => line.professional_id)).toEqual([manager.id, seller.id]);
    expect(managers[1]).toEqual(sofia);
    expect(await list(admin.token)).toContainEqual(sofia);
    expect(await list(seller.token)).toEqual([sofia]);
    // A professional with nothing this month still sees their own line; nobody else's.
    expect((await list(colleague.token)).map((line) => line.professional_id)).toEqual([
      colleague.id,
    ]);
    // Another unit's manager sees none of PAULISTA.
    expect((await list(otherManager.token)).map((line) => line.professional_id)).not.toContain(
      seller.id,
    );
    const bad = await t.request('GET', '/api/v1/commission-statements/', {
      token: manager.token,
      query: { period: '2026-13' },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain(COMMISSION_MESSAGES.periodInvalid);
  });

  it('draws the statement as a PDF, every line itemised, within the scope', async () => {
    const res = await t.request('GET', `/api/v1/commission-statements/${seller.id}/${period}.pdf`, {
      token: manager.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="comissao-${seller.id}-${period}.pdf"`,
    );
    const { text } = await pdfText(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Extrato de Comissões');
    expect(flat).toContain('Sofia Vendedora');
    expect(flat).toContain('Lançamentos (3)');
    // Two sales and the reversal of the withdrawn one, each naming rule and version.
    expect(flat.match(/Venda na margem \(v1\)/g)).toHaveLength(3);
    expect(flat).toContain('Estorno · Desistência');
    expect(flat).toContain(`contrato ${soldContract}`);
    expect(flat).toContain('Líquido (com ajustes)');

    const outOfScope = await t.request(
      'GET',
      `/api/v1/commission-statements/${seller.id}/${period}.pdf`,
      { token: otherManager.token },
    );
    expect(outOfScope.statusCode).toBe(404);
    const colleagues = await t.request(
      'GET',
      `/api/v1/commission-statements/${seller.id}/${period}.pdf`,
      { token: colleague.token },
    );
    expect(colleagues.statusCode).toBe(404);
  });

  it('estimates what a proposal would earn its seller with the same derivation as the entries', async () => {
    // The sold contract's proposal: its `lucro` is the margin the real entry paid 5 % of.
    const contract = (
      await t.request('GET', `/api/v1/contracts/${soldContract}`, { token: seller.token })
    ).json() as { proposal_id: number };
    const proposal = (
      await t.request('GET', `/api/v1/proposals/${contract.proposal_id}`, { token: seller.token })
    ).json() as Proposal;
    // The builder's totals: the price and the procedures' cost (receita líquida − lucro).
    const body = {
      price: proposal.totals.annual,
      cost: (toCentavos(proposal.totals.receitaLiquida) - toCentavos(proposal.totals.lucro)) / 100,
    };
    const res = await t.request('POST', '/api/v1/commission-rules/estimate', {
      token: seller.token,
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const estimate = res.json() as CommissionEstimate;
    const expected = Math.round((toCentavos(proposal.totals.lucro) * 500) / 10_000);
    expect(toCentavos(estimate.amount)).toBe(expected);
    expect(estimate.lines).toEqual([
      { rule_id: saleRule.id, rule_version: 1, event: 'venda_aceita', amount: estimate.amount },
    ]);

    // A rule per instalment paid adds the 12 instalments of the default plan.
    const perInstalment = await t.request('POST', '/api/v1/commission-rules/', {
      token: admin.token,
      body: {
        name: 'Parcela paga',
        scope: { professional_id: seller.id },
        event: 'parcela_paga',
        basis: 'preco_contratado',
        rate: { type: 'fixo', value: 2.5 },
        clawback: 'nenhum',
        valid_from: '2026-01-01',
      },
    });
    expect(perInstalment.statusCode, perInstalment.body).toBe(201);
    const withInstalments = (
      await t.request('POST', '/api/v1/commission-rules/estimate', {
        token: seller.token,
        body,
      })
    ).json() as CommissionEstimate;
    expect(toCentavos(withInstalments.amount)).toBe(expected + 12 * 250);
    // The colleague has no instalment rule: only the sale.
    const colleagues = (
      await t.request('POST', '/api/v1/commission-rules/estimate', {
        token: colleague.token,
        body,
      })
    ).json() as CommissionEstimate;
    expect(toCentavos(colleagues.amount)).toBe(expected);

    const bad = await t.request('POST', '/api/v1/commission-rules/estimate', {
      token: seller.token,
      body: { price: -1, cost: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain(COMMISSION_MESSAGES.estimateInvalid);
  });
});

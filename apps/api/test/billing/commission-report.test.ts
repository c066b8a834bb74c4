import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  saoPauloDate,
  type CommissionReport,
  type CommissionStatementView,
  type LiabilityReport,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { userOfUnit } from '../helpers/crm-fixtures.ts';
import { billingFixtures } from './helpers.ts';

/**
 * /gestao 'Comissões e margem' (issue 30): GET /reports/commissions puts each unit's and each
 * professional's commission beside the margin it came from, from the statements' own derivation
 * and the liability report's delivered margin, exact to the centavo, within the scope module.
 *
 * The package: R$ 3.600,00 for 2 × filler (cost R$ 400,50), peel (R$ 60,00) and laser
 * (R$ 210,00): lucro = round(0,7 × 3.600,00) − 1.071,00 = R$ 1.449,00; 5 % of it is R$ 72,45.
 */
describe('commission report (issue 30): commission beside margin, per unit and professional', () => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser;
  let performer: TestUser;
  let manager: TestUser;
  let otherManager: TestUser;
  let professional: TestUser;
  const period = saoPauloDate(new Date()).slice(0, 7);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Ana Admin');
    seller = await userOfUnit(t, 'professional', 'PAULISTA', 'Sofia Vendedora');
    performer = await userOfUnit(t, 'professional', 'PAULISTA', 'Paula Aplicadora');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Gerente');
    otherManager = await userOfUnit(t, 'manager', 'MORUMBI', 'Marcos Morumbi');
    professional = seller;
    const fixtures = await billingFixtures(t, admin, seller, 'Relatorio');
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
    // A sale kept, a sale withdrawn (its commission clawed back), one session delivered.
    const kept = await fixtures.acceptedOnLink();
    const withdrawn = await fixtures.acceptedOnLink();
    const out = await t.request('POST', `/api/v1/public/proposals/${withdrawn.token}/withdraw`);
    expect(out.statusCode, out.body).toBe(200);
    const session = await t.request('POST', `/api/v1/contracts/${kept.contractId}/sessions`, {
      token: performer.token,
      body: { service_id: fixtures.catalogue.laser },
    });
    expect(session.statusCode, session.body).toBe(201);
    // An advance of R$ 20,00 discounted from the seller's month.
    const advance = await t.request(
      'POST',
      `/api/v1/commission-statements/${seller.id}/${period}/adjustments`,
      { token: manager.token, body: { amount: -20, reason: 'Adiantamento.' } },
    );
    expect(advance.statusCode, advance.body).toBe(200);
  }, 240_000);
  afterAll(() => t.close());

  const report = async (query: Record<string, string>, token = manager.token) => {
    const res = await t.request('GET', '/api/v1/reports/commissions', { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CommissionReport;
  };

  it("gives the manager's unit and each professional, exact to the centavo", async () => {
    const body = await report({ from: period, to: period });
    const statement = (
      await t.request('GET', `/api/v1/commission-statements/${seller.id}/${period}`, {
        token: manager.token,
      })
    ).json() as CommissionStatementView;
    // The statement: two sales at R$ 72,45 and the clawback of the withdrawn one.
    expect(statement.entries.map((entry) => entry.amount)).toEqual([72.45, 72.45, -72.45]);
    expect([statement.gross, statement.net]).toEqual([72.45, 52.45]);
    const liability = (
      await t.request('GET', '/api/v1/reports/liability', {
        token: manager.token,
        query: { from: period, to: period },
      })
    ).json() as LiabilityReport;
    // The laser session at its contracted R$ 780,67 (the package price apportioned): the
    // liability's margin delivered is round(0,7 × 780,67) − 210,00 = R$ 336,47.
    const delivered = liability.totals.delivered_margin;
    expect(delivered).toBe(336.47);

    expect(body.unit).toBe('PAULISTA');
    expect(body.units).toHaveLength(1);
    const [unit] = body.units;
    expect(unit).toMatchObject({
      unit: 'PAULISTA',
      gross: 72.45,
      net: 52.45,
      // The withdrawn sale is not a sale: only the kept one's lucro.
      sold_margin: 1449,
      delivered_margin: delivered,
      share_bp: 500,
    });
    expect(unit?.professionals).toEqual([
      {
        professional_id: performer.id,
        professional_name: 'Paula Aplicadora',
        gross: 0,
        net: 0,
        sold_margin: 0,
        // Her session's share of the contract's lucro by contracted price, the base a session
        // commission on margin would take: round(1.449,00 × 780,67 ÷ 3.600,00) = R$ 314,22.
        delivered_margin: 314.22,
        share_bp: null,
      },
      {
        professional_id: seller.id,
        professional_name: 'Sofia Vendedora',
        gross: 72.45,
        net: 52.45,
        sold_margin: 1449,
        delivered_margin: 0,
        share_bp: 500,
      },
    ]);
    expect(body.totals).toEqual({
      gross: 72.45,
      net: 52.45,
      sold_margin: 1449,
      delivered_margin: delivered,
      share_bp: 500,
    });
  });

  it('scopes: the admin reads the network or a unit; another manager never sees PAULISTA', async () => {
    const network = await report({ from: period, to: period }, admin.token);
    expect(network.unit).toBeNull();
    expect(network.units.map((row) => row.unit)).toEqual(['PAULISTA']);
    const chosen = await report({ from: period, to: period, unit: 'PAULISTA' }, admin.token);
    expect(chosen.units).toEqual(network.units);
    const other = await report({ from: period, to: period, unit: 'PAULISTA' }, otherManager.token);
    expect(other.unit).toBe('MORUMBI');
    expect(other.units).toEqual([]);
    expect(other.totals.share_bp).toBeNull();
    const refused = await t.request('GET', '/api/v1/reports/commissions', {
      token: professional.token,
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request('GET', '/api/v1/reports/commissions', {
      token: manager.token,
      query: { from: '2026-05', to: '2026-03' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('answers the same figures as CSV for Excel', async () => {
    const res = await t.request('GET', '/api/v1/reports/commissions.csv', {
      token: manager.token,
      query: { from: period, to: period },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="comissoes-${period}-a-${period}-paulista.csv"`,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Unidade;Profissional;Comissão bruta (R$);Comissão líquida (R$);Margem vendida (R$);Margem entregue (R$);Comissão ÷ margem vendida (%)',
    );
    expect(lines).toContain('PAULISTA;Sofia Vendedora;72,45;52,45;1449,00;0,00;5,00');
  });
});

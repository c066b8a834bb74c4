import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  saoPauloDate,
  type CommissionStatementSummary,
  type CommissionStatementView,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { userOfUnit } from './helpers/crm-fixtures.ts';
import { billingFixtures } from './billing/helpers.ts';

/**
 * The month list reads only what a month is made of (bench/commissions.bench.ts: a network's
 * month under 1 s): that month's events and the earlier entries of the contracts it reverses.
 * Each line must still equal the professional's own statement, which derives from the whole
 * history: a sale of last month withdrawn this month reverses this month, and last month keeps it.
 */
describe('commission month list against each statement', () => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser;
  let fixtures: Awaited<ReturnType<typeof billingFixtures>>;
  const period = saoPauloDate(new Date()).slice(0, 7);
  const lastMonth = addMonths(`${period}-01`, -1).slice(0, 7);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Ana Admin');
    seller = await userOfUnit(t, 'professional', 'PAULISTA', 'Vera Vendedora');
    fixtures = await billingFixtures(t, admin, seller, 'Janela');
  });
  afterAll(() => t.close());

  const list = async (month: string) => {
    const res = await t.request('GET', '/api/v1/commission-statements/', {
      token: admin.token,
      query: { period: month },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CommissionStatementSummary[];
  };
  const statement = async (month: string) => {
    const res = await t.request('GET', `/api/v1/commission-statements/${seller.id}/${month}`, {
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CommissionStatementView;
  };

  it('a sale of last month withdrawn this month: both months agree line for line', async () => {
    for (const body of [
      { name: 'Venda', event: 'venda_aceita', basis: 'margem', rate: { type: 'pct', value: 5 } },
      {
        name: 'Sessão',
        event: 'sessao_realizada',
        basis: 'preco_contratado',
        rate: { type: 'fixo', value: 40 },
      },
    ]) {
      const res = await t.request('POST', '/api/v1/commission-rules/', {
        token: admin.token,
        body: { ...body, scope: {}, clawback: 'integral', valid_from: `${lastMonth}-01` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const kept = await fixtures.acceptedOnLink();
    const withdrawn = await fixtures.acceptedOnLink();
    // Both sales were accepted on the 15th of last month (at noon in São Paulo); the ledger is
    // append-only, so the session and the withdrawal are this month's.
    await t.database.query('UPDATE contracts SET accepted_at = $1 WHERE id = ANY($2::int[])', [
      `${lastMonth}-15T15:00:00Z`,
      [kept.contractId, withdrawn.contractId],
    ]);
    const session = await t.request('POST', `/api/v1/contracts/${kept.contractId}/sessions`, {
      token: seller.token,
      body: { service_id: fixtures.catalogue.filler },
    });
    expect(session.statusCode, session.body).toBe(201);
    const out = await t.request('POST', `/api/v1/contracts/${withdrawn.contractId}/withdraw`, {
      token: seller.token,
    });
    expect(out.statusCode, out.body).toBe(200);

    for (const month of [lastMonth, period]) {
      const own = await statement(month);
      const line = (await list(month)).find((row) => row.professional_id === seller.id);
      expect(line, month).toMatchObject({
        entries: own.entries.length,
        gross: own.gross,
        net: own.net,
      });
    }
    // Last month: the two sales; this month: the session and the withdrawn sale's reversal.
    expect((await statement(lastMonth)).entries.map((entry) => entry.source_type)).toEqual([
      'contrato',
      'contrato',
    ]);
    expect((await statement(period)).entries.map((e) => [e.source_type, e.status])).toEqual([
      ['sessao', 'prevista'],
      ['desistencia', 'estornada'],
    ]);
  });
});

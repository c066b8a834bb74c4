import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CashReport, Client, ContractPayments, Proposal, Unit } from '@portal/domain';
import type { Viewer } from '../../src/auth/scope.ts';
import { contractsService } from '../../src/modules/care/contracts/service.ts';
import { billingContractPayments } from '../../src/modules/billing/payments/ports.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { createCatalogue, HEALTH_CONSENT, userOfUnit } from '../helpers/crm-fixtures.ts';

/** An instant given as São Paulo wall-clock time (UTC−3 all year since 2019). */
const sp = (local: string) => new Date(`${local}-03:00`);

/**
 * /gestao 'Caixa' (issue 29): received, sold, delivered and overdue per unit and São Paulo
 * month, exact to the centavo at the month's edges. Contracts are built through the contracts
 * service with the clock each step happened at, plans through the API, and each instalment's due
 * date set where the case needs it.
 */
describe('cash report (issue 29): received vs sold vs delivered, overdue and its rate', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let otherManager: TestUser;
  let adminViewer: Viewer;
  let serviceA = 0;

  /** A contract of R$ 200,00 (2 × A at R$ 80, 1 × B at R$ 40) accepted at `at`. */
  let contract: (unit: Unit, at: Date) => Promise<number>;

  /** A plan of two instalments of R$ 100,00, due on the days given. */
  const plan = async (contractId: number, dueDates: [string, string]) => {
    const res = await t.request('POST', `/api/v1/contracts/${contractId}/payment-plan`, {
      token: admin.token,
      body: { method: 'pix_manual', installments: 2, due_day: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as ContractPayments).installments.map((item) => item.id);
    for (const [index, id] of ids.entries()) {
      await t.database.db.execute(
        sql`UPDATE installments SET due_date = ${dueDates[index]}::date WHERE id = ${id}`,
      );
    }
    return ids;
  };
  const pay = async (id: number, paidAt: string) => {
    const res = await t.request('POST', `/api/v1/installments/${id}/mark-paid`, {
      token: admin.token,
      body: { paid_at: paidAt },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Caixa');
    manager = await userOfUnit(t, 'manager', 'ELDORADO', 'Gerente Caixa');
    otherManager = await userOfUnit(t, 'manager', 'BOURBON', 'Gerente Bourbon');
    adminViewer = { id: admin.id, name: 'Admin Caixa', profile: 'admin', unit: null };
    const catalogue = await createCatalogue(t, admin.token, 'Caixa');
    serviceA = catalogue.filler;
    const clients = new Map<Unit, Client>();
    contract = async (unit, at) => {
      let client = clients.get(unit);
      if (!client) {
        const res = await t.request('POST', '/api/v1/clients/', {
          token: admin.token,
          body: { full_name: `Cliente Caixa ${unit}`, unit, consents: [HEALTH_CONSENT] },
        });
        expect(res.statusCode, res.body).toBe(201);
        client = res.json() as Client;
        clients.set(unit, client);
      }
      const res = await t.request('POST', '/api/v1/proposals/', {
        token: admin.token,
        body: {
          client_id: client.id,
          package_id: catalogue.pkg,
          blocks: { A: [catalogue.filler], B: [], C: [], D: [] },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const proposal = res.json() as Proposal;
      const created = await contractsService.createFromAcceptance(
        t.database.db,
        {
          id: proposal.id,
          number: proposal.number,
          clientId: client.id,
          clientName: client.full_name,
          unit,
          authorId: admin.id,
          authorName: 'Admin Caixa',
          packageName: 'Pacote Caixa',
          annualValue: 200,
          items: [
            {
              service_id: catalogue.filler,
              name: 'A',
              sessions: 2,
              unit_value: 100,
              unit_cost: 30,
            },
            { service_id: catalogue.peel, name: 'B', sessions: 1, unit_value: 50, unit_cost: 10 },
          ],
        },
        { at, channel: 'link', actor: { kind: 'client' } },
      );
      return created.id;
    };

    // A, ELDORADO: accepted at 23:59 of 31 March; instalment 1 paid at that minute, instalment 2
    // (due 30 April) never paid; one session delivered in April (R$ 80,00).
    const a = await contract('ELDORADO', sp('2026-03-31T23:59:00'));
    const [a1, a2] = await plan(a, ['2026-03-31', '2026-04-30']);
    await pay(a1 ?? 0, '2026-03-31T23:59:00-03:00');
    void a2;
    await contractsService.recordSession(
      t.database.db,
      adminViewer,
      a,
      { service_id: serviceA, performed_at: '2026-04-10' },
      sp('2026-04-10T15:00:00'),
    );

    // B, ELDORADO: accepted at 00:00 of 1 April; instalment 1 paid that minute, instalment 2
    // (due 15 April) paid late, on 2 May.
    const b = await contract('ELDORADO', sp('2026-04-01T00:00:00'));
    const [b1, b2] = await plan(b, ['2026-04-01', '2026-04-15']);
    await pay(b1 ?? 0, '2026-04-01T00:00:00-03:00');
    await pay(b2 ?? 0, '2026-05-02T10:00:00-03:00');

    // C, ELDORADO: accepted in April and withdrawn within 7 days: not sold, nothing due.
    const c = await contract('ELDORADO', sp('2026-04-20T10:00:00'));
    await contractsService.withdrawByStaff(
      t.database.db,
      adminViewer,
      c,
      'Desistiu.',
      billingContractPayments,
      sp('2026-04-22T10:00:00'),
    );

    // D, BOURBON: accepted in April, its two instalments due in April and May, none paid.
    const d = await contract('BOURBON', sp('2026-04-05T12:00:00'));
    await plan(d, ['2026-04-05', '2026-05-05']);
  }, 240_000);
  afterAll(() => t.close());

  const report = async (query: Record<string, string>, token = admin.token) => {
    const res = await t.request('GET', '/api/v1/reports/cash', { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CashReport;
  };

  it('counts each figure in its São Paulo month, exact at 23:59 and 00:00', async () => {
    const body = await report({ from: '2026-03', to: '2026-05', unit: 'ELDORADO' });
    expect(body.unit).toBe('ELDORADO');
    expect(body.rows).toEqual([
      {
        unit: 'ELDORADO',
        month: '2026-03',
        received: 100,
        sold: 200,
        delivered: 0,
        due: 100,
        overdue: 0,
        overdue_rate_bp: 0,
      },
      {
        unit: 'ELDORADO',
        month: '2026-04',
        received: 100,
        sold: 200,
        delivered: 80,
        due: 300,
        overdue: 100,
        overdue_rate_bp: 3333,
      },
      {
        unit: 'ELDORADO',
        month: '2026-05',
        received: 100,
        sold: 0,
        delivered: 0,
        due: 0,
        overdue: 0,
        overdue_rate_bp: null,
      },
    ]);
    expect(body.totals).toEqual({
      received: 300,
      sold: 400,
      delivered: 80,
      due: 400,
      overdue: 100,
      overdue_rate_bp: 2500,
    });
  });

  it('reads the network for an admin, and managers their own unit only', async () => {
    const network = await report({ from: '2026-04', to: '2026-05' });
    expect(network.unit).toBeNull();
    const bourbon = network.rows.filter((row) => row.unit === 'BOURBON');
    expect(bourbon).toEqual([
      {
        unit: 'BOURBON',
        month: '2026-04',
        received: 0,
        sold: 200,
        delivered: 0,
        due: 100,
        overdue: 100,
        overdue_rate_bp: 10_000,
      },
      {
        unit: 'BOURBON',
        month: '2026-05',
        received: 0,
        sold: 0,
        delivered: 0,
        due: 100,
        overdue: 100,
        overdue_rate_bp: 10_000,
      },
    ]);
    const own = await report({ from: '2026-03', to: '2026-05', unit: 'BOURBON' }, manager.token);
    expect(own.unit).toBe('ELDORADO');
    expect(own.rows.every((row) => row.unit === 'ELDORADO')).toBe(true);
    const other = await report({ from: '2026-03', to: '2026-05' }, otherManager.token);
    expect(other.rows.map((row) => row.month)).toEqual(['2026-04', '2026-05']);
  });

  it('answers the same figures as CSV for Excel pt-BR', async () => {
    const res = await t.request('GET', '/api/v1/reports/cash.csv', {
      token: admin.token,
      query: { from: '2026-04', to: '2026-04', unit: 'ELDORADO' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="caixa-2026-04-a-2026-04-eldorado.csv"',
    );
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Unidade;Mês;Recebido (R$);Vendido (R$);Entregue (R$);Vencido (R$);Devido até hoje (R$);Taxa de inadimplência (%)',
      'ELDORADO;04/2026;100,00;200,00;80,00;100,00;300,00;33,33',
      'ELDORADO;04/2026 a 04/2026;100,00;200,00;80,00;100,00;300,00;33,33',
      '',
    ]);
  });

  it('refuses professionals and a bad month', async () => {
    const professional = await userOfUnit(t, 'professional', 'ELDORADO', 'Profissional Caixa');
    const refused = await t.request('GET', '/api/v1/reports/cash', { token: professional.token });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request('GET', '/api/v1/reports/cash', {
      token: admin.token,
      query: { from: '2026-13' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

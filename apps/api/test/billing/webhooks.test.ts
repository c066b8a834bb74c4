import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ContractPayments } from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { userOfUnit } from '../helpers/crm-fixtures.ts';
import { pixApiClient } from '../../src/modules/billing/pix-api/client.ts';
import { paymentsService } from '../../src/modules/billing/payments/service.ts';
import { billingFixtures } from './helpers.ts';
import { apiPixSettingsOf, e2eidOf, startPixStandIn, type StandIn } from './pix-stand-in.ts';

const PIX_KEY = '123e4567-e12b-12d1-a456-426655440000';
const SECRET = 'segredo-do-webhook-paulista-0123456789';

/**
 * API Pix end to end against the local stand-in (test/billing/pix-stand-in.ts): charges sent as
 * `cobv`, webhooks received over HTTP, refunds as `devolucao`. Replays, forgeries, reorders and
 * bursts change nothing twice.
 */
describe('API Pix (issue 29): charges, webhooks that never lose or double an event', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let standIn: StandIn;
  let base: string;
  let f: Awaited<ReturnType<typeof billingFixtures>>;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    standIn = await startPixStandIn();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Pix');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerente Pix');
    const professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Profissional Pix');
    f = await billingFixtures(t, admin, professional, 'Webhook', '529.982.247-25');
    const settings = await t.request('PATCH', '/api/v1/units/PAULISTA/billing', {
      token: admin.token,
      body: apiPixSettingsOf(standIn, { pixKey: PIX_KEY, webhookSecret: SECRET }),
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // What the admin does once at the institution: register the webhook URL (the PSP appends '/pix').
    const registered = await pixApiClient({
      baseUrl: `${standIn.url}/api/v2`,
      tokenUrl: `${standIn.url}/oauth/token`,
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
    }).PUT('/webhook/{chave}', {
      params: { path: { chave: PIX_KEY } },
      body: {
        webhookUrl: `${base}/api/v1/payments/webhooks/api_pix?unidade=PAULISTA&segredo=${SECRET}&ignorar=`,
      },
    });
    expect(registered.response.status).toBe(204);
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });

  /** A contract on API Pix with its 12 charges sent (the plan issued again while nothing is paid). */
  async function chargedContract(): Promise<{ contractId: number; plan: ContractPayments }> {
    const { contractId } = await f.acceptedOnLink();
    expect((await f.payments(contractId)).plan.method).toBe('api_pix');
    const res = await t.request('POST', `/api/v1/contracts/${contractId}/payment-plan`, {
      token: manager.token,
      body: { method: 'api_pix' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { contractId, plan: res.json() as ContractPayments };
  }

  const storedEvents = async (contractId: number) => {
    const rows = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_events WHERE contract_id = ${contractId}`,
    );
    return rows[0]?.n ?? -1;
  };
  const txids = async (contractId: number): Promise<string[]> => {
    const rows = await t.database.query<{ txid: string }>(
      `SELECT txid FROM installments WHERE contract_id = ${contractId} ORDER BY n`,
    );
    return rows.map((row) => row.txid);
  };

  it('sends each instalment as a cobv the document accepts, and shows its copia e cola', async () => {
    const { contractId, plan } = await chargedContract();
    expect(standIn.invalid).toEqual([]);
    const mine = await txids(contractId);
    expect(mine.every((txid) => standIn.charges.has(txid))).toBe(true);
    expect(mine.map((txid) => standIn.charges.get(txid)?.amount)).toEqual(Array(12).fill(30_000));
    expect(plan.installments.every((item) => item.status === 'solicitada')).toBe(true);
    expect(plan.installments[0]?.pix_copia_e_cola).toMatch(/^000201010212/);
  });

  it('a paid Pix marks its instalment; the same webhook again changes nothing', async () => {
    const { contractId } = await chargedContract();
    const [first] = await txids(contractId);
    const paid = await standIn.pay(first ?? '');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toEqual({ results: [{ event_id: `pix:${paid.e2eid}`, result: 'aplicado' }] });
    const after = await f.payments(contractId);
    expect(after.installments[0]).toMatchObject({ status: 'paga', pix_copia_e_cola: null });
    expect(after.plan.paid).toBe(300);
    const events = await storedEvents(contractId);

    const replay = await standIn.deliver(paid.payload);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ results: [{ result: 'repetido' }] });
    expect(await f.payments(contractId)).toEqual(after);
    expect(await storedEvents(contractId)).toBe(events);

    // The same Pix (same e2eid) told again under a later clock changes nothing either.
    const again = await standIn.pay(first ?? '', {
      e2eid: paid.e2eid,
      at: new Date().toISOString(),
    });
    expect(again.body).toMatchObject({ results: [{ result: 'repetido' }] });
    expect((await f.payments(contractId)).plan.paid).toBe(300);
  });

  it('refuses forged webhooks, unknown charges and wrong amounts, and changes nothing', async () => {
    const { contractId } = await chargedContract();
    const [, second] = await txids(contractId);
    const before = await f.payments(contractId);
    const body = {
      pix: [
        { endToEndId: e2eidOf(), txid: second, valor: '300.00', horario: new Date().toISOString() },
      ],
    };
    const url = `${base}/api/v1/payments/webhooks/api_pix`;
    for (const target of [
      `${url}?unidade=PAULISTA&segredo=segredo-errado&ignorar=`,
      `${url}?unidade=MORUMBI&segredo=${SECRET}&ignorar=`,
      `${url}?segredo=${SECRET}&ignorar=`,
      `${url}?unidade=PAULISTA&ignorar=`,
    ]) {
      const forged = await standIn.deliver(body, target);
      expect(forged.status).toBe(401);
      expect(forged.body).toMatchObject({ detail: 'Webhook não autorizado.' });
    }
    const registered = standIn.webhookUrl ?? '';
    const unknown = await standIn.deliver({
      pix: [{ ...body.pix[0], txid: 'NAOEXISTE0000000000000000000000' }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      results: [{ result: 'recusado', reason: 'cobranca_desconhecida' }],
    });
    const wrong = await standIn.deliver({ pix: [{ ...body.pix[0], valor: '299.99' }] });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      results: [{ result: 'recusado', reason: 'valor_divergente' }],
    });
    const malformed = await standIn.deliver(
      { pix: [{ txid: second, valor: 'trezentos' }] },
      registered,
    );
    expect(malformed.status).toBe(422);
    expect(await f.payments(contractId)).toEqual(before);
    expect(await storedEvents(contractId)).toBe(0);
  });

  it('a refund told before its payment ends as the same state as in order', async () => {
    const { contractId } = await chargedContract();
    const [, a, b] = await txids(contractId);
    const settled = (txid: string, e2eid: string, id: string) => ({
      pix: [
        {
          endToEndId: e2eid,
          txid,
          valor: '300.00',
          horario: '2026-11-20T13:00:00.000Z',
          devolucoes: [
            {
              id,
              rtrId: `D${e2eid.slice(1)}`,
              valor: '300.00',
              horario: {
                solicitacao: '2026-11-21T13:00:00.000Z',
                liquidacao: '2026-11-21T13:05:00.000Z',
              },
              status: 'DEVOLVIDO',
            },
          ],
        },
      ],
    });
    const paidOnly = (txid: string, e2eid: string) => ({
      pix: [{ endToEndId: e2eid, txid, valor: '300.00', horario: '2026-11-20T13:00:00.000Z' }],
    });
    const e2eA = e2eidOf();
    const e2eB = e2eidOf();
    // a: payment, then the refund; b: the refund's callback first, then the payment's.
    expect((await standIn.deliver(paidOnly(a ?? '', e2eA))).status).toBe(200);
    expect((await standIn.deliver(settled(a ?? '', e2eA, 'DEVA1'))).status).toBe(200);
    expect((await standIn.deliver(settled(b ?? '', e2eB, 'DEVB1'))).status).toBe(200);
    expect((await standIn.deliver(paidOnly(b ?? '', e2eB))).status).toBe(200);
    const after = await f.payments(contractId);
    const [, second, third] = after.installments;
    expect(second?.status).toBe('estornada');
    expect(third?.status).toBe('estornada');
    expect({ ...second, id: 0, n: 0 }).toEqual({
      ...third,
      id: 0,
      n: 0,
      due_date: second?.due_date,
    });
    expect(after.plan.paid).toBe(600);
  });

  it('a Pix told again under another charge is a repeat and pays nothing there', async () => {
    const a = await chargedContract();
    const b = await chargedContract();
    const [txidA] = await txids(a.contractId);
    const [firstB, secondB] = await txids(b.contractId);
    const e2eid = e2eidOf();
    const pix = (txid: string, id = e2eid) => ({
      pix: [{ endToEndId: id, txid, valor: '300.00', horario: new Date().toISOString() }],
    });
    expect((await standIn.deliver(pix(txidA ?? ''))).body).toMatchObject({
      results: [{ result: 'aplicado' }],
    });
    const before = await f.payments(b.contractId);
    // Its event id is taken: answering 'aplicado' here would pay an instalment no stored event
    // backs, which the next event on this plan would silently unpay.
    const elsewhere = await standIn.deliver(pix(firstB ?? ''));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual({ results: [{ event_id: `pix:${e2eid}`, result: 'repetido' }] });
    expect(await f.payments(b.contractId)).toEqual(before);
    expect(await storedEvents(b.contractId)).toBe(0);
    expect((await standIn.deliver(pix(secondB ?? '', e2eidOf()))).status).toBe(200);
    expect((await f.payments(b.contractId)).installments.map((item) => item.status)).toEqual([
      'solicitada',
      'paga',
      ...Array(10).fill('solicitada'),
    ]);
    expect((await f.payments(a.contractId)).installments[0]?.status).toBe('paga');
  });

  it('a burst of webhooks, each delivered three times at once, pays each instalment once', async () => {
    const { contractId } = await chargedContract();
    const all = await txids(contractId);
    const deliveries = all.flatMap((txid) => {
      const e2eid = e2eidOf();
      const payload = {
        pix: [{ endToEndId: e2eid, txid, valor: '300.00', horario: new Date().toISOString() }],
      };
      return [payload, payload, payload];
    });
    const answers = await Promise.all(deliveries.map((payload) => standIn.deliver(payload)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const results = answers.map(
      (answer) => (answer.body as { results: { result: string }[] }).results[0]?.result,
    );
    expect(results.filter((result) => result === 'aplicado')).toHaveLength(12);
    expect(results.filter((result) => result === 'repetido')).toHaveLength(24);
    const after = await f.payments(contractId);
    expect(after.installments.every((item) => item.status === 'paga')).toBe(true);
    expect(after.plan).toMatchObject({ paid: 3600, open: 0 });
    expect(await storedEvents(contractId)).toBe(12);
  });

  it('a withdrawal refunds through devolucao; the settled refund arrives by webhook', async () => {
    const { contractId } = await chargedContract();
    const [first] = await txids(contractId);
    const paid = await standIn.pay(first ?? '');
    expect(paid.status).toBe(200);
    const withdrawn = await t.request('POST', `/api/v1/contracts/${contractId}/withdraw`, {
      token: manager.token,
      body: { reason: 'Desistiu.' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const pending = await f.payments(contractId);
    expect(pending.refunds).toMatchObject([
      { amount: 300, reason: 'desistencia', method: 'api_pix', status: 'pendente' },
    ]);
    // The job that sends refunds (run here by hand): one devolucao, valid by the document.
    expect(await paymentsService.sendRefunds(t.database.db, contractId)).toBe(1);
    expect(await paymentsService.sendRefunds(t.database.db, contractId)).toBe(0);
    expect(standIn.invalid).toEqual([]);
    const [refundId, asked] = [...standIn.refunds.entries()].find(
      ([, refund]) => refund.e2eid === paid.e2eid,
    ) ?? ['', null];
    expect(asked).toMatchObject({ amount: 30_000 });
    expect((await f.payments(contractId)).refunds[0]?.status).toBe('solicitada');

    const settled = await standIn.deliver({
      pix: [
        {
          ...(paid.payload as { pix: Record<string, unknown>[] }).pix[0],
          devolucoes: [
            {
              id: refundId,
              rtrId: asked?.rtrId,
              valor: '300.00',
              horario: {
                solicitacao: new Date().toISOString(),
                liquidacao: new Date().toISOString(),
              },
              status: 'DEVOLVIDO',
            },
          ],
        },
      ],
    });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    const after = await f.payments(contractId);
    expect(after.refunds[0]).toMatchObject({ status: 'concluida' });
    expect(after.installments[0]?.status).toBe('estornada');
    expect(after.installments.slice(1).every((item) => item.status === 'cancelada')).toBe(true);
  });

  it('keeps its stored rows consistent: one event per Pix, no instalment paid twice', async () => {
    const rows = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT event->>'e2eid' AS e2e, count(*) FROM payment_events WHERE event->>'type' = 'pagamento_recebido' GROUP BY 1 HAVING count(*) > 1) dup`,
    );
    expect(JSON.stringify(rows)).toContain('"n":0');
  });
});

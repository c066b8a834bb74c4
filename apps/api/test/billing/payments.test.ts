import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  BILLING_ANSWERS,
  MESSAGES,
  parseStaticBrCode,
  type CancellationQuote,
  type ContractPayments,
  type InstallmentView,
  type PublicProposal,
  type Receivable,
  type UnitBillingSettings,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { userOfUnit } from '../helpers/crm-fixtures.ts';
import { billingFixtures, sumCentavos } from './helpers.ts';

const DEMO_KEY = '123e4567-e12b-12d1-a456-426655440000';

describe('payment plans (issue 29): instalments, manual Pix, receivables, refunds', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let professional: TestUser;
  let otherManager: TestUser;
  let f: Awaited<ReturnType<typeof billingFixtures>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Cobranças');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerente Cobranças');
    professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Profissional Cobranças');
    otherManager = await userOfUnit(t, 'manager', 'MORUMBI', 'Gerente Morumbi');
    f = await billingFixtures(t, admin, professional, 'Cobrança');
  });
  afterAll(() => t.close());

  const markPaid = (id: number, body: unknown, token = manager.token) =>
    t.request('POST', `/api/v1/installments/${id}/mark-paid`, { token, body });
  const now = () => new Date().toISOString();

  it('accepting creates 12 instalments of the price, summing exactly, every one scheduled', async () => {
    const { contractId } = await f.acceptedOnLink();
    const paid = await f.payments(contractId, professional.token);
    expect(paid.plan).toMatchObject({
      method: 'pix_manual',
      installments: 12,
      total: 3600,
      paid: 0,
      open: 3600,
    });
    expect(paid.installments).toHaveLength(12);
    expect(sumCentavos(paid.installments.map((item) => item.amount))).toBe(360_000);
    expect(paid.installments.every((item) => item.status === 'agendada')).toBe(true);
    expect(paid.installments.map((item) => item.n)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    // Monthly, in order, each on the plan's due day (or the month's last day).
    const dates = paid.installments.map((item) => item.due_date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates.map((date) => date.slice(0, 7))).size).toBe(12);
    // No Pix key yet: nothing to pay with, and the answer says so by a null code.
    expect(paid.installments[0]?.pix_copia_e_cola).toBeNull();
    expect(paid.refunds).toEqual([]);
    // The staff's WhatsApp '2ª via' goes to the client's phone.
    expect(paid.client_phone).toBe('(11) 97777-2222');
  });

  it("admins set a unit's Pix key; each instalment then carries its own static BR Code", async () => {
    const patch = await t.request('PATCH', '/api/v1/units/PAULISTA/billing', {
      token: admin.token,
      body: {
        pix_key: DEMO_KEY,
        pix_merchant_name: 'Clínica Paulista',
        pix_merchant_city: 'São Paulo',
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ pix_key: DEMO_KEY, provider: 'pix_manual' });
    // Managers may not change it.
    const refused = await t.request('PATCH', '/api/v1/units/PAULISTA/billing', {
      token: manager.token,
      body: { pix_key: DEMO_KEY },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request('PATCH', '/api/v1/units/PAULISTA/billing', {
      token: admin.token,
      body: { pix_key: 'não é chave' },
    });
    expect(bad.statusCode).toBe(422);

    const { contractId } = await f.acceptedOnLink();
    const paid = await f.payments(contractId);
    const first = paid.installments[0] as InstallmentView;
    const parsed = parseStaticBrCode(first.pix_copia_e_cola ?? '');
    expect(parsed).toMatchObject({
      ok: true,
      code: {
        key: DEMO_KEY,
        amount: 30_000,
        merchantName: 'Clinica Paulista',
        merchantCity: 'Sao Paulo',
      },
    });
    const txids = paid.installments.map((item) =>
      parseStaticBrCode(item.pix_copia_e_cola ?? '').ok
        ? (parseStaticBrCode(item.pix_copia_e_cola ?? '') as { code: { txid: string } }).code.txid
        : null,
    );
    expect(new Set(txids).size).toBe(12);
  });

  it("the client's link shows her instalments and the next one's Pix, QR drawn on the server", async () => {
    const { token, contractId } = await f.acceptedOnLink();
    const json = await t.request('GET', `/api/v1/public/proposals/${token}`);
    expect(json.statusCode, json.body).toBe(200);
    const plan = (json.json() as PublicProposal).plan;
    expect(plan?.payments?.installments).toHaveLength(12);
    const next = plan?.payments?.next;
    expect(next).toMatchObject({ n: 1, amount: 300 });
    expect(parseStaticBrCode(next?.pix_copia_e_cola ?? '').ok).toBe(true);

    const page = await t.request('GET', `/p/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pagamentos');
    expect(page.body).toContain('Pix copia e cola');
    expect(page.body).toContain('<svg class="pix"');
    expect(page.body).toContain(next?.pix_copia_e_cola ?? 'x');
    expect(page.body).not.toContain('<script');

    // Once the first is paid, the link offers the second.
    const first = (await f.payments(contractId)).installments[0] as InstallmentView;
    expect((await markPaid(first.id, { paid_at: now() })).statusCode).toBe(200);
    const after = (
      await t.request('GET', `/api/v1/public/proposals/${token}`)
    ).json() as PublicProposal;
    expect(after.plan?.payments?.next?.n).toBe(2);
    expect(after.plan?.payments?.installments[0]?.status).toBe('paga');
  });

  it('staff mark a payment once; professionals and other units cannot', async () => {
    const { contractId } = await f.acceptedOnLink();
    const first = (await f.payments(contractId)).installments[0] as InstallmentView;
    expect((await markPaid(first.id, { paid_at: now() }, professional.token)).statusCode).toBe(403);
    expect((await markPaid(first.id, { paid_at: now() }, otherManager.token)).statusCode).toBe(404);
    const future = await markPaid(first.id, {
      paid_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({ detail: BILLING_ANSWERS.paidInFuture });
    expect((await markPaid(first.id, { paid_at: 'ontem' })).statusCode).toBe(422);

    const paidAt = '2026-11-20T10:30:00-03:00';
    const res = await markPaid(first.id, { paid_at: paidAt, note: 'Comprovante no WhatsApp' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'paga',
      paid_at: new Date(paidAt).toISOString(),
      pix_copia_e_cola: null,
    });
    const again = await markPaid(first.id, { paid_at: paidAt });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: BILLING_ANSWERS.alreadyPaid });
    const plan = await f.payments(contractId);
    expect(plan.plan).toMatchObject({ paid: 300, open: 3300 });
    expect((await markPaid(999_999, { paid_at: paidAt })).statusCode).toBe(404);
  });

  it('a contract without a plan (accepted before plans) gets its first one, of its price', async () => {
    const { contractId } = await f.acceptedOnLink();
    await t.database.db.execute(sql`DELETE FROM installments WHERE contract_id = ${contractId}`);
    await t.database.db.execute(sql`DELETE FROM payment_plans WHERE contract_id = ${contractId}`);
    const none = await t.request('GET', `/api/v1/contracts/${contractId}/payments`, {
      token: manager.token,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ detail: BILLING_ANSWERS.planNotFound });
    const created = await t.request('POST', `/api/v1/contracts/${contractId}/payment-plan`, {
      token: manager.token,
      body: { method: 'pix_manual', installments: 7, due_day: 10 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const plan = created.json() as ContractPayments;
    expect(plan.plan).toMatchObject({ installments: 7, due_day: 10, total: 3600, open: 3600 });
    expect(sumCentavos(plan.installments.map((item) => item.amount))).toBe(360_000);
  });

  it('the plan changes (method, count, due day) while nothing is paid, and not after', async () => {
    const { contractId } = await f.acceptedOnLink();
    const url = `/api/v1/contracts/${contractId}/payment-plan`;
    expect(
      (await t.request('POST', url, { token: professional.token, body: { method: 'pix_manual' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request('POST', url, { token: otherManager.token, body: { method: 'pix_manual' } }))
        .statusCode,
    ).toBe(404);
    const invalid = await t.request('POST', url, {
      token: manager.token,
      body: { method: 'boleto', installments: 13 },
    });
    expect(invalid.statusCode).toBe(422);
    const noProvider = await t.request('POST', url, {
      token: manager.token,
      body: { method: 'api_pix' },
    });
    expect(noProvider.statusCode).toBe(422);
    expect(noProvider.json()).toMatchObject({ detail: BILLING_ANSWERS.providerNotConfigured });

    const changed = await t.request('POST', url, {
      token: manager.token,
      body: { method: 'pix_manual', installments: 7, due_day: 31 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const plan = changed.json() as ContractPayments;
    expect(plan.plan).toMatchObject({ installments: 7, due_day: 31 });
    const amounts = plan.installments.map((item) => item.amount);
    expect(sumCentavos(amounts)).toBe(360_000);
    // 360 000 / 7: the four odd centavos go to the first four.
    expect(amounts).toEqual([514.29, 514.29, 514.29, 514.29, 514.28, 514.28, 514.28]);
    for (const item of plan.installments) {
      const [year, month] = item.due_date.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      expect(Number(item.due_date.slice(8))).toBe(Math.min(31, last));
    }

    const first = plan.installments[0] as InstallmentView;
    expect((await markPaid(first.id, { paid_at: now() })).statusCode).toBe(200);
    const late = await t.request('POST', url, {
      token: manager.token,
      body: { method: 'pix_manual', installments: 3 },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: BILLING_ANSWERS.planHasPayments });
  });

  it('receivables: a manager reads their unit, filters by status and due dates; overdue is read from the date', async () => {
    const { contractId } = await f.acceptedOnLink();
    // Time travel for one contract: its first two instalments fell due last month.
    await t.database.db.execute(
      sql`UPDATE installments SET due_date = due_date - interval '40 days' WHERE contract_id = ${contractId} AND n <= 2`,
    );
    const list = async (query: Record<string, string>, token = manager.token) => {
      const res = await t.request('GET', '/api/v1/billing/receivables', { token, query });
      expect(res.statusCode, res.body).toBe(200);
      return { items: res.json() as Receivable[], total: Number(res.headers['x-total-count']) };
    };
    const overdue = await list({ status: 'vencida' });
    const mine = overdue.items.filter((item) => item.contract_id === contractId);
    expect(mine.map((item) => item.n)).toEqual([1, 2]);
    expect(mine[0]).toMatchObject({ status: 'vencida', status_label: 'Vencida', unit: 'PAULISTA' });
    expect(mine[0]?.client.phone).toBe('(11) 97777-2222');
    expect(mine[0]?.overdue_days).toBeGreaterThanOrEqual(9);
    // Marking one paid takes it off the overdue list.
    expect((await markPaid(mine[0]?.installment_id ?? 0, { paid_at: now() })).statusCode).toBe(200);
    expect(
      (await list({ status: 'vencida' })).items.filter((item) => item.contract_id === contractId),
    ).toHaveLength(1);
    const scheduled = await list({ status: 'agendada' });
    expect(scheduled.items.every((item) => item.status === 'agendada')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const inForty = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const window = await list({ from: today, to: inForty });
    expect(window.items.length).toBeGreaterThan(0);
    expect(window.items.every((item) => item.due_date >= today && item.due_date <= inForty)).toBe(
      true,
    );

    // Another unit's manager reads none of PAULISTA's, even asking for it.
    const other = await list({ unit: 'PAULISTA' }, otherManager.token);
    expect(other.items.filter((item) => item.unit === 'PAULISTA')).toEqual([]);
    // An admin narrows to a unit.
    const byAdmin = await list({ unit: 'PAULISTA', status: 'vencida' }, admin.token);
    expect(byAdmin.items.some((item) => item.contract_id === contractId)).toBe(true);
    expect(
      (await t.request('GET', '/api/v1/billing/receivables', { token: professional.token }))
        .statusCode,
    ).toBe(403);
    const badDay = await t.request('GET', '/api/v1/billing/receivables', {
      token: manager.token,
      query: { from: '2026-02-30' },
    });
    expect(badDay.statusCode).toBe(422);
  });

  it("the cancellation quote's 'paid' comes from billing, and cancelling records its refund", async () => {
    const { contractId } = await f.acceptedOnLink();
    const plan = await f.payments(contractId);
    for (const item of plan.installments.slice(0, 3)) {
      expect((await markPaid(item.id, { paid_at: now() })).statusCode).toBe(200);
    }
    const quote = await t.request('GET', `/api/v1/contracts/${contractId}/cancellation-quote`, {
      token: manager.token,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const figures = quote.json() as CancellationQuote;
    expect(figures.paid).toBe(900);
    // Nothing used: the fee (10 % of 3 600) is 360, so 540 goes back.
    expect(figures.refund_due).toBe(540);

    const cancel = await t.request('POST', `/api/v1/contracts/${contractId}/cancel`, {
      token: manager.token,
      body: { reason: 'Mudou de cidade.' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await f.payments(contractId);
    // The refund names the Pix it returns: split over the paid instalments, latest first.
    expect(sumCentavos(after.refunds.map((item) => item.amount))).toBe(54_000);
    expect(after.refunds.map((item) => item.amount)).toEqual([300, 240]);
    expect(
      after.refunds.every(
        (item) =>
          item.reason === 'cancelamento' &&
          item.status === 'pendente' &&
          item.method === 'pix_manual',
      ),
    ).toBe(true);
    expect(after.installments.slice(3).every((item) => item.status === 'cancelada')).toBe(true);
    expect(after.installments.slice(0, 3).every((item) => item.status === 'paga')).toBe(true);
    expect(after.plan.open).toBe(0);

    // Staff return it by hand and say so; once.
    const refundId = after.refunds[0]?.id ?? 0;
    const doneUrl = `/api/v1/contracts/${contractId}/refunds/${refundId}/mark-done`;
    expect((await t.request('POST', doneUrl, { token: professional.token })).statusCode).toBe(403);
    const done = await t.request('POST', doneUrl, { token: manager.token });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as ContractPayments).refunds.map((item) => item.status)).toEqual([
      'concluida',
      'pendente',
    ]);
    expect((await t.request('POST', doneUrl, { token: manager.token })).statusCode).toBe(409);
  });

  it('a withdrawal on the link refunds everything paid and cancels the rest', async () => {
    const { token, contractId } = await f.acceptedOnLink();
    const first = (await f.payments(contractId)).installments[0] as InstallmentView;
    expect((await markPaid(first.id, { paid_at: now() })).statusCode).toBe(200);
    const res = await t.request('POST', `/api/v1/public/proposals/${token}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    const after = await f.payments(contractId);
    expect(after.refunds).toMatchObject([
      { amount: 300, reason: 'desistencia', status: 'pendente' },
    ]);
    expect(after.installments.slice(1).every((item) => item.status === 'cancelada')).toBe(true);
    // Nothing more to pay on the link.
    const json = (
      await t.request('GET', `/api/v1/public/proposals/${token}`)
    ).json() as PublicProposal;
    expect(json.plan?.payments?.next).toBeNull();
    // And the plan can no longer change.
    const change = await t.request('POST', `/api/v1/contracts/${contractId}/payment-plan`, {
      token: manager.token,
      body: { method: 'pix_manual', installments: 2 },
    });
    expect(change.statusCode).toBe(409);
  });

  it('a withdrawal by staff refunds what was paid too', async () => {
    const { contractId } = await f.acceptedOnLink();
    const [a, b] = (await f.payments(contractId)).installments as [
      InstallmentView,
      InstallmentView,
    ];
    await markPaid(a.id, { paid_at: now() });
    await markPaid(b.id, { paid_at: now() });
    const res = await t.request('POST', `/api/v1/contracts/${contractId}/withdraw`, {
      token: professional.token,
      body: { reason: 'Desistiu por telefone.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await f.payments(contractId);
    expect(sumCentavos(after.refunds.map((item) => item.amount))).toBe(60_000);
    expect(after.refunds.every((item) => item.reason === 'desistencia')).toBe(true);
  });

  it('credentials are sealed at rest and never answered', async () => {
    const secret = 'cliente-secreto-de-teste-123';
    const res = await t.request('PATCH', '/api/v1/units/MORUMBI/billing', {
      token: admin.token,
      body: {
        api_base_url: 'https://pix.exemplo.com.br/api/v2',
        api_token_url: 'https://pix.exemplo.com.br/oauth/token',
        api_client_id: 'cliente-1',
        api_client_secret: secret,
        webhook_secret: 'segredo-do-webhook-1234567890',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(res.json()).toMatchObject({
      api_client_secret_set: true,
      webhook_secret_set: true,
      api_client_id: 'cliente-1',
    } satisfies Partial<UnitBillingSettings>);
    const read = await t.request('GET', '/api/v1/units/MORUMBI/billing', { token: admin.token });
    expect(read.body).not.toContain(secret);
    expect(read.body).not.toContain('segredo-do-webhook');
    const stored = await t.database.db.execute(
      sql`SELECT api_client_secret_sealed AS s FROM unit_billing_settings WHERE unit = 'MORUMBI'`,
    );
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(
      (await t.request('GET', '/api/v1/units/NOWHERE/billing', { token: admin.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.request('GET', '/api/v1/units/MORUMBI/billing', { token: manager.token })).json(),
    ).toMatchObject({ detail: MESSAGES.forbidden });
  });
});

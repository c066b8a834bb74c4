import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type PublicProposal, type Receivable } from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { userOfUnit } from '../helpers/crm-fixtures.ts';
import { pixApiClient } from '../../src/modules/billing/pix-api/client.ts';
import { paymentsService } from '../../src/modules/billing/payments/service.ts';
import { billingFixtures } from './helpers.ts';
import { apiPixSettingsOf, startPixStandIn, type StandIn } from './pix-stand-in.ts';

const PIX_KEY = '123e4567-e12b-12d1-a456-426655440000';
const SECRET = 'segredo-do-webhook-automatico-0123456789';

/** Noon in São Paulo of a day, as the daily job would see it. */
const noonOf = (day: string) => new Date(`${day}T12:00:00-03:00`);

/**
 * Pix Automático, journey 3, end to end against the local stand-in of the API Pix: the client
 * accepts on her link and finds one QR that pays the first instalment and authorises the rest;
 * the institution's webhooks (`webhook`, `webhookrec`, `webhookcobr`) mark what happened; the
 * daily job sends each later charge in its 10-to-2-day window; a cancelled authorisation leaves
 * what is owed owed, listed for the unit to chase, and payable by the unit's static code.
 */
describe('Pix Automático (issue 29): one QR pays the first instalment and authorises the rest', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let standIn: StandIn;
  let base: string;
  let f: Awaited<ReturnType<typeof billingFixtures>>;
  const api = () => ({
    baseUrl: `${standIn.url}/api/v2`,
    tokenUrl: `${standIn.url}/oauth/token`,
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
  });
  const settings = (overrides: Record<string, unknown> = {}) =>
    t.request('PATCH', '/api/v1/units/PAULISTA/billing', {
      token: admin.token,
      body: {
        ...apiPixSettingsOf(standIn, { pixKey: PIX_KEY, webhookSecret: SECRET }),
        account_branch: '0001',
        account_number: '1234567',
        account_type: 'CORRENTE',
        ...overrides,
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    standIn = await startPixStandIn();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Automático');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerente Automático');
    const professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Profissional Aut');
    f = await billingFixtures(t, admin, professional, 'Automatico', '529.982.247-25');
    const saved = await settings();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      account_branch: '0001',
      account_number: '1234567',
      account_type: 'CORRENTE',
    });
    // What the admin does once at the institution: the three callbacks, one URL.
    const url = `${base}/api/v1/payments/webhooks/api_pix?unidade=PAULISTA&segredo=${SECRET}&ignorar=`;
    const client = pixApiClient(api());
    const pix = await client.PUT('/webhook/{chave}', {
      params: { path: { chave: PIX_KEY } },
      body: { webhookUrl: url },
    });
    const rec = await client.PUT('/webhookrec', { body: { webhookUrl: url } });
    const cobr = await client.PUT('/webhookcobr', { body: { webhookUrl: url } });
    expect([pix.response.status, rec.response.status, cobr.response.status]).toEqual([
      204, 204, 204,
    ]);
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });

  const idRecOf = async (contractId: number): Promise<string> => {
    const rows = await t.database.query<{ rec_id: string | null }>(
      `SELECT rec_id FROM payment_plans WHERE contract_id = ${contractId}`,
    );
    return rows[0]?.rec_id ?? '';
  };
  const txids = async (contractId: number): Promise<string[]> => {
    const rows = await t.database.query<{ txid: string }>(
      `SELECT txid FROM installments WHERE contract_id = ${contractId} ORDER BY n`,
    );
    return rows.map((row) => row.txid);
  };
  const publicView = async (token: string): Promise<PublicProposal> => {
    const res = await t.request('GET', `/api/v1/public/proposals/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PublicProposal;
  };

  it('journey 3: accepted, paid and authorised with one QR; each later charge in its window', async () => {
    const accepted = await f.acceptedOnLink();
    const { contractId } = accepted;
    expect(standIn.invalid).toEqual([]);

    // The page she accepted on already shows the composite QR.
    const view = await publicView(accepted.token);
    const payments = view.plan?.payments;
    expect(payments).toMatchObject({
      pix_automatico: true,
      mandate: { status: 'aguardando', status_label: 'Aguardando autorização' },
      next: { n: 1, amount: 300 },
    });
    const idRec = await idRecOf(contractId);
    expect(idRec).toMatch(/^RR\w{27}$/);
    const [first, second, third] = await txids(contractId);
    expect(standIn.recs.get(idRec)?.firstTxid).toBe(first);
    expect(standIn.charges.get(first ?? '')?.amount).toBe(30_000);
    expect(payments?.next?.pix_copia_e_cola).toMatch(/^000201010212.*\/rec\//);

    const before = await f.payments(contractId);
    expect(before.plan).toMatchObject({
      method: 'api_pix',
      pix_automatico: true,
      mandate: { status: 'aguardando' },
    });
    expect(before.installments.map((item) => item.status)).toEqual([
      'solicitada',
      ...Array<string>(11).fill('agendada'),
    ]);

    // She reads it in her bank: the first Pix arrives and her bank approves the authorisation.
    const done = await standIn.payAndAuthorise(idRec);
    expect([done.pix, done.rec]).toEqual([200, 200]);
    const authorised = await f.payments(contractId);
    expect(authorised.plan.mandate).toEqual({ status: 'ativa', status_label: 'Autorizada' });
    expect(authorised.installments[0]).toMatchObject({ status: 'paga', pix_copia_e_cola: null });
    expect(authorised.plan.paid).toBe(300);
    // The approval told again is one fact.
    const replay = await standIn.recStatus(idRec, 'APROVADA');
    expect(replay.body).toEqual({
      results: [{ event_id: `rec:${idRec}:APROVADA`, result: 'repetido' }],
    });
    const link = (await publicView(accepted.token)).plan?.payments;
    expect(link?.mandate?.status).toBe('ativa');
    expect(link?.next).toMatchObject({ n: 2, pix_copia_e_cola: null });

    // Before the window nothing is sent; inside it, the second instalment's cobr.
    const dueSecond = authorised.installments[1]?.due_date ?? '';
    const early = await paymentsService.chargeWindow(
      t.database.db,
      noonOf(addDays(dueSecond, -11)),
    );
    expect(standIn.cobrs.has(second ?? '')).toBe(false);
    expect(early.charges_sent).toBe(0);
    const inWindow = await paymentsService.chargeWindow(
      t.database.db,
      noonOf(addDays(dueSecond, -5)),
    );
    expect(inWindow.charges_sent).toBeGreaterThanOrEqual(1);
    expect(standIn.cobrs.get(second ?? '')).toEqual({
      idRec,
      amount: 30_000,
      dueDate: dueSecond,
    });
    expect(standIn.cobrs.has(third ?? '')).toBe(false);
    expect(standIn.invalid).toEqual([]);
    expect((await f.payments(contractId)).installments[1]?.status).toBe('solicitada');

    // Debited on its due date: webhookcobr with the Pix; the same Pix by `webhook` is one payment.
    const settled = await standIn.settleCobr(second ?? '');
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    const twice = await standIn.pay(second ?? '', { e2eid: settled.e2eid });
    expect(twice.body).toMatchObject({ results: [{ result: 'repetido' }] });
    const paidTwo = await f.payments(contractId);
    expect(paidTwo.installments[1]?.status).toBe('paga');
    expect(paidTwo.plan.paid).toBe(600);

    // The third charge is refused by her bank: it failed, and is chased.
    const dueThird = paidTwo.installments[2]?.due_date ?? '';
    await paymentsService.chargeWindow(t.database.db, noonOf(addDays(dueThird, -3)));
    const failed = await standIn.failCobr(third ?? '');
    expect(failed.status).toBe(200);
    expect((await f.payments(contractId)).installments[2]?.status).toBe('falhou');
  });

  it('a cancelled authorisation keeps what is owed owed, listed and payable by the static code', async () => {
    const accepted = await f.acceptedOnLink();
    const { contractId } = accepted;
    const idRec = await idRecOf(contractId);
    await standIn.payAndAuthorise(idRec);

    const cancelled = await standIn.recStatus(idRec, 'CANCELADA');
    expect(cancelled.status).toBe(200);
    // An approval delivered late, after the cancellation, does not revive it.
    await standIn.recStatus(idRec, 'APROVADA');
    const plan = await f.payments(contractId);
    expect(plan.plan.mandate).toEqual({ status: 'cancelada', status_label: 'Cancelada' });
    expect(plan.installments.slice(1).every((item) => item.status === 'agendada')).toBe(true);
    expect(plan.plan.open).toBe(3_300);
    // Nothing will be debited: the next one carries the unit's static BR Code (its key inside).
    expect(plan.installments[1]?.pix_copia_e_cola).toContain(PIX_KEY);

    // No cobr is sent on an ended authorisation, and the job does not fail over it.
    const dueSecond = plan.installments[1]?.due_date ?? '';
    const [, second] = await txids(contractId);
    await paymentsService.chargeWindow(t.database.db, noonOf(addDays(dueSecond, -5)));
    expect(standIn.cobrs.has(second ?? '')).toBe(false);

    // 'Cobranças': one line per client whose authorisation ended, her next instalment.
    const res = await t.request('GET', '/api/v1/billing/receivables?mandate=encerrada', {
      token: manager.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json() as Receivable[]).filter((item) => item.contract_id === contractId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      n: 2,
      mandate: { status: 'cancelada', status_label: 'Cancelada' },
    });

    const link = (await publicView(accepted.token)).plan?.payments;
    expect(link?.mandate?.status).toBe('cancelada');
    expect(link?.next?.pix_copia_e_cola).toContain(PIX_KEY);
    expect(standIn.invalid).toEqual([]);
  });

  it('a withdrawal within 7 days refunds the first Pix and ends her authorisation at the bank', async () => {
    const accepted = await f.acceptedOnLink();
    const { contractId } = accepted;
    const idRec = await idRecOf(contractId);
    const paid = await standIn.payAndAuthorise(idRec);
    const withdrawn = await t.request(
      'POST',
      `/api/v1/public/proposals/${accepted.token}/withdraw`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const ended = await f.payments(contractId);
    expect(ended.installments.slice(1).every((item) => item.status === 'cancelada')).toBe(true);
    expect(ended.refunds).toMatchObject([
      { amount: 300, reason: 'desistencia', status: 'pendente' },
    ]);
    expect(ended.plan.mandate?.status).toBe('ativa');

    // The every-15-minutes job: the refund goes as a devolucao of her Pix, and the
    // authorisation is ended at the institution so her bank shows no future debit.
    const run = await paymentsService.afterContractsEnded(t.database.db);
    expect(run).toMatchObject({ refunds_sent: 1, authorisations_ended: 1 });
    expect([...standIn.refunds.values()]).toContainEqual(
      expect.objectContaining({ e2eid: paid.e2eid, amount: 30_000 }),
    );
    expect(standIn.recs.get(idRec)?.status).toBe('CANCELADA');
    const after = await f.payments(contractId);
    expect(after.plan.mandate?.status).toBe('cancelada');
    expect(after.refunds[0]?.status).toBe('solicitada');
    // Nothing is owed, so she is not chased; a second run sends nothing again.
    const chased = await t.request('GET', '/api/v1/billing/receivables?mandate=encerrada', {
      token: manager.token,
    });
    expect((chased.json() as Receivable[]).some((row) => row.contract_id === contractId)).toBe(
      false,
    );
    expect(await paymentsService.afterContractsEnded(t.database.db)).toMatchObject({
      refunds_sent: 0,
      authorisations_ended: 0,
    });
    // The institution's own notice of the end, when it comes, is the same fact.
    const notice = await standIn.recStatus(idRec, 'CANCELADA');
    expect(notice.body).toMatchObject({ results: [{ result: 'repetido' }] });
    expect(standIn.invalid).toEqual([]);
  });

  it('refuses forged, unknown and other units’ authorisation notices, changing nothing', async () => {
    const { contractId } = await f.acceptedOnLink();
    const idRec = await idRecOf(contractId);
    const url = `${base}/api/v1/payments/webhooks/api_pix`;
    const notice = (id: string, status = 'CANCELADA') => ({
      recs: [{ idRec: id, status, atualizacao: [{ status, data: new Date().toISOString() }] }],
    });
    const send = async (target: string, body: unknown) => {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const forged = await send(`${url}?unidade=PAULISTA&segredo=errado&ignorar=/rec`, notice(idRec));
    expect(forged.status).toBe(401);
    const unknown = await send(
      `${url}?unidade=PAULISTA&segredo=${SECRET}&ignorar=/rec`,
      notice('RR1234567820261128NAOEXISTE00'),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      results: [{ result: 'recusado', reason: 'autorizacao_desconhecida' }],
    });
    // MORUMBI's secret cannot speak for PAULISTA's authorisation.
    const other = await t.request('PATCH', '/api/v1/units/MORUMBI/billing', {
      token: admin.token,
      body: { webhook_secret: 'segredo-do-morumbi-0123456789' },
    });
    expect(other.statusCode).toBe(200);
    const crossed = await send(
      `${url}?unidade=MORUMBI&segredo=segredo-do-morumbi-0123456789&ignorar=/rec`,
      notice(idRec),
    );
    expect(crossed.status).toBe(422);
    // Both lists at once, or neither, is not a callback of the document.
    const mixed = await send(`${url}?unidade=PAULISTA&segredo=${SECRET}&ignorar=`, {
      ...notice(idRec),
      pix: [],
    });
    expect(mixed.status).toBe(422);
    expect((await f.payments(contractId)).plan.mandate?.status).toBe('aguardando');
  });

  it('a provider down at acceptance: her link tries again, and parallel views make one authorisation', async () => {
    const down = await settings({ api_base_url: 'http://127.0.0.1:9/api/v2' });
    expect(down.statusCode).toBe(200);
    const accepted = await f.acceptedOnLink();
    const atAcceptance = await publicView(accepted.token);
    expect(atAcceptance.plan?.payments).toMatchObject({
      pix_automatico: true,
      next: { n: 1, pix_copia_e_cola: null },
    });
    expect(await idRecOf(accepted.contractId)).toBe('');

    expect((await settings()).statusCode).toBe(200);
    const recsBefore = standIn.recs.size;
    const views = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request('GET', `/api/v1/public/proposals/${accepted.token}`),
      ),
    );
    expect(views.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(standIn.recs.size).toBe(recsBefore + 1);
    const again = await publicView(accepted.token);
    expect(again.plan?.payments?.next?.pix_copia_e_cola).toMatch(/\/rec\//);
  });

  it('an institution that hangs fails in time: her page answers, the QR comes later', async () => {
    // A server that takes the connection and never answers.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const previous = process.env.PIX_API_TIMEOUT_MS;
    process.env.PIX_API_TIMEOUT_MS = '300';
    try {
      expect((await settings({ api_base_url: `http://127.0.0.1:${port}/api/v2` })).statusCode).toBe(
        200,
      );
      const accepted = await f.acceptedOnLink();
      const view = await publicView(accepted.token);
      expect(view.plan?.payments).toMatchObject({ next: { n: 1, pix_copia_e_cola: null } });
    } finally {
      if (previous === undefined) delete process.env.PIX_API_TIMEOUT_MS;
      else process.env.PIX_API_TIMEOUT_MS = previous;
      silent.close();
      expect((await settings()).statusCode).toBe(200);
    }
  });

  it('Pix Automático needs API Pix, two instalments and the unit’s account', async () => {
    const { contractId } = await f.acceptedOnLink();
    const change = (body: Record<string, unknown>) =>
      t.request('POST', `/api/v1/contracts/${contractId}/payment-plan`, {
        token: manager.token,
        body,
      });
    const manual = await change({ method: 'pix_manual', pix_automatico: true });
    expect(manual.statusCode).toBe(422);
    expect(manual.json()).toMatchObject({
      detail: 'Pix Automático só existe com API Pix: escolha a forma API Pix.',
    });
    const one = await change({ method: 'api_pix', pix_automatico: true, installments: 1 });
    expect(one.statusCode).toBe(422);
    expect(one.json()).toMatchObject({ detail: 'Pix Automático precisa de ao menos 2 parcelas.' });
    // Back to due-date charges: the authorisation goes, each instalment gets its cobv.
    const cobv = await change({ method: 'api_pix', pix_automatico: false });
    expect(cobv.statusCode, cobv.body).toBe(200);
    expect(cobv.json()).toMatchObject({ plan: { pix_automatico: false, mandate: null } });
    expect(await idRecOf(contractId)).toBe('');
  });
});

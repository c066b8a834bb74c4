import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  reconciliationSummary,
  saoPauloDate,
  saoPauloDayStart,
  type ContractPayments,
  type Reconciliation,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { userOfUnit } from '../helpers/crm-fixtures.ts';
import { startJobQueue } from '../../src/jobs/queue.ts';
import { reconciliationJob } from '../../src/modules/billing/reconciliations/jobs.ts';
import { billingFixtures } from './helpers.ts';
import { apiPixSettingsOf, e2eidOf, startPixStandIn, type StandIn } from './pix-stand-in.ts';

const PIX_KEY = '123e4567-e12b-12d1-a456-426655440000';
const SECRET = 'segredo-do-webhook-paulista-0123456789';

/** Waits for `check` to hold, polling; fails after `timeoutMs` (no fixed sleeps). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The daily reconciliation (docs/decisions/0044-pix-reconciliation.md) against the stand-in's
 * GET /pix: a Pix whose webhook was lost is applied and reported as recovered, what matches no
 * charge is a difference, and a second run changes nothing.
 */
describe('API Pix reconciliation (issue 29): the provider list against the plans, daily', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let otherManager: TestUser;
  let professional: TestUser;
  let standIn: StandIn;
  let webhookUrl = '';
  let f: Awaited<ReturnType<typeof billingFixtures>>;

  beforeAll(async () => {
    t = await createTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    standIn = await startPixStandIn();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Conciliação');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerente Conciliação');
    otherManager = await userOfUnit(t, 'manager', 'MORUMBI', 'Gerente Morumbi Conciliação');
    professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Profissional Conciliação');
    f = await billingFixtures(t, admin, professional, 'Conciliacao', '529.982.247-25');
    const settings = await t.request('PATCH', '/api/v1/units/PAULISTA/billing', {
      token: admin.token,
      body: apiPixSettingsOf(standIn, { pixKey: PIX_KEY, webhookSecret: SECRET }),
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // The URL the admin registers at the institution (the PSP appends '/pix').
    webhookUrl = `${base}/api/v1/payments/webhooks/api_pix?unidade=PAULISTA&segredo=${SECRET}&ignorar=`;
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });

  const storedEvents = async () => {
    const rows = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_events',
    );
    return rows[0]?.n ?? -1;
  };
  const reports = async (token: string, query: Record<string, string> = {}) => {
    const res = await t.request('GET', '/api/v1/billing/reconciliations', { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Reconciliation[];
  };

  it('recovers a lost webhook, reports unknown txids, wrong amounts and missing Pix; twice is once', async () => {
    const { contractId } = await f.acceptedOnLink();
    const planned = await t.request('POST', `/api/v1/contracts/${contractId}/payment-plan`, {
      token: manager.token,
      body: { method: 'api_pix' },
    });
    expect(planned.statusCode, planned.body).toBe(200);
    const rows = await t.database.query<{ txid: string }>(
      `SELECT txid FROM installments WHERE contract_id = ${contractId} ORDER BY n`,
    );
    const [first, second, third] = rows.map((row) => row.txid);
    const yesterday = addDays(saoPauloDate(new Date()), -1);
    const noon = (minutes: number) =>
      new Date(saoPauloDayStart(yesterday).getTime() + (12 * 60 + minutes) * 60_000).toISOString();

    // 1: paid and its webhook delivered (known); 2: paid, webhook lost (to recover);
    // an unknown txid and a wrong amount, both without webhook.
    const known = await standIn.pay(first ?? '', { at: noon(1), webhook: false });
    const delivered = await standIn.deliver(known.payload, webhookUrl);
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const lost = await standIn.pay(second ?? '', { at: noon(2), webhook: false });
    const unknownTxid = 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ';
    await standIn.pay(unknownTxid, { at: noon(3), webhook: false, amount: 12_345 });
    await standIn.pay(third ?? '', { at: noon(4), webhook: false, amount: 1 });
    // A webhook the institution's own list lacks (instalment 4, paid yesterday by the event).
    const fourth = rows[3]?.txid ?? '';
    const ghost = e2eidOf();
    const ghostAnswer = await standIn.deliver(
      { pix: [{ endToEndId: ghost, txid: fourth, valor: '300.00', horario: noon(5) }] },
      webhookUrl,
    );
    expect(ghostAnswer.status, JSON.stringify(ghostAnswer.body)).toBe(200);
    // Today's Pix is not yesterday's report.
    await standIn.pay(rows[4]?.txid ?? '', { webhook: false });

    const before = (await f.payments(contractId)).installments;
    expect(before[1]?.status).toBe('solicitada');

    // The scheduled job, run by the queue as the server runs it.
    const queue = await startJobQueue({
      database: t.database,
      jobs: [reconciliationJob],
      schedule: false,
      catchUp: false,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const id = await queue.enqueue(reconciliationJob.name);
      await until('the reconciliation run', async () => {
        const state = await queue.stateOf(reconciliationJob.name, id ?? '');
        if (state === 'failed' || state === 'retry') throw new Error(`run ${state}`);
        return state === 'completed';
      });
    } finally {
      await queue.stop();
    }
    expect(standIn.invalid).toEqual([]);

    const after: ContractPayments = await f.payments(contractId);
    expect(after.installments[1]).toMatchObject({ status: 'paga' });
    expect(after.installments[2]?.status).toBe('solicitada');
    expect(after.installments[4]?.status).toBe('solicitada');
    const [report] = await reports(manager.token);
    expect(report).toMatchObject({
      unit: 'PAULISTA',
      day: yesterday,
      received: 4,
      recovered: 1,
      known: 1,
      refused: 2,
    });
    expect(report?.differences).toEqual(
      expect.arrayContaining([
        { kind: 'txid_desconhecido', e2eid: expect.any(String), txid: unknownTxid, amount: 123.45 },
        { kind: 'valor_divergente', e2eid: expect.any(String), txid: third, amount: 0.01 },
        { kind: 'ausente_no_provedor', e2eid: ghost, txid: fourth, amount: 300 },
      ]),
    );
    expect(report?.differences).toHaveLength(3);
    expect(report?.differences.some((item) => item.e2eid === lost.e2eid)).toBe(false);
    expect(reconciliationSummary(report as Reconciliation)).toBe(
      `Conciliação de ${yesterday.split('-').reverse().join('/')}: 4 Pix recebidos, 1 recuperado, 3 divergências`,
    );

    // Again (a retry, a second process): nothing changes, the figures stay.
    const events = await storedEvents();
    const counts = await reconciliationJob.run({ db: t.database.db, now: new Date(), attempt: 0 });
    expect(counts).toMatchObject({ recovered: 0, known: 2, refused: 2 });
    expect(await storedEvents()).toBe(events);
    expect(await f.payments(contractId)).toEqual(after);
    const [again] = await reports(manager.token);
    expect({ ...again, ran_at: '' }).toEqual({ ...report, ran_at: '' });
  });

  it('a manager reads their unit only; professionals may not; admins filter by unit and day', async () => {
    const mine = await reports(manager.token);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((item) => item.unit === 'PAULISTA')).toBe(true);
    // Another unit's manager asking for PAULISTA reads their own unit's, never PAULISTA's.
    expect(await reports(otherManager.token, { unit: 'PAULISTA' })).toEqual([]);
    const denied = await t.request('GET', '/api/v1/billing/reconciliations', {
      token: professional.token,
    });
    expect(denied.statusCode).toBe(403);
    const day = mine[0]?.day ?? '';
    expect(await reports(admin.token, { unit: 'PAULISTA', from: day, to: day })).toHaveLength(1);
    expect(await reports(admin.token, { unit: 'MORUMBI' })).toEqual([]);
    expect(await reports(admin.token, { from: addDays(day, 1) })).toEqual([]);
    const bad = await t.request('GET', '/api/v1/billing/reconciliations', {
      token: manager.token,
      query: { from: '2026-02-30' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Data inválida');
  });
});

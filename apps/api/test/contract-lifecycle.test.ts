import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PdfParse from 'pdf-parse';
import { sql } from 'drizzle-orm';
import {
  CONTRACT_STATUSES,
  LEDGER_TEXT_REMOVED,
  addDays,
  SAO_PAULO_TIME_ZONE,
  saoPauloDate,
  type Client,
  type ContractStatus,
  type ContractSummary,
  type DaySession,
  type LiabilityContract,
  type LiabilityReport,
  type Proposal,
  type Unit,
} from '@portal/domain';
import type { Viewer } from '../src/auth/scope.ts';
import { contractsService } from '../src/modules/care/contracts/service.ts';
import { Cron } from 'croner';
import { contractExpiryJob } from '../src/modules/care/contracts/expiry-job.ts';
import { billingContractPayments } from '../src/modules/billing/payments/ports.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { createCatalogue, HEALTH_CONSENT, userOfUnit } from './helpers/crm-fixtures.ts';

/** When a five-field cron next fires after `from`, read on São Paulo's wall clock. */
function nextRun(cron: string, from: Date): string | undefined {
  return new Cron(cron, { timezone: SAO_PAULO_TIME_ZONE, paused: true })
    .nextRun(from)
    ?.toISOString();
}

const pdfParse = createRequire(import.meta.url)('pdf-parse/lib/pdf-parse.js') as typeof PdfParse;

/** An instant given as São Paulo wall-clock time (UTC−3 all year since 2019). */
const sp = (local: string) => new Date(`${local}-03:00`);

/**
 * A world of contracts built through the contracts service with the clock each step happened
 * at (the routes read the real clock; the service takes it injected), then read through the API.
 */
async function world(t: TestApp, tag: string) {
  const admin = await userOfUnit(t, 'admin', 'PAULISTA', `Admin ${tag}`);
  const adminViewer: Viewer = { id: admin.id, name: `Admin ${tag}`, profile: 'admin', unit: null };
  const catalogue = await createCatalogue(t, admin.token, tag);
  const clients = new Map<Unit, Client>();
  const clientOf = async (unit: Unit) => {
    const known = clients.get(unit);
    if (known) return known;
    const res = await t.request('POST', '/api/v1/clients/', {
      token: admin.token,
      body: {
        full_name: `Cliente ${tag} ${unit}`,
        phone: '(11) 97777-1111',
        unit,
        consents: [HEALTH_CONSENT],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const client = res.json() as Client;
    clients.set(unit, client);
    return client;
  };
  /**
   * A contract of R$ 200 for 2 × A (R$ 100, cost 30) + 1 × B (R$ 50, cost 10): apportioned
   * exactly to R$ 80, R$ 80 and R$ 40 per session.
   */
  const contract = async (unit: Unit, at: Date, channel: 'link' | 'presencial' = 'link') => {
    const client = await clientOf(unit);
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
        authorName: `Admin ${tag}`,
        packageName: `Pacote ${tag}`,
        annualValue: 200,
        items: [
          { service_id: catalogue.filler, name: 'A', sessions: 2, unit_value: 100, unit_cost: 30 },
          { service_id: catalogue.peel, name: 'B', sessions: 1, unit_value: 50, unit_cost: 10 },
        ],
      },
      { at, channel, actor: { kind: 'client' } },
    );
    return created.id;
  };
  const session = (id: number, serviceId: number, day: string, note?: string) =>
    contractsService.recordSession(
      t.database.db,
      adminViewer,
      id,
      { service_id: serviceId, performed_at: day, ...(note ? { note } : {}) },
      sp(`${day}T15:00:00`),
    );
  return { admin, adminViewer, catalogue, clientOf, contract, session };
}

describe('liability report (issue 28): exact to the centavo across months and units', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof world>>;
  let managerMorumbi: TestUser;
  let professional: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    w = await world(t, 'Passivo');
    managerMorumbi = await userOfUnit(t, 'manager', 'MORUMBI', 'Gerente Morumbi');
    professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Profissional Paulista');
    const db = t.database.db;
    const { filler: a, peel: b } = w.catalogue;

    // C1, Paulista: sold in January, a session in January, one in February reversed in
    // February, B in March; expires at the end of its last valid day (2027-01-09).
    const c1 = await w.contract('PAULISTA', sp('2026-01-10T10:00:00'));
    await w.session(c1, a, '2026-01-20');
    const mistaken = await w.session(c1, a, '2026-02-05');
    await contractsService.reverseSession(
      db,
      w.adminViewer,
      c1,
      mistaken.id,
      'Registrada por engano.',
      sp('2026-02-10T09:00:00'),
    );
    await w.session(c1, b, '2026-03-03');
    expect(await contractsService.expireDue(db, sp('2027-01-09T23:59:59'))).toBe(0);
    expect(await contractsService.expireDue(db, sp('2027-01-10T00:00:01'))).toBe(1);

    // C2, Paulista: sold on the link on 1 February, withdrawn two days later.
    const c2 = await w.contract('PAULISTA', sp('2026-02-01T11:00:00'));
    await contractsService.withdrawByStaff(
      db,
      w.adminViewer,
      c2,
      'Desistiu.',
      billingContractPayments,
      sp('2026-02-03T12:00:00'),
    );

    // C3, Morumbi: sold in person, one session, cancelled in March with the 10 % fee kept.
    const c3 = await w.contract('MORUMBI', sp('2026-01-15T16:00:00'), 'presencial');
    await w.session(c3, a, '2026-01-20');
    await contractsService.cancel(
      db,
      w.adminViewer,
      c3,
      'Mudou de cidade.',
      billingContractPayments,
      sp('2026-03-15T10:00:00'),
    );
  }, 240_000);
  afterAll(() => t.close());

  const report = async (query: Record<string, string>, token = w.admin.token) => {
    const res = await t.request('GET', '/api/v1/reports/liability', { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LiabilityReport;
  };
  const zero = {
    sold: 0,
    delivered_value: 0,
    delivered_cost: 0,
    delivered_margin: 0,
    refunded: 0,
    expired: 0,
    cancelled_retained: 0,
  };

  it('books every sale, session, reversal, withdrawal, cancellation and expiry in its month and unit', async () => {
    const body = await report({ from: '2026-01', to: '2027-01' });
    const byKey = new Map(body.rows.map((row) => [`${row.unit} ${row.month}`, row]));
    // Net revenue is 70 % of the delivered value (DESIGN.md section 6): 0,7 × 80 − 30 = 26.
    expect(byKey.get('PAULISTA 2026-01')).toEqual({
      unit: 'PAULISTA',
      month: '2026-01',
      opening: 0,
      ...zero,
      sold: 200,
      delivered_value: 80,
      delivered_cost: 30,
      delivered_margin: 26,
      closing: 120,
    });
    // A session and its reversal in the same month deliver nothing; the withdrawal releases all.
    expect(byKey.get('PAULISTA 2026-02')).toEqual({
      unit: 'PAULISTA',
      month: '2026-02',
      opening: 120,
      ...zero,
      sold: 200,
      refunded: 200,
      closing: 120,
    });
    expect(byKey.get('PAULISTA 2026-03')).toEqual({
      unit: 'PAULISTA',
      month: '2026-03',
      opening: 120,
      ...zero,
      delivered_value: 40,
      delivered_cost: 10,
      delivered_margin: 18,
      closing: 80,
    });
    expect(byKey.get('PAULISTA 2026-07')).toMatchObject({ ...zero, opening: 80, closing: 80 });
    expect(byKey.get('PAULISTA 2027-01')).toEqual({
      unit: 'PAULISTA',
      month: '2027-01',
      opening: 80,
      ...zero,
      expired: 80,
      closing: 0,
    });
    expect(byKey.get('MORUMBI 2026-01')).toMatchObject({
      opening: 0,
      sold: 200,
      delivered_value: 80,
      delivered_cost: 30,
      delivered_margin: 26,
      closing: 120,
    });
    // Cancelled with R$ 120 unused: 10 % (R$ 12) kept, R$ 108 released to the client.
    expect(byKey.get('MORUMBI 2026-03')).toEqual({
      unit: 'MORUMBI',
      month: '2026-03',
      opening: 120,
      ...zero,
      refunded: 108,
      cancelled_retained: 12,
      closing: 0,
    });
    expect(byKey.has('MORUMBI 2026-04')).toBe(false);
    expect(body.totals).toEqual({
      opening: 0,
      sold: 600,
      delivered_value: 200,
      delivered_cost: 70,
      delivered_margin: 70,
      refunded: 308,
      expired: 80,
      cancelled_retained: 12,
      closing: 0,
    });
  });

  it('opens each month where the last one closed, and its rows add up to the totals', async () => {
    for (const query of [
      { from: '2026-01', to: '2027-01' } as Record<string, string>,
      { from: '2026-02', to: '2026-08' },
      { from: '2026-03', to: '2026-03', unit: 'MORUMBI' },
    ]) {
      const body = await report(query);
      const cents = (value: number) => Math.round(value * 100);
      for (const unit of new Set(body.rows.map((row) => row.unit))) {
        const rows = body.rows.filter((row) => row.unit === unit);
        rows.forEach((row, index) => {
          const next = rows[index + 1];
          if (next) expect(next.opening).toBe(row.closing);
          expect(
            cents(row.opening) +
              cents(row.sold) -
              cents(row.delivered_value) -
              cents(row.expired) -
              cents(row.refunded) -
              cents(row.cancelled_retained),
          ).toBe(cents(row.closing));
        });
      }
      for (const key of [
        'sold',
        'delivered_value',
        'delivered_cost',
        'delivered_margin',
        'refunded',
        'expired',
        'cancelled_retained',
      ] as const) {
        expect(body.rows.reduce((sum, row) => sum + cents(row[key]), 0)).toBe(
          cents(body.totals[key]),
        );
      }
    }
    // February's opening is January's closing of both units.
    expect((await report({ from: '2026-02', to: '2026-02' })).totals.opening).toBe(240);
  });

  it('drills a month down to its contracts', async () => {
    const res = await t.request('GET', '/api/v1/reports/liability/contracts', {
      token: w.admin.token,
      query: { month: '2026-03' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as LiabilityContract[];
    expect(
      rows.map(({ status, sold, delivered_value, refunded, expired, closing }) => ({
        status,
        sold,
        delivered_value,
        refunded,
        expired,
        closing,
      })),
    ).toEqual([
      { status: 'expirado', sold: 0, delivered_value: 40, refunded: 0, expired: 0, closing: 80 },
      { status: 'cancelado', sold: 0, delivered_value: 0, refunded: 108, expired: 0, closing: 0 },
    ]);
  });

  it('answers the same figures as a pt-BR CSV', async () => {
    const res = await t.request('GET', '/api/v1/reports/liability.csv', {
      token: w.admin.token,
      query: { from: '2026-01', to: '2026-03', unit: 'MORUMBI' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFFUnidade;Mês;Saldo inicial (R$)')).toBe(true);
    const lines = res.body.split('\r\n');
    expect(lines).toContain('MORUMBI;01/2026;0,00;200,00;80,00;30,00;26,00;0,00;0,00;0,00;120,00');
    expect(lines).toContain('MORUMBI;03/2026;120,00;0,00;0,00;0,00;0,00;108,00;0,00;12,00;0,00');
    expect(lines).toContain(
      'MORUMBI;01/2026 a 03/2026;0,00;200,00;80,00;30,00;26,00;108,00;0,00;12,00;0,00',
    );
  });

  it('scopes a manager to their unit, refuses professionals, and says what is wrong in pt-BR', async () => {
    const body = await report(
      { from: '2026-01', to: '2027-01', unit: 'PAULISTA' },
      managerMorumbi.token,
    );
    expect(body.unit).toBe('MORUMBI');
    expect(new Set(body.rows.map((row) => row.unit))).toEqual(new Set(['MORUMBI']));
    const drill = await t.request('GET', '/api/v1/reports/liability/contracts', {
      token: managerMorumbi.token,
      query: { month: '2026-03', unit: 'PAULISTA' },
    });
    expect((drill.json() as LiabilityContract[]).map((row) => row.status)).toEqual(['cancelado']);
    for (const url of [
      '/api/v1/reports/liability',
      '/api/v1/reports/liability.csv',
      '/api/v1/reports/liability/contracts?month=2026-03',
    ]) {
      const res = await t.request('GET', url, { token: professional.token });
      expect(res.statusCode, url).toBe(403);
    }
    for (const [query, message] of [
      [{ from: '2026-13' }, 'Informe o mês no formato AAAA-MM.'],
      [{ from: '2026-05', to: '2026-01' }, 'O mês inicial deve ser anterior ou igual ao final.'],
      [{ from: '2020-01', to: '2026-01' }, 'O relatório cobre no máximo 36 meses.'],
      [{ unit: 'LUA' }, 'Unidade inválida.'],
    ] as const) {
      const res = await t.request('GET', '/api/v1/reports/liability', {
        token: w.admin.token,
        query,
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.body).toContain(message);
    }
  });
});

describe('a contract’s life: the day’s sessions, statuses, expiry, the term, anonymization', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof world>>;
  let professional: TestUser;
  let otherProfessional: TestUser;
  let manager: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    w = await world(t, 'Vida');
    professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Paula Vida');
    otherProfessional = await userOfUnit(t, 'professional', 'MORUMBI', 'Mara Vida');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Vida');
  }, 240_000);
  afterAll(() => t.close());

  it('lists the sessions of a São Paulo day in the viewer’s reach, reversals marked', async () => {
    const id = await w.contract('PAULISTA', new Date());
    const first = await t.request('POST', `/api/v1/contracts/${id}/sessions`, {
      token: professional.token,
      body: { service_id: w.catalogue.filler },
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await t.request('POST', `/api/v1/contracts/${id}/sessions`, {
      token: professional.token,
      body: { service_id: w.catalogue.peel },
    });
    const entryId = (second.json() as { id: number }).id;
    await t.request('POST', `/api/v1/contracts/${id}/sessions/${entryId}/reverse`, {
      token: professional.token,
      body: { reason: 'Procedimento errado.' },
    });
    const res = await t.request('GET', '/api/v1/contracts/sessions', { token: professional.token });
    expect(res.statusCode, res.body).toBe(200);
    const sessions = (res.json() as DaySession[]).filter((entry) => entry.contract_id === id);
    expect(sessions).toEqual([
      expect.objectContaining({
        contract_id: id,
        client: { id: expect.any(Number), full_name: 'Cliente Vida PAULISTA' },
        service_id: w.catalogue.filler,
        service_name: 'A',
        professional: { id: professional.id, name: 'Paula Vida' },
        reversed: false,
      }),
      expect.objectContaining({ entry_id: entryId, service_name: 'B', reversed: true }),
    ]);
    const other = await t.request('GET', '/api/v1/contracts/sessions', {
      token: otherProfessional.token,
    });
    expect((other.json() as DaySession[]).some((entry) => entry.contract_id === id)).toBe(false);
    const yesterday = await t.request('GET', '/api/v1/contracts/sessions', {
      token: professional.token,
      query: { date: '2020-01-01' },
    });
    expect(yesterday.json()).toEqual([]);
    const hostile: Record<string, string>[] = [
      { date: '2026-02-30' },
      { date: 'ontem' },
      { unit: 'LUA' },
    ];
    for (const query of hostile) {
      const bad = await t.request('GET', '/api/v1/contracts/sessions', {
        token: professional.token,
        query,
      });
      expect(bad.statusCode, JSON.stringify(query)).toBe(422);
      expect(bad.body).toMatch(/Data inválida|Unidade inválida/);
    }
  });

  it('filters every status in the database, so X-Total-Count is the filtered count', async () => {
    const db = t.database.db;
    const now = new Date();
    const active = await w.contract('PAULISTA', now);
    const frozen = await w.contract('PAULISTA', now);
    await contractsService.freeze(db, w.adminViewer, frozen, {
      until: addDays(todaySp(), 10),
      reason: 'Viagem.',
    });
    const withdrawn = await w.contract('PAULISTA', now);
    await contractsService.withdrawByStaff(
      db,
      w.adminViewer,
      withdrawn,
      null,
      billingContractPayments,
    );
    const cancelled = await w.contract('PAULISTA', now);
    await contractsService.cancel(db, w.adminViewer, cancelled, 'Pediu.', billingContractPayments);
    const done = await w.contract('PAULISTA', sp('2025-06-01T10:00:00'));
    for (const [service, day] of [
      [w.catalogue.filler, '2025-06-02'],
      [w.catalogue.filler, '2025-07-02'],
      [w.catalogue.peel, '2025-08-02'],
    ] as const) {
      await w.session(done, service, day);
    }
    const lapsed = await w.contract('PAULISTA', sp('2024-01-10T10:00:00'));
    const all = await t.request('GET', '/api/v1/contracts/', {
      token: manager.token,
      query: { limit: '100' },
    });
    const statusOf = new Map(
      (all.json() as ContractSummary[]).map((entry) => [entry.id, entry.status]),
    );
    expect(
      [active, frozen, withdrawn, cancelled, done, lapsed].map((id) => statusOf.get(id)),
    ).toEqual(['ativo', 'congelado', 'desistencia', 'cancelado', 'concluido', 'expirado']);
    for (const status of CONTRACT_STATUSES) {
      const expected = [...statusOf].filter(([, value]) => value === status).map(([id]) => id);
      const res = await t.request('GET', '/api/v1/contracts/', {
        token: manager.token,
        query: { status, limit: '1' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count'], status).toBe(String(expected.length));
      expect(res.headers['access-control-expose-headers']).toBe('x-total-count');
      const page = res.json() as ContractSummary[];
      expect(page.every((entry) => entry.status === (status as ContractStatus))).toBe(true);
    }
  });

  it('expires by itself after the last valid São Paulo day, later by the frozen days, once', async () => {
    const db = t.database.db;
    // Accepted on 10 Jan 2025: valid through 9 Jan 2026.
    const plain = await w.contract('MORUMBI', sp('2025-01-10T10:00:00'));
    const frozen = await w.contract('MORUMBI', sp('2025-01-10T10:00:00'));
    // Frozen for 10 days (1–10 March 2025): valid through 19 Jan 2026.
    await contractsService.freeze(
      db,
      w.adminViewer,
      frozen,
      { until: '2025-03-10', reason: 'Cirurgia.' },
      sp('2025-03-01T09:00:00'),
    );
    let clock = sp('2026-01-09T23:59:59');
    // One run as the job queue makes it (apps/api/test/jobs.test.ts runs it through the queue).
    const job = {
      runNow: async () =>
        (await contractExpiryJob.run({ db, now: clock, attempt: 0 })).expired ?? 0,
    };
    {
      // The schedule fires at São Paulo midnight: the first instant after the last valid day.
      expect(nextRun(contractExpiryJob.cron, clock)).toBe('2026-01-10T03:00:00.000Z');
      const statusOf = async (id: number) =>
        (await contractsService.get(db, w.adminViewer, id, clock)).status;
      // The first run also closes what other tests left past its end; ours stay active.
      await job.runNow();
      expect(await statusOf(plain)).toBe('ativo');
      expect(await job.runNow()).toBe(0);
      clock = sp('2026-01-10T00:00:00');
      // Two server processes at once: one expires it, the other finds nothing to do.
      const runs = await Promise.all([job.runNow(), job.runNow()]);
      expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect(await statusOf(plain)).toBe('expirado');
      expect(await statusOf(frozen)).toBe('ativo');
      const ledger = (await contractsService.get(db, w.adminViewer, plain, clock)).ledger;
      expect(ledger.filter((entry) => entry.kind === 'expire')).toEqual([
        expect.objectContaining({ on_date: '2026-01-10', actor_label: 'Sistema' }),
      ]);
      clock = sp('2026-01-19T23:59:59');
      expect(await job.runNow()).toBe(0);
      clock = sp('2026-01-20T00:00:01');
      expect(await job.runNow()).toBe(1);
      expect(await statusOf(frozen)).toBe('expirado');
      expect(await job.runNow()).toBe(0);
    }
  });

  it('schedules the run at São Paulo midnight', () => {
    // The queue reads the cron on America/Sao_Paulo (pg-boss's tz); croner reads it the same way.
    expect(nextRun(contractExpiryJob.cron, sp('2026-03-10T23:59:30'))).toBe(
      '2026-03-11T03:00:00.000Z',
    );
  });

  it('prints the term of a cancelled or withdrawn contract with the quote it applied', async () => {
    const db = t.database.db;
    const cancelled = await w.contract('PAULISTA', new Date());
    await w.session(cancelled, w.catalogue.filler, todaySp());
    const res = await t.request('POST', `/api/v1/contracts/${cancelled}/cancel`, {
      token: manager.token,
      body: { reason: 'Mudança de cidade.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const term = await t.request('GET', `/api/v1/contracts/${cancelled}/cancellation-term.pdf`, {
      token: professional.token,
    });
    expect(term.statusCode, term.body).toBe(200);
    expect(term.headers['content-type']).toBe('application/pdf');
    const text = (await pdfParse(term.rawPayload)).text;
    expect(text).toContain('Termo de Cancelamento de Contrato');
    expect(text).toContain('R$ 80,00 por sessão');
    // R$ 120 unused, 10 % fee: R$ 12,00.
    expect(text).toContain('R$ 12,00');
    expect(text).toContain('Mudança de cidade.');

    const withdrawn = await w.contract('PAULISTA', new Date());
    await contractsService.withdrawByStaff(
      db,
      w.adminViewer,
      withdrawn,
      null,
      billingContractPayments,
    );
    const withdrawal = await t.request(
      'GET',
      `/api/v1/contracts/${withdrawn}/cancellation-term.pdf`,
      { token: professional.token },
    );
    expect(withdrawal.statusCode).toBe(200);
    expect((await pdfParse(withdrawal.rawPayload)).text).toContain('Termo de Desistência');

    const active = await w.contract('PAULISTA', new Date());
    for (const [id, token, status] of [
      [active, professional.token, 404],
      [cancelled, otherProfessional.token, 404],
      [999_999, professional.token, 404],
    ] as const) {
      const answer = await t.request('GET', `/api/v1/contracts/${id}/cancellation-term.pdf`, {
        token,
      });
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ detail: expect.stringMatching(/Contrato|termo/) });
    }
  });

  it('lists renewals from use: all sessions used, or three quarters, before the end', async () => {
    const used = await w.contract('PAULISTA', sp('2026-01-10T10:00:00'));
    await w.session(used, w.catalogue.filler, '2026-02-02');
    await w.session(used, w.catalogue.filler, '2026-08-20');
    await w.session(used, w.catalogue.peel, '2026-08-21');
    const partly = await w.contract('PAULISTA', sp('2026-01-10T10:00:00'));
    await w.session(partly, w.catalogue.filler, '2026-02-02');
    const res = await t.request('GET', '/api/v1/renewals/', {
      token: manager.token,
      query: { within_days: '60' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json() as { proposal: { id: number }; reason: string; label: string }[];
    const uses = entries.filter((entry) => entry.reason === 'uso').map((entry) => entry.label);
    // Accepted on 10 January: August is the contract's eighth month.
    expect(uses).toContain('Todas as sessões usadas no mês 8');
    expect(uses.some((label) => label.startsWith('1 de 3'))).toBe(false);
  });

  it('blanks the ledger’s free texts when the client is anonymized, keeping the figures', async () => {
    const id = await w.contract('MORUMBI', new Date());
    await w.session(id, w.catalogue.filler, todaySp(), 'Cliente relatou Maria do telefone 9999.');
    const before = await contractsService.get(t.database.db, w.adminViewer, id);
    const client = before.client.id;
    const res = await t.request('POST', `/api/v1/clients/${client}/anonymize`, {
      token: w.admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await contractsService.get(t.database.db, w.adminViewer, id);
    const session = after.ledger.find((entry) => entry.kind === 'redeem');
    expect(session?.note).toBe(LEDGER_TEXT_REMOVED);
    expect(JSON.stringify(after)).not.toContain('Maria');
    expect(after.entitlements).toEqual(before.entitlements);
    // Nothing else of the ledger can change.
    await expect(
      t.database.db.execute(sql`UPDATE contract_ledger SET value = 0 WHERE contract_id = ${id}`),
    ).rejects.toThrow();
  });
});

function todaySp(): string {
  return saoPauloDate(new Date());
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeSalesDashboard,
  DASHBOARD_MESSAGES,
  PIPELINE_CARDS_PER_STAGE,
  type Client,
  type DashboardProposalRow,
  type Pipeline,
  type Renewal,
  type SalesDashboard,
  type SalesScope,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { userOfUnit } from './helpers/crm-fixtures.ts';

/**
 * Issue 14: every figure of the dashboard on a hand-made set of proposals, the answers computed
 * by hand below; the scope of each role; the CSV; the pipeline's flags; the renewals' window.
 *
 * Catalogue: S1 (block A, R$ 1.000, cost 100, minimum margin 50%), S2 (block B, R$ 500, cost 300,
 * minimum margin 15%); P1 R$ 1.200/year, P2 R$ 2.000/year.
 *   X = P1 with S1 + S2: standalone 1.500, cost 400 → margin (840 − 400)/1200 = 36,66%,
 *       discount 1 − 1200/1500 = 20%; minimum 50% → below.
 *   Y = P1 with S2 ×2: standalone 1.000, cost 600 → margin 20%, discount −20%; minimum 15%.
 *   Z = P2 with S1 ×2: standalone 2.000, cost 200 → margin 60%, discount 0%; minimum 50%.
 * Proposals of March 2026 (São Paulo days):
 *   1 Ana X 02/03 sent, viewed, accepted     2 Ana Y 03/03 sent, declined (preço)
 *   3 Ana Z 10/03 sent, accepted             4 Bruno X 10/03 draft, past validity → expired
 *   5 Bruno Y 31/03 23:30 (01/04 in UTC) sent, viewed, open
 *   6 Bruno Z 01/04 00:30 (April) accepted   7 Carla (MORUMBI) Z 15/03 sent, accepted
 *   8 Ana X 05/03 revised into 8' Ana Y 06/03 sent, declined without a reason (8 never counts)
 *   9 Carla (MORUMBI) Y 20/03 sent, past validity → expired
 */
describe('dashboard API', () => {
  let t: TestApp;
  let admin: TestUser;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let manager: TestUser;
  let morumbiManager: TestUser;
  let noUnitManager: TestUser;
  let s1: number;
  let s2: number;
  let p1: number;
  let p2: number;
  let clientPaulista: Client;
  let clientMorumbi: Client;
  const ids: Record<string, number> = {};

  const sql = (text: string, params: unknown[] = []) => t.database.query(text, params);
  const post = async (url: string, token: string, body: unknown) => {
    const res = await t.request('POST', url, { token, body });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const blocks = (A: number[], B: number[] = []) => ({ A, B, C: [], D: [] });
  const selection = (kind: 'X' | 'Y' | 'Z') =>
    kind === 'X'
      ? { package_id: p1, blocks: blocks([s1], [s2]) }
      : kind === 'Y'
        ? { package_id: p1, blocks: blocks([], [s2, s2]) }
        : { package_id: p2, blocks: blocks([s1, s1]) };
  const propose = async (who: TestUser, client: Client, kind: 'X' | 'Y' | 'Z') =>
    (await post('/api/v1/proposals/', who.token, { client_id: client.id, ...selection(kind) })).id;
  /** Sets the stored state the way the flows would have left it. */
  const setState = (
    id: number,
    state: {
      created: string;
      status?: string;
      sent?: string | null;
      viewed?: string | null;
      answered?: string | null;
      validUntil?: string;
      reason?: string | null;
    },
  ) =>
    sql(
      `UPDATE proposals SET created_at = $2, status = $3, sent_at = $4, viewed_at = $5,
         answered_at = $6, valid_until = $7, decline_reason_code = $8 WHERE id = $1`,
      [
        id,
        state.created,
        state.status ?? 'draft',
        state.sent ?? null,
        state.viewed ?? null,
        state.answered ?? null,
        state.validUntil ?? '2099-01-01T00:00:00Z',
        state.reason ?? null,
      ],
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Geral');
    ana = await userOfUnit(t, 'professional', 'PAULISTA', 'Ana Paulista');
    bruno = await userOfUnit(t, 'professional', 'PAULISTA', 'Bruno Paulista');
    carla = await userOfUnit(t, 'professional', 'MORUMBI', 'Carla Morumbi');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Gerente');
    morumbiManager = await userOfUnit(t, 'manager', 'MORUMBI', 'Marta Morumbi');
    noUnitManager = await t.createUser('manager', 'active', 'Sem Unidade');
    await sql('UPDATE users SET unit = NULL WHERE id = $1', [noUnitManager.id]);
    const service = (name: string, block: string, value: number, cost: number, min: number) =>
      post('/api/v1/services/', admin.token, {
        name,
        block,
        value,
        cost,
        min_margin_percent: min,
      });
    s1 = (await service('Bioestimulador S1', 'A', 1000, 100, 50)).id;
    s2 = (await service('Limpeza S2', 'B', 500, 300, 15)).id;
    const limits = { a: 2, b: 2, c: 0, d: 0 };
    p1 = (
      await post('/api/v1/packages/', admin.token, {
        name: 'Pacote P1',
        annual_value: 1200,
        block_limits: limits,
      })
    ).id;
    p2 = (
      await post('/api/v1/packages/', admin.token, {
        name: 'Pacote P2',
        annual_value: 2000,
        block_limits: limits,
      })
    ).id;
    clientPaulista = (await post('/api/v1/clients/', ana.token, {
      full_name: 'Cliente Paulista',
    })) as Client;
    clientMorumbi = (await post('/api/v1/clients/', carla.token, {
      full_name: 'Cliente Morumbi',
    })) as Client;

    for (const [key, who, client, kind] of [
      ['1', ana, clientPaulista, 'X'],
      ['2', ana, clientPaulista, 'Y'],
      ['3', ana, clientPaulista, 'Z'],
      ['4', bruno, clientPaulista, 'X'],
      ['5', bruno, clientPaulista, 'Y'],
      ['6', bruno, clientPaulista, 'Z'],
      ['7', carla, clientMorumbi, 'Z'],
      ['8', ana, clientPaulista, 'X'],
      ['9', carla, clientMorumbi, 'Y'],
    ] as const) {
      ids[key] = await propose(who, client, kind);
    }
    const revised = await post(`/api/v1/proposals/${ids['8']}/revise`, ana.token, {
      blocks: selection('Y').blocks,
    });
    ids["8'"] = revised.id;

    const past = '2020-01-01T00:00:00Z';
    await setState(ids['1']!, {
      created: '2026-03-02T13:00:00Z',
      status: 'accepted',
      sent: '2026-03-02T14:00:00Z',
      viewed: '2026-03-03T14:00:00Z',
      answered: '2026-03-04T14:00:00Z',
    });
    await setState(ids['2']!, {
      created: '2026-03-03T13:00:00Z',
      status: 'declined',
      sent: '2026-03-03T14:00:00Z',
      answered: '2026-03-05T14:00:00Z',
      reason: 'preco',
    });
    await setState(ids['3']!, {
      created: '2026-03-10T13:00:00Z',
      status: 'accepted',
      sent: '2026-03-10T14:00:00Z',
      answered: '2026-03-11T14:00:00Z',
    });
    await setState(ids['4']!, { created: '2026-03-10T15:00:00Z', validUntil: past });
    await setState(ids['5']!, {
      created: '2026-04-01T02:30:00Z',
      status: 'viewed',
      sent: '2026-04-01T02:40:00Z',
      viewed: '2026-04-01T02:50:00Z',
    });
    await setState(ids['6']!, {
      created: '2026-04-01T03:30:00Z',
      status: 'accepted',
      sent: '2026-04-01T03:40:00Z',
      answered: '2026-04-02T03:40:00Z',
    });
    await setState(ids['7']!, {
      created: '2026-03-15T13:00:00Z',
      status: 'accepted',
      sent: '2026-03-15T14:00:00Z',
      answered: '2026-03-16T14:00:00Z',
    });
    await setState(ids['8']!, { created: '2026-03-05T13:00:00Z', status: 'superseded' });
    await setState(ids["8'"]!, {
      created: '2026-03-06T13:00:00Z',
      status: 'declined',
      sent: '2026-03-06T14:00:00Z',
      answered: '2026-03-07T14:00:00Z',
    });
    await setState(ids['9']!, {
      created: '2026-03-20T13:00:00Z',
      status: 'sent',
      sent: '2026-03-20T14:00:00Z',
      validUntil: past,
    });
  }, 120_000);
  afterAll(() => t.close());

  const march = { from: '2026-03-01', to: '2026-03-31' };
  const sales = async (token: string, query: Record<string, string> = march) => {
    const res = await t.request('GET', '/api/v1/dashboard/sales', { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SalesDashboard;
  };
  const zero = {
    proposals_created: 0,
    proposals_sent: 0,
    proposals_viewed: 0,
    proposals_accepted: 0,
    proposals_declined: 0,
    proposals_expired: 0,
    conversion_rate: 0,
    accepted_annual_value: 0,
    average_ticket: 0,
    average_discount_pct: 0,
    average_margin_pct: 0,
    below_min_margin_count: 0,
    // Issue 28: no contract of these proposals was withdrawn or cancelled.
    withdrawn_count: 0,
    withdrawn_value: 0,
    cancelled_count: 0,
    cancelled_value: 0,
  };
  // Ana: 1, 2, 3, 8'. Accepted 1 (X) and 3 (Z).
  const anaFigures = {
    proposals_created: 4,
    proposals_sent: 4,
    proposals_viewed: 1,
    proposals_accepted: 2,
    proposals_declined: 2,
    proposals_expired: 0,
    conversion_rate: 0.5,
    accepted_annual_value: 3200,
    average_ticket: 1600,
    average_discount_pct: 10,
    average_margin_pct: 48.33,
    below_min_margin_count: 1,
    withdrawn_count: 0,
    withdrawn_value: 0,
    cancelled_count: 0,
    cancelled_value: 0,
  };
  // Bruno: 4 (expired draft) and 5 (viewed, open; 31/03 in São Paulo).
  const brunoFigures = {
    ...zero,
    proposals_created: 2,
    proposals_sent: 1,
    proposals_viewed: 1,
    proposals_expired: 1,
  };
  // Carla (MORUMBI): 7 (Z accepted) and 9 (sent, expired).
  const carlaFigures = {
    proposals_created: 2,
    proposals_sent: 2,
    proposals_viewed: 0,
    proposals_accepted: 1,
    proposals_declined: 0,
    proposals_expired: 1,
    conversion_rate: 0.5,
    accepted_annual_value: 2000,
    average_ticket: 2000,
    average_discount_pct: 0,
    average_margin_pct: 60,
    below_min_margin_count: 0,
    withdrawn_count: 0,
    withdrawn_value: 0,
    cancelled_count: 0,
    cancelled_value: 0,
  };
  const paulistaFigures = {
    proposals_created: 6,
    proposals_sent: 5,
    proposals_viewed: 2,
    proposals_accepted: 2,
    proposals_declined: 2,
    proposals_expired: 1,
    conversion_rate: 0.4,
    accepted_annual_value: 3200,
    average_ticket: 1600,
    average_discount_pct: 10,
    average_margin_pct: 48.33,
    below_min_margin_count: 1,
    withdrawn_count: 0,
    withdrawn_value: 0,
    cancelled_count: 0,
    cancelled_value: 0,
  };

  it('answers every figure of the network for a month, as computed by hand', async () => {
    const answer = await sales(admin.token);
    expect(answer).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      unit: null,
      professional_id: null,
      basis: 'criacao',
      proposals_created: 8,
      proposals_sent: 7,
      proposals_viewed: 2,
      proposals_accepted: 3,
      proposals_declined: 2,
      proposals_expired: 2,
      conversion_rate: 0.4285, // 3 / 7, rounded down
      accepted_annual_value: 5200,
      average_ticket: 1733.33,
      // (2 000 + 0 + 0) / 3 basis points, rounded down (shared/basis-points.ts).
      average_discount_pct: 6.66,
      average_margin_pct: 52.22,
      below_min_margin_count: 1,
      withdrawn_count: 0,
      withdrawn_value: 0,
      cancelled_count: 0,
      cancelled_value: 0,
      by_block: [
        { block: 'A', sessions: 5, value: 5000, share: 0.909 },
        { block: 'B', sessions: 1, value: 500, share: 0.0909 },
        { block: 'C', sessions: 0, value: 0, share: 0 },
        { block: 'D', sessions: 0, value: 0, share: 0 },
      ],
      by_professional: [
        { professional_id: ana.id, name: 'Ana Paulista', ...anaFigures },
        { professional_id: bruno.id, name: 'Bruno Paulista', ...brunoFigures },
        { professional_id: carla.id, name: 'Carla Morumbi', ...carlaFigures },
      ],
      // In the order of UNITS.
      by_unit: [
        { unit: 'MORUMBI', ...carlaFigures },
        { unit: 'PAULISTA', ...paulistaFigures },
      ],
      by_week: [
        // Sunday 01/03 is in the week of Monday 23/02: every week the period touches is shown.
        { week_start: '2026-02-23', ...zero },
        // 1, 2, 8' (accepted 1: X)
        {
          week_start: '2026-03-02',
          ...zero,
          proposals_created: 3,
          proposals_sent: 3,
          proposals_viewed: 1,
          proposals_accepted: 1,
          proposals_declined: 2,
          conversion_rate: 0.3333,
          accepted_annual_value: 1200,
          average_ticket: 1200,
          average_discount_pct: 20,
          // X: (840 − 400) / 1 200 = 36,666…%, rounded down.
          average_margin_pct: 36.66,
          below_min_margin_count: 1,
          withdrawn_count: 0,
          withdrawn_value: 0,
          cancelled_count: 0,
          cancelled_value: 0,
        },
        // 3, 4, 7 (accepted 3 and 7: Z twice)
        {
          week_start: '2026-03-09',
          ...zero,
          proposals_created: 3,
          proposals_sent: 2,
          proposals_accepted: 2,
          proposals_expired: 1,
          conversion_rate: 1,
          accepted_annual_value: 4000,
          average_ticket: 2000,
          average_margin_pct: 60,
        },
        // 9
        {
          week_start: '2026-03-16',
          ...zero,
          proposals_created: 1,
          proposals_sent: 1,
          proposals_expired: 1,
        },
        { week_start: '2026-03-23', ...zero },
        // 5 (Tuesday 31/03 in São Paulo)
        {
          week_start: '2026-03-30',
          ...zero,
          proposals_created: 1,
          proposals_sent: 1,
          proposals_viewed: 1,
        },
      ],
      top_procedures: [
        {
          service_id: s1,
          name: 'Bioestimulador S1',
          block: 'A',
          sessions: 5,
          proposals: 3,
          accepted_value: 5000,
        },
        {
          service_id: s2,
          name: 'Limpeza S2',
          block: 'B',
          sessions: 1,
          proposals: 1,
          accepted_value: 500,
        },
      ],
      top_packages: [
        { package_id: p2, name: 'Pacote P2', accepted_count: 2, accepted_annual_value: 4000 },
        { package_id: p1, name: 'Pacote P1', accepted_count: 1, accepted_annual_value: 1200 },
      ],
      decline_reasons: [
        { reason_code: 'preco', label: 'Preço', count: 1 },
        { reason_code: null, label: 'Sem motivo informado', count: 1 },
      ],
    });
  });

  /** Every stored proposal as the domain's formula reads it. */
  const storedRows = async () =>
    (await sql(`SELECT p.id, p.author_id, p.author_name, p.unit, p.package_id, p.package_name, p.status,
              p.superseded_by_id, p.created_at, p.valid_until, p.sent_at, p.viewed_at,
              p.answered_at, round(p.annual_value * 100)::int AS annual_value, p.discount_pct, p.margin_pct,
              p.min_margin_pct::float8 AS min_margin_pct, p.decline_reason_code,
              coalesce((SELECT json_agg(json_build_object('service_id', i.service_id,
                  'name', i.name, 'block', i.block, 'sessions', i.sessions,
                  'total_value', round(i.total_value * 100)::int) ORDER BY i.position)
                FROM proposal_items i WHERE i.proposal_id = p.id), '[]') AS items
         FROM proposals p`)) as unknown as DashboardProposalRow[];

  it("equals the domain's formula over the stored rows", async () => {
    const rows = await storedRows();
    const now = new Date();
    for (const [query, scope] of [
      [march, { ...march, unit: null, professional_id: null }],
      [
        { from: '2026-03-01', to: '2026-04-30', unit: 'PAULISTA' },
        { from: '2026-03-01', to: '2026-04-30', unit: 'PAULISTA' as const, professional_id: null },
      ],
      [
        { ...march, professional_id: String(ana.id) },
        { ...march, unit: null, professional_id: ana.id },
      ],
    ] as const) {
      const answer = await sales(admin.token, query);
      expect(answer).toEqual(computeSalesDashboard(rows, scope, now));
    }
  });

  it("a manager gets their own unit's figures whatever unit they ask for", async () => {
    const own = await sales(manager.token, { ...march, unit: 'MORUMBI' });
    expect(own.unit).toBe('PAULISTA');
    expect(own).toMatchObject(paulistaFigures);
    expect(own.by_unit).toEqual([{ unit: 'PAULISTA', ...paulistaFigures }]);
    expect(own.by_professional.map((entry) => entry.name)).toEqual([
      'Ana Paulista',
      'Bruno Paulista',
    ]);
    const morumbi = await sales(morumbiManager.token, march);
    expect(morumbi).toMatchObject({ unit: 'MORUMBI', ...carlaFigures });
    // An admin compares: the unit asked.
    expect(await sales(admin.token, { ...march, unit: 'MORUMBI' })).toMatchObject(carlaFigures);
    // A manager without a unit manages nothing.
    expect(await sales(noUnitManager.token, march)).toMatchObject(zero);
  });

  it("counts a proposal in its author's unit when it was created, not after a move", async () => {
    const move = async (unit: string) => {
      const res = await t.request('PATCH', `/api/v1/users/${bruno.id}`, {
        token: admin.token,
        body: { unit },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await move('MORUMBI');
    let made: number | undefined;
    try {
      // Bruno's March proposals stay Paulista's; what he makes now is Morumbi's.
      expect(await sales(manager.token)).toMatchObject(paulistaFigures);
      expect(await sales(morumbiManager.token)).toMatchObject(carlaFigures);
      made = await propose(bruno, clientMorumbi, 'Y');
      const res = await t.request('GET', `/api/v1/proposals/${made}`, {
        token: morumbiManager.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { unit: string }).unit).toBe('MORUMBI');
    } finally {
      if (made !== undefined) await sql('DELETE FROM proposals WHERE id = $1', [made]);
      await move('PAULISTA');
    }
  });

  it('filters by professional and defaults to this month', async () => {
    expect(await sales(admin.token, { ...march, professional_id: String(bruno.id) })).toMatchObject(
      brunoFigures,
    );
    const now = new Date();
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    }).format(now);
    const current = await sales(admin.token, {});
    expect(current.from).toBe(`${month}-01`);
    expect(current.to.slice(0, 7)).toBe(month);
  });

  it('refuses professionals and bad queries with pt-BR messages', async () => {
    const res = await t.request('GET', '/api/v1/dashboard/sales', { token: ana.token });
    expect(res.statusCode).toBe(403);
    for (const [query, msg] of [
      [{ from: '2026-02-30' }, DASHBOARD_MESSAGES.dateInvalid],
      // The ends of the calendar were answered 500.
      [{ from: '0000-01-01' }, DASHBOARD_MESSAGES.dateInvalid],
      [{ from: '9998-12-31', to: '9999-12-31' }, DASHBOARD_MESSAGES.dateInvalid],
      [{ from: '2026-03-10', to: '2026-03-01' }, DASHBOARD_MESSAGES.periodInvalid],
      [{ from: '2020-01-01', to: '2026-01-01' }, DASHBOARD_MESSAGES.periodTooLong],
      [{ unit: 'LUA' }, DASHBOARD_MESSAGES.unitInvalid],
      [{ professional_id: 'x' }, DASHBOARD_MESSAGES.professionalInvalid],
    ] as const) {
      for (const url of ['/api/v1/dashboard/sales', '/api/v1/dashboard/sales.csv']) {
        const bad = await t.request('GET', url, { token: admin.token, query });
        expect(bad.statusCode, url).toBe(422);
        expect(JSON.stringify(bad.json())).toContain(msg);
      }
    }
  });

  it('exports the figures the dashboard shows as CSV for Excel pt-BR', async () => {
    const res = await t.request('GET', '/api/v1/dashboard/sales.csv', {
      token: manager.token,
      query: { ...march, unit: 'MORUMBI' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="vendas-2026-03-01-a-2026-03-31-paulista.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'Recorte;Nome;Propostas criadas;Enviadas;Visualizadas;Aceitas;Recusadas;Expiradas;' +
        'Conversão (%);Valor anual aceito (R$);Ticket médio (R$);Desconto médio (%);' +
        'Margem média (%);Abaixo da margem mínima',
      'Total;PAULISTA;6;5;2;2;2;1;40,00;3200,00;1600,00;10,00;48,33;1',
      'Unidade;PAULISTA;6;5;2;2;2;1;40,00;3200,00;1600,00;10,00;48,33;1',
      'Profissional;Ana Paulista;4;4;1;2;2;0;50,00;3200,00;1600,00;10,00;48,33;1',
      // Averages over no accepted proposal are empty cells, as the screen shows '—'.
      'Profissional;Bruno Paulista;2;1;1;0;0;1;0,00;0,00;;;;0',
      'Semana;Semana de 23/02/2026;0;0;0;0;0;0;;0,00;;;;0',
      'Semana;Semana de 02/03/2026;3;3;1;1;2;0;33,33;1200,00;1200,00;20,00;36,66;1',
      'Semana;Semana de 09/03/2026;2;1;0;1;0;1;100,00;2000,00;2000,00;0,00;60,00;0',
      'Semana;Semana de 16/03/2026;0;0;0;0;0;0;;0,00;;;;0',
      'Semana;Semana de 23/03/2026;0;0;0;0;0;0;;0,00;;;;0',
      'Semana;Semana de 30/03/2026;1;1;1;0;0;0;0,00;0,00;;;;0',
      '',
    ]);
    const refused = await t.request('GET', '/api/v1/dashboard/sales.csv', { token: ana.token });
    expect(refused.statusCode).toBe(403);
  });

  describe('pipeline and renewals', () => {
    const DAY = 86_400_000;
    const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
    const live: Record<string, number> = {};

    beforeAll(async () => {
      // Move the March set out of the way: the pipeline shows every stage, whatever the date.
      await sql(`UPDATE proposals SET status = 'superseded' WHERE status <> 'superseded'`);
      for (const key of [
        'due',
        'fresh',
        'expiring',
        'draft',
        'carla',
        'renew',
        'late',
        'old',
        'new',
      ])
        live[key] = await propose(
          key === 'carla' ? carla : ana,
          key === 'carla' ? clientMorumbi : clientPaulista,
          'Y',
        );
      // Sent 4 days ago, unanswered, valid for 3 more days: follow-up due.
      await setState(live.due!, {
        created: at(-5 * DAY),
        status: 'sent',
        sent: at(-4 * DAY),
        validUntil: at(3 * DAY),
      });
      // Viewed, sent 2 days ago: not yet due.
      await setState(live.fresh!, {
        created: at(-2 * DAY),
        status: 'viewed',
        sent: at(-2 * DAY),
        viewed: at(-1 * DAY),
        validUntil: at(5 * DAY),
      });
      // Sent 6 days ago, one day of validity left: due and expiring.
      await setState(live.expiring!, {
        created: at(-6 * DAY),
        status: 'sent',
        sent: at(-6 * DAY),
        validUntil: at(1 * DAY),
      });
      await setState(live.draft!, { created: at(-1 * DAY), validUntil: at(10 * DAY) });
      await setState(live.carla!, {
        created: at(-8 * DAY),
        status: 'sent',
        sent: at(-8 * DAY),
        validUntil: at(-1 * DAY),
      });
      // Accepted 12 months minus 10 days ago: ends in 10 days.
      const monthsAgo = (months: number, plusDays: number) => {
        const date = new Date();
        date.setUTCMonth(date.getUTCMonth() - months);
        return new Date(date.getTime() + plusDays * DAY).toISOString();
      };
      await setState(live.renew!, {
        created: monthsAgo(12, 5),
        status: 'accepted',
        sent: monthsAgo(12, 6),
        answered: monthsAgo(12, 10),
      });
      // Ends in 90 days: outside 60, inside 100.
      await setState(live.late!, {
        created: monthsAgo(12, 85),
        status: 'accepted',
        sent: monthsAgo(12, 86),
        answered: monthsAgo(12, 90),
      });
      // Carla's client renewed: the old package ends soon, but a newer one was accepted.
      await setState(live.old!, {
        created: monthsAgo(12, 1),
        status: 'accepted',
        sent: monthsAgo(12, 2),
        answered: monthsAgo(12, 20),
      });
      await setState(live.new!, {
        created: monthsAgo(1, 0),
        status: 'accepted',
        sent: monthsAgo(1, 0),
        answered: monthsAgo(0, -2),
      });
      // `late` and `old`/`new` belong to other clients than `renew`.
      await sql('UPDATE proposals SET client_id = $1 WHERE id = ANY($2)', [
        clientMorumbi.id,
        [live.old, live.new],
      ]);
      await sql(
        `UPDATE proposals SET unit = 'MORUMBI', author_id = $1, author_name = $2
                  WHERE id = ANY($3)`,
        [carla.id, 'Carla Morumbi', [live.old, live.new]],
      );
      const other = (await post('/api/v1/clients/', ana.token, {
        full_name: 'Cliente Atrasada',
      })) as Client;
      await sql('UPDATE proposals SET client_id = $1, client_name = $2 WHERE id = $3', [
        other.id,
        'Cliente Atrasada',
        live.late,
      ]);
    });

    const pipeline = async (token: string, query: Record<string, string> = {}) => {
      const res = await t.request('GET', '/api/v1/proposals/pipeline', { token, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Pipeline;
    };
    const column = (answer: Pipeline, stage: string) =>
      answer.columns.find((entry) => entry.stage === stage)!;

    it('puts each latest version in its stage with the follow-up and expiring flags', async () => {
      const answer = await pipeline(admin.token);
      expect(answer.columns.map((entry) => [entry.stage, entry.label, entry.count])).toEqual([
        ['draft', 'Rascunho', 1],
        ['sent', 'Enviada', 2],
        ['viewed', 'Visualizada', 1],
        ['accepted', 'Aceita', 4],
        ['declined', 'Recusada', 0],
        ['expired', 'Expirada', 1],
      ]);
      const card = (stage: string, id: number) =>
        column(answer, stage).cards.find((entry) => entry.id === id)!;
      expect(card('sent', live.due!)).toMatchObject({
        follow_up_due: true,
        expiring: false,
        age_days: 5,
        value: 1200,
        client: { id: clientPaulista.id, full_name: 'Cliente Paulista' },
        owner: { id: ana.id, name: 'Ana Paulista' },
        package: { id: p1, name: 'Pacote P1' },
        unit: 'PAULISTA',
      });
      expect(card('sent', live.expiring!)).toMatchObject({ follow_up_due: true, expiring: true });
      expect(card('viewed', live.fresh!)).toMatchObject({ follow_up_due: false, expiring: false });
      expect(card('draft', live.draft!)).toMatchObject({ follow_up_due: false, expiring: false });
      // Past validity: expired, neither due nor expiring.
      expect(card('expired', live.carla!)).toMatchObject({ follow_up_due: false, expiring: false });
      // Sent 6 days ago, newest first within a column.
      expect(column(answer, 'sent').cards.map((entry) => entry.id)).toEqual([
        live.due,
        live.expiring,
      ]);
    });

    it("scopes the pipeline: a manager's unit, a professional's own proposals", async () => {
      const own = await pipeline(manager.token, { unit: 'MORUMBI' });
      expect(own.unit).toBe('PAULISTA');
      expect(column(own, 'expired').count).toBe(0);
      expect(column(own, 'accepted').count).toBe(2);
      const mine = await pipeline(carla.token);
      expect(mine.professional_id).toBe(carla.id);
      expect(
        mine.columns
          .flatMap((entry) => entry.cards)
          .map((card) => card.id)
          .sort(),
      ).toEqual([live.carla, live.old, live.new].sort());
      // Asking for a colleague's proposals gives nothing.
      const colleague = await pipeline(carla.token, { professional_id: String(ana.id) });
      expect(colleague.columns.every((entry) => entry.count === 0)).toBe(true);
      const anaOnly = await pipeline(admin.token, { professional_id: String(ana.id) });
      expect(column(anaOnly, 'expired').count).toBe(0);
    });

    it('fills a column with its newest cards and counts every proposal of the stage', async () => {
      // 55 declined copies of the draft, an hour apart, the newest an hour old.
      const copies = (await sql(
        `INSERT INTO proposals (number, version, client_id, package_id, author_id, author_name,
           unit, status, valid_days, valid_until, client_name, package_name, annual_value,
           snapshot, min_margin_pct, sent_at, answered_at, declined_by, created_at, updated_at)
         SELECT '2026-9' || lpad(g::text, 5, '0'), 1, client_id, package_id, author_id,
                author_name, unit, 'declined', valid_days, valid_until, client_name, package_name,
                annual_value, snapshot, min_margin_pct, now() - g * interval '1 hour',
                now() - g * interval '1 hour', 'staff', now() - g * interval '1 hour',
                now() - g * interval '1 hour'
           FROM proposals, generate_series(1, 55) AS g WHERE id = $1
         RETURNING id`,
        [live.draft],
      )) as unknown as { id: number }[];
      // Newest first: inserted in the order of g, one hour older each.
      const ids = copies.map((row) => row.id);
      try {
        for (const token of [admin.token, manager.token, ana.token]) {
          const declined = column(await pipeline(token), 'declined');
          expect(declined.count).toBe(55);
          expect(declined.cards.map((card) => card.id)).toEqual(
            ids.slice(0, PIPELINE_CARDS_PER_STAGE),
          );
        }
        expect(column(await pipeline(morumbiManager.token), 'declined').count).toBe(0);
      } finally {
        await sql('DELETE FROM proposals WHERE id = ANY($1)', [ids]);
      }
    });

    const renewals = async (token: string, query: Record<string, string> = {}) => {
      const res = await t.request('GET', '/api/v1/renewals/', { token, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Renewal[];
    };

    it('lists the yearly packages ending within the window, the last one per client', async () => {
      const soon = await renewals(admin.token);
      expect(soon).toHaveLength(1);
      expect(soon[0]).toMatchObject({
        client: { id: clientPaulista.id, full_name: 'Cliente Paulista' },
        proposal: { id: live.renew, package: { id: p1, name: 'Pacote P1' }, annual_value: 1200 },
        owner: { id: ana.id, name: 'Ana Paulista' },
        unit: 'PAULISTA',
      });
      expect([9, 10, 11]).toContain(soon[0]!.days_left);
      const wider = await renewals(admin.token, { within_days: '100' });
      expect(wider.map((entry) => entry.proposal.id)).toEqual([live.renew, live.late]);
      expect(await renewals(morumbiManager.token, { within_days: '100' })).toEqual([]);
      expect(await renewals(carla.token, { within_days: '100' })).toEqual([]);
      expect((await renewals(manager.token)).map((entry) => entry.proposal.id)).toEqual([
        live.renew,
      ]);
      const bad = await t.request('GET', '/api/v1/renewals/', {
        token: admin.token,
        query: { within_days: '0' },
      });
      expect(bad.statusCode).toBe(422);
      expect(JSON.stringify(bad.json())).toContain(DASHBOARD_MESSAGES.withinDaysInvalid);
    });
  });

  it('stays equal to the formula through saves, sends, views, answers, revisions and deletions', async () => {
    const dora = await userOfUnit(t, 'professional', 'PAULISTA', 'Dora Paulista');
    const eli = await userOfUnit(t, 'professional', 'MORUMBI', 'Eli Morumbi');
    const doraClient = (await post('/api/v1/clients/', dora.token, {
      full_name: 'Cliente Dora',
    })) as Client;
    const eliClient = (await post('/api/v1/clients/', eli.token, {
      full_name: 'Cliente Eli',
    })) as Client;
    // Two authors saving at once, each of them several times.
    const [a1, a2, a3, b1, b2, b3] = await Promise.all([
      propose(dora, doraClient, 'X'),
      propose(dora, doraClient, 'Y'),
      propose(dora, doraClient, 'Z'),
      propose(eli, eliClient, 'Z'),
      propose(eli, eliClient, 'X'),
      propose(eli, eliClient, 'Y'),
    ]);
    const send = async (id: number, token: string) => {
      const res = await t.request('POST', `/api/v1/proposals/${id}/send`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { public_url: string }).public_url.split('/p/')[1] ?? '';
    };
    const answer = async (link: string, action: 'accept' | 'decline', body: unknown) => {
      const res = await t.request('POST', `/api/v1/public/proposals/${link}/${action}`, { body });
      expect(res.statusCode, res.body).toBe(200);
    };
    const now = new Date();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
    const expectFormula = async () => {
      const rows = await storedRows();
      const scopes: SalesScope[] = [
        { from: today, to: today, unit: null, professional_id: null },
        { from: '2026-01-01', to: today, unit: null, professional_id: null },
        { from: '2026-03-04', to: today, unit: 'PAULISTA', professional_id: null },
        { from: '2026-03-04', to: today, unit: 'MORUMBI', professional_id: null },
        { from: '2026-01-01', to: today, unit: null, professional_id: dora.id },
      ];
      for (const scope of scopes) {
        const query: Record<string, string> = { from: scope.from, to: scope.to };
        if (scope.unit) query.unit = scope.unit;
        if (scope.professional_id) query.professional_id = String(scope.professional_id);
        expect(await sales(admin.token, query), JSON.stringify(query)).toEqual(
          computeSalesDashboard(rows, scope, now),
        );
      }
    };
    await expectFormula();

    // Sent, viewed and accepted by the client; sent and declined by the client with a reason.
    const a1Link = await send(a1, dora.token);
    expect((await t.request('GET', `/api/v1/public/proposals/${a1Link}`)).statusCode).toBe(200);
    await answer(a1Link, 'accept', { full_name: 'Cliente Dora', accept_terms: true });
    await answer(await send(a2, dora.token), 'decline', { reason_code: 'prazo' });
    // Revised: the first version stops counting, the new one counts from its own day.
    const a3Revised = await post(`/api/v1/proposals/${a3}/revise`, dora.token, {
      blocks: selection('X').blocks,
    });
    await send(a3Revised.id, dora.token);
    // Declined by the staff; accepted while another is sent.
    await send(b1, eli.token);
    const staffDecline = await t.request('POST', `/api/v1/proposals/${b1}/decline`, {
      token: eli.token,
      body: { reason_code: 'concorrente' },
    });
    expect(staffDecline.statusCode, staffDecline.body).toBe(200);
    const b2Link = await send(b2, eli.token);
    await Promise.all([
      answer(b2Link, 'accept', { full_name: 'Cliente Eli', accept_terms: true }),
      send(b3, eli.token),
    ]);
    await expectFormula();

    // Anonymized client, an open one past its validity, a deleted proposal, a deleted author.
    const anonymized = await t.request('POST', `/api/v1/clients/${eliClient.id}/anonymize`, {
      token: admin.token,
    });
    expect(anonymized.statusCode, anonymized.body).toBeLessThan(300);
    await sql(`UPDATE proposals SET valid_until = '2020-01-01T00:00:00Z' WHERE id = $1`, [b3]);
    // A declined one: an accepted proposal has a contract, which keeps it (migration 0018).
    await sql('DELETE FROM proposals WHERE id = $1', [a2]);
    const removed = await t.request('DELETE', `/api/v1/users/${eli.id}`, { token: admin.token });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await expectFormula();
  });
});

import { describe, expect, it } from 'vitest';
import { addMonths, saoPauloDate, saoPauloDayStart, weekStart } from '../shared/sao-paulo-days.ts';
import {
  computeSalesDashboard,
  DASHBOARD_MESSAGES,
  defaultDashboardPeriod,
  isExpiring,
  isFollowUpDue,
  isRenewalDue,
  pipelineStage,
  renewalTerm,
  salesDashboardCsv,
  salesDashboardQuerySchema,
  type DashboardProposalRow,
} from './dashboard.ts';

const NOW = new Date('2026-05-10T12:00:00Z');

const row = (overrides: Partial<DashboardProposalRow>): DashboardProposalRow => ({
  id: 1,
  author_id: 10,
  author_name: 'Ana',
  unit: 'PAULISTA',
  package_id: 100,
  package_name: 'Pacote Ouro',
  status: 'accepted',
  superseded_by_id: null,
  created_at: '2026-03-02T13:00:00Z',
  valid_until: '2026-03-09T13:00:00Z',
  sent_at: '2026-03-02T14:00:00Z',
  viewed_at: null,
  answered_at: '2026-03-03T14:00:00Z',
  annual_value: 120_000,
  discount_pct: 20,
  margin_pct: 30,
  min_margin_pct: 40,
  decline_reason_code: null,
  items: [{ service_id: 7, name: 'Laser', block: 'B', sessions: 2, total_value: 150_000 }],
  ...overrides,
});

const scope = { from: '2026-03-01', to: '2026-03-31', unit: null, professional_id: null };

describe('São Paulo dates', () => {
  it('reads the calendar day in São Paulo (UTC−3)', () => {
    expect(saoPauloDate('2026-04-01T02:30:00Z')).toBe('2026-03-31');
    expect(saoPauloDate('2026-04-01T03:00:00Z')).toBe('2026-04-01');
    expect(saoPauloDayStart('2026-03-01').toISOString()).toBe('2026-03-01T03:00:00.000Z');
  });

  it('finds Mondays, adds months with the month-end clamp, defaults to this month', () => {
    expect(weekStart('2026-03-15')).toBe('2026-03-09');
    expect(weekStart('2026-03-09')).toBe('2026-03-09');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2025-03-04', 12)).toBe('2026-03-04');
    expect(defaultDashboardPeriod(new Date('2026-02-01T02:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});

describe('sales figures', () => {
  it('computes every figure by hand on four proposals', () => {
    const rows = [
      // Accepted: 1 200,00, discount 20, margin 30 < minimum 40.
      row({ id: 1 }),
      // Accepted: 2 000,00, discount 0, margin 60 ≥ 50. Laser ×1 (750,00) and Peeling (A, 500,00).
      row({
        id: 2,
        author_id: 11,
        author_name: 'Bruno',
        annual_value: 200_000,
        discount_pct: 0,
        margin_pct: 60,
        min_margin_pct: 50,
        viewed_at: '2026-03-03T10:00:00Z',
        items: [
          { service_id: 7, name: 'Laser novo', block: 'B', sessions: 1, total_value: 75_000 },
          { service_id: 8, name: 'Peeling', block: 'A', sessions: 1, total_value: 50_000 },
        ],
      }),
      // Declined for price.
      row({ id: 3, status: 'declined', decline_reason_code: 'preco' }),
      // Draft past validity: expired, never sent.
      row({ id: 4, status: 'draft', sent_at: null }),
      // Superseded and outside the period: never counted.
      row({ id: 5, status: 'superseded', superseded_by_id: 3 }),
      row({ id: 6, created_at: '2026-04-01T03:00:00Z' }),
    ];
    const answer = computeSalesDashboard(rows, scope, NOW);
    expect(answer).toMatchObject({
      proposals_created: 4,
      proposals_sent: 3,
      proposals_viewed: 1,
      proposals_accepted: 2,
      proposals_declined: 1,
      proposals_expired: 1,
      conversion_rate: 0.6666, // 2/3 in basis points, rounded down
      accepted_annual_value: 3200,
      average_ticket: 1600,
      average_discount_pct: 10,
      average_margin_pct: 45,
      below_min_margin_count: 1,
    });
    // Blocks: B 2 + 1 sessions, 1 500 + 750; A 1 session, 500. Shares of 2 750.
    expect(answer.by_block).toEqual([
      { block: 'A', sessions: 1, value: 500, share: 0.1818 },
      // 2 250 / 2 750 = 0,81818…: basis points rounded down, like every ratio.
      { block: 'B', sessions: 3, value: 2250, share: 0.8181 },
      { block: 'C', sessions: 0, value: 0, share: 0 },
      { block: 'D', sessions: 0, value: 0, share: 0 },
    ]);
    // The name frozen on the latest saved proposal (id 2).
    expect(answer.top_procedures).toEqual([
      {
        service_id: 7,
        name: 'Laser novo',
        block: 'B',
        sessions: 3,
        proposals: 2,
        accepted_value: 2250,
      },
      {
        service_id: 8,
        name: 'Peeling',
        block: 'A',
        sessions: 1,
        proposals: 1,
        accepted_value: 500,
      },
    ]);
    expect(answer.top_packages).toEqual([
      { package_id: 100, name: 'Pacote Ouro', accepted_count: 2, accepted_annual_value: 3200 },
    ]);
    expect(answer.decline_reasons).toEqual([{ reason_code: 'preco', label: 'Preço', count: 1 }]);
    expect(answer.by_professional.map((entry) => [entry.name, entry.proposals_created])).toEqual([
      ['Ana', 3],
      ['Bruno', 1],
    ]);
    // Every week the period touches, the empty ones at zero (issue 27).
    expect(answer.by_week.map((entry) => [entry.week_start, entry.proposals_created])).toEqual([
      ['2026-02-23', 0],
      ['2026-03-02', 4],
      ['2026-03-09', 0],
      ['2026-03-16', 0],
      ['2026-03-23', 0],
      ['2026-03-30', 0],
    ]);
  });

  it('counts a margin exactly at the minimum as meeting it, and averages in basis points', () => {
    // R$ 1.800 with cost R$ 630: 35,00 %; stored before issue 27 as 34.99999999999999.
    const atMinimum = row({ annual_value: 180_000, margin_pct: 35, min_margin_pct: 35 });
    const below = row({ id: 2, annual_value: 180_000, margin_pct: 34.99, min_margin_pct: 35 });
    expect(computeSalesDashboard([atMinimum], scope, NOW)).toMatchObject({
      average_margin_pct: 35,
      below_min_margin_count: 0,
    });
    expect(computeSalesDashboard([atMinimum, below], scope, NOW)).toMatchObject({
      // (3 500 + 3 499) / 2 = 3 499,5 → 3 499 basis points.
      average_margin_pct: 34.99,
      below_min_margin_count: 1,
    });
  });

  it('counts answered proposals by the day of the answer with basis=aceite', () => {
    const rows = [
      // Created in February, accepted in March: only the acceptance basis counts it in March.
      row({ id: 1, created_at: '2026-02-20T13:00:00Z', answered_at: '2026-03-02T13:00:00Z' }),
      // Created in March, accepted in April: only the creation basis counts it in March.
      row({ id: 2, answered_at: '2026-04-01T13:00:00Z' }),
      // Open: never counted by the answer.
      row({ id: 3, status: 'sent', answered_at: null, valid_until: '2026-12-01T00:00:00Z' }),
    ];
    const byCreation = computeSalesDashboard(rows, scope, NOW);
    const byAnswer = computeSalesDashboard(rows, { ...scope, basis: 'aceite' }, NOW);
    expect([byCreation.basis, byCreation.proposals_created, byCreation.proposals_accepted]).toEqual(
      ['criacao', 2, 1],
    );
    expect([byAnswer.basis, byAnswer.proposals_created, byAnswer.proposals_accepted]).toEqual([
      'aceite',
      1,
      1,
    ]);
    expect(byAnswer.by_week.find((week) => week.week_start === '2026-03-02')).toMatchObject({
      proposals_accepted: 1,
    });
  });

  it('answers zeros, never NaN, when nothing was sent or accepted', () => {
    const answer = computeSalesDashboard([row({ status: 'draft', sent_at: null })], scope, NOW);
    expect(answer).toMatchObject({
      conversion_rate: 0,
      average_ticket: 0,
      average_discount_pct: 0,
      average_margin_pct: 0,
    });
  });

  it('writes the CSV Excel pt-BR opens: BOM, semicolons, decimal comma', () => {
    const csv = salesDashboardCsv(computeSalesDashboard([row({})], scope, NOW));
    expect(csv.startsWith('\uFEFFRecorte;Nome;')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(
      'Total;Rede (2026-03-01 a 2026-03-31);1;1;0;1;0;0;100,00;1200,00;1200,00;20,00;30,00;1',
    );
    // Averages over no accepted proposal are empty cells, not zeros.
    const none = salesDashboardCsv(
      computeSalesDashboard([row({ status: 'draft', sent_at: null })], scope, NOW),
    );
    expect(none.split('\r\n')[1]).toBe(
      'Total;Rede (2026-03-01 a 2026-03-31);1;0;0;0;0;1;;0,00;;;;0',
    );
  });

  it('never lets Excel run a name as a formula, and keeps negative numbers numbers', () => {
    const csv = salesDashboardCsv(
      computeSalesDashboard(
        [row({ author_name: '=HYPERLINK("http://x";"y")', discount_pct: -20 })],
        scope,
        NOW,
      ),
    );
    const professional = csv.split('\r\n').find((line) => line.startsWith('Profissional;'));
    expect(professional).toBe(
      `Profissional;"'=HYPERLINK(""http://x"";""y"")";1;1;0;1;0;0;100,00;1200,00;1200,00;-20,00;30,00;1`,
    );
    for (const name of ['+55 11', '-x', '@soma', '\tTab']) {
      const line = salesDashboardCsv(
        computeSalesDashboard([row({ author_name: name })], scope, NOW),
      )
        .split('\r\n')
        .find((entry) => entry.startsWith('Profissional;'));
      expect(line?.split(';')[1]).toBe(`'${name}`);
    }
  });

  it('refuses bad periods in pt-BR', () => {
    const messages = (query: Record<string, string>) => {
      const result = salesDashboardQuerySchema.safeParse(query);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ from: '2026-02-30' })).toEqual([DASHBOARD_MESSAGES.dateInvalid]);
    expect(messages({ from: '0000-01-01' })).toEqual([DASHBOARD_MESSAGES.dateInvalid]);
    expect(messages({ to: '9999-12-31' })).toEqual([DASHBOARD_MESSAGES.dateInvalid]);
    expect(messages({ from: '2026-03-02', to: '2026-03-01' })).toEqual([
      DASHBOARD_MESSAGES.periodInvalid,
    ]);
    expect(messages({ from: '2024-01-01', to: '2026-01-03' })).toEqual([
      DASHBOARD_MESSAGES.periodTooLong,
    ]);
    expect(messages({ from: '2025-01-01', to: '2026-12-31' })).toEqual([]);
  });
});

describe('pipeline flags and renewals', () => {
  const DAY = 86_400_000;
  const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

  it('is due for a follow-up after 3 days sent or viewed without an answer', () => {
    const open = { status: 'sent' as const, valid_until: ago(-5) };
    expect(isFollowUpDue({ ...open, sent_at: ago(3.01) }, NOW)).toBe(true);
    expect(isFollowUpDue({ ...open, sent_at: ago(3) }, NOW)).toBe(false);
    expect(isFollowUpDue({ ...open, status: 'viewed', sent_at: ago(4) }, NOW)).toBe(true);
    expect(isFollowUpDue({ ...open, status: 'accepted', sent_at: ago(4) }, NOW)).toBe(false);
    expect(isFollowUpDue({ status: 'sent', sent_at: ago(9), valid_until: ago(1) }, NOW)).toBe(
      false,
    );
  });

  it('is expiring in the last 2 days of validity, and expired after', () => {
    expect(isExpiring({ status: 'draft', valid_until: ago(-2) }, NOW)).toBe(true);
    expect(isExpiring({ status: 'sent', valid_until: ago(-2.01) }, NOW)).toBe(false);
    expect(isExpiring({ status: 'accepted', valid_until: ago(-1) }, NOW)).toBe(false);
    expect(pipelineStage('sent', ago(0), NOW)).toBe('expired');
    expect(pipelineStage('superseded', ago(-3), NOW)).toBeNull();
  });

  it('ends a yearly package 12 months after its acceptance day in São Paulo', () => {
    // Accepted 10/05/2025 at 01:00 in São Paulo: ends 10/05/2026, today.
    expect(renewalTerm('2025-05-10T04:00:00Z', NOW)).toEqual({
      ends_on: '2026-05-10',
      days_left: 0,
    });
    // 02:00 UTC is still the 9th in São Paulo.
    expect(renewalTerm('2025-06-10T02:00:00Z', NOW)).toEqual({
      ends_on: '2026-06-09',
      days_left: 30,
    });
    expect(isRenewalDue(0, 60)).toBe(true);
    expect(isRenewalDue(60, 60)).toBe(true);
    expect(isRenewalDue(61, 60)).toBe(false);
    expect(isRenewalDue(-1, 60)).toBe(false);
  });
});

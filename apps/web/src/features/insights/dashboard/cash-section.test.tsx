import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatReais, type CashReport } from '@portal/domain';
import { recordRequests, server } from '../../../test/msw-server';
import { makeUser, renderWithProviders, signInAs } from '../../../test/test-utils';
import { CashSection } from './cash-section';

const REPORT: CashReport = {
  from: '2026-03',
  to: '2026-05',
  unit: 'ELDORADO',
  today: '2026-11-28',
  rows: [
    {
      unit: 'ELDORADO',
      month: '2026-04',
      received: 1234.56,
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
  ],
  totals: {
    received: 1334.56,
    sold: 200,
    delivered: 80,
    due: 300,
    overdue: 100,
    overdue_rate_bp: 3333,
  },
};

describe("/gestao 'Caixa'", () => {
  it('shows received, sold, delivered, overdue and the rate per month, with totals', async () => {
    signInAs(makeUser({ profile: 'manager', unit: 'ELDORADO' }));
    const requests = recordRequests();
    server.use(http.get('/api/v1/reports/cash', () => HttpResponse.json(REPORT)));
    renderWithProviders(<CashSection unit={null} showUnit={false} />, {
      route: '/gestao?caixa_de=2026-03&caixa_ate=2026-05',
    });
    const table = await screen.findByRole('table', { name: 'Caixa por mês' });
    const april = within(table).getByRole('row', { name: /abr\/2026/ });
    expect(
      within(april)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      formatReais(1_234.56),
      formatReais(200),
      formatReais(80),
      formatReais(100),
      '33,33 %',
    ]);
    const may = within(table).getByRole('row', { name: /mai\/2026/ });
    expect(within(may).getAllByRole('cell').at(-1)?.textContent).toBe('—');
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(within(total).getAllByRole('cell').at(0)?.textContent).toBe(formatReais(1_334.56));
    expect(requests.map((request) => request.path)).toContain(
      '/api/v1/reports/cash?from=2026-03&to=2026-05',
    );
  });

  it('refuses a period whose start is after its end, before asking', async () => {
    signInAs(makeUser({ profile: 'admin' }));
    renderWithProviders(<CashSection unit={null} showUnit />, {
      route: '/gestao?caixa_de=2026-06&caixa_ate=2026-05',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O mês inicial deve ser anterior ou igual ao final.',
    );
  });
});

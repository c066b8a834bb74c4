import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebVitalsSummary } from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/test-utils';
import WebVitalsPage, { formatWebVital } from './web-vitals-page';

const SUMMARY: WebVitalsSummary = {
  windows: [
    {
      days: 7,
      rows: [
        { page: '/login', device: 'desktop', metric: 'LCP', p75: 1100, samples: 2 },
        { page: '/login', device: 'phone', metric: 'CLS', p75: 0.12, samples: 40 },
        { page: '/login', device: 'phone', metric: 'INP', p75: 620, samples: 38 },
        { page: '/login', device: 'phone', metric: 'LCP', p75: 2350, samples: 41 },
      ],
    },
    {
      days: 28,
      rows: [{ page: '/login', device: 'phone', metric: 'LCP', p75: 4200, samples: 1 }],
    },
  ],
};

function serve(summary: WebVitalsSummary | (() => Response)) {
  server.use(
    http.get('/api/v1/vitals/summary', () =>
      typeof summary === 'function' ? summary() : HttpResponse.json(summary),
    ),
  );
}

describe('formatWebVital', () => {
  it.each([
    ['LCP', 2350, '2,35 s'],
    ['LCP', 4000, '4,0 s'],
    ['INP', 96.4, '96 ms'],
    ['TTFB', 1800, '1,8 s'],
    ['CLS', 0.1, '0,10'],
  ] as const)('%s %d reads %s', (name, value, text) => {
    expect(formatWebVital(name, value)).toBe(text);
  });
});

describe('Desempenho page', () => {
  it('shows p75 per page and device, rated by Google’s thresholds, for 7 then 28 days', async () => {
    serve(SUMMARY);
    renderWithProviders(<WebVitalsPage />);
    expect(await screen.findByRole('heading', { name: 'Desempenho' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const [, phone, desktop] = within(table).getAllByRole('row');
    // Phones first; each cell: value, rating and sample count; '—' where nothing was measured.
    expect(
      within(phone!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '/login',
      'Celular',
      '2,35 sBom · 41 medições',
      '620 msRuim · 38 medições',
      '0,12Precisa melhorar · 40 medições',
      '—',
    ]);
    expect(within(desktop!).getAllByRole('cell')[1]).toHaveTextContent('Computador');
    expect(within(desktop!).getAllByRole('cell')[2]).toHaveTextContent('1,1 sBom · 2 medições');

    await userEvent.setup().click(screen.getByRole('radio', { name: 'Últimos 28 dias' }));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent('4,2 sRuim · 1 medição');
  });

  it('says so when no visit was measured', async () => {
    serve({
      windows: [
        { days: 7, rows: [] },
        { days: 28, rows: [] },
      ],
    });
    renderWithProviders(<WebVitalsPage />);
    expect(await screen.findByText('Nenhuma visita medida nos últimos 7 dias')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers a retry when the summary cannot be read', async () => {
    serve(() => HttpResponse.json({ detail: 'Erro interno do servidor.' }, { status: 500 }));
    renderWithProviders(<WebVitalsPage />);
    expect(
      await screen.findByText('Não foi possível carregar as medições de desempenho.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

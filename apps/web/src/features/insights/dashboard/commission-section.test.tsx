import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatReais, type CommissionReport } from '@portal/domain';
import { recordRequests, server } from '../../../test/msw-server';
import { makeUser, renderWithProviders, signInAs } from '../../../test/test-utils';
import { CommissionSection } from './commission-section';

const REPORT: CommissionReport = {
  from: '2026-11',
  to: '2026-11',
  unit: 'TAMBORÉ',
  units: [
    {
      unit: 'TAMBORÉ',
      gross: 72.45,
      net: 52.45,
      sold_margin: 1449,
      delivered_margin: 336.47,
      share_bp: 500,
      professionals: [
        {
          professional_id: 7,
          professional_name: 'Paula Aplicadora',
          gross: 0,
          net: 0,
          sold_margin: 0,
          delivered_margin: 314.22,
          share_bp: null,
        },
        {
          professional_id: 8,
          professional_name: 'Sofia Vendedora',
          gross: 72.45,
          net: 52.45,
          sold_margin: 1449,
          delivered_margin: 0,
          share_bp: 500,
        },
      ],
    },
  ],
  totals: {
    gross: 72.45,
    net: 52.45,
    sold_margin: 1449,
    delivered_margin: 336.47,
    share_bp: 500,
  },
};

describe("/gestao 'Comissões e margem'", () => {
  it('shows the unit and each professional beside their margin, linked to the statement', async () => {
    signInAs(makeUser({ profile: 'manager', unit: 'TAMBORÉ' }));
    const requests = recordRequests();
    server.use(http.get('/api/v1/reports/commissions', () => HttpResponse.json(REPORT)));
    renderWithProviders(<CommissionSection unit={null} />, {
      route: '/gestao?comissao_de=2026-11&comissao_ate=2026-11',
    });
    const unit = await screen.findByRole('article', { name: 'Unidade TAMBORÉ' });
    const totals = within(unit).getByRole('group', { name: 'Totais de TAMBORÉ' });
    expect(totals.textContent).toBe(
      [
        `Comissão bruta${formatReais(72.45)}`,
        `Comissão líquida${formatReais(52.45)}`,
        `Margem vendida${formatReais(1_449)}`,
        `Margem entregue${formatReais(336.47)}`,
        'Comissão ÷ margem vendida5,00 %',
      ].join(''),
    );
    const table = within(unit).getByRole('table', { name: 'Comissões por profissional · TAMBORÉ' });
    const sofia = within(table).getByRole('row', { name: /Sofia Vendedora/ });
    expect(
      within(sofia)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      formatReais(72.45),
      formatReais(52.45),
      formatReais(1_449),
      formatReais(0),
      '5,00 %',
    ]);
    const paula = within(table).getByRole('row', { name: /Paula Aplicadora/ });
    expect(within(paula).getAllByRole('cell').at(-1)?.textContent).toBe('—');
    expect(
      within(sofia).getByRole('link', { name: 'Ver extrato de Sofia Vendedora' }),
    ).toHaveAttribute('href', '/comissoes?mes=2026-11&profissional=8');
    // The table scrolls inside a focusable frame on a phone.
    expect(table.closest('[tabindex="0"]')).not.toBeNull();
    expect(requests.map((request) => request.path)).toContain(
      '/api/v1/reports/commissions?from=2026-11&to=2026-11',
    );
  });

  it('says so when nothing was earned, and refuses a reversed period before asking', async () => {
    signInAs(makeUser({ profile: 'admin' }));
    server.use(
      http.get('/api/v1/reports/commissions', () =>
        HttpResponse.json({ ...REPORT, unit: null, units: [] }),
      ),
    );
    const { unmount } = renderWithProviders(<CommissionSection unit={null} />, {
      route: '/gestao?comissao_de=2026-11&comissao_ate=2026-11',
    });
    expect(await screen.findByText('Nenhuma comissão nem margem no período.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<CommissionSection unit={null} />, {
      route: '/gestao?comissao_de=2026-06&comissao_ate=2026-05',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O mês inicial deve ser anterior ou igual ao final.',
    );
  });
});

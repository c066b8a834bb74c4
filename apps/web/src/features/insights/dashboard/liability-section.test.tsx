import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiabilityReport } from '@portal/domain';
import { recordRequests, server } from '../../../test/msw-server';
import { makeUser, queryOf, renderWithProviders, signInAs } from '../../../test/test-utils';
import { formatMonth, LiabilitySection } from './liability-section';

const FIGURES = {
  opening: 0,
  sold: 1234.56,
  delivered_value: 154.32,
  delivered_cost: 60,
  delivered_margin: 94.32,
  refunded: 100,
  expired: 0,
  cancelled_retained: 10.5,
  closing: 969.74,
};

const REPORT: LiabilityReport = {
  from: '2026-10',
  to: '2026-11',
  unit: null,
  rows: [
    { unit: 'LEMONDE', month: '2026-10', ...FIGURES },
    { unit: 'LEMONDE', month: '2026-11', ...FIGURES, opening: 969.74, sold: 0, closing: 0 },
  ],
  totals: { ...FIGURES, opening: 0, closing: 0 },
};

describe("/gestao 'Passivo de sessões'", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows months × figures in reais, the totals, and drills down to contracts', async () => {
    signInAs(makeUser({ profile: 'admin' }));
    const requests = recordRequests();
    server.use(
      http.get('/api/v1/reports/liability', () => HttpResponse.json(REPORT)),
      http.get('/api/v1/reports/liability/contracts', () =>
        HttpResponse.json([
          {
            contract_id: 5,
            number: '2026-000042',
            client_name: 'Maria José da Silva',
            status: 'cancelado',
            sold: 1234.56,
            delivered_value: 154.32,
            refunded: 100,
            expired: 0,
            closing: 0,
          },
        ]),
      ),
    );
    renderWithProviders(<LiabilitySection unit={null} showUnit />, {
      route: '/gestao?passivo_de=2026-10&passivo_ate=2026-11',
    });
    const section = await screen.findByRole('region', { name: 'Passivo de sessões' });
    const october = await within(section).findByRole('row', { name: /out\/2026/ });
    expect(october).toHaveTextContent('LEMONDE');
    expect(october).toHaveTextContent('R$ 1.234,56');
    expect(october).toHaveTextContent('R$ 94,32');
    expect(october).toHaveTextContent('R$ 969,74');
    const total = within(section).getByRole('row', { name: /Total/ });
    expect(total).toHaveTextContent('R$ 1.234,56');
    const report = requests.find((request) =>
      request.path.startsWith('/api/v1/reports/liability?'),
    );
    expect(queryOf(report?.path ?? '')).toEqual({ from: '2026-10', to: '2026-11' });

    const user = userEvent.setup();
    await user.click(
      within(october).getByRole('button', { name: 'Contratos de out/2026 em LEMONDE' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Contratos de out/2026 · LEMONDE' });
    expect(await within(dialog).findByRole('link', { name: '2026-000042' })).toHaveAttribute(
      'href',
      '/contratos/5',
    );
    expect(within(dialog).getByRole('row', { name: /Maria José/ })).toHaveTextContent('Cancelado');
    const drill = requests.find((request) => request.path.includes('/liability/contracts'));
    expect(queryOf(drill?.path ?? '')).toEqual({ month: '2026-10', unit: 'LEMONDE' });
  });

  it("downloads the server's CSV with the same filters", async () => {
    signInAs(makeUser({ profile: 'manager' }));
    const requests = recordRequests();
    server.use(
      http.get('/api/v1/reports/liability', () => HttpResponse.json(REPORT)),
      http.get(
        '/api/v1/reports/liability.csv',
        () =>
          new HttpResponse('\ufeffMês;Vendido\r\n', { headers: { 'Content-Type': 'text/csv' } }),
      ),
    );
    const names: string[] = [];
    // jsdom has no object URLs: put in place for this test and removed after it.
    Object.assign(URL, {
      createObjectURL: () => 'blob:passivo',
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderWithProviders(<LiabilitySection unit={null} showUnit={false} />, {
      route: '/gestao?passivo_de=2026-10&passivo_ate=2026-11',
    });
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /out\/2026/ });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV: Passivo de sessões' }));
    await waitFor(() =>
      expect(
        requests.some((request) => request.path.startsWith('/api/v1/reports/liability.csv')),
      ).toBe(true),
    );
    const csv = requests.find((request) =>
      request.path.startsWith('/api/v1/reports/liability.csv'),
    );
    expect(queryOf(csv?.path ?? '')).toEqual({ from: '2026-10', to: '2026-11' });
    await waitFor(() => expect(names).toEqual(['passivo-2026-10-a-2026-11.csv']));
  });

  it('refuses a period that ends before it starts, without asking the server', async () => {
    signInAs(makeUser({ profile: 'manager' }));
    const requests = recordRequests();
    renderWithProviders(<LiabilitySection unit={null} showUnit={false} />, {
      route: '/gestao?passivo_de=2026-11&passivo_ate=2026-10',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O mês inicial deve ser anterior ou igual ao final.',
    );
    expect(requests.some((request) => request.path.includes('liability'))).toBe(false);
  });

  it('names months in pt-BR', () => {
    expect(formatMonth('2026-03')).toBe('mar/2026');
  });
});

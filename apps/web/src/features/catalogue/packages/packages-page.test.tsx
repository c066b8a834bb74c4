import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePackage, makeService } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/test-utils';
import PackagesPage from './packages-page';

const SERVICES = [
  'Criolipólise',
  'Drenagem',
  'Peeling',
  'Laser',
  'Massagem',
  'Radiofrequência',
].map((name, index) => makeService({ id: index + 1, name }));

const PACKAGES = [
  makePackage({ id: 2, name: 'Pacote Ouro', procedures: [1, 2, 3, 4, 5, 6], status: 'active' }),
  makePackage({
    id: 1,
    name: 'Pacote Bronze',
    allow_all_procedures: false,
    procedures: [2, 3],
    status: 'inactive',
    annual_value: 1234.5,
    discount_percent: 12.5,
    block_limits: { a: 2, b: 1, c: 0, d: 3 },
  }),
];

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`row ${name} not found`);
  return row;
}

/** The MSW API holds SERVICES and `packages`; returns the log of the requests sent. */
function api(packages = PACKAGES) {
  apiData.services = SERVICES;
  apiData.packages = packages;
  return recordRequests();
}

describe('PackagesPage', () => {
  it('shows counters, the columns, BRL money and at most 4 procedures then +N mais', async () => {
    api();
    renderWithProviders(<PackagesPage />);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'ID',
      'Nome',
      'Valor anual',
      'Desconto (%)',
      'Blocos A/B/C/D',
      'Procedimentos',
      'Status',
      'Ações',
    ]);
    const counter = (label: string) => screen.getByText(label).parentElement?.textContent;
    expect(counter('Total de pacotes')).toBe('Total de pacotes2');
    expect(counter('Ativos')).toBe('Ativos1');
    expect(counter('Inativos')).toBe('Inativos1');

    await waitFor(() => expect(within(rowOf('Pacote Ouro')).getByText('Laser')).toBeVisible());
    const gold = within(rowOf('Pacote Ouro'));
    expect(gold.getByText('+2 mais')).toBeInTheDocument();
    expect(gold.queryByText('Massagem')).toBe(null);

    const bronze = within(rowOf('Pacote Bronze'));
    expect(bronze.queryByText(/mais$/)).toBe(null);
    expect(bronze.getByText('R$ 1.234,50')).toBeInTheDocument();
    expect(bronze.getByText('12,5%')).toBeInTheDocument();
    expect(bronze.getByText('2/1/0/3')).toBeInTheDocument();
    expect(bronze.getByText('Inativo')).toBeInTheDocument();
  });

  it('toggles the status with a status-only update and shows the server row', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderWithProviders(<PackagesPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ativar Pacote Bronze' }));
    await waitFor(() => expect(within(rowOf('Pacote Bronze')).getByText('Ativo')).toBeVisible());
    expect(writesIn(requests)).toEqual([
      { method: 'PATCH', path: '/api/v1/packages/1', body: { status: 'active' } },
    ]);
  });

  it('asks before deleting and tells when it fails', async () => {
    api();
    server.use(http.delete('/api/v1/packages/:id', () => new HttpResponse(null, { status: 404 })));
    const user = userEvent.setup();
    renderWithProviders(<PackagesPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Excluir Pacote Ouro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o pacote "Pacote Ouro"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Não foi possível excluir.')).toBeInTheDocument();
    expect(rowOf('Pacote Ouro')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    api([]);
    renderWithProviders(<PackagesPage />);
    expect(await screen.findByText('Nenhum pacote encontrado')).toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    api();
    server.use(
      http.get('/api/v1/packages/', () => HttpResponse.json({ detail: 'x' }, { status: 403 })),
    );
    renderWithProviders(<PackagesPage />);
    expect(
      await screen.findByText('Não foi possível carregar os pacotes agora.'),
    ).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/test-utils';
import { AdminTable, type AdminColumn } from './admin-table';
import { useListParams } from './list-view';

interface Row {
  id: number;
  name: string;
  value: number;
}

const COLUMNS: AdminColumn<Row>[] = [
  { header: 'Nome', cell: (row) => row.name, sort: { asc: 'nome', desc: '-nome' } },
  { header: 'Valor', cell: (row) => row.value, sort: { desc: '-valor' } },
  { header: 'Código', cell: (row) => `#${row.id}`, hiddenOnPhone: true },
];
const ROWS: Row[] = [
  { id: 1, name: 'Limpeza', value: 120 },
  { id: 2, name: 'Peeling', value: 300 },
];
const LOADED = { isPending: false, isError: false, refetch: () => undefined };

function Table({ rows = ROWS }: { rows?: Row[] }) {
  const params = useListParams();
  const location = useLocation();
  return (
    <>
      <AdminTable
        list={{ query: LOADED, rows, params }}
        rows={{ messages: { loading: 'Carregando...', loadFailed: 'Falhou.', empty: 'Nada aqui' } }}
        columns={COLUMNS}
        minWidth={400}
      />
      <output data-testid="search">{location.search}</output>
    </>
  );
}

describe('AdminTable', () => {
  it('renders the declared headers and a cell per column and row', () => {
    renderWithProviders(<Table />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nome', 'Valor', 'Código']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Limpeza120#1', 'Peeling300#2']);
  });

  it('a sortable header sorts one way, then the other, then back, and keeps it in the URL', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table />, { route: '/admin?q=lim' });
    const name = screen.getByRole('columnheader', { name: 'Nome' });
    expect(name).toHaveAttribute('aria-sort', 'none');

    await user.click(within(name).getByRole('button', { name: 'Nome' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?q=lim&sort=nome');
    expect(name).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(name).getByRole('button', { name: 'Nome' }));
    expect(screen.getByTestId('search')).toHaveTextContent('sort=-nome');
    expect(name).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(name).getByRole('button', { name: 'Nome' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?q=lim$/);
    expect(name).toHaveAttribute('aria-sort', 'none');

    // A column that only sorts one way goes straight back to the list's own order.
    const value = screen.getByRole('columnheader', { name: 'Valor' });
    await user.click(within(value).getByRole('button', { name: 'Valor' }));
    expect(value).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(value).getByRole('button', { name: 'Valor' }));
    expect(value).toHaveAttribute('aria-sort', 'none');
  });

  it('shows the empty state instead of an empty table', () => {
    renderWithProviders(<Table rows={[]} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Nada aqui')).toBeInTheDocument();
  });
});

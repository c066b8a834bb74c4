import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/test-utils';
import { ListToolbar } from './list-toolbar';
import { useServerList, type ListDefinition } from './list-view';

interface Request {
  q?: string;
  kind_eq?: 'a' | 'b';
  tags?: string[];
  order?: 'name' | '-created_at';
  limit: number;
  offset: number;
}

const LIST: ListDefinition<Request> = {
  searchLabel: 'Buscar por nome',
  filters: [
    {
      name: 'tipo',
      label: 'Tipo',
      param: 'kind_eq',
      options: [
        { value: 'a', label: 'Tipo A' },
        { value: 'b', label: 'Tipo B' },
      ],
    },
    {
      name: 'tags',
      label: 'Tags',
      param: 'tags',
      multiple: true,
      options: [
        { value: 'x', label: 'X' },
        { value: 'y', label: 'Y' },
      ],
    },
  ],
  sorts: [{ value: 'nome', label: 'Nome (A–Z)', order: 'name' }],
  defaultOrder: '-created_at',
};

/** The request the list asked for, as the page's query hook receives it. */
function List() {
  const list = useServerList((request: Request) => {
    return { isPending: false, isError: false, refetch: () => undefined, request };
  }, LIST);
  return (
    <>
      <ListToolbar list={list} />
      <output data-testid="request">{JSON.stringify(list.query.request)}</output>
    </>
  );
}

const requestSent = () => JSON.parse(screen.getByTestId('request').textContent ?? '') as Request;

describe('a list definition', () => {
  it("sends the URL's filters and sort as their API parameters, leaving out unknown values", () => {
    renderWithProviders(<List />, { route: '/admin?tipo=b&tags=y,z,x&sort=nome&page=2&q=pele' });
    expect(requestSent()).toEqual({
      kind_eq: 'b',
      tags: ['y', 'x'],
      order: 'name',
      q: 'pele',
      limit: 50,
      offset: 50,
    });
  });

  it("ignores a filter value outside its set and asks for the list's default order", () => {
    renderWithProviders(<List />, { route: '/admin?tipo=zzz&sort=zzz' });
    expect(requestSent()).toEqual({
      tags: [],
      order: '-created_at',
      q: '',
      limit: 50,
      offset: 0,
    });
  });

  it('shows the search, each filter and the sorts it declares, and a choice reaches the request', async () => {
    const user = userEvent.setup();
    renderWithProviders(<List />, { route: '/admin' });
    expect(screen.getByRole('searchbox', { name: 'Buscar por nome' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Tipo A' }));
    expect(requestSent().kind_eq).toBe('a');
    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(await screen.findByRole('option', { name: 'Nome (A–Z)' }));
    expect(requestSent().order).toBe('name');
  });
});

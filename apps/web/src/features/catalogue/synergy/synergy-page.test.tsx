import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeRelation, makeService } from '@portal/domain/fixtures';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { renderWithProviders } from '../../../test/test-utils';
import SynergyPage from './synergy-page';

const SERVICES = [
  makeService({ id: 1, name: 'Criolipólise' }),
  makeService({ id: 2, name: 'Drenagem' }),
  makeService({ id: 3, name: 'Radiofrequência' }),
];
const RELATIONS = [
  makeRelation({ id: 3, service_id_1: 1, service_id_2: 2, category: 'Gordura_localizada' }),
  makeRelation({ id: 4, service_id_1: 3, service_id_2: 2, category: 'gordura_localizada' }),
  makeRelation({
    id: 5,
    service_id_1: 3,
    service_id_2: 1,
    category: 'flacidez',
    boost_percent: 25,
  }),
];

function api(relations = RELATIONS) {
  apiData.services = SERVICES;
  apiData.relations = relations;
}

describe('SynergyPage', () => {
  it('counts relations and distinct categories and names both services', async () => {
    api();
    renderWithProviders(<SynergyPage />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Serviço 1', 'Serviço 2', 'Categoria', 'Boost %', 'Ações']);
    const counter = (label: string) => screen.getByText(label).parentElement?.textContent;
    expect(counter('Total de relações')).toBe('Total de relações3');
    expect(counter('Categorias distintas')).toBe('Categorias distintas2');
    const row = screen.getByRole('cell', { name: '5' }).closest('tr');
    if (!row) throw new Error('row 5 not found');
    await waitFor(() => expect(within(row).getByText('Radiofrequência')).toBeVisible());
    expect(within(row).getByText('Criolipólise')).toBeVisible();
    expect(within(row).getByText('25%')).toBeVisible();
  });

  it('asks "Excluir a relação #{id}?" before deleting', async () => {
    api();
    const user = userEvent.setup();
    renderWithProviders(<SynergyPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Excluir relação #4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir a relação #4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: '4' })).toBe(null));
    expect(apiData.relations.map((relation) => relation.id)).toEqual([3, 5]);
  });

  it('shows the empty state', async () => {
    api([]);
    renderWithProviders(<SynergyPage />);
    expect(await screen.findByText('Nenhuma relação encontrada')).toBeInTheDocument();
  });
});

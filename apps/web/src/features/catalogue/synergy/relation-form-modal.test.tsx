import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeRelation, makeService } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/test-utils';
import { RelationFormModal } from './relation-form-modal';

const SERVICES = [
  makeService({ id: 1, name: 'Criolipólise', block: 'A' }),
  makeService({ id: 2, name: 'Drenagem', block: 'B' }),
];

/** The modal over the MSW API holding SERVICES; `requests` logs what it sends. */
function renderModal(relation: ReturnType<typeof makeRelation> | null = null) {
  apiData.services = SERVICES;
  const requests = recordRequests();
  const onClose = vi.fn();
  renderWithProviders(
    <RelationFormModal opened onClose={onClose} relation={relation} categories={['flacidez']} />,
  );
  return { onClose, requests, user: userEvent.setup() };
}

const select = (name: 'Serviço 1' | 'Serviço 2') => screen.getByRole('combobox', { name });

describe('RelationFormModal', () => {
  it('shows each validation message and sends nothing', async () => {
    const { requests, user } = renderModal();
    await waitFor(() => expect(select('Serviço 1')).toBeEnabled());
    const boost = screen.getByRole('textbox', { name: 'Boost %' });
    await user.clear(boost);
    await user.type(boost, '150');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    for (const message of [
      'Selecione o Serviço 1.',
      'Selecione o Serviço 2.',
      'Informe a categoria.',
      'boost_percent deve estar entre 0 e 100.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(writesIn(requests)).toEqual([]);
  });

  it.each(['12,5', '-5'])(
    'refuses a Boost of "%s" as typed, never as another number',
    async (text) => {
      const { requests, user } = renderModal();
      await waitFor(() => expect(select('Serviço 1')).toBeEnabled());
      const boost = screen.getByRole('textbox', { name: 'Boost %' });
      await user.clear(boost);
      await user.type(boost, text);
      expect(boost).toHaveValue(text);
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(screen.getByText('boost_percent deve estar entre 0 e 100.')).toBeInTheDocument();
      expect(writesIn(requests)).toEqual([]);
      // Fixed, the message goes away at once.
      await user.clear(boost);
      await user.type(boost, '12');
      expect(screen.queryByText('boost_percent deve estar entre 0 e 100.')).toBe(null);
    },
  );

  it('refuses the same service twice', async () => {
    const { requests, user } = renderModal(makeRelation({ service_id_2: 1 }));
    await waitFor(() => expect(select('Serviço 1')).toHaveValue('Criolipólise (Bloco A)'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Os serviços devem ser diferentes.')).toBeInTheDocument();
    expect(writesIn(requests)).toEqual([]);
  });

  it('swaps the two services and saves the edit', async () => {
    const { requests, user, onClose } = renderModal(makeRelation());
    expect(screen.getByRole('dialog', { name: 'Editar Relação #1' })).toBeInTheDocument();
    await waitFor(() => expect(select('Serviço 1')).toHaveValue('Criolipólise (Bloco A)'));
    await user.click(screen.getByRole('button', { name: 'Trocar serviços' }));
    expect(select('Serviço 1')).toHaveValue('Drenagem (Bloco B)');
    expect(select('Serviço 2')).toHaveValue('Criolipólise (Bloco A)');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writesIn(requests)).toEqual([
      {
        method: 'PATCH',
        path: '/api/v1/services-relations/1',
        body: {
          service_id_1: 2,
          service_id_2: 1,
          category: 'gordura_localizada',
          boost_percent: 10,
          rationale: null,
          base_narrative: null,
        },
      },
    ]);
  });

  it("falls back to 'Erro ao criar sinergia.' and shows a server detail", async () => {
    let status = 500;
    server.use(
      http.post('/api/v1/services-relations/', () =>
        status === 500
          ? new HttpResponse('boom', { status })
          : HttpResponse.json(
              { detail: [{ loc: ['body'], msg: 'Serviço inexistente.', type: 'x' }] },
              { status: 422 },
            ),
      ),
    );
    const { user } = renderModal();
    await waitFor(() => expect(select('Serviço 1')).toBeEnabled());
    await user.click(select('Serviço 1'));
    await user.click(screen.getByRole('option', { name: 'Criolipólise (Bloco A)' }));
    await user.click(select('Serviço 2'));
    await user.click(screen.getByRole('option', { name: 'Drenagem (Bloco B)' }));
    await user.type(screen.getByRole('combobox', { name: 'Categoria' }), 'flacidez');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(await dialog.findByText('Erro ao criar sinergia.', {}, { timeout: 8000 })).toBeVisible();
    status = 422;
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText('Serviço inexistente.')).toBeVisible();
  });
});

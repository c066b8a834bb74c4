import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Client } from '@portal/domain';
import { makeClient } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server } from '../../../test/msw-server';
import { makeUser, renderApp, signInAs, stubViewport } from '../../../test/test-utils';

/** The detail page of one client, against the MSW API; the PATCHes it sends. */
function serve(client: Client) {
  apiData.clients = [client];
  server.use(http.get('/api/v1/clients/:id/consents', () => HttpResponse.json([])));
  const requests = recordRequests();
  return () => requests.filter((request) => request.method === 'PATCH').map(({ body }) => body);
}

async function openEdit() {
  stubViewport('desktop');
  signInAs(makeUser());
  await renderApp('/clientes/7');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Editar' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Editar cliente' }) };
}

describe('/clientes/{id} health data', () => {
  it('shows the coded conditions and allergies by their labels, with the note', async () => {
    serve({
      ...makeClient({
        consents: { health_data: true, marketing: false, photos: false },
        allergies: ['ALERGIA_ANEST', 'dipirona'],
      }),
      health_conditions: [{ code: 'GESTACAO', note: '20 semanas' }],
    } as Client);
    stubViewport('desktop');
    signInAs(makeUser());
    await renderApp('/clientes/7');
    const health = await screen.findByRole('region', { name: 'Dados de saúde' });
    expect(within(health).getByText('Gestação (20 semanas)')).toBeVisible();
    expect(
      within(health).getByText('Alergia a anestésico local (lidocaína), dipirona'),
    ).toBeVisible();
  });
});

describe('/clientes/{id} Editar', () => {
  it('edits the record and its health data while the health-data consent is granted', async () => {
    const patches = serve(
      makeClient({
        consents: { health_data: true, marketing: false, photos: false },
        allergies: ['látex'],
      }),
    );
    const { user, dialog } = await openEdit();
    // No consent boxes here: the ledger is recorded on the page itself.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    const allergies = within(dialog).getByRole('combobox', { name: /Alergias ou aversões/ });
    expect(within(dialog).getByText('látex')).toBeVisible();
    await user.type(allergies, 'níquel{Enter}');
    await user.type(within(dialog).getByRole('textbox', { name: /Telefone/ }), '11988887777');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar cliente' }));

    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({
      full_name: 'Maria José da Silva',
      allergies: ['látex', 'níquel'],
    });
    expect(JSON.stringify(patches()[0])).toContain('11988887777');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Editar cliente' })).not.toBeInTheDocument(),
    );
  });

  it('without the health-data consent shows and sends no sensitive field', async () => {
    const patches = serve(makeClient());
    const { user, dialog } = await openEdit();
    expect(
      within(dialog).queryByRole('combobox', { name: /Alergias ou aversões/ }),
    ).not.toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Nome completo/ });
    await user.clear(name);
    await user.type(name, 'Maria José Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar cliente' }));

    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ full_name: 'Maria José Souza' });
    for (const field of [
      'allergies',
      'health_conditions',
      'health_flags',
      'contraindications',
      'consents',
    ]) {
      expect(patches()[0]).not.toHaveProperty(field);
    }
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Client } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  signInAs,
  stubViewport,
} from '../../test/test-utils';

function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    id: 7,
    full_name: 'Maria José da Silva',
    preferred_name: null,
    salutation: null,
    phone: null,
    email: null,
    cpf: null,
    birth_date: null,
    unit: 'PAULISTA',
    consents: { health_data: false, marketing: false, photos: false },
    anonymized_at: null,
    created_at: '2026-11-20T12:00:00.000Z',
    updated_at: '2026-11-20T12:00:00.000Z',
    preferences: [],
    important_dates: [],
    channels: [],
    notes: null,
    allergies: [],
    health_flags: [],
    contraindications: [],
    created_by: null,
    ...overrides,
  };
}

/** The detail page of one client; records every PATCH it receives. */
function serve(client: Client) {
  const patches: unknown[] = [];
  mockFetch((url, init) => {
    if (url.startsWith('/api/v1/auth/me')) return jsonResponse(makeUser());
    if (url === '/api/v1/clients/7' && init.method === 'GET') return jsonResponse(client);
    if (url === '/api/v1/clients/7' && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Partial<Client>;
      patches.push(body);
      return jsonResponse({ ...client, ...body });
    }
    if (url.startsWith('/api/v1/proposals/')) return jsonResponse([]);
    return jsonResponse({ detail: 'Não encontrado.' }, 404);
  });
  return patches;
}

async function openEdit() {
  stubViewport('desktop');
  signInAs(makeUser());
  renderApp('/clientes/7');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Editar' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Editar cliente' }) };
}

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
    const allergies = within(dialog).getByRole('textbox', { name: /Alergias ou aversões/ });
    expect(allergies).toHaveValue('látex');
    await user.type(allergies, '\nníquel');
    await user.type(within(dialog).getByRole('textbox', { name: /Telefone/ }), '11988887777');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar cliente' }));

    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({
      full_name: 'Maria José da Silva',
      allergies: ['látex', 'níquel'],
    });
    expect(JSON.stringify(patches[0])).toContain('11988887777');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Editar cliente' })).not.toBeInTheDocument(),
    );
  });

  it('without the health-data consent shows and sends no sensitive field', async () => {
    const patches = serve(makeClient());
    const { user, dialog } = await openEdit();
    expect(
      within(dialog).queryByRole('textbox', { name: /Alergias ou aversões/ }),
    ).not.toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Nome completo/ });
    await user.clear(name);
    await user.type(name, 'Maria José Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar cliente' }));

    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ full_name: 'Maria José Souza' });
    for (const field of ['allergies', 'health_flags', 'contraindications', 'consents']) {
      expect(patches[0]).not.toHaveProperty(field);
    }
  });
});

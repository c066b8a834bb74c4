import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeClient } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeContract } from '../../../test/contract-fixtures';
import { apiData } from '../../../test/msw-handlers';
import { server } from '../../../test/msw-server';
import { makeUser, queryOf, renderApp, signInAs, stubViewport } from '../../../test/test-utils';

describe("/clientes/{id} 'Plano'", () => {
  it("shows each contract's procedures and links to the contract's page", async () => {
    apiData.clients = [makeClient()];
    const listed: string[] = [];
    const contract = makeContract();
    server.use(
      http.get('/api/v1/clients/:id/consents', () => HttpResponse.json([])),
      http.get('/api/v1/contracts/', ({ request }) => {
        listed.push(request.url);
        return HttpResponse.json([contract], { headers: { 'X-Total-Count': '1' } });
      }),
      http.get('/api/v1/contracts/5', () => HttpResponse.json(contract)),
    );
    stubViewport('desktop');
    signInAs(makeUser());
    await renderApp('/clientes/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Plano' }));
    const plan = await screen.findByRole('region', {
      name: 'Pacote Pele Radiante · 2026-000042',
    });
    expect(queryOf(listed[0] ?? '')).toMatchObject({ client_id: '7' });
    const row = within(plan).getByRole('row', { name: /Peeling Químico/ });
    expect(row).toHaveTextContent('0 de 2');
    expect(row).toHaveTextContent('R$ 308,64');
    expect(within(plan).getByRole('link', { name: 'Abrir contrato 2026-000042' })).toHaveAttribute(
      'href',
      '/contratos/5',
    );
    expect(within(plan).getByRole('button', { name: 'Registrar sessão' })).toBeInTheDocument();
  });

  it('says when the client has no contract', async () => {
    apiData.clients = [makeClient()];
    server.use(
      http.get('/api/v1/clients/:id/consents', () => HttpResponse.json([])),
      http.get('/api/v1/contracts/', () =>
        HttpResponse.json([], { headers: { 'X-Total-Count': '0' } }),
      ),
    );
    stubViewport('desktop');
    signInAs(makeUser());
    await renderApp('/clientes/7?aba=plano');
    expect(await screen.findByText('Nenhum contrato.')).toBeInTheDocument();
  });
});

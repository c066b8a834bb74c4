import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_TEXTS } from '@portal/domain';
import { makeClient } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import ClientNewPage from './client-new-page';
import { recordRequests, server } from '../../../test/msw-server';
import { makeUser, renderWithProviders, signInAs } from '../../../test/test-utils';
import { ClientForm } from '../../../components/client-form';

function renderForm() {
  const onSubmit = vi.fn();
  renderWithProviders(
    <ClientForm defaultUnit="PAULISTA" submitting={false} error={null} onSubmit={onSubmit} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('ClientForm', () => {
  it('refuses a CPF whose check digits are wrong, with the API message, and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Maria José');
    await user.type(screen.getByRole('textbox', { name: 'CPF' }), '529.982.247-24');
    await user.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(await screen.findByText('CPF inválido.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByRole('textbox', { name: 'CPF' }));
    await user.type(screen.getByRole('textbox', { name: 'CPF' }), '529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(screen.queryByText('CPF inválido.')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('asks for the full name', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(await screen.findByText('Nome completo é obrigatório.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the health fields only once the health-data consent text is agreed to', async () => {
    const { user } = renderForm();
    expect(screen.queryByRole('textbox', { name: /Alergias/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(new RegExp((CONSENT_TEXTS.health_data.v1 ?? '').slice(0, 40))),
    ).toBeVisible();

    const consent = screen.getByRole('checkbox', { name: /^Dados de saúde/ });
    await user.click(consent);
    expect(screen.getByRole('combobox', { name: /Alergias ou aversões/ })).toBeVisible();
    expect(screen.getByRole('combobox', { name: /Condições de saúde/ })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Contraindicações/ })).toBeVisible();

    await user.click(consent);
    expect(screen.queryByRole('textbox', { name: /Alergias/ })).not.toBeInTheDocument();
  });

  it('does not send health data typed before the consent was withdrawn on screen', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Maria José');
    const consent = screen.getByRole('checkbox', { name: /^Dados de saúde/ });
    await user.click(consent);
    await user.type(screen.getByRole('combobox', { name: /Alergias ou aversões/ }), 'látex{Enter}');
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(onSubmit).toHaveBeenCalledWith({
      body: expect.objectContaining({
        allergies: [],
        health_conditions: [],
        health_flags: [],
        contraindications: [],
      }),
      consents: [],
    });
  });
});

describe('ClientForm: clinical record (issue 26)', () => {
  it("finds 'Gestação' when 'grávida' is typed and sends its code with the note", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Maria José');
    await user.click(screen.getByRole('checkbox', { name: /^Dados de saúde/ }));
    await user.type(screen.getByRole('combobox', { name: /Condições de saúde/ }), 'grávida');
    await user.click(await screen.findByRole('option', { name: 'Gestação' }));
    await user.type(screen.getByRole('textbox', { name: 'Observação: Gestação' }), '20 semanas');
    // The brand name a client says finds the condition too.
    await user.type(screen.getByRole('combobox', { name: /Condições de saúde/ }), 'roacutan');
    await user.click(await screen.findByRole('option', { name: /isotretino/i }));
    await user.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0].body.health_conditions).toEqual([
      { code: 'GESTACAO', note: '20 semanas' },
      { code: 'ISOTRETINOINA', note: null },
    ]);
  });

  it('keeps an allergen chosen from the list as its code and a typed one as text', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Maria José');
    await user.click(screen.getByRole('checkbox', { name: /^Dados de saúde/ }));
    const allergies = screen.getByRole('combobox', { name: /Alergias ou aversões/ });
    await user.type(allergies, 'xilocaína');
    await user.click(await screen.findByRole('option', { name: /lidocaína/ }));
    // The pill reads the allergen's label, not its code.
    expect(screen.queryByText('ALERGIA_ANEST')).not.toBeInTheDocument();
    await user.type(allergies, 'dipirona{Enter}');
    await user.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(onSubmit.mock.calls[0]?.[0].body.allergies).toEqual(['ALERGIA_ANEST', 'dipirona']);
  });

  it('asks the condition note to stay within 200 characters', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Maria José');
    await user.click(screen.getByRole('checkbox', { name: /^Dados de saúde/ }));
    await user.type(screen.getByRole('combobox', { name: /Condições de saúde/ }), 'marca-passo');
    await user.click(await screen.findByRole('option', { name: /Marca-passo/ }));
    expect(screen.getByRole('textbox', { name: /Observação: Marca-passo/ })).toHaveAttribute(
      'maxlength',
      '200',
    );
    await user.click(
      screen.getByRole('button', { name: 'Remover Marca-passo ou implante eletrônico' }),
    );
    await user.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(onSubmit.mock.calls[0]?.[0].body.health_conditions).toEqual([]);
  });
});

describe('Novo cliente', () => {
  it('creates the client with its consent and allergy in one request', async () => {
    signInAs(makeUser());
    const requests = recordRequests();
    server.use(
      http.post('/api/v1/clients/', () =>
        HttpResponse.json(
          makeClient({
            consents: { health_data: true, marketing: false, photos: false },
            allergies: ['látex'],
          }),
          { status: 201 },
        ),
      ),
    );
    renderWithProviders(<ClientNewPage />, { route: '/clientes/novo' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Maria José da Silva');
    await user.click(screen.getByRole('checkbox', { name: /^Dados de saúde/ }));
    await user.type(screen.getByRole('combobox', { name: /Alergias ou aversões/ }), 'látex{Enter}');
    await user.click(screen.getByRole('button', { name: 'Salvar cliente' }));

    await waitFor(() => expect(requests.at(-1)?.body).toBeDefined());
    const writes = requests.filter((request) => request.method !== 'GET');
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/clients/',
      body: {
        full_name: 'Maria José da Silva',
        allergies: ['látex'],
        consents: [
          { purpose: 'health_data', channel: 'presencial', text_version: 'v1', granted: true },
        ],
      },
    });
  });

  it('shows the server refusal (duplicate CPF) in pt-BR', async () => {
    signInAs(makeUser());
    server.use(
      http.post('/api/v1/clients/', () =>
        HttpResponse.json({ detail: 'Já existe um cliente com esse CPF.' }, { status: 409 }),
      ),
    );
    renderWithProviders(<ClientNewPage />, { route: '/clientes/novo' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Maria José');
    await user.type(screen.getByRole('textbox', { name: 'CPF' }), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Já existe um cliente com esse CPF.',
    );
  });
});

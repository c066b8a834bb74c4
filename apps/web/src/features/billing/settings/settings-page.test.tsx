import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UnitBillingSettings } from '@portal/domain';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { makeUser, renderWithProviders, signInAs } from '../../../test/test-utils';
import SettingsPage from './settings-page';

const SAVED: UnitBillingSettings = {
  unit: 'ELDORADO',
  pix_key: '123e4567-e12b-12d1-a456-426655440000',
  pix_merchant_name: 'Clinica Eldorado',
  pix_merchant_city: 'Sao Paulo',
  provider: 'pix_manual',
  api_base_url: null,
  api_token_url: null,
  api_client_id: null,
  api_client_secret_set: false,
  webhook_secret_set: true,
  account_branch: null,
  account_number: null,
  account_type: null,
  api_certificate_set: false,
};

function answer() {
  let fee = 10;
  let pix = SAVED;
  server.use(
    http.get('/api/v1/care-settings/', () => HttpResponse.json({ cancellation_fee_percent: fee })),
    http.patch('/api/v1/care-settings/', async ({ request }) => {
      fee = ((await request.json()) as { cancellation_fee_percent: number })
        .cancellation_fee_percent;
      return HttpResponse.json({ cancellation_fee_percent: fee });
    }),
    http.get('/api/v1/units/:code/billing', () => HttpResponse.json(pix)),
    http.patch('/api/v1/units/:code/billing', async ({ request }) => {
      const body = (await request.json()) as Partial<UnitBillingSettings> & {
        api_certificate?: string;
        api_private_key?: string;
        api_client_secret?: string;
      };
      // As the API does: secrets and the certificate are kept, only whether they are set answered.
      const { api_certificate, api_private_key, api_client_secret, ...shown } = body;
      pix = {
        ...pix,
        ...shown,
        ...(api_client_secret ? { api_client_secret_set: true } : {}),
        ...(api_certificate && api_private_key ? { api_certificate_set: true } : {}),
      };
      return HttpResponse.json(pix);
    }),
  );
}

describe('Configurações (/admin/configuracoes)', () => {
  it('shows the fee as a percent and saves a new one typed the Brazilian way', async () => {
    signInAs(makeUser({ profile: 'admin' }));
    answer();
    const requests = recordRequests();
    renderWithProviders(<SettingsPage />, { route: '/admin/configuracoes?unidade=ELDORADO' });
    expect(await screen.findByText('Multa de cancelamento: 10 %')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Alterar multa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Multa de cancelamento' });
    const field = within(dialog).getByLabelText(/Multa de cancelamento \(%\)/);
    await user.clear(field);
    await user.type(field, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Informe um percentual de 0 a 100.'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Multa de cancelamento: 12,50 %')).toBeInTheDocument();
    expect(writesIn(requests)).toEqual([
      {
        method: 'PATCH',
        path: '/api/v1/care-settings/',
        body: { cancellation_fee_percent: 12.5 },
      },
    ]);
  });

  it("shows a unit's Pix without its secrets and replaces only what was typed", async () => {
    signInAs(makeUser({ profile: 'admin' }));
    answer();
    const requests = recordRequests();
    renderWithProviders(<SettingsPage />, { route: '/admin/configuracoes?unidade=ELDORADO' });
    expect(await screen.findByText(SAVED.pix_key ?? '')).toBeInTheDocument();
    // The client secret and the mTLS certificate are not set; the webhook secret is.
    expect(screen.getAllByText('não configurado')).toHaveLength(2);
    expect(screen.getByText('configurado')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Editar Pix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pix da unidade ELDORADO' });
    const key = within(dialog).getByLabelText(/Chave Pix/);
    await user.clear(key);
    await user.type(key, '123.456.789-00');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('CPF da chave Pix inválido.')).toBeInTheDocument();
    await user.clear(key);
    await user.type(key, '+55 (11) 91234-5678');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]).toEqual({
      method: 'PATCH',
      path: '/api/v1/units/ELDORADO/billing',
      body: {
        pix_key: '+5511912345678',
        pix_merchant_name: 'Clinica Eldorado',
        pix_merchant_city: 'Sao Paulo',
        provider: 'pix_manual',
        api_base_url: null,
        api_token_url: null,
        api_client_id: null,
        account_branch: null,
        account_number: null,
        account_type: null,
      },
    });
    expect(await screen.findByText('+5511912345678')).toBeInTheDocument();
  });

  it('asks for the API Pix access when the provider is the API Pix', async () => {
    signInAs(makeUser({ profile: 'admin' }));
    answer();
    renderWithProviders(<SettingsPage />, { route: '/admin/configuracoes?unidade=ELDORADO' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar Pix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pix da unidade ELDORADO' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Provedor/ }));
    await user.click(await screen.findByRole('option', { name: 'API Pix do Banco Central' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Informe a URL base da API Pix (https://…).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Informe o client secret OAuth2.')).toBeInTheDocument();
  });

  it("takes the unit's mTLS certificate and key, then shows only that they are set", async () => {
    signInAs(makeUser({ profile: 'admin' }));
    answer();
    const requests = recordRequests();
    renderWithProviders(<SettingsPage />, { route: '/admin/configuracoes?unidade=ELDORADO' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar Pix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pix da unidade ELDORADO' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Provedor/ }));
    await user.click(await screen.findByRole('option', { name: 'API Pix do Banco Central' }));
    await user.type(within(dialog).getByLabelText(/URL base da API Pix/), 'https://pix.banco.test');
    await user.type(
      within(dialog).getByLabelText(/URL de token OAuth2/),
      'https://pix.banco.test/oauth/token',
    );
    await user.type(within(dialog).getByLabelText(/Client id OAuth2/), 'clinica');
    await user.type(within(dialog).getByLabelText(/Client secret OAuth2/), 'segredo');
    const certificate = '-----BEGIN CERTIFICATE-----MIIB-----END CERTIFICATE-----';
    const privateKey = '-----BEGIN PRIVATE KEY-----MIIE-----END PRIVATE KEY-----';
    await user.type(within(dialog).getByLabelText(/Certificado mTLS \(PEM\)/), certificate);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Cole também a chave privada (PEM).'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Chave privada do certificado/), privateKey);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]?.body).toMatchObject({
      provider: 'api_pix',
      api_certificate: certificate,
      api_private_key: privateKey,
    });
    await waitFor(() => expect(screen.getAllByText('configurado')).toHaveLength(3));
    expect(screen.queryByText(/BEGIN PRIVATE KEY/)).not.toBeInTheDocument();
  });
  it("takes the unit's account for Pix Automático, refusing a branch of five digits", async () => {
    signInAs(makeUser({ profile: 'admin' }));
    answer();
    const requests = recordRequests();
    renderWithProviders(<SettingsPage />, { route: '/admin/configuracoes?unidade=ELDORADO' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar Pix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pix da unidade ELDORADO' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Provedor/ }));
    await user.click(await screen.findByRole('option', { name: 'API Pix do Banco Central' }));
    const paste = async (label: RegExp, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await paste(/URL base da API Pix/, 'https://pix.banco.test');
    await paste(/URL de token OAuth2/, 'https://pix.banco.test/oauth/token');
    await paste(/Client id OAuth2/, 'clinica');
    await paste(/Client secret OAuth2/, 'segredo');
    await paste(/^Agência/, '00012');
    await paste(/^Conta\b/, '1234567');
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo de conta/ }));
    await user.click(await screen.findByRole('option', { name: 'Conta corrente' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('A agência deve ter até 4 dígitos.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Agência/));
    await paste(/^Agência/, '0001');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]?.body).toMatchObject({
      provider: 'api_pix',
      account_branch: '0001',
      account_number: '1234567',
      account_type: 'CORRENTE',
    });
  });
});

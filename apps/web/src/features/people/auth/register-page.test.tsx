import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../test/msw-server';
import { makeUser, renderApp } from '../../../test/test-utils';

const passwordInput = () => screen.getByLabelText(/^Senha/, { selector: 'input' });
const confirmInput = () => screen.getByLabelText(/^Confirmar senha/, { selector: 'input' });

describe('/register', () => {
  it("shows 'Senhas conferem ✔' while the passwords match", async () => {
    await renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nome/), 'Ana');
    await user.type(passwordInput(), 'segredo123');
    expect(screen.queryByText('Senhas conferem ✔')).not.toBeInTheDocument();
    await user.type(confirmInput(), 'segredo123');
    expect(screen.getByText('Senhas conferem ✔')).toBeInTheDocument();
    await user.type(confirmInput(), 'x');
    expect(screen.queryByText('Senhas conferem ✔')).not.toBeInTheDocument();
  });

  it("blocks submit with 'As senhas não conferem.' when they differ", async () => {
    const requests = recordRequests();
    await renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nome/), 'Ana');
    await user.type(screen.getByLabelText(/^Email/), 'ana@clinica.com.br');
    await user.type(passwordInput(), 'segredo123');
    await user.type(confirmInput(), 'segredo124');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('As senhas não conferem.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("shows 'Email já cadastrado.' on 409 without detail and defaults the profile", async () => {
    const requests = recordRequests();
    server.use(http.post('/api/v1/auth/register', () => HttpResponse.json({}, { status: 409 })));
    await renderApp('/register');
    const user = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: 'Perfil' })).toHaveValue('Profissional');
    await user.type(screen.getByLabelText(/^Nome/), 'Ana');
    await user.type(screen.getByLabelText(/^Email/), 'ana@clinica.com.br');
    await user.type(passwordInput(), 'segredo123');
    await user.type(confirmInput(), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Email já cadastrado.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({
      name: 'Ana',
      email: 'ana@clinica.com.br',
      profile: 'professional',
    });
  });

  it('goes to /admin/login after registering', async () => {
    server.use(
      http.post('/api/v1/auth/register', () =>
        HttpResponse.json(makeUser({ status: 'pending' }), { status: 201 }),
      ),
    );
    const { router } = await renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nome/), 'Ana');
    await user.type(screen.getByLabelText(/^Email/), 'ana@clinica.com.br');
    await user.type(passwordInput(), 'segredo123');
    await user.type(confirmInput(), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(
      await screen.findByRole('heading', { name: 'Login administrativo' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(
      screen.getByText('Seu cadastro está aguardando aprovação de um administrador.'),
    ).toBeInTheDocument();
  });
});

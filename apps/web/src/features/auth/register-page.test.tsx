import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp } from '../../test/test-utils';

const passwordInput = () => screen.getByLabelText(/^Senha/, { selector: 'input' });
const confirmInput = () => screen.getByLabelText(/^Confirmar senha/, { selector: 'input' });

describe('/register', () => {
  it("shows 'Senhas conferem ✔' while the passwords match", async () => {
    renderApp('/register');
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
    const fetchMock = mockFetch(() => jsonResponse({}, 500));
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nome/), 'Ana');
    await user.type(screen.getByLabelText(/^Email/), 'ana@clinica.com.br');
    await user.type(passwordInput(), 'segredo123');
    await user.type(confirmInput(), 'segredo124');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('As senhas não conferem.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1/auth/register', expect.anything());
  });

  it("shows 'Email já cadastrado.' on 409 without detail and defaults the profile", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}, 409));
    renderApp('/register');
    const user = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: 'Perfil' })).toHaveValue('Profissional');
    await user.type(screen.getByLabelText(/^Nome/), 'Ana');
    await user.type(screen.getByLabelText(/^Email/), 'ana@clinica.com.br');
    await user.type(passwordInput(), 'segredo123');
    await user.type(confirmInput(), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Email já cadastrado.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'Ana',
      email: 'ana@clinica.com.br',
      profile: 'professional',
    });
  });

  it('goes to /admin/login after registering', async () => {
    mockFetch(() => jsonResponse(makeUser({ status: 'pending' }), 201));
    const { router } = renderApp('/register');
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

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/api-client';
import { server } from '../../../test/msw-server';
import {
  acceptLoginAs,
  clickTwiceBeforeRender,
  makeUser,
  renderApp,
} from '../../../test/test-utils';

/** POST /auth/login answers `body` with `status`. */
function answerLogin(body: JsonBodyType, status = 200) {
  server.use(http.post('/api/v1/auth/login', () => HttpResponse.json(body, { status })));
}

async function fillAndSubmit(email = 'ana@clinica.com.br', password = 'senha-secreta') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Senha/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('/login', () => {
  it('shows the welcome title and the register and forgot-password links', async () => {
    await renderApp('/login');
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo(a) de volta' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/register');
  });

  it("shows 'Credenciais inválidas.' on 401", async () => {
    answerLogin({ detail: 'Credenciais inválidas.' }, 401);
    await renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByText('Credenciais inválidas.')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('shows the server detail for a pending account (403)', async () => {
    answerLogin({ detail: 'Seu cadastro está aguardando aprovação de um administrador.' }, 403);
    await renderApp('/login');
    await fillAndSubmit();
    expect(
      await screen.findByText('Seu cadastro está aguardando aprovação de um administrador.'),
    ).toBeInTheDocument();
  });

  it("reads 'Entrando...' and is disabled while the request runs", async () => {
    // A request that never answers keeps the form busy.
    server.use(http.post('/api/v1/auth/login', () => delay('infinite')));
    await renderApp('/login');
    await fillAndSubmit();
    const button = await screen.findByRole('button', { name: 'Entrando...' });
    expect(button).toBeDisabled();
  });

  it('sends one sign-in for a double click, however fast', async () => {
    server.use(http.post('/api/v1/auth/login', () => delay('infinite')));
    await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ana@clinica.com.br');
    await user.type(screen.getByLabelText(/Senha/, { selector: 'input' }), 'senha-secreta');
    const sent = vi.spyOn(globalThis, 'fetch');
    // Both clicks land before React draws the busy button; each would send at once.
    clickTwiceBeforeRender(screen.getByRole('button', { name: 'Entrar' }));
    expect(sent.mock.calls.filter(([url]) => String(url).includes('/auth/login'))).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Entrando...' })).toBeDisabled();
    sent.mockRestore();
  });

  it('reports a response without a token', async () => {
    answerLogin({ token_type: 'bearer' });
    await renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByText('A API não retornou um token de acesso.')).toBeInTheDocument();
  });

  it('stores the session and goes to /home, replacing history', async () => {
    const ana = makeUser();
    acceptLoginAs(ana, 'tok');
    const { router } = await renderApp('/login');
    await fillAndSubmit();
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo(a), Ana Souza' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getToken()).toBe('tok');
  });
});

describe('/admin/login', () => {
  it('has Email, Senha, the forgot link and a Claro/Escuro indicator that toggles', async () => {
    await renderApp('/admin/login');
    expect(await screen.findByLabelText(/Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Senha/, { selector: 'input' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toBeInTheDocument();
    const indicator = screen.getByRole('button', { name: /Claro|Escuro/ });
    const before = indicator.textContent;
    await userEvent.setup().click(indicator);
    expect(screen.getByRole('button', { name: /Claro|Escuro/ }).textContent).not.toBe(before);
  });

  it('goes to /admin/users after an admin signs in', async () => {
    const admin = makeUser({ id: 9, name: 'Beatriz Admin', profile: 'admin' });
    acceptLoginAs(admin);
    const { router } = await renderApp('/admin/login');
    await fillAndSubmit('admin@clinica.com.br');
    expect(await screen.findByRole('heading', { name: 'Gestão de Usuários' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
  });
});

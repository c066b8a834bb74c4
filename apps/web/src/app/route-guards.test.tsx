import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/msw-server';
import { acceptLoginAs, makeUser, renderApp, signInAs } from '../test/test-utils';

describe('route guards', () => {
  it('sends a visitor without a token from /admin/users to /admin/login', async () => {
    const { router } = await renderApp('/admin/users');
    expect(
      await screen.findByRole('heading', { name: 'Login administrativo' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/admin/users', search: '', hash: '' },
    });
  });

  it('sends a visitor without a token from /home to /admin/login', async () => {
    const { router } = await renderApp('/home');
    await screen.findByRole('heading', { name: 'Login administrativo' });
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('sends a professional from /admin/users to /home', async () => {
    const ana = makeUser();
    signInAs(ana);
    const { router } = await renderApp('/admin/users');
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo(a), Ana Souza' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends a professional from /gestao to /home; a manager stays', async () => {
    const ana = makeUser();
    signInAs(ana);
    const { router, unmount } = await renderApp('/gestao');
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo(a), Ana Souza' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    // A phone-sized screen (the test DOM matches no media query): the links are in the menu.
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const menu = screen.getByRole('navigation', { name: 'Navegação principal (celular)' });
    expect(within(menu).getByRole('link', { name: 'Pipeline' })).toBeInTheDocument();
    // Issue 28: the front desk's page is in a professional's navigation.
    expect(within(menu).getByRole('link', { name: 'Sessões de hoje' })).toHaveAttribute(
      'href',
      '/sessoes-de-hoje',
    );
    expect(within(menu).queryByRole('link', { name: 'Gestão' })).not.toBeInTheDocument();
    // Issue 29: the receivables are managers'.
    expect(within(menu).queryByRole('link', { name: 'Cobranças' })).not.toBeInTheDocument();
    unmount();

    const gil = makeUser({ id: 3, name: 'Gil Gerente', profile: 'manager' });
    signInAs(gil);
    const manager = await renderApp('/gestao');
    // The first visit transforms the charts' code: a cold run takes longer than the default wait.
    expect(
      await screen.findByRole('heading', { name: 'Gestão', level: 1 }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(manager.router.state.location.pathname).toBe('/gestao');
  });

  it('lets an admin in and shows the sidebar links', async () => {
    const admin = makeUser({ profile: 'admin', name: 'Beatriz' });
    signInAs(admin);
    await renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Gestão de Usuários' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Menu de administração' });
    const labels = Array.from(sidebar.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual([
      'Users',
      'Procedimentos',
      'Pacotes',
      'Sinergias',
      'Notificações',
      'Treinamentos',
      'Prompt - AI',
      'Desempenho',
      'Auditoria',
      'Configurações',
      'Gestão',
    ]);
    expect(sidebar.querySelector('a[aria-current="page"]')).toHaveTextContent('Users');
  });

  it('returns to the remembered page after signing in', async () => {
    const ana = makeUser();
    acceptLoginAs(ana);
    server.use(http.get('/api/v1/trainings/', () => HttpResponse.json([])));
    const { router } = await renderApp('/professional/trainings');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ana@clinica.com.br');
    await user.type(screen.getByLabelText(/Senha/, { selector: 'input' }), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByRole('heading', { name: 'Treinamentos' });
    expect(router.state.location.pathname).toBe('/professional/trainings');
  });

  it('Sair clears the session and goes to /login', async () => {
    const ana = makeUser();
    signInAs(ana);
    const { router } = await renderApp('/home');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sair' }));
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo(a) de volta' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('redirects / to /login and shows a 404 page for unknown paths', async () => {
    const { router } = await renderApp('/');
    await screen.findByRole('heading', { name: 'Bem-vindo(a) de volta' });
    expect(router.state.location.pathname).toBe('/login');
    await router.navigate('/nao-existe');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../lib/api-client';
import { acceptLoginAs, makeUser } from '../test/test-utils';
import { createSignedInApp, SignedInAppRoot } from './app';
import { AppProviders } from './providers';
import { landingScreen, SignedOutApp } from './signed-out-app';

/**
 * Lands on `url` of the browser's history as main.tsx does: the signed-out shell for a signed-out
 * screen, handing over to the signed-in app (browser history) when it leaves them.
 */
async function land(url: string, state: unknown = null) {
  window.history.replaceState(state, '', url);
  const screenOfLanding = landingScreen();
  await screenOfLanding?.load();
  const wrap = (app: ReactNode) => <AppProviders env="test">{app}</AppProviders>;
  const view = render(wrap(null));
  let left = 0;
  const onLeave = async () => {
    left += 1;
    const { router, queryClient, firstRouteReady } = createSignedInApp();
    await firstRouteReady;
    view.rerender(wrap(<SignedInAppRoot router={router} queryClient={queryClient} />));
  };
  view.rerender(wrap(<SignedOutApp onLeave={onLeave} />));
  return { leftTimes: () => left };
}

async function signIn(email = 'ana@clinica.com.br') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Senha/, { selector: 'input' }), 'senha-secreta');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('the signed-out shell', () => {
  it('draws /, as /login, and follows its links and Back between the signed-out screens', async () => {
    const { leftTimes } = await land('/');
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo(a) de volta' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Cadastre-se' }));
    expect(await screen.findByRole('button', { name: 'Cadastrar' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/register');

    act(() => window.history.back());
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo(a) de volta' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(leftTimes()).toBe(0);
  });

  it('hands over to the signed-in app after signing in, at /home', async () => {
    acceptLoginAs(makeUser(), 'tok');
    const { leftTimes } = await land('/login');
    await signIn();
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo(a), Ana Souza' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
    expect(getToken()).toBe('tok');
    expect(leftTimes()).toBe(1);
  });

  it('returns where a guard sent the user from, as the signed-in app remembered it', async () => {
    acceptLoginAs(makeUser(), 'tok');
    // A guard's redirect, then a reload of /admin/login: the history entry keeps the origin.
    const guardRedirect = {
      usr: { from: { pathname: '/propostas', search: '?status=sent', hash: '' } },
      key: 'guard',
      idx: 0,
    };
    await land('/admin/login', guardRedirect);
    const before = window.history.length;
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Propostas' })).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/propostas?status=sent');
    // Replaced, not pushed: Back does not return to the login form.
    expect(window.history.length).toBe(before);
  });
});

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import type { User } from '@portal/domain';
import type { ReactElement } from 'react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, UNSAFE_createMemoryHistory } from 'react-router';
import { expect, vi } from 'vitest';
import { SignedInAppRoot } from '../app/app';
import { createAppHistoryRouter } from '../app/app-router-provider';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/router';
import { saveSession } from '../lib/api-client';
import { fixedMediaQuery } from './media-query';
import { apiData } from './msw-handlers';
import { server } from './msw-server';

/**
 * Test helpers: providers in Mantine's test mode and the real route table. Requests go to the MSW
 * API (msw-handlers.ts, msw-server.ts): tests change its data or answers, never fetch itself.
 */

export { makeUser } from '@portal/domain/fixtures';

/** Stores the session in the browser and makes the MSW API's /auth/me answer with `user`. */
export function signInAs(user: User, token = 'test-token'): void {
  saveSession(token, user);
  apiData.session = user;
}

/** POST /auth/login accepts any password for `user`, as the API answers (SPEC 7). */
export function acceptLoginAs(user: User, token = 'test-token'): void {
  server.use(
    http.post('/api/v1/auth/login', () => {
      apiData.session = user;
      return HttpResponse.json({ access_token: token, token_type: 'bearer', user });
    }),
  );
}

/** Renders `ui` in the app's providers at `route`; the query client is returned to wait on. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/' } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

/**
 * Resolves once the query under `queryKey` has settled (retries included) and React has drawn
 * the result: React Query hands its updates to React on a zero-delay timer.
 */
export async function settled(queryClient: QueryClient, queryKey: readonly unknown[]) {
  await waitFor(() => {
    const state = queryClient.getQueryState(queryKey);
    expect(state?.fetchStatus).toBe('idle');
    expect(state?.status).not.toBe('pending');
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Renders the whole app (guards, layouts, lazy pages) at `path`, once the lazy routes' code has
 * loaded (no PageLoader left): on a cold, loaded machine that takes longer than a query's wait.
 */
export async function renderApp(path: string) {
  const router = createAppHistoryRouter(
    appRoutes,
    UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }),
  );
  const result = render(
    <AppProviders env="test">
      <SignedInAppRoot router={router} queryClient={createQueryClient()} />
    </AppProviders>,
  );
  await waitFor(() => expect(screen.queryByText('Carregando...')).not.toBeInTheDocument(), {
    timeout: 15_000,
  });
  return { ...result, router };
}

/**
 * Mantine's useMediaQuery reads matchMedia, which jsdom lacks (the setup's stub matches nothing,
 * i.e. a phone): the desktop layouts need min-width: 48em. Restored after each test.
 */
export function stubViewport(kind: 'desktop' | 'phone'): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQuery(
      query,
      kind === 'desktop' ? query.includes('min-width') : query.includes('max-width'),
    ),
  );
}

/** An answer the test sends when it chooses: a handler awaits `promise`, the test `resolve`s. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The query string of a recorded request's path, as an object. */
export function queryOf(path: string): Record<string, string> {
  return Object.fromEntries(new URL(path, 'http://localhost').searchParams);
}

/**
 * A double click whose second click lands before React re-renders, as a fast double tap on a slow
 * phone can: both clicks inside one act(), so no update (a pending flag, a disabled or replaced
 * button) is applied between them. fireEvent.click twice does not do this: each call flushes.
 */
export function clickTwiceBeforeRender(element: HTMLElement): void {
  act(() => {
    element.click();
    element.click();
  });
}

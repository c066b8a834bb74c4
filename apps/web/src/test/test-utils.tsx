import { render, type RenderResult } from '@testing-library/react';
import type { User } from '@portal/domain';
import type { ReactElement } from 'react';
import { MemoryRouter, UNSAFE_createMemoryHistory } from 'react-router';
import { vi, type Mock } from 'vitest';
import { AppRouterProvider, createAppHistoryRouter } from '../app/app-router-provider';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/router';
import { saveSession } from '../lib/api-client';

/** Test helpers: providers in Mantine's test mode, the real route table, a scripted fetch. */

export { makeUser } from '@portal/domain/fixtures';

export function signInAs(user: User, token = 'test-token'): void {
  saveSession(token, user);
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type FetchHandler = (
  url: string,
  init: RequestInit & { method: string },
) => Response | Promise<Response>;

/** Replaces global fetch; unrouted calls answer 404 so a test never reaches the network. */
export function mockFetch(handler: FetchHandler): Mock {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return handler(url, { ...init, method: init.method ?? 'GET' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderWithProviders(ui: ReactElement, { route = '/' } = {}): RenderResult {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** Renders the whole app (guards, layouts, lazy pages) at `path`. */
export function renderApp(path: string) {
  const router = createAppHistoryRouter(
    appRoutes,
    UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }),
  );
  const result = render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/**
 * Mantine's useMediaQuery reads matchMedia, which jsdom lacks (the setup's stub matches nothing,
 * i.e. a phone): the desktop layouts need min-width: 48em. Restored after each test.
 */
export function stubViewport(kind: 'desktop' | 'phone'): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: kind === 'desktop' ? query.includes('min-width') : query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

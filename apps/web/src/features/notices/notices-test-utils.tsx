import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Notice } from '@portal/domain';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../../app/providers';

/** Renders inside the app's providers (Mantine in test mode: no transitions, no portals). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
}

export function makeNotice(overrides: Partial<Notice> = {}): Notice {
  return {
    id: 1,
    title: 'Semana da Criolipólise',
    text: '20% off no pacote',
    category: 'urgent',
    active: true,
    imageUrl: null,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

export type FetchHandler = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Replaces fetch with `handler` and records every call the page makes. */
export function mockFetch(handler: FetchHandler): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: RecordedCall = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

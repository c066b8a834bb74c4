import type { UnhandledRequestCallback } from 'msw';
import { setupServer } from 'msw/node';
import { handlers } from './msw-handlers';

/** The one fake API of the web's tests (see msw-handlers.ts); started in vitest.setup.ts. */
export const server = setupServer(...handlers);

const unexpectedRequests: string[] = [];

/**
 * MSW's 'error' strategy only rejects the app's fetch, which the app may show as a message and
 * the test may never notice; the request is also kept so that vitest.setup.ts fails the test.
 */
export const onUnhandledRequest: UnhandledRequestCallback = (request, print) => {
  const url = new URL(request.url);
  unexpectedRequests.push(`${request.method} ${url.pathname}${url.search}`);
  print.error();
};

/** The requests no handler answered since the last call. */
export function takeUnexpectedRequests(): string[] {
  return unexpectedRequests.splice(0);
}

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. '/api/v1/users/2'. */
  path: string;
  body: unknown;
}

/** Every request the app sends from now on, with its JSON body, in order. */
export function recordRequests(): RecordedRequest[] {
  const recorded: RecordedRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: RecordedRequest = {
      method: request.method,
      path: url.pathname + url.search,
      body: undefined,
    };
    recorded.push(entry);
    void request
      .clone()
      .text()
      .then((text) => {
        entry.body = text ? (JSON.parse(text) as unknown) : undefined;
      });
  });
  return recorded;
}

/** Reads sent as a POST (a body too rich for a query): not writes. */
const READS_BY_POST = new Set(['/api/v1/commission-rules/estimate']);

/** The creates, updates and deletes in a log of recordRequests(). */
export function writesIn(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((request) => request.method !== 'GET' && !READS_BY_POST.has(request.path));
}

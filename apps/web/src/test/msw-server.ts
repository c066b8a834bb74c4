import { setupServer } from 'msw/node';
import { handlers } from './msw-handlers';

/** The one fake API of the web's tests (see msw-handlers.ts); started in vitest.setup.ts. */
export const server = setupServer(...handlers);

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

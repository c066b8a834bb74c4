import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetApiData } from './src/test/msw-handlers';
import { onUnhandledRequest, server, takeUnexpectedRequests } from './src/test/msw-server';
import { fixedMediaQuery } from './src/test/media-query';

// The providers load the notification store and the overlay hosts with import() (providers.tsx).
// A test that ended while that import was still being transformed left it running after the
// test environment was torn down (an unhandled error that fails the run on a busy machine).
// Loaded here first, the providers' imports resolve from the module cache.
await import('./src/app/notifications-queue');
await import('./src/app/overlay-hosts');

// Lazy routes are transformed on first use, which can take a few seconds on a cold run.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine touches; these stubs are the ones Mantine's docs list.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => fixedMediaQuery(query, false),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

Element.prototype.scrollIntoView = function scrollIntoView(): void {};

// jsdom logs "Not implemented" for pseudo-element styles; Mantine never needs them in tests.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// Requests no handler answers fail the test instead of reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest }));
beforeEach(() => resetApiData());
afterAll(() => server.close());

afterEach(() => {
  server.resetHandlers();
  // recordRequests() listens on the server's events; a test's log must not outlive it.
  server.events.removeAllListeners();
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
  const unexpected = takeUnexpectedRequests();
  if (unexpected.length > 0) {
    throw new Error(`No MSW handler for: ${unexpected.join(', ')}`);
  }
});

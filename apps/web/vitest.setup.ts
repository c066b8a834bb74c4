import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetApiData } from './src/test/msw-handlers';
import { server } from './src/test/msw-server';

// Lazy routes are transformed on first use, which can take a few seconds on a cold run.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine touches; these stubs are the ones Mantine's docs list.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
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

// Requests no handler answers fail the test instead of reaching the network. Tests that still
// stub fetch themselves (mockFetch in src/test/test-utils.tsx) never reach MSW.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetApiData());
afterAll(() => server.close());

afterEach(() => {
  server.resetHandlers();
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

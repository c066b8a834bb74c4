import '@mantine/core/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouterProvider } from './app/app-router-provider';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { whenIdle } from './lib/use-after-first-screen';

// The URL this visit landed on, before any redirect: its Web Vitals belong to it.
const landingPath = window.location.pathname;
const queryClient = createQueryClient();
const { router, firstRouteReady } = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado em index.html.');

const STYLESHEET_WAIT_LIMIT_MS = 10_000;

/**
 * Applies the stylesheets index.html only preloads (see appStylesheetPreload in vite.config.ts),
 * each where its link stands, so the pages' own styles still come after it. Settles when they
 * are in use, or failed to load (the app then shows unstyled rather than not at all).
 */
function applyAppStylesheets(): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[data-app-stylesheet]');
  return Promise.all(
    [...links].map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          // A browser that never reports the switch must not keep the app from starting.
          window.setTimeout(resolve, STYLESHEET_WAIT_LIMIT_MS);
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}

/**
 * Field data (issue 17): the visit's Core Web Vitals, by code loaded once the first screen is
 * drawn and the browser idle, so it costs that screen neither bytes nor main-thread time.
 */
function reportWebVitalsWhenIdle(): void {
  whenIdle(() => {
    void import('./lib/web-vitals-reporter').then((reporter) => {
      const page = reporter.routePattern(router.routes, landingPath);
      if (page) reporter.startWebVitalsReporting({ page, device: reporter.deviceClass() });
    });
  });
}

const root = createRoot(container);
// The first URL's code is already on its way (the HTML links it): rendering once it and the app's
// styles are here puts the page itself on screen first, instead of a loader that the page then
// replaces. A transition lets React render that screen in small slices, so a slow phone stays
// responsive meanwhile (the boot splash shows).
const firstRender = Promise.all([firstRouteReady, applyAppStylesheets()]).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <AppRouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  }),
);
void firstRender.then(reportWebVitalsWhenIdle);

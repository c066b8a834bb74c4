import '@mantine/core/styles.css';
// The notification host's few rules (1 KB) come with the app's styles: added later, when the
// host loads after the first screen, a stylesheet restyles the whole page in one task.
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { landingScreen, SignedOutApp } from './app/signed-out-app';
import { whenFirstScreenDrawn } from './lib/use-after-first-screen';

// The URL this visit landed on, before any redirect: its Web Vitals belong to it.
const landingPath = window.location.pathname;

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

/** The landing URL's page for its Web Vitals, worked out only when they are reported. */
type LandingPage = () => string | null;

/**
 * Field data (issue 17): the visit's Core Web Vitals, by code loaded once the first screen is
 * drawn and the browser idle, so it costs that screen neither bytes nor main-thread time.
 */
function reportWebVitalsWhenIdle(landingPage: LandingPage): void {
  whenFirstScreenDrawn(() => {
    // Matching the URL against every route is work the first screen does not wait for.
    const page = landingPage();
    if (!page) return;
    void import('./app/web-vitals-reporter').then((reporter) => {
      reporter.startWebVitalsReporting({ page, device: reporter.deviceClass() });
    });
  });
}

let root: Root | undefined;
// A transition lets React render a screen in small slices, so a slow phone stays responsive
// meanwhile (the boot splash, or the screen before, shows).
const render = (app: ReactNode) =>
  startTransition(() => {
    root ??= createRoot(container);
    root.render(
      <StrictMode>
        <AppProviders>{app}</AppProviders>
      </StrictMode>,
    );
  });

let signedInApp: Promise<LandingPage> | undefined;

/**
 * The signed-in app at the current URL, once its first route's code is here (the HTML of its URLs
 * links that code, see vite.config.ts). Settles with how to work out the landing URL's route
 * pattern, which reportWebVitalsWhenIdle does only once the first screen is drawn.
 */
function startSignedInApp(stylesheets: Promise<void> = Promise.resolve()): Promise<LandingPage> {
  signedInApp ??= import('./app/app').then(async (app) => {
    const { router, queryClient, firstRouteReady } = app.createSignedInApp();
    await Promise.all([firstRouteReady, stylesheets]);
    render(<app.SignedInAppRoot router={router} queryClient={queryClient} />);
    return () => app.routePattern(router.routes, landingPath);
  });
  return signedInApp;
}

// The first URL's code is already on its way (the HTML links it): rendering once it and the app's
// styles are here puts the page itself on screen first, instead of a loader that the page then
// replaces. A visit that lands on a signed-out screen draws it with the lighter signed-out shell
// (docs/decisions/0022-signed-out-shell.md); the signed-in app loads when it leaves them.
function start(): void {
  const screen = landingScreen();
  const firstRender: Promise<LandingPage> = screen
    ? Promise.all([screen.load().catch(() => undefined), applyAppStylesheets()]).then(() => {
        render(<SignedOutApp onLeave={() => startSignedInApp().then(() => undefined)} />);
        return () => landingPath;
      })
    : startSignedInApp(applyAppStylesheets());
  void firstRender.then(reportWebVitalsWhenIdle);
  // On a signed-out screen the next step is most often the signed-in app: its code comes once
  // the screen is drawn and the browser idle, so 'Entrar' does not wait for it
  // (docs/decisions/0025-first-screen-requests.md).
  if (screen) whenFirstScreenDrawn(() => void import('./app/app').catch(() => undefined));
}

// Evaluating the entry's modules (React, Mantine) takes one task; applying the stylesheets,
// which parses them, waits for the next. Together they were one long task on a phone
// (docs/decisions/0027-first-frame-on-the-issue-machine.md).
window.setTimeout(start, 0);

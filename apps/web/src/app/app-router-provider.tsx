import { startTransition, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  Router,
  useRoutes,
  type Location,
  type NavigateOptions,
  type NavigationType,
  type Navigator,
  type RouteObject,
  type To,
  type UNSAFE_createBrowserHistory,
} from 'react-router';

/** A browser history in the app, a memory history in the component tests. */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

export interface AppRouterState {
  location: Location;
  historyAction: NavigationType;
}

/**
 * React Router's declarative router (`<Router>` and `useRoutes`) driven by a history the app
 * holds, with the two things the app took from the data router: `navigate` outside React (the
 * 401 redirect) and `flushSync` navigations. The data router cost 15.5 KB more gzipped JavaScript
 * on every first screen (docs/decisions/0019-declarative-router.md).
 */
export interface AppRouter {
  readonly routes: RouteObject[];
  readonly state: AppRouterState;
  readonly navigator: Navigator;
  navigate(to: To, options?: NavigateOptions): Promise<void>;
  /** `flush` is true for a navigation that must be on screen when `navigate` returns. */
  subscribe(listener: (state: AppRouterState, flush: boolean) => void): () => void;
}

export function createAppHistoryRouter(routes: RouteObject[], history: AppHistory): AppRouter {
  const listeners = new Set<(state: AppRouterState, flush: boolean) => void>();
  let flushing = false;
  const currentState = (): AppRouterState => ({
    location: history.location,
    historyAction: history.action,
  });
  history.listen(() => {
    const state = currentState();
    for (const listener of listeners) listener(state, flushing);
  });
  // The history calls its listener synchronously, so a flushSync around it commits the new
  // location before the navigation returns: sign-out and the expired-session redirect must leave
  // the guarded page before the session is cleared, or its guard would redirect first.
  const change = (apply: () => void, options?: NavigateOptions) => {
    if (!options?.flushSync) return apply();
    flushing = true;
    try {
      flushSync(apply);
    } finally {
      flushing = false;
    }
  };
  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state: unknown, options) => change(() => history.push(to, state), options),
    replace: (to, state: unknown, options) => change(() => history.replace(to, state), options),
  };
  return {
    routes,
    get state() {
      return currentState();
    },
    navigator,
    navigate(to, options) {
      if (options?.replace) navigator.replace(to, options.state, options);
      else navigator.push(to, options?.state, options);
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders the route that matches the router's location. A navigation is a transition, as with
 * the data router: the current screen stays while the next page's code loads.
 */
export function AppRouterProvider({ router }: { router: AppRouter }) {
  const [state, setState] = useState(() => router.state);
  useLayoutEffect(() => {
    return router.subscribe((next, flush) => {
      if (flush) setState(next);
      else startTransition(() => setState(next));
    });
  }, [router]);
  return (
    <Router
      location={state.location}
      navigationType={state.historyAction}
      navigator={router.navigator}
    >
      <AppRoutes routes={router.routes} />
    </Router>
  );
}

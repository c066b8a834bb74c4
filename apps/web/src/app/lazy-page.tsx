import { lazy, useEffect, type ComponentType } from 'react';
import { markPageDrawn } from '../lib/use-after-first-screen';

export type PageModule = Promise<{ default: ComponentType }>;

export interface LazyPage {
  /** Renders the page, suspending while its code loads. */
  Page: ComponentType;
  /** Starts (or joins) the download of the page's code, before React renders it. */
  load: () => PageModule;
}

/**
 * A lazy page whose code can also be requested before React renders it (router.tsx's
 * preloadRoute, signed-out-app.tsx's first screen).
 */
export function lazyPage(importPage: () => PageModule): LazyPage {
  let loaded: ComponentType | undefined;
  const load = (): PageModule =>
    importPage().then((module) => {
      loaded = module.default;
      return module;
    });
  const LazyPage = lazy(load);
  // Code already loaded renders at once. React.lazy would suspend for a tick even then, and a
  // Suspense boundary whose fallback was shown holds the content back ~300 ms more: on the
  // builder that delay was a third of the time to the first useful paint.
  function Page() {
    // Committed: the page shows at the next frame, and what waits for it may start.
    useEffect(markPageDrawn, []);
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  return { Page, load };
}

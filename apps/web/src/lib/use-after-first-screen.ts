import { useEffect, useState } from 'react';

/** Longest wait for an idle moment: a busy page still gets its background work done. */
const IDLE_TIMEOUT_MS = 2000;

/** Runs `callback` once the browser is idle (after the current frame is painted). */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a short delay still lets the first screen paint first.
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Longest wait for a page to be drawn: a visit whose page never renders (a route error, an
 * expired session) still gets its background work.
 */
const PAGE_WAIT_LIMIT_MS = 5000;

let pageDrawn = false;
const waitingForPage = new Set<() => void>();

/**
 * Called once the visit's page has rendered (lazy-page.tsx): what waits for the first screen may
 * start when the browser is next idle. Idle alone came too early: while the page's code and data
 * were still on the way the main thread was idle too, and the background downloads then
 * competed with the page for a phone's few connections (docs/decisions/0025-first-screen-requests.md).
 */
export function markPageDrawn(): void {
  if (pageDrawn) return;
  pageDrawn = true;
  for (const start of waitingForPage) start();
  waitingForPage.clear();
}

/** Runs `callback` when the browser is idle after the visit's page is drawn. */
export function whenFirstScreenDrawn(callback: () => void): () => void {
  let cancel = () => {};
  const start = () => {
    cancel = whenIdle(callback);
  };
  if (pageDrawn) {
    start();
    return () => cancel();
  }
  waitingForPage.add(start);
  const limit = window.setTimeout(markPageDrawn, PAGE_WAIT_LIMIT_MS);
  return () => {
    waitingForPage.delete(start);
    window.clearTimeout(limit);
    cancel();
  };
}

/**
 * False on the first render, true once the page is drawn and the browser idle after it (and
 * `settleMs` more). Work the first screen does not need (the modal host, refreshing the stored
 * user) waits for it, so on a phone it does not share the network and the main thread with what
 * the user is waiting to see.
 */
export function useAfterFirstScreen(settleMs = 0): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let cancelDelay = () => {};
    const cancelIdle = whenFirstScreenDrawn(() => {
      if (settleMs <= 0) return setReady(true);
      const handle = window.setTimeout(() => setReady(true), settleMs);
      cancelDelay = () => window.clearTimeout(handle);
    });
    return () => {
      cancelIdle();
      cancelDelay();
    };
  }, [ready, settleMs]);
  return ready;
}

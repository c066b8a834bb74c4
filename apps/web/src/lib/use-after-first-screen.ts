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
 * False on the first render, true once the browser is idle after it (and `settleMs` more). Work
 * the first screen does not need (the modal host, refreshing the stored user) waits for it, so on
 * a phone it does not share the network and the main thread with what the user is waiting to see.
 */
export function useAfterFirstScreen(settleMs = 0): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let cancelDelay = () => {};
    const cancelIdle = whenIdle(() => {
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

import { useCallback, useRef } from 'react';

/**
 * One request per intent, however fast the clicks: a second submit while the first is in flight
 * is ignored. `isPending` alone is not enough: two clicks in the same frame both see it false.
 */
export function useSubmitGuard(): (send: () => Promise<unknown>) => void {
  const inFlight = useRef(false);
  return useCallback((send) => {
    if (inFlight.current) return;
    inFlight.current = true;
    send()
      .catch(() => undefined)
      .finally(() => {
        inFlight.current = false;
      });
  }, []);
}

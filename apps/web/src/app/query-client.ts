import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * A 4xx will answer the same way a second time; a network error or a 5xx is asked once more,
 * soon. Three tries with the library's 1 s, 2 s back-off kept a failed page's counters and error
 * hidden for 5–6 s; one quick retry shows the error within about half a second.
 *
 * A 429 is the exception: it says when to come back. A page such as /gestao asks for more heavy
 * reports at once than one user may have in flight (apps/api/src/http/heavy-reads.ts), so each
 * refused one waits its Retry-After and asks again, a few times, when the wait is short.
 */
export const RATE_LIMITED_RETRIES = 4;
/** A longer wait (a spent per-minute quota) shows the error instead of a long spinner. */
export const RATE_LIMITED_MAX_WAIT_MS = 5_000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status === 429) {
    return (
      failureCount < RATE_LIMITED_RETRIES &&
      error.retryAfterMs !== null &&
      error.retryAfterMs <= RATE_LIMITED_MAX_WAIT_MS
    );
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const RETRY_DELAY_MS = 400;

/** The wait before asking again: a 429's Retry-After, else RETRY_DELAY_MS. */
export function retryDelay(_failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterMs !== null) {
    return error.retryAfterMs;
  }
  return RETRY_DELAY_MS;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

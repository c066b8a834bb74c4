import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * A 4xx will answer the same way a second time; a network error or a 5xx is asked once more,
 * soon. Three tries with the library's 1 s, 2 s back-off kept a failed page's counters and error
 * hidden for 5–6 s; one quick retry shows the error within about half a second.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const RETRY_DELAY_MS = 400;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

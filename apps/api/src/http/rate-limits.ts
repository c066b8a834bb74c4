import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { HttpError } from './errors.ts';
import { rateLimitAddress } from './client-address.ts';

/**
 * Per-user limits on the routes that cost real CPU or bandwidth (issue 16, item 4): a PDF is up
 * to two seconds of rendering, an AI answer a model call, a photo write or base64 read tens of
 * megabytes. One user (or one stolen token) cannot take the server from everyone else. Counted
 * per signed-in user and group, one minute at a time, in the same counters as the sign-in
 * throttle: in memory, or in Redis when REDIS_URL is set, so the limit holds across processes.
 */
export const USER_RATE_LIMITS = {
  /** Every PDF route: the SPEC ones, a saved proposal's two documents and the client export. */
  pdf: { max: 30, timeWindowMs: 60_000 },
  /** AI chat, recommendations and synergy suggestions. */
  ai: { max: 30, timeWindowMs: 60_000 },
  /** Replacing a service's photos (up to 4 × 10 MB). */
  photoWrite: { max: 20, timeWindowMs: 60_000 },
  /** The base64 read of every photo of a service (SPEC section 3), kept for old clients. */
  photoRead: { max: 20, timeWindowMs: 60_000 },
  /**
   * Dashboard and its CSV, pipeline, renewals, liability report and CSV, deep list offsets
   * (issue 27), on top of their in-flight bound (http/heavy-reads.ts).
   */
  heavyRead: { max: 60, timeWindowMs: 60_000 },
} as const;

export type RateLimitGroup = keyof typeof USER_RATE_LIMITS;

export const rateLimitMessage = (seconds: number) =>
  `Muitas requisições. Aguarde ${seconds} segundo${seconds === 1 ? '' : 's'} e tente novamente.`;

/**
 * The route config that puts a route under its group's per-user limit; with `when`, only the
 * requests it accepts count (a list counts only its deep offsets).
 */
export function perUserRateLimit(
  group: RateLimitGroup,
  when?: (request: FastifyRequest) => boolean,
): { rateLimit: RateLimitOptions } {
  const { max, timeWindowMs } = USER_RATE_LIMITS[group];
  return {
    rateLimit: {
      max,
      timeWindow: timeWindowMs,
      ...(when ? { allowList: (request: FastifyRequest) => !when(request) } : {}),
      // After access control (onRequest), so the user is known; anonymous callers never get here.
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) =>
        `${group}:${request.user ? `user:${request.user.id}` : `address:${rateLimitAddress(request.ip)}`}`,
    },
  };
}

/** @fastify/rate-limit's store over the app's attempt counters (one atomic hit per request). */
function attemptLimiterStore(limiter: AttemptLimiter): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      limiter.hit(`rate:${key}`, timeWindow).then(
        (window) => callback(null, { current: window.count, ttl: window.retryAfterMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      // The group is in the key: every route of a group shares one count per user.
      return this;
    }
  };
}

export async function installRateLimits(
  app: FastifyInstance,
  limiter: AttemptLimiter,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: attemptLimiterStore(limiter),
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
    // Every limited answer says how much is left, so a client can pace itself before a 429.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    // Thrown by the plugin: the app's error handler answers it FastAPI-shaped, in pt-BR.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, rateLimitMessage(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
}

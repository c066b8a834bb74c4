import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { MESSAGES } from '@portal/domain';
import { HttpError } from './errors.ts';
import { LOGIN_FAILURE_WINDOW_MS } from './limits.ts';
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
      limiter.hit(storeKey(key), timeWindow).then(
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

/**
 * Limits counted per anonymous subject: an address (IPv6 by /64, client-address.ts), or an
 * address with the account it signs in to. Every limit of the app is here or in
 * USER_RATE_LIMITS, counted by the same plugin in the same counters (issue 27: one mechanism).
 */
export const ADDRESS_RATE_LIMITS = {
  /** Sign-in attempts from one address, whatever the accounts (OWASP: no password spraying). */
  signIn: { max: 20, timeWindowMs: LOGIN_FAILURE_WINDOW_MS, message: MESSAGES.tooManyAttempts },
  /** Sign-in attempts on one account from one address (one address cannot keep guessing). */
  signInAccount: {
    max: 5,
    timeWindowMs: LOGIN_FAILURE_WINDOW_MS,
    message: MESSAGES.tooManyAttempts,
  },
  /** Self-registrations per address (each creates a pending account and sends an email). */
  register: { max: 10, timeWindowMs: 60 * 60 * 1000, message: MESSAGES.tooManyAttempts },
  /** Reset-link requests per address (each may send an email). */
  passwordReset: {
    max: 20,
    timeWindowMs: LOGIN_FAILURE_WINDOW_MS,
    message: MESSAGES.tooManyAttempts,
  },
  /** Requests to the proposal link's API per address: a token cannot be found by trying many. */
  publicProposal: { max: 60, timeWindowMs: 60_000, message: MESSAGES.tooManyAttempts },
  /** Requests to the server-rendered link page (/p/{token}) per address. */
  publicPage: { max: 30, timeWindowMs: 10 * 60_000, message: MESSAGES.tooManyAttempts },
} as const satisfies Record<string, { max: number; timeWindowMs: number; message: string }>;

export type AddressRateLimitName = keyof typeof ADDRESS_RATE_LIMITS;

/** Where the plugin keeps a key in the app's counters (the store below adds the prefix). */
const storeKey = (key: string) => `rate:${key}`;

/**
 * The per-address limits, called from the handler rather than declared on the route: a sign-in
 * counts under two limits and gives its attempt back when it succeeds, and the plugin runs one
 * route limit per request.
 */
export interface AddressRateLimits {
  /**
   * Counts one request under each named limit (subject: what it counts, e.g. the address) and,
   * past any of them, answers 429 with Retry-After (the longest wait) and the limit's message.
   */
  admit(
    request: FastifyRequest,
    reply: FastifyReply,
    ...counted: { name: AddressRateLimitName; subject: string }[]
  ): Promise<void>;
  /** Takes a counted request back, or (`all`) forgets the subject's whole count. */
  giveBack(name: AddressRateLimitName, subject: string, how: 'one' | 'all'): Promise<void>;
}

export function addressRateLimits(
  app: FastifyInstance,
  limiter: AttemptLimiter,
): AddressRateLimits {
  // One checker per limit, built once; the key names the limit and the subject.
  const subjects = new WeakMap<FastifyRequest, Map<AddressRateLimitName, string>>();
  const checkers = Object.fromEntries(
    Object.entries(ADDRESS_RATE_LIMITS).map(([name, limit]) => [
      name,
      app.createRateLimit({
        max: limit.max,
        timeWindow: limit.timeWindowMs,
        keyGenerator: (request) =>
          `${name}:${subjects.get(request)?.get(name as AddressRateLimitName) ?? ''}`,
      }),
    ]),
  ) as Record<AddressRateLimitName, ReturnType<FastifyInstance['createRateLimit']>>;

  return {
    async admit(request, reply, ...counted) {
      const named = subjects.get(request) ?? new Map<AddressRateLimitName, string>();
      subjects.set(request, named);
      for (const { name, subject } of counted) named.set(name, subject);
      const results = await Promise.all(
        counted.map(async ({ name }) => ({ name, result: await checkers[name](request) })),
      );
      let waitMs = 0;
      let refusedBy: AddressRateLimitName | undefined;
      for (const { name, result } of results) {
        if (result.isAllowed || !result.isExceeded) continue;
        refusedBy ??= name;
        waitMs = Math.max(waitMs, result.ttl);
      }
      if (!refusedBy) return;
      reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
      throw new HttpError(429, ADDRESS_RATE_LIMITS[refusedBy].message);
    },
    async giveBack(name, subject, how) {
      const key = storeKey(`${name}:${subject}`);
      await (how === 'all' ? limiter.reset(key) : limiter.undo(key));
    },
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

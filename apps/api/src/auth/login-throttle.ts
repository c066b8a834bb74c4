import type { FastifyReply } from 'fastify';
import { MESSAGES } from '@portal/domain';
import { HttpError } from '../http/errors.ts';
import { LOGIN_FAILURE_WINDOW_MS } from '../http/limits.ts';
import type { AttemptLimiter, AttemptWindow } from './attempt-limiter.ts';

/**
 * Sign-in throttling as OWASP's authentication cheat sheet recommends:
 * - per account-and-address pair, a hard limit: one address cannot keep guessing one password;
 * - per address, a hard limit across accounts: one address cannot spray many accounts;
 * - per account, a soft limit: past it every attempt on the account waits a growing delay
 *   (exponential backoff) before the password is checked. It slows a distributed attack but
 *   never refuses, so anonymous failures cannot lock the owner out of their own account.
 * Attempts are counted before the password is checked (one atomic hit each), so parallel
 * requests get exactly the limit; a sign-in that succeeds gives its attempt back.
 */
export const LOGIN_LIMITS = {
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  /** Attempts per account from one address within the window. */
  perAccountAndAddress: 5,
  /** Attempts per address within the window, whatever the accounts. */
  perAddress: 20,
  /** Failures on an account after which its attempts slow down. */
  accountSoftLimit: 5,
} as const;

/** Self-registrations accepted per address per hour (each creates a pending account). */
export const REGISTER_LIMIT = { perAddress: 10, windowMs: 60 * 60 * 1000 } as const;
/** Reset-link requests per address within the window (each may send an email). */
export const RESET_LIMIT = { perAddress: 20, windowMs: LOGIN_FAILURE_WINDOW_MS } as const;

export interface LoginThrottleOptions {
  /** Delay of the first attempt past the soft limit; it doubles with each further failure. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How a delay is waited (tests record it instead of waiting). */
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  backoffBaseMs: 1000,
  backoffMaxMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The 429 answer, with Retry-After in whole seconds. */
export function tooManyAttempts(reply: FastifyReply, retryAfterMs: number): HttpError {
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new HttpError(429, MESSAGES.tooManyAttempts);
}

/** Counts one attempt under `key` and answers 429 past `limit`. */
export async function admitOrThrottle(
  limiter: AttemptLimiter,
  reply: FastifyReply,
  key: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  const window = await limiter.hit(key, windowMs);
  if (window.count > limit) throw tooManyAttempts(reply, window.retryAfterMs);
}

/** The account as the throttle counts it: case and surrounding spaces do not make a new one. */
export const accountOf = (email: string) => email.trim().toLowerCase();

export interface LoginAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

export class LoginThrottle {
  constructor(
    private readonly limiter: AttemptLimiter,
    private readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
  ) {}

  /** The delay an attempt waits once the account has `failures` failures in the window. */
  backoffMs(failures: number): number {
    if (failures < LOGIN_LIMITS.accountSoftLimit) return 0;
    const doublings = Math.min(failures - LOGIN_LIMITS.accountSoftLimit, 30);
    return Math.min(this.options.backoffBaseMs * 2 ** doublings, this.options.backoffMaxMs);
  }

  /**
   * Counts the attempt against its pair and address (429 past either hard limit), then waits the
   * account's backoff. The caller checks the password and reports how it went.
   */
  async admit(reply: FastifyReply, email: string, address: string): Promise<LoginAttempt> {
    const account = accountOf(email);
    const pairKey = `login:pair:${address}:${account}`;
    const addressKey = `login:address:${address}`;
    const accountKey = `login:account:${account}`;
    const { windowMs } = LOGIN_LIMITS;
    const [pair, fromAddress] = await Promise.all([
      this.limiter.hit(pairKey, windowMs),
      this.limiter.hit(addressKey, windowMs),
    ]);
    const exceeded: AttemptWindow[] = [];
    if (pair.count > LOGIN_LIMITS.perAccountAndAddress) exceeded.push(pair);
    if (fromAddress.count > LOGIN_LIMITS.perAddress) exceeded.push(fromAddress);
    if (exceeded.length) {
      throw tooManyAttempts(reply, Math.max(...exceeded.map((w) => w.retryAfterMs)));
    }
    const delay = this.backoffMs((await this.limiter.peek(accountKey)).count);
    if (delay > 0) await this.options.sleep(delay);
    return {
      succeeded: async () => {
        await Promise.all([
          this.limiter.reset(pairKey),
          this.limiter.undo(addressKey),
          this.limiter.reset(accountKey),
        ]);
      },
      failed: async () => {
        await this.limiter.hit(accountKey, windowMs);
      },
    };
  }
}

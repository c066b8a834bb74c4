import { LOGIN_FAILURE_WINDOW_MS } from '../http/limits.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';

/**
 * Sign-in throttling as OWASP's authentication cheat sheet recommends:
 * - per account-and-address pair and per address, hard limits (ADDRESS_RATE_LIMITS signInAccount
 *   and signIn in http/rate-limits.ts, counted before the password is checked, so parallel
 *   requests get exactly the limit; a sign-in that succeeds gives its attempt back);
 * - per account, a soft limit, here: past it every attempt on the account waits a growing delay
 *   (exponential backoff) before the password is checked. It slows a distributed attack but
 *   never refuses, so anonymous failures cannot lock the owner out of their own account.
 */
export const LOGIN_LIMITS = {
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  /** Failures on an account after which its attempts slow down. */
  accountSoftLimit: 5,
} as const;

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
   * Waits the account's backoff; the caller has counted the attempt under the address limits,
   * checks the password and reports how it went.
   */
  async admit(email: string): Promise<LoginAttempt> {
    const accountKey = `login:account:${accountOf(email)}`;
    const { windowMs } = LOGIN_LIMITS;
    const delay = this.backoffMs((await this.limiter.peek(accountKey)).count);
    if (delay > 0) await this.options.sleep(delay);
    return {
      succeeded: async () => {
        await this.limiter.reset(accountKey);
      },
      failed: async () => {
        await this.limiter.hit(accountKey, windowMs);
      },
    };
  }
}

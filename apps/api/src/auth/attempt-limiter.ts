import type { Redis } from 'ioredis';

/** A key's count in its current window, and how long until that window ends. */
export interface AttemptWindow {
  count: number;
  retryAfterMs: number;
}

/**
 * Counts attempts per key in fixed windows. Every change is one atomic step (a synchronous map
 * update in memory, one MULTI or script in Redis), never a read followed by a write: forty
 * parallel requests that each `hit` a key see forty distinct counts, so exactly the first N
 * pass a limit of N. Memory serves one process; with REDIS_URL every API process shares the
 * counts, so throttling holds behind a load balancer.
 */
export interface AttemptLimiter {
  /** Adds one to the key (opening a window of `windowMs` when none is open) and returns it. */
  hit(key: string, windowMs: number): Promise<AttemptWindow>;
  /** The key's count without adding to it (0 once its window has passed). */
  peek(key: string): Promise<AttemptWindow>;
  /** Takes one back: an attempt that succeeded does not count against its address. */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

const EMPTY: AttemptWindow = { count: 0, retryAfterMs: 0 };

export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  async hit(key: string, windowMs: number): Promise<AttemptWindow> {
    // Synchronous from read to write: no other request runs in between.
    const window = this.current(key) ?? { count: 0, endsAt: this.now() + windowMs };
    window.count += 1;
    this.windows.set(key, window);
    if (this.windows.size > 100_000) this.sweep();
    return { count: window.count, retryAfterMs: window.endsAt - this.now() };
  }

  async peek(key: string): Promise<AttemptWindow> {
    const window = this.current(key);
    return window ? { count: window.count, retryAfterMs: window.endsAt - this.now() } : EMPTY;
  }

  async undo(key: string): Promise<void> {
    const window = this.current(key);
    if (window && window.count > 0) window.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
  }
}

/** DECR only a key that still exists, so an undo after expiry leaves no key without a TTL. */
const UNDO_SCRIPT = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0`;

export class RedisAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'portal:attempts:',
  ) {}

  private redisKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  async hit(key: string, windowMs: number): Promise<AttemptWindow> {
    const k = this.redisKey(key);
    // INCR and the window's expiry in one transaction; NX keeps the window fixed from its first hit.
    const results = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    if (!results) throw new Error('Redis transaction aborted');
    for (const [error] of results) if (error) throw error;
    const count = Number(results[0]?.[1]);
    const ttl = Number(results[2]?.[1]);
    return { count, retryAfterMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string): Promise<AttemptWindow> {
    const k = this.redisKey(key);
    const results = await this.redis.multi().get(k).pttl(k).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[1]?.[1] ?? 0);
    return count > 0 && ttl > 0 ? { count, retryAfterMs: ttl } : EMPTY;
  }

  async undo(key: string): Promise<void> {
    await this.redis.eval(UNDO_SCRIPT, 1, this.redisKey(key));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.redisKey(key));
  }
}

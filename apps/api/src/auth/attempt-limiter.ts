import type { Redis } from 'ioredis';

/**
 * Counts failed sign-in attempts in a sliding window. Memory serves one process; with REDIS_URL
 * every API process shares the counts, so throttling holds behind a load balancer.
 */
export interface AttemptLimiter {
  /** Failures recorded for the key within the window. */
  count(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  private recent(key: string): number[] {
    const cutoff = Date.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  async count(key: string): Promise<number> {
    return this.recent(key).length;
  }

  async recordFailure(key: string): Promise<void> {
    const kept = this.recent(key);
    kept.push(Date.now());
    this.failures.set(key, kept);
    if (this.failures.size > 100_000) this.sweep();
  }

  async reset(key: string): Promise<void> {
    this.failures.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}

export class RedisAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs: number,
  ) {}

  private redisKey(key: string): string {
    return `portal:login-failures:${key}`;
  }

  async count(key: string): Promise<number> {
    const k = this.redisKey(key);
    await this.redis.zremrangebyscore(k, 0, Date.now() - this.windowMs);
    return this.redis.zcard(k);
  }

  async recordFailure(key: string): Promise<void> {
    const k = this.redisKey(key);
    const now = Date.now();
    await this.redis
      .multi()
      .zadd(k, now, `${now}-${Math.random()}`)
      .pexpire(k, this.windowMs)
      .exec();
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.redisKey(key));
  }
}

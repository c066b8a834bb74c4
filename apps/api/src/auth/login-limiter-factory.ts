import { Redis } from 'ioredis';
import {
  MemoryAttemptLimiter,
  RedisAttemptLimiter,
  type AttemptLimiter,
} from './attempt-limiter.ts';

/**
 * Redis when REDIS_URL is set (shared by every API process), memory otherwise. The Redis client
 * is returned too: the per-user rate limits of the expensive routes keep their counts there.
 */
export function createLoginLimiter(redisUrl: string | undefined): {
  limiter: AttemptLimiter;
  redis: Redis | undefined;
  close: () => Promise<void>;
} {
  if (!redisUrl) {
    return { limiter: new MemoryAttemptLimiter(), redis: undefined, close: async () => {} };
  }
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    limiter: new RedisAttemptLimiter(redis),
    redis,
    close: async () => {
      await redis.quit().catch(() => undefined);
    },
  };
}

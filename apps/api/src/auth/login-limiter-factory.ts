import { Redis } from 'ioredis';
import { LOGIN_FAILURE_WINDOW_MS } from '../http/limits.ts';
import {
  MemoryAttemptLimiter,
  RedisAttemptLimiter,
  type AttemptLimiter,
} from './attempt-limiter.ts';

/** Redis when REDIS_URL is set (shared by every API process), memory otherwise. */
export function createLoginLimiter(redisUrl: string | undefined): {
  limiter: AttemptLimiter;
  close: () => Promise<void>;
} {
  if (!redisUrl) {
    return { limiter: new MemoryAttemptLimiter(LOGIN_FAILURE_WINDOW_MS), close: async () => {} };
  }
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    limiter: new RedisAttemptLimiter(redis, LOGIN_FAILURE_WINDOW_MS),
    close: async () => {
      await redis.quit().catch(() => undefined);
    },
  };
}

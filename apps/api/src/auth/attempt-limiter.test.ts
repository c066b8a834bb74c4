import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MemoryAttemptLimiter,
  RedisAttemptLimiter,
  type AttemptLimiter,
} from './attempt-limiter.ts';

/** Both implementations behave alike; Redis runs when REDIS_URL is set (CI starts it). */
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
afterAll(async () => {
  await redis?.quit();
});

const implementations: Array<{ name: string; make: () => AttemptLimiter; redis: boolean }> = [
  { name: 'memory', make: () => new MemoryAttemptLimiter(), redis: false },
  {
    name: 'Redis',
    make: () =>
      new RedisAttemptLimiter(
        redis as Redis,
        `portal:test:${crypto.randomBytes(6).toString('hex')}:`,
      ),
    redis: true,
  },
];

for (const implementation of implementations) {
  describe.skipIf(implementation.redis && !redis)(`${implementation.name} attempt limiter`, () => {
    it('gives 100 parallel hits 100 distinct counts, one window for all', async () => {
      const limiter = implementation.make();
      const windows = await Promise.all(
        Array.from({ length: 100 }, () => limiter.hit('burst', 60_000)),
      );
      expect(windows.map((w) => w.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 100 }, (_, i) => i + 1),
      );
      for (const window of windows) {
        expect(window.retryAfterMs).toBeGreaterThan(0);
        expect(window.retryAfterMs).toBeLessThanOrEqual(60_000);
      }
      expect((await limiter.peek('burst')).count).toBe(100);
    });

    it('takes one back with undo, forgets with reset, and never goes below nothing', async () => {
      const limiter = implementation.make();
      await limiter.hit('key', 60_000);
      await limiter.hit('key', 60_000);
      await limiter.undo('key');
      expect((await limiter.peek('key')).count).toBe(1);
      await limiter.reset('key');
      expect(await limiter.peek('key')).toEqual({ count: 0, retryAfterMs: 0 });
      // An undo of a key with no window leaves none behind.
      await limiter.undo('key');
      expect(await limiter.peek('key')).toEqual({ count: 0, retryAfterMs: 0 });
      expect((await limiter.hit('key', 60_000)).count).toBe(1);
    });
  });
}

describe('memory attempt limiter windows', () => {
  it('opens a new window once the old one has passed', async () => {
    let now = 1_000_000;
    const limiter = new MemoryAttemptLimiter(() => now);
    expect(await limiter.hit('key', 1000)).toEqual({ count: 1, retryAfterMs: 1000 });
    now += 400;
    expect(await limiter.hit('key', 1000)).toEqual({ count: 2, retryAfterMs: 600 });
    now += 600;
    expect(await limiter.peek('key')).toEqual({ count: 0, retryAfterMs: 0 });
    expect(await limiter.hit('key', 1000)).toEqual({ count: 1, retryAfterMs: 1000 });
  });
});

import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createNoticeCycle,
  DEFAULT_BANNER_TIMINGS,
  randomDuration,
  type BannerTimings,
} from './notice-cycle';

const TIMINGS: BannerTimings = {
  show: { minMs: 4_000, maxMs: 10_000 },
  gap: { minMs: 8_000, maxMs: 20_000 },
};

describe('randomDuration', () => {
  it('maps random 0 to the minimum and values near 1 to the maximum', () => {
    expect(randomDuration({ minMs: 4_000, maxMs: 10_000 }, () => 0)).toBe(4_000);
    expect(randomDuration({ minMs: 4_000, maxMs: 10_000 }, () => 0.5)).toBe(7_000);
    expect(randomDuration({ minMs: 4_000, maxMs: 10_000 }, () => 0.99999999)).toBe(10_000);
  });

  it('always stays within the bounds, even swapped or negative ones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5_000, max: 60_000 }),
        fc.integer({ min: -5_000, max: 60_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (a, b, draw) => {
          const ms = randomDuration({ minMs: a, maxMs: b }, () => draw);
          expect(ms).toBeGreaterThanOrEqual(Math.max(0, Math.min(a, b)));
          expect(ms).toBeLessThanOrEqual(Math.max(0, a, b));
          expect(Number.isInteger(ms)).toBe(true);
        },
      ),
    );
  });

  it('defaults to 4–10 s on screen and 8–20 s between notices', () => {
    expect(DEFAULT_BANNER_TIMINGS).toEqual(TIMINGS);
  });
});

describe('createNoticeCycle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(count = 3, random: () => number = () => 0) {
    const changes: Array<number | null> = [];
    let total = count;
    const cycle = createNoticeCycle({
      count: () => total,
      onChange: (index) => changes.push(index),
      timings: TIMINGS,
      random,
    });
    return {
      cycle,
      changes,
      setCount: (n: number) => {
        total = n;
      },
    };
  }

  it('shows the first notice at once', () => {
    const { cycle, changes } = setup();
    cycle.start();
    expect(changes).toEqual([0]);
  });

  it('shows each notice for the show time, hides it for the gap, then shows the next', () => {
    const { cycle, changes } = setup(3, () => 0);
    cycle.start();
    vi.advanceTimersByTime(3_999);
    expect(changes).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([0, null]);
    vi.advanceTimersByTime(7_999);
    expect(changes).toEqual([0, null]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([0, null, 1]);
  });

  it('wraps around to the first notice after the last', () => {
    const { cycle, changes } = setup(2, () => 0);
    cycle.start();
    vi.advanceTimersByTime(3 * (4_000 + 8_000));
    expect(changes.filter((index) => index !== null)).toEqual([0, 1, 0, 1]);
  });

  it('draws every show and gap time from the random source within the bounds', () => {
    const draws = [0.5, 0.25];
    let call = 0;
    const { cycle, changes } = setup(2, () => draws[call++ % draws.length] ?? 0);
    cycle.start();
    // show = 4 s + 0.5 × 6 s = 7 s
    vi.advanceTimersByTime(6_999);
    expect(changes).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([0, null]);
    // gap = 8 s + 0.25 × 12 s = 11 s
    vi.advanceTimersByTime(10_999);
    expect(changes).toEqual([0, null]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([0, null, 1]);
  });

  it('never shows a notice shorter than 4 s nor hides it for less than 8 s', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1 }),
        (draws) => {
          vi.clearAllTimers();
          let call = 0;
          const events: Array<{ at: number; index: number | null }> = [];
          const start = Date.now();
          const cycle = createNoticeCycle({
            count: () => 4,
            onChange: (index) => events.push({ at: Date.now() - start, index }),
            timings: TIMINGS,
            random: () => draws[call++ % draws.length] ?? 0,
          });
          cycle.start();
          vi.advanceTimersByTime(120_000);
          cycle.stop();
          for (let i = 1; i < events.length; i++) {
            const previous = events[i - 1]!;
            const current = events[i]!;
            const elapsed = current.at - previous.at;
            const bounds = previous.index === null ? TIMINGS.gap : TIMINGS.show;
            expect(elapsed).toBeGreaterThanOrEqual(bounds.minMs);
            expect(elapsed).toBeLessThanOrEqual(bounds.maxMs);
            expect(current.index === null).toBe(previous.index !== null);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('closing a notice hides it at once and starts the gap', () => {
    const { cycle, changes } = setup(3, () => 0);
    cycle.start();
    vi.advanceTimersByTime(1_000);
    cycle.dismiss();
    expect(changes).toEqual([0, null]);
    // The show timer of the closed notice no longer fires.
    vi.advanceTimersByTime(7_999);
    expect(changes).toEqual([0, null]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([0, null, 1]);
  });

  it('ignores a close while nothing is shown', () => {
    const { cycle, changes } = setup(3, () => 0);
    cycle.start();
    vi.advanceTimersByTime(4_000);
    cycle.dismiss();
    expect(changes).toEqual([0, null]);
    vi.advanceTimersByTime(8_000);
    expect(changes).toEqual([0, null, 1]);
  });

  it('keeps a notice while it is being read, then gives it a fresh show time', () => {
    const { cycle, changes } = setup(3, () => 0);
    cycle.start();
    vi.advanceTimersByTime(3_000);
    cycle.pause();
    vi.advanceTimersByTime(60_000);
    expect(changes).toEqual([0]);
    cycle.resume();
    vi.advanceTimersByTime(3_999);
    expect(changes).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([0, null]);
  });

  it('does not stay paused once the notice being read is closed', () => {
    const { cycle, changes } = setup(3, () => 0);
    cycle.start();
    cycle.pause();
    cycle.dismiss();
    vi.advanceTimersByTime(8_000 + 4_000);
    expect(changes).toEqual([0, null, 1, null]);
  });

  it('follows a list that changes size between notices', () => {
    const { cycle, changes, setCount } = setup(3, () => 0);
    cycle.start();
    vi.advanceTimersByTime(12_000);
    expect(changes).toEqual([0, null, 1]);
    setCount(1);
    vi.advanceTimersByTime(12_000);
    // Index 2 of a one-item list wraps to 0.
    expect(changes).toEqual([0, null, 1, null, 0]);
  });

  it('waits without showing while there is nothing to show', () => {
    const { cycle, changes, setCount } = setup(0, () => 0);
    cycle.start();
    expect(changes).toEqual([null]);
    setCount(2);
    vi.advanceTimersByTime(8_000);
    expect(changes).toEqual([null, 0]);
  });

  it('stops all timers', () => {
    const { cycle, changes } = setup(3, () => 0);
    cycle.start();
    cycle.stop();
    vi.advanceTimersByTime(100_000);
    expect(changes).toEqual([0]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

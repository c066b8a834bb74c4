/**
 * The rotating banner's timing (SPEC section 4 "Notice banner cycle", section 9 timings), kept
 * free of React and of real clocks: random numbers and timers are injected, so tests drive it
 * with fake timers and a fixed random.
 */

export interface DurationBounds {
  minMs: number;
  maxMs: number;
}

export interface BannerTimings {
  /** How long one notice stays on screen. */
  show: DurationBounds;
  /** How long the banner stays empty before the next notice. */
  gap: DurationBounds;
}

/**
 * SPEC section 9: the original layout passed show 0–10 s, the component defaulted to 4–10 s. We
 * use 4–10 s everywhere: a 0 s draw would flash a notice too fast to read.
 */
export const DEFAULT_BANNER_TIMINGS: BannerTimings = {
  show: { minMs: 4_000, maxMs: 10_000 },
  gap: { minMs: 8_000, maxMs: 20_000 },
};

export interface CycleTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: CycleTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A whole number of milliseconds in [min, max] drawn with `random` (a value in [0, 1)). Swapped
 * or negative bounds are tolerated rather than trusted.
 */
export function randomDuration(bounds: DurationBounds, random: () => number): number {
  const low = Math.max(0, Math.min(bounds.minMs, bounds.maxMs));
  const high = Math.max(0, bounds.minMs, bounds.maxMs);
  const draw = Math.min(Math.max(random(), 0), 1);
  return Math.round(low + draw * (high - low));
}

export interface NoticeCycleOptions {
  /** How many notices there are right now (read at every step, so the list may change). */
  count: () => number;
  /** The index of the notice to show, or null while the banner is empty. */
  onChange: (index: number | null) => void;
  timings?: BannerTimings;
  random?: () => number;
  timers?: CycleTimers;
}

export interface NoticeCycle {
  /** Shows the first notice at once. */
  start(): void;
  /** The close control: hides the notice now and starts the gap. */
  dismiss(): void;
  /** While someone reads (pointer over it, focus inside), the notice stays. */
  pause(): void;
  /** Reading ended: the notice gets a fresh show time before it hides. */
  resume(): void;
  stop(): void;
}

type Phase = 'idle' | 'showing' | 'gap';

export function createNoticeCycle({
  count,
  onChange,
  timings = DEFAULT_BANNER_TIMINGS,
  random = Math.random,
  timers = browserTimers,
}: NoticeCycleOptions): NoticeCycle {
  let phase: Phase = 'idle';
  let index = 0;
  let paused = false;
  let timer: unknown = null;

  const clear = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  const schedule = (bounds: DurationBounds, next: () => void) => {
    clear();
    timer = timers.setTimeout(
      () => {
        timer = null;
        next();
      },
      randomDuration(bounds, random),
    );
  };

  const show = (wanted: number) => {
    const total = count();
    if (total === 0) {
      // Nothing to show right now; look again after a gap instead of spinning.
      phase = 'gap';
      onChange(null);
      schedule(timings.gap, () => show(wanted));
      return;
    }
    index = wanted % total;
    phase = 'showing';
    onChange(index);
    if (paused) clear();
    else schedule(timings.show, hide);
  };

  const hide = () => {
    phase = 'gap';
    // The notice being read is gone; a leave event may never come for it.
    paused = false;
    onChange(null);
    schedule(timings.gap, () => show(index + 1));
  };

  return {
    start() {
      if (phase === 'idle') show(0);
    },
    dismiss() {
      if (phase === 'showing') hide();
    },
    pause() {
      paused = true;
      if (phase === 'showing') clear();
    },
    resume() {
      if (!paused) return;
      paused = false;
      if (phase === 'showing') schedule(timings.show, hide);
    },
    stop() {
      clear();
      phase = 'idle';
      paused = false;
    },
  };
}

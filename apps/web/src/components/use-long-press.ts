import {
  useCallback,
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';

/** SPEC section 9: holding a procedure card for 2 seconds opens its details. */
export const LONG_PRESS_MS = 2000;

/** A finger that moves further than this is scrolling the page, not pressing the card. */
const MOVE_TOLERANCE_PX = 10;

const INTERACTIVE = 'button, a[href], input, select, textarea, [role="button"]';

/** A press on a button or field inside the element belongs to that control, not to the element. */
function startsOnInnerControl(event: { target: EventTarget; currentTarget: HTMLElement }): boolean {
  if (!(event.target instanceof Element)) return false;
  const control = event.target.closest(INTERACTIVE);
  return (
    control !== null && control !== event.currentTarget && event.currentTarget.contains(control)
  );
}

export interface LongPressOptions {
  /** How long the press must last, in milliseconds. */
  delay?: number;
  disabled?: boolean;
}

export interface LongPressHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onKeyUp: (event: KeyboardEvent<HTMLElement>) => void;
  onContextMenu: (event: MouseEvent<HTMLElement>) => void;
  onClickCapture: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * Handlers to spread on an element: holding the pointer (mouse, finger, pen) or Enter/Space
 * (keyboard) on it for `delay` ms calls `onLongPress`. The click that ends a long press is
 * swallowed, so a card that also reacts to clicks (the builder toggles a selection) does not do
 * both. Screens should still offer a visible button for the same action: a long press cannot
 * be discovered.
 */
export function useLongPress(
  onLongPress: () => void,
  { delay = LONG_PRESS_MS, disabled = false }: LongPressOptions = {},
): LongPressHandlers {
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const startRef = useRef<{ x: number; y: number } | null>(null);
  const firedRef = useRef(false);
  // The latest callback, so a re-render during the press does not restart the timer.
  const callbackRef = useRef(onLongPress);
  useEffect(() => {
    callbackRef.current = onLongPress;
  }, [onLongPress]);

  const cancel = useCallback(() => {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
    startRef.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const start = useCallback(() => {
    cancel();
    firedRef.current = false;
    timerRef.current = setTimeout(() => {
      timerRef.current = null;
      firedRef.current = true;
      callbackRef.current();
    }, delay);
  }, [cancel, delay]);

  return {
    onPointerDown: (event) => {
      if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
      if (startsOnInnerControl(event)) return;
      start();
      startRef.current = { x: event.clientX, y: event.clientY };
    },
    onPointerMove: (event) => {
      const origin = startRef.current;
      if (!origin) return;
      const moved = Math.hypot(event.clientX - origin.x, event.clientY - origin.y);
      if (moved > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onKeyDown: (event) => {
      // Held keys repeat keydown; only the first one starts the timer.
      if (disabled || event.repeat || (event.key !== 'Enter' && event.key !== ' ')) return;
      if (startsOnInnerControl(event)) return;
      start();
    },
    onKeyUp: (event) => {
      if (event.key === 'Enter' || event.key === ' ') cancel();
    },
    onContextMenu: (event) => {
      // Touch browsers open their own menu on a long press; ours wins while a press is running.
      if (timerRef.current !== null || firedRef.current) event.preventDefault();
    },
    onClickCapture: (event) => {
      if (!firedRef.current) return;
      firedRef.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}

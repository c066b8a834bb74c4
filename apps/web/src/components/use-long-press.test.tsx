import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, useLongPress } from './use-long-press';

function Card({ onLongPress, onClick }: { onLongPress: () => void; onClick: () => void }) {
  const handlers = useLongPress(onLongPress);
  return (
    <div data-testid="card" {...handlers} onClick={onClick}>
      <button type="button">Dentro</button>
    </div>
  );
}

describe('useLongPress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const onLongPress = vi.fn();
    const onClick = vi.fn();
    render(<Card onLongPress={onLongPress} onClick={onClick} />);
    return { onLongPress, onClick, card: screen.getByTestId('card') };
  }

  it('fires after 2 seconds of pressing and swallows the click that ends the press', () => {
    const { onLongPress, onClick, card } = setup();
    expect(LONG_PRESS_MS).toBe(2000);
    fireEvent.pointerDown(card, { pointerType: 'touch' });
    vi.advanceTimersByTime(1999);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    fireEvent.pointerUp(card);
    fireEvent.click(card);
    expect(onClick).not.toHaveBeenCalled();
    // The next ordinary click goes through.
    fireEvent.pointerDown(card, { pointerType: 'mouse', button: 0 });
    fireEvent.pointerUp(card);
    fireEvent.click(card);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a short press, a release or a pointer that leaves', () => {
    const { onLongPress, card } = setup();
    fireEvent.pointerDown(card, { pointerType: 'touch' });
    vi.advanceTimersByTime(1000);
    fireEvent.pointerUp(card);
    fireEvent.pointerDown(card, { pointerType: 'touch' });
    fireEvent.pointerLeave(card);
    vi.advanceTimersByTime(5000);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('works with Enter or Space held on the focused element', () => {
    const { onLongPress, card } = setup();
    fireEvent.keyDown(card, { key: 'Enter' });
    fireEvent.keyDown(card, { key: 'Enter', repeat: true });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(card, { key: ' ' });
    fireEvent.keyUp(card, { key: ' ' });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('leaves presses on a button inside the element to that button', () => {
    const { onLongPress } = setup();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Dentro' }), { pointerType: 'touch' });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).not.toHaveBeenCalled();
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeClient } from '@portal/domain/fixtures';
import { apiData } from '../../../test/msw-handlers';
import { renderWithProviders } from '../../../test/test-utils';
import type * as ClientPickerModule from './client-picker';
import { ClientPickerSlot } from './client-picker-slot';

// Its own file: the picker's code is loaded once per module graph, and this test needs it to
// arrive at one exact moment, after client-picker-slot.tsx has taken it and before React draws.
const pickerCode = vi.hoisted(() => {
  let arrive = () => {};
  let taken = () => {};
  return {
    arrived: new Promise<void>((resolve) => (arrive = resolve)),
    arrive: () => arrive(),
    taken: new Promise<void>((resolve) => (taken = resolve)),
    take: () => taken(),
  };
});
vi.mock('./client-picker', async (importOriginal) => {
  const original = await importOriginal<typeof ClientPickerModule>();
  await pickerCode.arrived;
  return {
    get ClientPicker() {
      pickerCode.take();
      return original.ClientPicker;
    },
  };
});

const lara = makeClient({ id: 45, full_name: 'Lara Cristina', phone: '11 98888-0000' });

/** Lets the promise callbacks already queued run, and no timer: React has not drawn yet. */
async function runQueuedCallbacks(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

describe('client picker slot, touched as its code arrives', () => {
  it('gives the picker the focus the field took before React drew it', async () => {
    apiData.clients = [lara];
    renderWithProviders(
      <ClientPickerSlot label="Cliente cadastrado" value={null} onChange={vi.fn()} />,
    );
    const standIn = screen.getByRole('textbox', { name: 'Cliente cadastrado' });
    // A first tap starts the download; the user looks away.
    act(() => standIn.focus());
    act(() => standIn.blur());

    pickerCode.arrive();
    await pickerCode.taken;
    await runQueuedCallbacks();
    // The code is in, the stand-in still drawn: the user taps it again, right then.
    expect(screen.getByRole('textbox', { name: 'Cliente cadastrado' })).toBe(standIn);
    standIn.focus();

    await vi.waitFor(() => expect(standIn).not.toBeInTheDocument());
    const picker = screen.getByRole('textbox', { name: 'Cliente cadastrado' });
    expect(picker).toHaveFocus();
    // So what the user types next lands in the picker and lists its matches.
    await userEvent.setup().keyboard('lara');
    expect(await screen.findByRole('option', { name: /Lara Cristina/ })).toBeVisible();
  });
});

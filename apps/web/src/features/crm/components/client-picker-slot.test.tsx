import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeClient } from '@portal/domain/fixtures';
import { apiData } from '../../../test/msw-handlers';
import { renderWithProviders } from '../../../test/test-utils';
import { ClientPickerSlot } from './client-picker-slot';

// The picker's code arrives when the test says so, as on a phone it arrives after the first screen.
const pickerCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('./client-picker', async (importOriginal) => {
  await pickerCode.arrived;
  return importOriginal();
});

const lara = makeClient({ id: 44, full_name: 'Lara Látex', phone: '11 99999-0000' });

describe('client picker slot', () => {
  it('keeps what is typed before the picker arrives, and lists its matches', async () => {
    apiData.clients = [lara];
    const onChange = vi.fn();
    renderWithProviders(
      <ClientPickerSlot
        label="Cliente cadastrado"
        placeholder="Opcional: nome, telefone ou CPF"
        value={null}
        onChange={onChange}
      />,
    );
    const user = userEvent.setup();
    // The field is there from the first render, before the picker's code.
    await user.type(screen.getByRole('textbox', { name: 'Cliente cadastrado' }), 'lara');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    pickerCode.arrive();
    const option = await screen.findByRole('option', { name: /Lara Látex/ });
    // The picker took the stand-in's place, the text and the focus.
    const field = screen.getByRole('textbox', { name: 'Cliente cadastrado' });
    expect(field).toHaveValue('lara');
    expect(field).toHaveFocus();
    await user.click(option);
    expect(onChange).toHaveBeenLastCalledWith(lara);
    expect(screen.getByRole('textbox', { name: 'Cliente cadastrado' })).toHaveValue('Lara Látex');
  });
});

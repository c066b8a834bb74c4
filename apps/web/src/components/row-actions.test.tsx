import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/test-utils';
import { RowActions } from './row-actions';

/** A table whose rows are deleted at once and whose toggles stay pending until told. */
function Table({ pendingToggle = false }: { pendingToggle?: boolean }) {
  const [names, setNames] = useState(['Ana', 'Bia', 'Carla']);
  const [toggled, setToggled] = useState<string[]>([]);
  return (
    <table>
      <tbody>
        {names.map((name) => (
          <tr key={name}>
            <td>{name}</td>
            <td>
              <RowActions
                label={name}
                onEdit={() => undefined}
                toggle={{
                  active: true,
                  pending: pendingToggle,
                  onToggle: () => setToggled((list) => [...list, name]),
                }}
                deleting={false}
                onDelete={() => setNames((list) => list.filter((other) => other !== name))}
              />
            </td>
          </tr>
        ))}
      </tbody>
      <caption>Inativados: {toggled.join(', ') || 'nenhum'}</caption>
    </table>
  );
}

describe('RowActions', () => {
  it("gives the focus to the next row's button when its row is deleted", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table />);
    await user.click(screen.getByRole('button', { name: 'Excluir Bia' }));
    expect(screen.queryByText('Bia')).toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir Carla' })).toHaveFocus();
  });

  it('gives the focus to the previous row when the last row is deleted', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table />);
    await user.click(screen.getByRole('button', { name: 'Excluir Carla' }));
    expect(screen.getByRole('button', { name: 'Excluir Bia' })).toHaveFocus();
  });

  it('keeps a pending button focusable but ignores presses on it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table pendingToggle />);
    const toggle = screen.getByRole('button', { name: 'Inativar Ana' });
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await user.click(toggle);
    expect(toggle).toHaveFocus();
    expect(screen.getByText('Inativados: nenhum')).toBeInTheDocument();
  });
});

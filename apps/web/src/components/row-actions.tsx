import { Button, Group, Loader } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

export interface RowActionsProps {
  /** How the row is named in each button's accessible name: 'Editar Ana Souza'. */
  label: string;
  onEdit: () => void;
  /** Inativar/Ativar, for rows that have a status. */
  toggle?: { active: boolean; pending: boolean; onToggle: () => void };
  deleting: boolean;
  onDelete: () => void;
  /** Actions of this table only, shown before Editar (the trainings' Abrir). */
  children?: ReactNode;
}

/**
 * A button whose request is running: it spins and ignores presses but keeps the focus. Mantine's
 * `loading` disables the button, and a disabled button drops the keyboard focus to the page, so
 * the next Tab would start over from the top.
 */
function busyProps(busy: boolean, onClick: () => void) {
  return busy
    ? {
        'data-disabled': true,
        'aria-disabled': true,
        leftSection: <Loader size={12} color="currentColor" aria-hidden />,
      }
    : { onClick };
}

/**
 * When a row goes away (deleted) with the focus on one of its buttons, the focus would fall to
 * the page and the next Tab would start over from the top; the same button of the row that takes
 * its place (the next one, else the previous one) gets it instead.
 */
function passFocusToNeighbourRow(group: HTMLElement): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || !group.contains(focused)) return;
  const position = Array.from(group.querySelectorAll('button')).indexOf(
    focused as HTMLButtonElement,
  );
  const row = group.closest('tr');
  for (const neighbour of [row?.nextElementSibling, row?.previousElementSibling]) {
    const buttons = neighbour?.querySelector('[data-row-actions]')?.querySelectorAll('button');
    const target = buttons?.[position] ?? buttons?.[buttons.length - 1];
    if (target) {
      target.focus();
      return;
    }
  }
}

/**
 * Editar, Inativar/Ativar and Excluir at the end of an admin table row (SPEC section 3). Each
 * button names its row, so a screen reader user hears which one they are on.
 */
export function RowActions({
  label,
  onEdit,
  toggle,
  deleting,
  onDelete,
  children,
}: RowActionsProps) {
  const toggleText = toggle?.active ? 'Inativar' : 'Ativar';
  const groupRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const group = groupRef.current;
    // Runs while the deleted row is still in the document (layout cleanups precede removal).
    return () => {
      if (group) passFocusToNeighbourRow(group);
    };
  }, []);
  return (
    <Group gap="xs" wrap="nowrap" ref={groupRef} data-row-actions>
      {children}
      <Button size="xs" variant="light" aria-label={`Editar ${label}`} onClick={onEdit}>
        Editar
      </Button>
      {toggle ? (
        <Button
          size="xs"
          variant="default"
          aria-label={`${toggleText} ${label}`}
          {...busyProps(toggle.pending, toggle.onToggle)}
        >
          {toggleText}
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={`Excluir ${label}`}
        {...busyProps(deleting, onDelete)}
      >
        Excluir
      </Button>
    </Group>
  );
}

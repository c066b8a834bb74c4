import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

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
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
      <Button size="xs" variant="light" aria-label={`Editar ${label}`} onClick={onEdit}>
        Editar
      </Button>
      {toggle ? (
        <Button
          size="xs"
          variant="default"
          aria-label={`${toggleText} ${label}`}
          loading={toggle.pending}
          onClick={toggle.onToggle}
        >
          {toggleText}
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={`Excluir ${label}`}
        loading={deleting}
        onClick={onDelete}
      >
        Excluir
      </Button>
    </Group>
  );
}

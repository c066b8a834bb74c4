import type { QueryKey, UseMutationResult } from '@tanstack/react-query';
import type { RowActionsProps } from '../row-actions';
import { confirmDelete } from './confirm-delete';
import { notifyError, notifySuccess } from './notify';
import { usePendingIds } from './use-pending-ids';

interface RowChanges<TUpdate> {
  id: number;
  changes: TUpdate;
}

export interface AdminRowsOptions<TUpdate> {
  /** The resource's root key: its update and delete carry `[...all, 'update' | 'delete']`. */
  all: QueryKey;
  update: UseMutationResult<unknown, Error, RowChanges<TUpdate>>;
  remove: UseMutationResult<unknown, Error, number>;
}

export interface ToggleOptions<TUpdate> {
  active: boolean;
  /** The fields that flip the row: `{ status: 'inactive' }`. */
  changes: TUpdate;
  /** 'Serviço ativado.' / 'Serviço inativado.' */
  success: string;
  fallback: string;
}

export interface DeleteOptions {
  /** SPEC's question: 'Excluir o serviço Limpeza?'. */
  title: string;
  successMessage: string;
  fallback: string;
}

export interface RowActionsOptions<TUpdate> {
  id: number;
  label: string;
  onEdit: () => void;
  toggle?: ToggleOptions<TUpdate>;
  /** Replaces the toggle's request (a pending account is activated in a dialog). */
  onToggle?: () => void;
  remove: DeleteOptions;
}

/**
 * The row actions of an admin table: each row's Inativar/Ativar and Excluir spin while their own
 * request runs (read from the mutation cache, whatever the other rows do), a toggle and a delete
 * end with a short confirmation or the server's message.
 */
export function useAdminRows<TUpdate>({ all, update, remove }: AdminRowsOptions<TUpdate>) {
  const togglingIds = usePendingIds([...all, 'update'], (variables: RowChanges<TUpdate>) =>
    Number(variables.id),
  );
  const deletingIds = usePendingIds([...all, 'delete'], (id: number) => id);

  const toggle = (id: number, options: ToggleOptions<TUpdate>) => {
    update.mutateAsync({ id, changes: options.changes }).then(
      () => notifySuccess(options.success),
      (error: unknown) => notifyError(error, { fallback: options.fallback }),
    );
  };

  const confirmRemove = (id: number, options: DeleteOptions) =>
    confirmDelete({ ...options, remove: () => remove.mutateAsync(id) });

  /** The props of RowActions for one row. */
  const actionsFor = (row: RowActionsOptions<TUpdate>): Omit<RowActionsProps, 'children'> => {
    const { toggle: toggleOptions, onToggle } = row;
    return {
      label: row.label,
      onEdit: row.onEdit,
      toggle: toggleOptions
        ? {
            active: toggleOptions.active,
            pending: togglingIds.has(row.id),
            onToggle: onToggle ?? (() => toggle(row.id, toggleOptions)),
          }
        : undefined,
      deleting: deletingIds.has(row.id),
      onDelete: () => confirmRemove(row.id, row.remove),
    };
  };

  return { togglingIds, deletingIds, toggle, confirmRemove, actionsFor };
}

/** The Inativar/Ativar of a row with an active/inactive status, and what each way is called. */
export function statusToggle(
  status: string,
  messages: { activated: string; deactivated: string; fallback: string },
): ToggleOptions<{ status: 'active' | 'inactive' }> {
  const active = status === 'active';
  return {
    active,
    changes: { status: active ? 'inactive' : 'active' },
    success: active ? messages.deactivated : messages.activated,
    fallback: messages.fallback,
  };
}

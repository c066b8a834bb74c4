import type { ResourceMutations, RowChanges } from '../../lib/resource-mutations';
import type { ReactNode } from 'react';
import type { RowActionsProps } from '../row-actions';
import type { ListMessages } from './admin-table';
import { confirmDelete } from './confirm-delete';
import { useFormModal } from './form-modal';
import { notifyError, notifySuccess } from './notify';
import { usePendingIds } from './use-pending-ids';

/** The texts of a delete: the domain's `*_MESSAGES` carry them ('Serviço excluído.'). */
export interface DeleteMessages {
  deleted: string;
  /** SPEC's text when the server sends no message of its own. */
  deleteFailed: string;
}

/** The texts of an Inativar/Ativar: 'Serviço ativado.' / 'Serviço inativado.'. */
export interface ToggleMessages {
  activated: string;
  deactivated: string;
  toggleFailed: string;
}

/** Whether a row is active, and the fields that flip it. */
export interface RowToggle<TUpdate> {
  active: boolean;
  changes: TUpdate;
}

type RowsResource<T, TUpdate, M> = Pick<
  ResourceMutations<never, TUpdate, M, T>,
  'all' | 'useUpdate' | 'useDelete' | 'messages' | 'naming'
>;

/**
 * The rows of an admin table: the resource whose writes they are (named in api/<context>/<resource>.ts)
 * and, for rows with a status, their Inativar/Ativar (statusToggle, activeToggle) with the texts
 * it needs.
 */
export type AdminRows<T, TUpdate> =
  | { resource: RowsResource<T, TUpdate, DeleteMessages & ListMessages>; toggle?: undefined }
  | {
      resource: RowsResource<T, TUpdate, DeleteMessages & ToggleMessages & ListMessages>;
      toggle: (row: T) => RowToggle<TUpdate>;
    };

/** What a page adds to its rows' actions. */
export interface RowExtras<T> {
  /** Replaces a row's toggle request (a pending account is activated in a dialog). */
  onToggle?: (row: T) => (() => void) | undefined;
  /** Actions of this table only, before Editar (the trainings' Abrir). */
  before?: (row: T) => ReactNode;
}

/** The Inativar/Ativar of a row with an active/inactive status. */
export function statusToggle(row: {
  status: string;
}): RowToggle<{ status: 'active' | 'inactive' }> {
  const active = row.status === 'active';
  return { active, changes: { status: active ? 'inactive' : 'active' } };
}

/** The Inativar/Ativar of a row with an `active` flag. */
export function activeToggle(row: { active: boolean }): RowToggle<{ active: boolean }> {
  return { active: row.active, changes: { active: !row.active } };
}

/**
 * The rows of an admin table and the form that creates and edits them: each row's Editar opens
 * the form, its Inativar/Ativar and Excluir spin while their own request runs (read from the
 * mutation cache, whatever the other rows do), and a toggle or a delete ends with a short
 * confirmation or the server's message.
 */
export function useAdminRows<T extends { id: number }, TUpdate>(
  rows: AdminRows<T, TUpdate>,
  { onToggle, before }: RowExtras<T> = {},
) {
  const { resource } = rows;
  const { messages, naming } = resource;
  const update = resource.useUpdate();
  const remove = resource.useDelete();
  const form = useFormModal<T>();
  const togglingIds = usePendingIds([...resource.all, 'update'], (variables: RowChanges<TUpdate>) =>
    Number(variables.id),
  );
  const deletingIds = usePendingIds([...resource.all, 'delete'], (id: number) => id);

  const toggle = (row: T, { active, changes }: RowToggle<TUpdate>, texts: ToggleMessages) => {
    update.mutateAsync({ id: row.id, changes }).then(
      () => notifySuccess(active ? texts.deactivated : texts.activated),
      (error: unknown) => notifyError(error, { fallback: texts.toggleFailed }),
    );
  };

  const toggleFor = (row: T): RowActionsProps['toggle'] => {
    if (!rows.toggle) return undefined;
    const state = rows.toggle(row);
    const texts = rows.resource.messages;
    return {
      active: state.active,
      pending: togglingIds.has(row.id),
      onToggle: onToggle?.(row) ?? (() => toggle(row, state, texts)),
    };
  };

  /** The props of RowActions for one row. */
  const actionsFor = (row: T): RowActionsProps => ({
    label: naming.label(row),
    onEdit: () => form.open(row),
    toggle: toggleFor(row),
    deleting: deletingIds.has(row.id),
    children: before?.(row),
    onDelete: () =>
      confirmDelete({
        title: naming.deleteTitle(row),
        remove: () => remove.mutateAsync(row.id),
        successMessage: messages.deleted,
        fallback: messages.deleteFailed,
      }),
  });

  return { actionsFor, messages, form, create: () => form.open(null) };
}

import { openConfirmModal } from '../confirm-modal';
import { notifyError, notifySuccess } from './notify';

export interface ConfirmDeleteOptions {
  /** SPEC's question, which also names the dialog: 'Excluir o usuário Ana?'. */
  title: string;
  remove: () => Promise<unknown>;
  /** Shown when the server confirms, e.g. 'Usuário excluído.'. */
  successMessage: string;
  /** Shown when the server sent no message of its own. */
  fallback: string;
}

/**
 * The one delete confirmation of the admin pages: Excluir/Cancelar, then the server's own message
 * when it refuses (a 409 says why), and a short confirmation when it is done.
 */
export function confirmDelete({ title, remove, successMessage, fallback }: ConfirmDeleteOptions) {
  openConfirmModal({
    title,
    labels: { confirm: 'Excluir', cancel: 'Cancelar' },
    confirmProps: { color: 'red.9' },
    closeButtonProps: { 'aria-label': 'Fechar' },
    onConfirm: () => {
      remove().then(
        () => notifySuccess(successMessage),
        (error: unknown) => notifyError(error, { fallback }),
      );
    },
  });
}

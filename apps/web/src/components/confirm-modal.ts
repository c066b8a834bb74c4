import { modals } from '@mantine/modals';
import { overlayHostsReady } from '../lib/overlay-hosts-ready';

export type ConfirmModalOptions = Parameters<typeof modals.openConfirmModal>[0];

/** `modals.openConfirmModal`, but never lost when clicked before the modal host has loaded. */
export function openConfirmModal(options: ConfirmModalOptions): void {
  void overlayHostsReady().then(() => modals.openConfirmModal(options));
}

/**
 * Resolves once the confirm-modal host (ModalsProvider, loaded lazily by providers.tsx) listens.
 * `modals.openConfirmModal` only dispatches an event: before the host mounts, that event is lost
 * and a click on 'Excluir' right after a page load would do nothing.
 */
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function overlayHostsReady(): Promise<void> {
  return ready;
}

export function markOverlayHostsReady(): void {
  markReady();
}

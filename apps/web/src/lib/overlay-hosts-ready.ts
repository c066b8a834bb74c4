/**
 * Resolves once the confirm-modal host (ModalsProvider, loaded lazily by providers.tsx) listens.
 * `modals.openConfirmModal` only dispatches an event: before the host mounts, that event is lost
 * and a click on 'Excluir' right after a page load would do nothing.
 */
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

let requested = false;
const requestListeners = new Set<() => void>();

/** Asks providers.tsx to load the hosts now (a confirm dialog is wanted before they loaded). */
export function requestOverlayHosts(): void {
  if (requested) return;
  requested = true;
  for (const listener of requestListeners) listener();
}

export function overlayHostsRequested(): boolean {
  return requested;
}

export function subscribeOverlayHostsRequest(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export function overlayHostsReady(): Promise<void> {
  requestOverlayHosts();
  return ready;
}

export function markOverlayHostsReady(): void {
  markReady();
}

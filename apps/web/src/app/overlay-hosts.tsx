import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { markOverlayHostsReady } from '../lib/overlay-hosts-ready';

/**
 * Mantine's confirm-modal host and notification container. Both are driven by events and a store
 * (`modals.openConfirmModal`, `notifications.show`), not by React context, so they can sit next to
 * the app instead of around it — which lets them load after the first screen (see providers.tsx).
 * The notifications' stylesheet is imported by main.tsx, with the app's own.
 */
export default function OverlayHosts() {
  // Runs after ModalsProvider's own effects (children first): its listeners are in place.
  useEffect(markOverlayHostsReady, []);
  return (
    <>
      <ModalsProvider
        labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}
        modalProps={{ closeButtonProps: { 'aria-label': 'Fechar' }, centered: true }}
      />
      <Notifications position="top-right" />
    </>
  );
}

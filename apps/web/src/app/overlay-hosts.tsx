import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Mantine's confirm-modal host and notification container. Both are driven by events and a store
 * (`modals.openConfirmModal`, `notifications.show`), not by React context, so they can sit next to
 * the app instead of around it — which lets them load after the first screen (see providers.tsx).
 */
export default function OverlayHosts() {
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

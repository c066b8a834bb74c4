import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
// Only the notifications store (no UI): it tells when a notification is waiting to be shown.
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useAfterFirstScreen } from '../lib/use-after-first-screen';
import { useSession } from '../lib/use-session';
import { overlayHostsRequested, subscribeOverlayHostsRequest } from './overlay-hosts-ready';
import { cssVariablesResolver, theme } from './theme';

/**
 * ModalsProvider (pt-BR labels) and Notifications. Modal brings ScrollArea and floating-ui
 * (~40 KB gzipped with the notification UI) that the sign-in screens never use, so the hosts load
 * only for someone signed in, once the first screen is drawn (on a phone they would otherwise
 * compete with it for the network), or at once when a notification is queued (register's success
 * message) or a confirm dialog is asked for.
 */
const OverlayHosts = lazy(() => import('./overlay-hosts'));

const hasQueuedNotification = () => notificationsStore.getState().notifications.length > 0;

function DeferredOverlayHosts({ eager }: { eager: boolean }) {
  const { token } = useSession();
  const afterFirstScreen = useAfterFirstScreen();
  const notificationWaiting = useSyncExternalStore(
    notificationsStore.subscribe,
    hasQueuedNotification,
  );
  const confirmWanted = useSyncExternalStore(subscribeOverlayHostsRequest, overlayHostsRequested);
  const [needed, setNeeded] = useState(false);
  // Once mounted the hosts stay (signing out must not cut a notification short).
  if (
    !needed &&
    (eager || (token !== null && afterFirstScreen) || notificationWaiting || confirmWanted)
  ) {
    setNeeded(true);
  }
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <OverlayHosts />
    </Suspense>
  );
}

/** Same key as the inline script of index.html, which applies it before the first paint. */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'portal-color-scheme' });

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' disables Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        env={env}
      >
        {children}
        <DeferredOverlayHosts eager={env === 'test'} />
      </MantineProvider>
    </QueryClientProvider>
  );
}

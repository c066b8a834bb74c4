import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useAfterFirstScreen } from '../lib/use-after-first-screen';
import type { NotificationsStore } from './notifications-queue';
import { useSession } from '../lib/use-session';
import { overlayHostsRequested, subscribeOverlayHostsRequest } from '../lib/overlay-hosts-ready';
import { cssVariablesResolver, theme } from './theme';

/**
 * ModalsProvider (pt-BR labels) and Notifications. Modal brings ScrollArea and floating-ui
 * (~40 KB gzipped with the notification UI) that the sign-in screens never use, so their code is
 * downloaded only for someone signed in, once the first screen is drawn (on a phone it would
 * otherwise compete with it for the network). They are drawn when first needed: a notification
 * queued (a save's confirmation, register's success message) or a confirm dialog asked for.
 * Drawn on every visit, they were a 19 ms task after the builder's first screen, 76 ms of main
 * thread under the mobile CPU budget (docs/decisions/0025-first-screen-requests.md).
 */
const loadOverlayHosts = () => import('./overlay-hosts');
const OverlayHosts = lazy(loadOverlayHosts);

const noSubscription = () => () => {};
const nothingQueued = () => false;

/**
 * Whether a notification waits to be shown. The store loads after the first screen (it is not
 * needed to draw one, and on /login it was 1.2 KB gzipped of the budget); a notification queued
 * before then (register's success message comes after a whole form) is still in the store then.
 */
function useNotificationWaiting(load: boolean): boolean {
  const [store, setStore] = useState<NotificationsStore | null>(null);
  useEffect(() => {
    if (!load || store) return;
    let current = true;
    void import('./notifications-queue').then((queue) => {
      if (current) setStore(() => queue.notificationsStore);
    });
    return () => {
      current = false;
    };
  }, [load, store]);
  return useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    store ? () => store.getState().notifications.length > 0 : nothingQueued,
  );
}

function DeferredOverlayHosts({ eager }: { eager: boolean }) {
  const { token } = useSession();
  const afterFirstScreen = useAfterFirstScreen();
  const notificationWaiting = useNotificationWaiting(eager || afterFirstScreen);
  const confirmWanted = useSyncExternalStore(subscribeOverlayHostsRequest, overlayHostsRequested);
  const [needed, setNeeded] = useState(false);
  const signedInAndDrawn = token !== null && afterFirstScreen;
  useEffect(() => {
    // The code only, so that the first notification or confirm dialog shows without a download.
    if (signedInAndDrawn) void loadOverlayHosts();
  }, [signedInAndDrawn]);
  // Once mounted the hosts stay (signing out must not cut a notification short).
  if (!needed && (eager || notificationWaiting || confirmWanted)) setNeeded(true);
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
  children: ReactNode;
  /** 'test' disables Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
}

/**
 * Mantine and the overlay hosts, shared by both shells (main.tsx): the signed-in app adds its
 * query client inside (app/app.tsx); the signed-out screens need none.
 */
export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
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
  );
}

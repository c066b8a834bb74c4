import {
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type MouseEvent,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { PageLoader } from '../components/page-loader';
import {
  ScreenNavigationContext,
  useScreenNavigation,
  type ScreenLinkProps,
  type ScreenLocation,
  type ScreenNavigation,
} from '../lib/screen-navigation';
import { lazyPage, type LazyPage } from './lazy-page';
import { PAGE_MODULES, SIGNED_OUT_SCREENS } from './route-modules';
import { RouteErrorPage } from './route-error-page';

/**
 * The signed-out shell (docs/decisions/0022-signed-out-shell.md): a visit that lands on the login,
 * admin login, register or password screens draws them with this shell instead of the signed-in
 * app, so their first screen loads neither React Router (~14 KB gzipped, whatever part of it is
 * imported) nor the query client. It follows the browser's history between those screens; the
 * first navigation anywhere else (after signing in, or Back to a signed-in page) hands over to
 * the signed-in app, which reads the same URL and history state.
 */

const screenLoaders = import.meta.glob<{ default: ComponentType }>(
  '/src/features/people/auth/*-page.tsx',
);

const SCREENS = new Map<string, LazyPage>(
  Object.entries(SIGNED_OUT_SCREENS).flatMap(([pathname, name]) => {
    const importPage = screenLoaders[PAGE_MODULES[name]];
    return importPage ? [[pathname, lazyPage(importPage)] as const] : [];
  }),
);

/**
 * The screen this visit landed on, if it is a signed-out one. The root address is the login's,
 * as in the signed-in app's routes (router.tsx), which also replace it.
 */
export function landingScreen(): LazyPage | undefined {
  if (window.location.pathname === '/') {
    window.history.replaceState(window.history.state, '', '/login');
  }
  return SCREENS.get(window.location.pathname);
}

/**
 * History entries as React Router's browser history writes them (`usr` is the state a navigation
 * passes, `idx` its position), so the signed-in app takes over this history where it stands.
 */
interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

function historyEntry(): Partial<HistoryEntry> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Partial<HistoryEntry>) : {};
}

function currentLocation(): ScreenLocation {
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    state: historyEntry().usr ?? null,
  };
}

function writeHistory(to: string, replace: boolean): void {
  const idx = historyEntry().idx ?? 0;
  const entry: HistoryEntry = {
    usr: null,
    key: Math.random().toString(36).slice(2, 10),
    idx: replace ? idx : idx + 1,
  };
  if (replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
}

/** A plain click follows the link here; a modified one (new tab, download) is the browser's. */
function followsInApp(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

function ShellLink({ to, onClick, target, ...props }: ScreenLinkProps) {
  const { navigate } = useScreenNavigation();
  return (
    <a
      {...props}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!followsInApp(event, target)) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}

export interface SignedOutAppProps {
  /**
   * Called once the URL is no longer a signed-out screen: the signed-in app takes over. Settles
   * when it is on screen.
   */
  onLeave: () => Promise<void>;
}

export function SignedOutApp({ onLeave }: SignedOutAppProps) {
  const [location, setLocation] = useState(currentLocation);

  const follow = useCallback(async () => {
    const next = currentLocation();
    // As in the signed-in app, the current screen stays while the next one's code loads.
    if (SCREENS.has(next.pathname)) startTransition(() => setLocation(next));
    else await onLeave();
  }, [onLeave]);

  useEffect(() => {
    const onPopState = () => void follow();
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [follow]);

  const navigation = useMemo<ScreenNavigation>(
    () => ({
      location,
      navigate: (to, options) => {
        writeHistory(to, options?.replace ?? false);
        return follow();
      },
      Link: ShellLink,
    }),
    [location, follow],
  );

  const Screen = SCREENS.get(location.pathname)?.Page;
  return (
    <ErrorBoundary fallback={<RouteErrorPage />} resetKeys={[location]}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <ScreenNavigationContext value={navigation}>
          {Screen ? <Screen /> : null}
        </ScreenNavigationContext>
      </Suspense>
    </ErrorBoundary>
  );
}

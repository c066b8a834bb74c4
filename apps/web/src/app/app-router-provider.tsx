import { flushSync } from 'react-dom';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import type { AppRouter } from './router';

/**
 * RouterProvider with ReactDOM.flushSync wired in, so `navigate(to, { flushSync: true })` commits
 * at once: sign-out and the expired-session redirect must leave the guarded page before the
 * session is cleared, or the page's guard would redirect first (to /admin/login).
 */
export function AppRouterProvider({
  router,
}: {
  router: AppRouter | ReturnType<typeof createMemoryRouter>;
}) {
  return (
    <RouterProvider
      router={router}
      flushSync={(update) => {
        flushSync(update);
      }}
    />
  );
}

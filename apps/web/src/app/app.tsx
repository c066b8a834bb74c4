import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { SellerEarningsContext } from '../features/sales/components/seller-earnings-slot';
import { getToken, subscribeToSession } from '../lib/api-client';
import { AppRouterProvider, type AppRouter } from './app-router-provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export { routePattern } from './route-pattern';

/** The signed-in app: every route, the query client and the 401 redirect. */
export interface SignedInApp {
  router: AppRouter;
  queryClient: QueryClient;
  /** Settles when the current URL's code is loaded (or failed to): render then, not before. */
  firstRouteReady: Promise<void>;
}

/** The app over the browser's history, at the current URL (main.tsx). */
export function createSignedInApp(): SignedInApp {
  const queryClient = createQueryClient();
  const { router, firstRouteReady } = createAppRouter(queryClient);
  return { router, queryClient, firstRouteReady };
}

/**
 * Nothing cached for one session may show up in another: the cache is dropped whenever the
 * stored token changes (sign-in, sign-out, another tab), whichever screen did it. The sign-out
 * and the 401 redirect also drop it themselves, after leaving the page that showed it.
 */
function useQueriesForgottenWithSession(queryClient: QueryClient): void {
  useEffect(() => {
    let token = getToken();
    return subscribeToSession(() => {
      const next = getToken();
      if (next === token) return;
      token = next;
      queryClient.removeQueries();
    });
  }, [queryClient]);
}

/**
 * The builder's 'Sua comissão estimada' (issue 30): billing's, composed into sales here so the
 * builder imports nothing to its right; its code loads when the builder first shows it.
 */
const SellerCommissionEstimate = lazy(
  () => import('../features/billing/components/seller-commission-estimate'),
);

/** Goes inside AppProviders (providers.tsx). */
export function SignedInAppRoot({ router, queryClient }: Omit<SignedInApp, 'firstRouteReady'>) {
  useQueriesForgottenWithSession(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SellerEarningsContext.Provider value={SellerCommissionEstimate}>
        <AppRouterProvider router={router} />
      </SellerEarningsContext.Provider>
    </QueryClientProvider>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import {
  matchRoutes,
  Navigate,
  Outlet,
  UNSAFE_createBrowserHistory,
  useLocation,
  type RouteObject,
} from 'react-router';
import { PageLoader } from '../components/page-loader';
import { getToken, setUnauthorizedHandler } from '../lib/api-client';
import { redirectState } from '../lib/redirect';
import { createAppHistoryRouter, type AppRouter } from './app-router-provider';
import { lazyPage as lazyModulePage, type PageModule } from './lazy-page';
import { RouteErrorPage } from './route-error-page';
import { RouterScreenNavigation } from './router-navigation';
import { PAGE_MODULES, type PageModuleName } from './route-modules';
import { RequireAdmin, RequireAuth, RequireManager } from './route-guards';

// Every page and both shells are lazy. Each page file default-exports its component, so the team
// that owns a screen replaces that one file. They are found by path (route-modules.ts), which the
// build also reads to link each URL's code in its HTML. A visit that lands on a signed-out screen
// draws it without this router (signed-out-app.tsx); these routes draw it after a sign-out.

const pageLoaders = import.meta.glob<{ default: ComponentType }>([
  '/src/app/layouts/*-layout.tsx',
  '/src/app/not-found-page.tsx',
  '/src/features/*/*/*-page.tsx',
]);

/** A lazy page of route-modules.ts, whose code can be requested before React renders it. */
function lazyPage(name: PageModuleName) {
  const importPage = pageLoaders[PAGE_MODULES[name]];
  if (!importPage) throw new Error(`No module at ${PAGE_MODULES[name]} for the page ${name}`);
  return { ...lazyModulePage(importPage), name };
}

// The prefetchers come with the code of the page that reads the data (the HTML preloads it), not
// with the entry: as static imports they put the catalogue, packages and notices API modules
// (~2 KB gzipped) on /login too.
const prefetchBuilderData: RouteHandle['prefetch'] = (queryClient) => {
  void import('../features/sales/builder/api').then((api) => api.prefetchBuilderData(queryClient));
};
const prefetchActiveNotices: RouteHandle['prefetch'] = (queryClient) => {
  void import('../api/people/notices').then((notices) =>
    notices.prefetchActiveNotices(queryClient),
  );
};

const adminLayout = lazyPage('adminLayout');
const professionalLayout = lazyPage('professionalLayout');
const notFoundPage = lazyPage('notFound');
const adminLoginPage = lazyPage('adminLogin');
const loginPage = lazyPage('login');
const registerPage = lazyPage('register');
const forgotPasswordPage = lazyPage('forgotPassword');
const resetPasswordPage = lazyPage('resetPassword');
const homePage = lazyPage('home');
const builderPage = lazyPage('builder');
const editServicesPage = lazyPage('editServices');
const trainingsLibraryPage = lazyPage('trainingsLibrary');
const trainingDetailPage = lazyPage('trainingDetail');
const usersPage = lazyPage('users');
const servicesPage = lazyPage('services');
const packagesPage = lazyPage('packages');
const synergyPage = lazyPage('synergy');
const noticesPage = lazyPage('notices');
const trainingsAdminPage = lazyPage('trainingsAdmin');
const promptAiPage = lazyPage('promptAi');
const webVitalsPage = lazyPage('webVitals');
const clientsPage = lazyPage('clients');
const clientNewPage = lazyPage('clientNew');
const clientDetailPage = lazyPage('clientDetail');
const proposalsPage = lazyPage('proposals');
const proposalDetailPage = lazyPage('proposalDetail');
const auditPage = lazyPage('audit');
const dashboardPage = lazyPage('dashboard');
const pipelinePage = lazyPage('pipeline');
const renewalsPage = lazyPage('renewals');
const contractPage = lazyPage('contract');
const proposalContractPage = lazyPage('proposalContract');
const sessionsTodayPage = lazyPage('sessionsToday');
const receivablesPage = lazyPage('receivables');
const commissionsPage = lazyPage('commissions');
const settingsPage = lazyPage('settings');

/** What a route knows about itself beyond its element: how to fetch its code and its data early. */
export interface RouteHandle {
  /** The lazy module this route renders (route-modules.ts). */
  module?: PageModuleName;
  load?: () => PageModule;
  prefetch?: (queryClient: QueryClient) => void;
}

function pageRoute(
  path: string,
  page: ReturnType<typeof lazyPage>,
  prefetch?: RouteHandle['prefetch'],
): RouteObject {
  const handle: RouteHandle = { module: page.name, load: page.load, prefetch };
  return { path, element: <page.Page />, handle };
}

/**
 * Starts downloading the code of every route matching `location` (shell and page together) and
 * the data its page reads, before React renders. Without it the shell's chunk, then the page's
 * chunk, then the page's API calls would load one after another: on a phone on 4G that chain
 * was most of the builder's time to first content.
 */
export function preloadRoute(location: string, queryClient: QueryClient): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(appRoutes, location) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    // React.lazy reports a failed load itself, when the page renders.
    if (handle?.load) loads.push(handle.load().catch(() => undefined));
    if (getToken()) handle?.prefetch?.(queryClient);
  }
  return Promise.all(loads).then(() => undefined);
}

/**
 * Outermost route: a full-screen fallback while a public page or a shell loads, and the error
 * screen for anything a route throws while rendering, until the next navigation.
 */
function RootBoundary() {
  const location = useLocation();
  return (
    <ErrorBoundary fallback={<RouteErrorPage />} resetKeys={[location.key]}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <RouterScreenNavigation>
          <Outlet />
        </RouterScreenNavigation>
      </Suspense>
    </ErrorBoundary>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootBoundary />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },

      // Public
      pageRoute('admin/login', adminLoginPage),
      pageRoute('login', loginPage),
      pageRoute('register', registerPage),
      pageRoute('forgot-password', forgotPasswordPage),
      pageRoute('reset-password', resetPasswordPage),
      // The session receipt became the proposal's own page (issue 13): old links land on the list.
      { path: 'recibo', element: <Navigate to="/propostas" replace /> },

      // Any signed-in user (DESIGN 7.1: the training library too). Admins on /home get this shell.
      {
        element: <RequireAuth />,
        children: [
          {
            element: <professionalLayout.Page />,
            handle: {
              module: professionalLayout.name,
              load: professionalLayout.load,
              prefetch: prefetchActiveNotices,
            } satisfies RouteHandle,
            children: [
              pageRoute('home', homePage),
              pageRoute('montar-pacote', builderPage, prefetchBuilderData),
              pageRoute('professional/editservices', editServicesPage),
              pageRoute('professional/trainings', trainingsLibraryPage),
              pageRoute('professional/trainings/:id', trainingDetailPage),
              pageRoute('clientes', clientsPage),
              pageRoute('clientes/novo', clientNewPage),
              pageRoute('clientes/:id', clientDetailPage),
              pageRoute('propostas', proposalsPage),
              pageRoute('propostas/:id', proposalDetailPage),
              // Issue 28: what an accepted proposal became, and the front desk's day.
              pageRoute('propostas/:id/contrato', proposalContractPage),
              pageRoute('contratos/:id', contractPage),
              pageRoute('sessoes-de-hoje', sessionsTodayPage),
              // Issue 14: everyone sees the pipeline and renewals of what they may see (the
              // server scopes them); the sales dashboard is for managers and admins.
              pageRoute('pipeline', pipelinePage),
              pageRoute('renovacoes', renewalsPage),
              // Issue 30: everyone reads the commissions in their scope (the server decides).
              pageRoute('comissoes', commissionsPage),
              {
                element: <RequireManager />,
                children: [
                  pageRoute('gestao', dashboardPage),
                  // Issue 29: what the unit has to chase (GET /billing/receivables is managers').
                  pageRoute('cobrancas', receivablesPage),
                ],
              },
            ],
          },
        ],
      },

      // Admin only
      {
        element: <RequireAdmin />,
        children: [
          {
            element: <adminLayout.Page />,
            handle: { module: adminLayout.name, load: adminLayout.load } satisfies RouteHandle,
            children: [
              { path: 'admin', element: <Navigate to="/admin/users" replace /> },
              pageRoute('admin/users', usersPage),
              pageRoute('admin/services', servicesPage),
              pageRoute('admin/packages', packagesPage),
              pageRoute('admin/synergy', synergyPage),
              pageRoute('admin/notices', noticesPage),
              pageRoute('admin/trainings', trainingsAdminPage),
              pageRoute('admin/prompt-ai', promptAiPage),
              pageRoute('admin/desempenho', webVitalsPage),
              pageRoute('admin/auditoria', auditPage),
              pageRoute('admin/configuracoes', settingsPage),
            ],
          },
        ],
      },

      pageRoute('*', notFoundPage),
    ],
  },
];

/**
 * Creates the browser router and lets the api client use it: after a 401 on any call but login
 * the user is taken to /login (which brings them back after signing in) and the old session's
 * cached data is dropped; the api client then clears the stored session.
 */
export function createAppRouter(queryClient: QueryClient): {
  router: AppRouter;
  /** Settles when the first URL's code is loaded (or failed to): render then, not before. */
  firstRouteReady: Promise<void>;
} {
  const firstRouteReady = preloadRoute(window.location.pathname, queryClient);
  const router = createAppHistoryRouter(appRoutes, UNSAFE_createBrowserHistory({ v5Compat: true }));
  setUnauthorizedHandler(async () => {
    const { pathname, search, hash } = router.state.location;
    if (pathname !== '/login' && pathname !== '/admin/login') {
      // flushSync: the guarded page must be gone before the session is cleared (see api-client).
      await router.navigate('/login', {
        replace: true,
        state: redirectState({ pathname, search, hash }),
        flushSync: true,
      });
    }
    queryClient.removeQueries();
  });
  return { router, firstRouteReady };
}

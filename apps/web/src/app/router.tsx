import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { setUnauthorizedHandler } from '../lib/api-client';
import { redirectState } from '../lib/redirect';
import { RouteErrorPage } from './route-error-page';
import { RequireAdmin, RequireAuth } from './route-guards';

// Every page and both shells are lazy: the first visit to /login downloads only the login form,
// the providers and the router. Each page file default-exports its component, so the team that
// owns a screen replaces that one file.
const AdminLayout = lazy(() => import('./layouts/admin-layout'));
const ProfessionalLayout = lazy(() => import('./layouts/professional-layout'));
const NotFoundPage = lazy(() => import('./not-found-page'));

const AdminLoginPage = lazy(() => import('../features/auth/admin-login-page'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const ReceiptPage = lazy(() => import('../features/receipt/receipt-page'));

const HomePage = lazy(() => import('../features/home/home-page'));
const BuilderPage = lazy(() => import('../features/builder/builder-page'));
const EditServicesPage = lazy(() => import('../features/edit-services/edit-services-page'));
const TrainingsLibraryPage = lazy(() => import('../features/trainings/trainings-library-page'));
const TrainingDetailPage = lazy(() => import('../features/trainings/training-detail-page'));

const UsersPage = lazy(() => import('../features/users/users-page'));
const ServicesPage = lazy(() => import('../features/services/services-page'));
const PackagesPage = lazy(() => import('../features/packages/packages-page'));
const SynergyPage = lazy(() => import('../features/synergy/synergy-page'));
const NoticesPage = lazy(() => import('../features/notices/notices-page'));
const TrainingsAdminPage = lazy(() => import('../features/trainings/trainings-admin-page'));
const PromptAiPage = lazy(() => import('../features/prompt-ai/prompt-ai-page'));

/** Outermost route: a full-screen fallback while a public page or a shell loads. */
function RootBoundary() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootBoundary />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },

      // Public
      { path: 'admin/login', element: <AdminLoginPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'recibo', element: <ReceiptPage /> },

      // Any signed-in user (DESIGN 7.1: the training library too). Admins on /home get this shell.
      {
        element: <RequireAuth />,
        children: [
          {
            element: <ProfessionalLayout />,
            children: [
              { path: 'home', element: <HomePage /> },
              { path: 'montar-pacote', element: <BuilderPage /> },
              { path: 'professional/editservices', element: <EditServicesPage /> },
              { path: 'professional/trainings', element: <TrainingsLibraryPage /> },
              { path: 'professional/trainings/:id', element: <TrainingDetailPage /> },
            ],
          },
        ],
      },

      // Admin only
      {
        element: <RequireAdmin />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { path: 'admin', element: <Navigate to="/admin/users" replace /> },
              { path: 'admin/users', element: <UsersPage /> },
              { path: 'admin/services', element: <ServicesPage /> },
              { path: 'admin/packages', element: <PackagesPage /> },
              { path: 'admin/synergy', element: <SynergyPage /> },
              { path: 'admin/notices', element: <NoticesPage /> },
              { path: 'admin/trainings', element: <TrainingsAdminPage /> },
              { path: 'admin/prompt-ai', element: <PromptAiPage /> },
            ],
          },
        ],
      },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Creates the browser router and lets the api client use it: after a 401 on any call but login
 * the user is taken to /login (which brings them back after signing in) and the old session's
 * cached data is dropped; the api client then clears the stored session.
 */
export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter(appRoutes);
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
  return router;
}

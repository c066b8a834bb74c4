import { isAdminProfile, isManagerProfile } from '../lib/profiles';
import { Navigate, Outlet, useLocation } from 'react-router';
import { redirectState } from '../lib/redirect';
import { useSession } from '../lib/use-session';

/**
 * Convenience guards only (DESIGN 7.2): the API enforces every permission. "Signed in" means a
 * stored token (SPEC 6); without one the user goes to /admin/login and comes back afterwards.
 */
export function RequireAuth() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/admin/login" replace state={redirectState(location)} />;
  return <Outlet />;
}

/** Admin pages: no token -> /admin/login (origin remembered); any other profile -> /home. */
export function RequireAdmin() {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/admin/login" replace state={redirectState(location)} />;
  if (!isAdminProfile(user?.profile)) return <Navigate to="/home" replace />;
  return <Outlet />;
}

/** Managers' pages (issue 14): managers and admins; anyone else signed in goes to /home. */
export function RequireManager() {
  const { user } = useSession();
  if (!isManagerProfile(user?.profile)) return <Navigate to="/home" replace />;
  return <Outlet />;
}

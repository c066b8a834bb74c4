/**
 * Guards send signed-out users to a login page with `state.from` set to where they were going;
 * after signing in they return there. These helpers keep that contract in one place.
 */

export interface RedirectOrigin {
  pathname: string;
  search?: string;
  hash?: string;
}

export interface RedirectState {
  from: RedirectOrigin;
}

/** Pages that must never be the destination after login (that would loop back to a form). */
const AUTH_PATHS = new Set([
  '/login',
  '/admin/login',
  '/register',
  '/forgot-password',
  '/reset-password',
]);

export function redirectState(origin: RedirectOrigin): RedirectState {
  return {
    from: { pathname: origin.pathname, search: origin.search ?? '', hash: origin.hash ?? '' },
  };
}

/** The remembered origin as a path, or null when there is none (or it is not a safe local path). */
export function redirectTarget(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return null;
  const { pathname } = from;
  // Only same-origin paths: "//evil.example" would be read as another host.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return null;
  }
  if (AUTH_PATHS.has(pathname)) return null;
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

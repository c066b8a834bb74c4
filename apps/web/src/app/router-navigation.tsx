import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  ScreenNavigationContext,
  type ScreenLinkProps,
  type ScreenNavigation,
} from '../lib/screen-navigation';

function RouterLink(props: ScreenLinkProps) {
  return <Link {...props} />;
}

/** The signed-out screens' navigation (lib/screen-navigation.tsx) through React Router. */
export function RouterScreenNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const value = useMemo<ScreenNavigation>(
    () => ({
      location: { pathname, search, state: state as unknown },
      navigate: async (to, options) => navigate(to, { replace: options?.replace }),
      Link: RouterLink,
    }),
    [pathname, search, state, navigate],
  );
  return <ScreenNavigationContext value={value}>{children}</ScreenNavigationContext>;
}

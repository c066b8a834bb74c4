import { createContext, use, type AnchorHTMLAttributes, type ComponentType, type Ref } from 'react';

/**
 * What the signed-out screens (login, admin login, register, forgot and reset password) need
 * from a router: where they are, a way to leave, and in-app links. They are drawn by two shells:
 * the signed-in app's React Router (app/router-navigation.tsx) and, when a visit lands on one of
 * them, the lighter signed-out shell (app/signed-out-app.tsx), which loads no router library
 * (docs/decisions/0022-signed-out-shell.md).
 */
export interface ScreenLocation {
  pathname: string;
  search: string;
  /** History state: a guard's `{ from }` (lib/redirect.ts). */
  state: unknown;
}

export interface ScreenLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

export interface ScreenNavigation {
  location: ScreenLocation;
  /** Settles once the destination is on screen (or on its way, in the signed-in app). */
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void>;
  Link: ComponentType<ScreenLinkProps>;
}

export const ScreenNavigationContext = createContext<ScreenNavigation | null>(null);

export function useScreenNavigation(): ScreenNavigation {
  const navigation = use(ScreenNavigationContext);
  if (!navigation) throw new Error('useScreenNavigation needs a ScreenNavigationContext.');
  return navigation;
}

/** An in-app link of the shell drawing the screen (`<Anchor component={ScreenLink} to=…>`). */
export function ScreenLink(props: ScreenLinkProps) {
  const { Link } = useScreenNavigation();
  return <Link {...props} />;
}

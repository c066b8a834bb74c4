import { matchRoutes, type RouteObject } from 'react-router';
import { ROUTE_PATTERN } from '@portal/domain';

/**
 * The route pattern a URL renders ('/professional/trainings/:id'), never the URL itself: no id or
 * token leaves the browser (Web Vitals, issue 17). Null when the pattern is not one the API
 * accepts.
 */
export function routePattern(routes: RouteObject[], pathname: string): string | null {
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  const segments = matches.map((match) => match.route.path ?? '').filter(Boolean);
  const pattern = `/${segments.join('/')}`.replace(/\/{2,}/g, '/');
  return ROUTE_PATTERN.test(pattern) ? pattern : null;
}

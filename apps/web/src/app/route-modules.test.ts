import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './route-modules';
import { appRoutes, type RouteHandle } from './router';

/** Every page URL of the router with the lazy modules on its way (shell, then page). */
function routeModulesOf(
  routes: RouteObject[],
  parentPath = '',
  parentModules: string[] = [],
): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    const path = route.path ? `${parentPath}/${route.path}`.replace(/\/+/g, '/') : parentPath;
    const module = (route.handle as RouteHandle | undefined)?.module;
    const modules = module ? [...parentModules, module] : parentModules;
    if (route.children) Object.assign(found, routeModulesOf(route.children, path, modules));
    else if (module && route.path !== '*') found[path] = modules;
  }
  return found;
}

describe('route modules table', () => {
  it('names, for every page of the router, the shell and page it renders', () => {
    // The server links these modules' files in each URL's HTML: a page missing here, or listed
    // with the wrong shell, would still work but load its code late on a phone.
    expect(ROUTE_MODULES).toEqual(routeModulesOf(appRoutes));
  });
});

import { describe, expect, it } from 'vitest';
import { routePattern } from './route-pattern';
import { appRoutes } from './router';

describe('routePattern', () => {
  it.each([
    ['/login', '/login'],
    ['/', '/'],
    ['/admin/users', '/admin/users'],
    ['/montar-pacote', '/montar-pacote'],
    ['/professional/trainings/42', '/professional/trainings/:id'],
    ['/nada/por/aqui/123', '/*'],
  ])('records %s as %s, never the id in the URL', (pathname, pattern) => {
    expect(routePattern(appRoutes, pathname)).toBe(pattern);
  });
});

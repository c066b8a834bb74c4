import { describe, expect, it } from 'vitest';
import { ROUTE_PATTERN, rateWebVital } from './web-vitals.ts';

describe('ROUTE_PATTERN', () => {
  it.each(['/', '/login', '/admin/users', '/montar-pacote', '/propostas/:id', '/*'])(
    'accepts the route pattern %s',
    (page) => expect(ROUTE_PATTERN.test(page)).toBe(true),
  );
  it.each([
    '/propostas/123',
    '/p/a3f9c2e1b7d4',
    '/login?next=/home',
    '/login#x',
    'https://portal/login',
    '/Login',
    '//',
    '',
  ])('refuses %s: a visited URL, an id or a token, not a pattern', (page) =>
    expect(ROUTE_PATTERN.test(page)).toBe(false),
  );
});

describe('rateWebVital (Google thresholds, inclusive at "good" and "poor")', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
  ] as const)('%s %d is %s', (name, value, rating) => {
    expect(rateWebVital(name, value)).toBe(rating);
  });
});

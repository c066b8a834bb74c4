/**
 * Core Web Vitals of real visits (issue 17, field data): metric names, Google's thresholds and the
 * limits of a report, without zod, so the web's reporter and the admin page read them cheaply;
 * web-vitals.ts builds the schemas.
 */

/** The metrics the portal records (web-vitals' names). FCP is not kept: LCP says more. */
export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type WebVitalRating = (typeof WEB_VITAL_RATINGS)[number];

/** Phone below Mantine's `sm` breakpoint (48em), desktop from it: the layouts' own switch. */
export const DEVICE_CLASSES = ['phone', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DEVICE_CLASS_LABELS: Record<DeviceClass, string> = {
  phone: 'Celular',
  desktop: 'Computador',
};

/** web-vitals' `navigationType` values. */
export const NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
  'soft-navigation',
] as const;
export type NavigationType = (typeof NAVIGATION_TYPES)[number];

/**
 * Google's thresholds (web.dev/articles/vitals): at most `good` is good, above `poor` is poor,
 * between them needs improvement. Milliseconds, except CLS (unitless).
 */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/** Values above these are not a real visit's (a tab left loading for minutes, or a forged body). */
export const WEB_VITAL_MAX_VALUES: Record<WebVitalName, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 50,
  TTFB: 120_000,
};

/** One page view sends its metrics at once; a few more than four allows a bfcache restore. */
export const WEB_VITALS_MAX_ENTRIES = 10;
export const WEB_VITALS_PAGE_MAX_LENGTH = 100;
/** Rows older than this are deleted; the summary's longest window is the same. */
export const WEB_VITALS_RETENTION_DAYS = 28;
/** The summary's windows, in days. */
export const WEB_VITALS_WINDOWS = [7, 28] as const;

/**
 * A route pattern, never a visited URL: '/', '/admin/users', '/propostas/:id', '/*'. Literal
 * segments are lowercase words joined by hyphens, without digits, so an id or a token can never
 * be stored as a page.
 */
export const ROUTE_PATTERN = /^\/(?:(?:[a-z]+(?:-[a-z]+)*|:[a-zA-Z]+|\*)(?:\/|$))*$/;

export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const { good, poor } = WEB_VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

export const WEB_VITALS_MESSAGES = {
  pageInvalid: 'A página deve ser o padrão da rota (ex.: /propostas/:id), sem ids nem tokens.',
  deviceInvalid: 'O dispositivo deve ser phone ou desktop.',
  entriesRequired: 'Envie ao menos uma métrica.',
  entriesTooMany: `Envie no máximo ${WEB_VITALS_MAX_ENTRIES} métricas por requisição.`,
  idInvalid: 'Identificador da métrica inválido.',
  nameInvalid: 'Métrica desconhecida. Use LCP, INP, CLS ou TTFB.',
  valueInvalid: 'Valor da métrica fora do intervalo aceito.',
  ratingInvalid: 'A classificação deve ser good, needs-improvement ou poor.',
  navigationTypeInvalid: 'Tipo de navegação inválido.',
  tooManyRequests: 'Muitas medições enviadas deste endereço. Tente novamente em instantes.',
} as const;

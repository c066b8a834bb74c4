import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  WEB_VITAL_NAMES,
  WEB_VITALS_MAX_ENTRIES,
  type DeviceClass,
  type WebVitalName,
  type WebVitalsReport,
} from '@portal/domain';
import { sendVitalsReport } from '../api/insights/vitals';

/**
 * Field data (issue 17): the Core Web Vitals of this visit, sent to POST /api/v1/vitals in one
 * request when the page is hidden (tab switched, app backgrounded, closed). main.tsx loads this
 * module once the first screen is idle; web-vitals reads the entries the browser buffered
 * before, so loading it late loses no metric.
 */

/** The layouts' own phone/desktop switch (use-is-desktop.ts): Mantine's `sm`, 48em. */
export function deviceClass(): DeviceClass {
  return window.matchMedia?.('(min-width: 48em)').matches ? 'desktop' : 'phone';
}

export type ReportedMetric = Pick<Metric, 'id' | 'name' | 'value' | 'rating' | 'navigationType'>;

const isKept = (metric: ReportedMetric): metric is ReportedMetric & { name: WebVitalName } =>
  (WEB_VITAL_NAMES as readonly string[]).includes(metric.name);

export interface WebVitalsReporting {
  page: string;
  device: DeviceClass;
  /** For tests: where the metrics come from (web-vitals in the app). */
  observe?: (report: (metric: ReportedMetric) => void) => void;
  send?: (report: WebVitalsReport) => void;
}

const observeCoreWebVitals = (report: (metric: ReportedMetric) => void) => {
  onLCP(report);
  onINP(report);
  onCLS(report);
  onTTFB(report);
};

/**
 * Collects the metrics and sends those not sent yet, each at its latest value, when the page is
 * hidden. A page hidden again (after coming back) sends only what changed since.
 */
export function startWebVitalsReporting({
  page,
  device,
  observe = observeCoreWebVitals,
  send = sendVitalsReport,
}: WebVitalsReporting): void {
  const pending = new Map<string, ReportedMetric & { name: WebVitalName }>();
  observe((metric) => {
    if (isKept(metric)) pending.set(metric.id, metric);
  });
  const flush = () => {
    if (pending.size === 0) return;
    const entries = [...pending.values()].slice(-WEB_VITALS_MAX_ENTRIES).map((metric) => ({
      id: metric.id,
      name: metric.name,
      value: metric.value,
      rating: metric.rating,
      navigation_type: metric.navigationType,
    }));
    pending.clear();
    send({ page, device, entries });
  };
  // Bubble phase on window: web-vitals reports on the same event in the capture phase, so its
  // final values are in `pending` by the time this runs.
  window.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}

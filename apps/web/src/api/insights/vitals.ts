import { queryOptions } from '@tanstack/react-query';
import type { WebVitalsReport, WebVitalsSummary } from '@portal/domain';
import { api, sendBeacon } from '../../lib/api-client';

/** Every request about Web Vitals (issue 17): the visit's report and the admin summary. */

export const VITALS_PATH = '/api/v1/vitals';
const SUMMARY_PATH = `${VITALS_PATH}/summary`;

export const vitalsKeys = {
  all: ['vitals'] as const,
  summary: () => [...vitalsKeys.all, 'summary'] as const,
};

/** One page view's metrics, sent so that it survives the page being hidden or closed. */
export function sendVitalsReport(report: WebVitalsReport): void {
  sendBeacon(VITALS_PATH, report);
}

export function fetchVitalsSummary(signal?: AbortSignal): Promise<WebVitalsSummary> {
  return api.get<WebVitalsSummary>(SUMMARY_PATH, { signal });
}

export const vitalsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: vitalsKeys.summary(),
    queryFn: ({ signal }) => fetchVitalsSummary(signal),
  });

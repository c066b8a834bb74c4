import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebVitalsReport } from '@portal/domain';
import { startWebVitalsReporting, type ReportedMetric as Reported } from './web-vitals-reporter';

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('startWebVitalsReporting', () => {
  afterEach(() => setVisibility('visible'));

  it('sends the page view’s metrics in one request when the page is hidden', () => {
    let report: (metric: Reported) => void = () => {};
    const send = vi.fn<(report: WebVitalsReport) => void>();
    startWebVitalsReporting({
      page: '/professional/trainings/:id',
      device: 'phone',
      observe: (callback) => {
        report = callback;
      },
      send,
    });
    const metric = (name: Reported['name'], id: string, value: number): Reported => ({
      id,
      name,
      value,
      rating: 'good',
      navigationType: 'navigate',
    });
    report(metric('TTFB', 'v6-1-1', 320));
    report(metric('FCP', 'v6-1-2', 900));
    report(metric('LCP', 'v6-1-3', 1700));
    report(metric('CLS', 'v6-1-4', 0.01));
    report(metric('CLS', 'v6-1-4', 0.04));
    expect(send).not.toHaveBeenCalled();

    setVisibility('hidden');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      page: '/professional/trainings/:id',
      device: 'phone',
      entries: [
        { id: 'v6-1-1', name: 'TTFB', value: 320, rating: 'good', navigation_type: 'navigate' },
        { id: 'v6-1-3', name: 'LCP', value: 1700, rating: 'good', navigation_type: 'navigate' },
        { id: 'v6-1-4', name: 'CLS', value: 0.04, rating: 'good', navigation_type: 'navigate' },
      ],
    });

    // Back and hidden again: only what was reported since goes, and nothing when nothing was.
    setVisibility('visible');
    setVisibility('hidden');
    expect(send).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    report(metric('INP', 'v6-1-5', 140));
    setVisibility('hidden');
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0].entries).toEqual([
      { id: 'v6-1-5', name: 'INP', value: 140, rating: 'good', navigation_type: 'navigate' },
    ]);
  });
});

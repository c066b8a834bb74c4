import { describe, expect, it } from 'vitest';
import { isQueryableDate } from './dates.ts';

describe('isQueryableDate', () => {
  it('takes calendar days from 1900 to 9998', () => {
    for (const day of ['1900-01-01', '2024-02-29', '2026-11-26', '9998-12-31']) {
      expect(isQueryableDate(day), day).toBe(true);
    }
  });

  it('refuses days the calendar lacks, other shapes and years a bound cannot reach', () => {
    for (const day of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-1-1',
      '26-01-01',
      '0000-01-01',
      '1899-12-31',
      '9999-12-31',
      '',
    ]) {
      expect(isQueryableDate(day), day).toBe(false);
    }
  });
});

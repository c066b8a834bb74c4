import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import { saoPauloDate, saoPauloDayStart } from './sao-paulo-days.ts';

/** The day as the runtime's time-zone database says it, one formatToParts per call. */
const reference = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('São Paulo days', () => {
  it('reads the day of any instant as the time-zone database does, across the old summer times', () => {
    // 1985–2045: São Paulo kept summer time until February 2019, with changes at midnight.
    const instant = fc.integer({ min: Date.UTC(1985, 0, 1), max: Date.UTC(2045, 0, 1) });
    fc.assert(
      fc.property(instant, (ms) => {
        expect(saoPauloDate(new Date(ms))).toBe(reference.format(new Date(ms)));
        expect(saoPauloDate(new Date(ms).toISOString())).toBe(reference.format(new Date(ms)));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('turns at midnight, also on the nights the clocks moved', () => {
    // Summer time began at 00:00 on 2018-11-04 (clocks to 01:00) and ended on 2019-02-17.
    for (const day of ['2018-11-04', '2018-11-05', '2019-02-16', '2019-02-17', '2026-11-28']) {
      const start = saoPauloDayStart(day).getTime();
      expect(saoPauloDate(new Date(start))).toBe(day);
      expect(saoPauloDate(new Date(start - 1))).not.toBe(day);
    }
  });

  it('refuses an instant that is not one', () => {
    expect(() => saoPauloDate('não é data')).toThrow(RangeError);
  });
});

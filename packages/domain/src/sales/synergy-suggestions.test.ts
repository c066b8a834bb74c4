import { describe, expect, it } from 'vitest';
import {
  consecutivePairs,
  dedupeProceduresByBaseName,
  expectedGainRange,
  procedureBaseName,
  shouldRequestSynergies,
  synergyGenerateRequestSchema,
  synergySelectionKey,
} from './synergy-suggestions.ts';

describe('synergy suggestion helpers', () => {
  it('reads the base name before " - "', () => {
    expect(procedureBaseName('Criolipólise - Abdômen')).toBe('Criolipólise');
    expect(procedureBaseName('Peeling')).toBe('Peeling');
    expect(procedureBaseName('Laser-CO2')).toBe('Laser-CO2');
  });

  it('dedupes by base name with case and accents folded, keeping the first', () => {
    const list = [
      { id: 1, name: 'Criolipólise - Abdômen' },
      { id: 2, name: 'criolipolise - Flancos' },
      { id: 3, name: 'Radiofrequência' },
      { id: 1, name: 'Criolipólise - Abdômen' },
    ];
    expect(dedupeProceduresByBaseName(list).map((p) => p.id)).toEqual([1, 3]);
    expect(shouldRequestSynergies(list)).toBe(true);
    expect(shouldRequestSynergies(list.slice(0, 2))).toBe(false);
  });

  it('keys a selection by its sorted distinct ids', () => {
    expect(synergySelectionKey([{ id: 5 }, { id: 2 }, { id: 5 }])).toEqual([2, 5]);
  });

  it('makes at most the asked number of consecutive pairs', () => {
    expect(consecutivePairs([1, 2, 3], 5)).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(consecutivePairs([1, 2, 3, 4, 5, 6, 7, 8], 5)).toHaveLength(5);
    expect(consecutivePairs([1], 5)).toEqual([]);
  });

  it('turns a boost into a gain range', () => {
    expect(expectedGainRange(20)).toBe('15–25%');
    expect(expectedGainRange(0)).toBe('0–5%');
    expect(expectedGainRange(100)).toBe('95–100%');
  });

  it('validates the request', () => {
    expect(
      synergyGenerateRequestSchema.safeParse({ procedures: [{ id: 1, name: 'A' }] }).success,
    ).toBe(true);
    expect(synergyGenerateRequestSchema.safeParse({}).success).toBe(false);
    expect(
      synergyGenerateRequestSchema.safeParse({ procedures: [{ id: 0, name: 'A' }] }).success,
    ).toBe(false);
    expect(
      synergyGenerateRequestSchema.safeParse({ procedures: [{ id: 1, name: ' ' }] }).success,
    ).toBe(false);
  });
});

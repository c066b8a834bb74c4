import { describe, expect, it } from 'vitest';
import { makeService } from '@portal/domain/fixtures';
import {
  functionFilterLabel,
  groupByFunction,
  listFunctions,
  NO_FUNCTION_LABEL,
  procedureCountLabel,
} from './function-groups';

const withFunction = (id: number, name: string, fn: string | null) =>
  makeService({
    id,
    name,
    benefits: { main_function: fn, benefit1: null, benefit2: null, benefit3: null },
  });

const SERVICES = [
  withFunction(1, 'Criolipólise', 'Gordura localizada'),
  withFunction(2, 'Enzimas', 'gordura  localizada'),
  withFunction(3, 'Peeling', 'Manchas'),
  withFunction(4, 'Massagem', null),
  withFunction(5, 'Laser', ' '),
];

describe('procedure groups by benefits.main_function', () => {
  it('lists each function once, case and accents folded, sorted', () => {
    expect(listFunctions(SERVICES)).toEqual(['Gordura localizada', 'Manchas']);
    expect(listFunctions([])).toEqual([]);
  });

  it('groups by function, with the procedures without one last', () => {
    const groups = groupByFunction(SERVICES, { search: '', functions: [] });
    expect(groups.map((group) => [group.name, group.services.map((s) => s.id)])).toEqual([
      ['Gordura localizada', [1, 2]],
      ['Manchas', [3]],
      [NO_FUNCTION_LABEL, [4, 5]],
    ]);
  });

  it('searches the function or the procedure name, ignoring accents', () => {
    const byFunction = groupByFunction(SERVICES, { search: 'GORDURA', functions: [] });
    expect(byFunction.map((group) => group.name)).toEqual(['Gordura localizada']);
    const byName = groupByFunction(SERVICES, { search: 'criolipolise', functions: [] });
    expect(byName.flatMap((group) => group.services.map((s) => s.id))).toEqual([1]);
    expect(groupByFunction(SERVICES, { search: 'nada disso', functions: [] })).toEqual([]);
  });

  it('keeps only the picked functions', () => {
    const groups = groupByFunction(SERVICES, { search: '', functions: ['Manchas'] });
    expect(groups.map((group) => group.name)).toEqual(['Manchas']);
  });

  it("says '1 Procedimento' and 'N Procedimentos'", () => {
    expect(procedureCountLabel(1)).toBe('1 Procedimento');
    expect(procedureCountLabel(0)).toBe('0 Procedimentos');
    expect(procedureCountLabel(3)).toBe('3 Procedimentos');
  });

  it("labels the filter 'Todas', up to 2 names, or 'N selecionadas'", () => {
    expect(functionFilterLabel([], 5)).toBe('Todas');
    expect(functionFilterLabel(['A', 'B', 'C', 'D', 'E'], 5)).toBe('Todas');
    expect(functionFilterLabel(['Manchas'], 5)).toBe('Manchas');
    expect(functionFilterLabel(['Manchas', 'Acne'], 5)).toBe('Manchas, Acne');
    expect(functionFilterLabel(['Manchas', 'Acne', 'Rugas'], 5)).toBe('3 selecionadas');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupKey, groupProcedures } from './procedure-grouping.ts';

describe('groupKey', () => {
  it('takes the first 4 alphanumeric characters, accents stripped, upper case', () => {
    expect(groupKey('Criolipólise - Abdômen')).toBe('CRIO');
    expect(groupKey('Ácido hialurônico')).toBe('ACID');
    expect(groupKey('  3D-Lift facial')).toBe('3DLI');
    expect(groupKey('Pé')).toBe('PE');
  });

  it("falls back to 'OUTR' when the name has no letter or digit", () => {
    expect(groupKey('')).toBe('OUTR');
    expect(groupKey(' - ?! ')).toBe('OUTR');
  });
});

describe('groupProcedures', () => {
  const named = (...names: string[]) => names.map((name, index) => ({ id: index + 1, name }));

  it('groups a key shared by 3 or more services and keeps the others single, in order', () => {
    const services = named(
      'Botox',
      'Criolipólise - Abdômen',
      'Criolipólise - Flancos',
      'CRIOLIPOLISE - Coxas',
      'Drenagem',
      'Drenagem linfática',
    );
    const entries = groupProcedures(services);
    expect(entries.map((entry) => entry.kind)).toEqual(['single', 'group', 'single', 'single']);
    const group = entries[1];
    expect(group?.kind === 'group' && group.key).toBe('CRIO');
    expect(group?.kind === 'group' && group.services.map((s) => s.id)).toEqual([2, 3, 4]);
  });

  it('places a group where its first service is and keeps singles exactly where they were', () => {
    const entries = groupProcedures(named('Peel A', 'Laser', 'Peel B', 'Peeling C', 'Luz'));
    expect(
      entries.map((entry) =>
        entry.kind === 'group' ? entry.services.map((s) => s.name) : entry.service.name,
      ),
    ).toEqual([['Peel A', 'Peel B', 'Peeling C'], 'Laser', 'Luz']);
  });

  it('shows every service exactly once', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { maxLength: 30 }), (names) => {
        const services = names.map((name, index) => ({ id: index, name }));
        const shown = groupProcedures(services).flatMap((entry) =>
          entry.kind === 'group' ? entry.services : [entry.service],
        );
        expect(shown.map((s) => s.id).sort((a, b) => a - b)).toEqual(services.map((s) => s.id));
        for (const entry of groupProcedures(services)) {
          if (entry.kind === 'group') expect(entry.services.length).toBeGreaterThanOrEqual(3);
        }
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNITS } from '@portal/domain';
import { rowAccess, rowFilter, scopeOf, type RowFilter, type Viewer } from './scope.ts';

const unit = fc.constantFrom(...UNITS.slice(0, 3));
const viewer: fc.Arbitrary<Viewer> = fc.record({
  id: fc.integer({ min: 1, max: 4 }),
  name: fc.constant('Pessoa'),
  profile: fc.constantFrom('admin', 'manager', 'professional'),
  unit: fc.option(unit, { nil: null }),
});
const proposalRow = fc.record({
  unit,
  authorId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
});

/** What the SQL of rowFilterSql keeps, as a predicate on a row. */
function keeps(filter: RowFilter | null, row: { unit: string; authorId: number | null }): boolean {
  if (filter === null) return false;
  if (filter.unit !== null && row.unit !== filter.unit) return false;
  return filter.authorId === null || row.authorId === filter.authorId;
}

describe('scope (issue 25): one rule, as a row check and as a list filter', () => {
  it('a list keeps exactly the proposals the row check lets a viewer open', () => {
    fc.assert(
      fc.property(viewer, proposalRow, (who, row) => {
        expect(keeps(rowFilter(who), row)).toBe(rowAccess.proposal(who, row));
      }),
    );
  });

  it('a list keeps exactly the clients the row check lets a viewer open', () => {
    fc.assert(
      fc.property(viewer, unit, (who, clientUnit) => {
        const row = { unit: clientUnit, authorId: null };
        const filter = rowFilter(who);
        const clientFilter = filter && { unit: filter.unit, authorId: null };
        expect(keeps(clientFilter, row)).toBe(rowAccess.client(who, row));
      }),
    );
  });

  it('what a caller asks for narrows their reach and never widens it', () => {
    fc.assert(
      fc.property(
        viewer,
        proposalRow,
        fc.option(unit, { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        (who, row, askedUnit, askedAuthor) => {
          const narrowed = rowFilter(who, { unit: askedUnit, authorId: askedAuthor });
          if (keeps(narrowed, row)) expect(rowAccess.proposal(who, row)).toBe(true);
        },
      ),
    );
  });

  it('reads each profile as DESIGN.md section 5 says', () => {
    const base = { name: 'Pessoa', id: 7 };
    expect(scopeOf({ ...base, profile: 'admin', unit: null })).toEqual({ kind: 'network' });
    expect(scopeOf({ ...base, profile: 'manager', unit: 'ANALIA' })).toEqual({
      kind: 'unit',
      unit: 'ANALIA',
    });
    expect(scopeOf({ ...base, profile: 'professional', unit: 'ANALIA' })).toEqual({
      kind: 'own',
      unit: 'ANALIA',
      authorId: 7,
    });
    expect(scopeOf({ ...base, profile: 'manager', unit: null })).toEqual({ kind: 'none' });
    const moved = { ...base, profile: 'professional' as const, unit: 'ANALIA' };
    // Their own deal of a client still in MORUMBI is no longer theirs to read.
    expect(rowAccess.proposal(moved, { unit: 'MORUMBI', authorId: 7 })).toBe(false);
    expect(rowAccess.administerClient(moved, { unit: 'ANALIA' })).toBe(false);
  });
});

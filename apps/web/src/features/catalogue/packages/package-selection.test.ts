import { describe, expect, it } from 'vitest';
import {
  isAllowed,
  isRestricted,
  NEW_PACKAGE_SELECTION,
  resolvedAllowedIds,
  selectionPayload,
  setAllowAll,
  toggleAllowed,
  toggleRestricted,
  type PackageProcedureSelection,
} from './package-selection';

const CATALOGUE = [1, 2, 3, 4];

describe('package procedure selection (SPEC section 4)', () => {
  it('starts a new package with select-all: every service allowed, none restricted', () => {
    expect(NEW_PACKAGE_SELECTION.allowAll).toBe(true);
    expect(resolvedAllowedIds(NEW_PACKAGE_SELECTION, CATALOGUE)).toEqual(CATALOGUE);
    expect(selectionPayload(NEW_PACKAGE_SELECTION)).toEqual({
      allow_all_procedures: true,
      procedures: [],
      restricted_procedures: [],
    });
  });

  it('select-all allows every service except the restricted ones, and keeps the flag', () => {
    const selection = toggleRestricted(NEW_PACKAGE_SELECTION, 3);
    expect(selection.allowAll).toBe(true);
    expect(isAllowed(selection, 3)).toBe(false);
    expect(isRestricted(selection, 3)).toBe(true);
    expect(resolvedAllowedIds(selection, CATALOGUE)).toEqual([1, 2, 4]);
    // Unrestricting under select-all allows it again.
    expect(resolvedAllowedIds(toggleRestricted(selection, 3), CATALOGUE)).toEqual(CATALOGUE);
  });

  it('a manual choice in the allowed list clears select-all and keeps the rest allowed', () => {
    const selection = toggleAllowed(NEW_PACKAGE_SELECTION, 2, CATALOGUE);
    expect(selection.allowAll).toBe(false);
    expect(resolvedAllowedIds(selection, CATALOGUE)).toEqual([1, 3, 4]);
    expect(selectionPayload(selection)).toEqual({
      allow_all_procedures: false,
      procedures: [1, 3, 4],
      restricted_procedures: [],
    });
  });

  it('marking a procedure allowed removes it from restricted', () => {
    const restricted: PackageProcedureSelection = {
      allowAll: false,
      allowed: [1],
      restricted: [2],
    };
    const selection = toggleAllowed(restricted, 2, CATALOGUE);
    expect(selection.restricted).toEqual([]);
    expect(selection.allowed).toEqual([1, 2]);
  });

  it('marking a procedure restricted removes it from allowed', () => {
    const manual: PackageProcedureSelection = { allowAll: false, allowed: [1, 2], restricted: [] };
    const selection = toggleRestricted(manual, 2);
    expect(selection.allowed).toEqual([1]);
    expect(selection.restricted).toEqual([2]);
    // Unrestricting a manual selection does not allow it back on its own.
    expect(isAllowed(toggleRestricted(selection, 2), 2)).toBe(false);
  });

  it('the select-all checkbox turns everything on (but restricted) or everything off', () => {
    const manual: PackageProcedureSelection = { allowAll: false, allowed: [1], restricted: [4] };
    const all = setAllowAll(manual, true);
    expect(resolvedAllowedIds(all, CATALOGUE)).toEqual([1, 2, 3]);
    const none = setAllowAll(all, false);
    expect(resolvedAllowedIds(none, CATALOGUE)).toEqual([]);
    expect(none.restricted).toEqual([4]);
  });

  it('never lets an id be allowed and restricted at once', () => {
    let selection: PackageProcedureSelection = NEW_PACKAGE_SELECTION;
    const clicks: ['allowed' | 'restricted', number][] = [
      ['restricted', 1],
      ['allowed', 1],
      ['allowed', 2],
      ['restricted', 2],
      ['restricted', 3],
      ['allowed', 3],
    ];
    for (const [list, id] of clicks) {
      selection =
        list === 'allowed'
          ? toggleAllowed(selection, id, CATALOGUE)
          : toggleRestricted(selection, id);
      const allowed = resolvedAllowedIds(selection, CATALOGUE);
      expect(allowed.filter((allowedId) => selection.restricted.includes(allowedId))).toEqual([]);
    }
  });
});

/**
 * The package form's procedure choices (SPEC section 4, "Package form"):
 * - marking a procedure allowed removes it from the restricted list, and vice versa;
 * - "select all" means every service except the restricted ones (DESIGN 7.7: kept as a flag, so
 *   services created later are allowed too);
 * - a manual choice in the allowed list clears "select all";
 * - a new package starts with "select all".
 * Pure functions over an immutable value, so the rules are tested without rendering.
 */
export interface PackageProcedureSelection {
  allowAll: boolean;
  /** Manually allowed ids; ignored while `allowAll` is on. */
  allowed: readonly number[];
  restricted: readonly number[];
}

export const NEW_PACKAGE_SELECTION: PackageProcedureSelection = {
  allowAll: true,
  allowed: [],
  restricted: [],
};

/** Ids the allowed picker shows as checked. */
export function resolvedAllowedIds(
  selection: PackageProcedureSelection,
  serviceIds: readonly number[],
): number[] {
  if (!selection.allowAll) return [...selection.allowed];
  const restricted = new Set(selection.restricted);
  return serviceIds.filter((id) => !restricted.has(id));
}

export function isAllowed(selection: PackageProcedureSelection, id: number): boolean {
  if (selection.restricted.includes(id)) return false;
  return selection.allowAll || selection.allowed.includes(id);
}

export function isRestricted(selection: PackageProcedureSelection, id: number): boolean {
  return selection.restricted.includes(id);
}

/** A click in the allowed picker: a manual choice, so "select all" turns into the explicit list. */
export function toggleAllowed(
  selection: PackageProcedureSelection,
  id: number,
  serviceIds: readonly number[],
): PackageProcedureSelection {
  const current = resolvedAllowedIds(selection, serviceIds);
  if (isAllowed(selection, id)) {
    return {
      allowAll: false,
      allowed: current.filter((allowedId) => allowedId !== id),
      restricted: selection.restricted,
    };
  }
  return {
    allowAll: false,
    allowed: [...current, id],
    restricted: selection.restricted.filter((restrictedId) => restrictedId !== id),
  };
}

/** A click in the restricted picker. Restricting leaves "select all" on: it excludes the id. */
export function toggleRestricted(
  selection: PackageProcedureSelection,
  id: number,
): PackageProcedureSelection {
  if (selection.restricted.includes(id)) {
    return {
      ...selection,
      restricted: selection.restricted.filter((restrictedId) => restrictedId !== id),
    };
  }
  return {
    allowAll: selection.allowAll,
    allowed: selection.allowed.filter((allowedId) => allowedId !== id),
    restricted: [...selection.restricted, id],
  };
}

/** The select-all checkbox: on allows every non-restricted service, off allows none. */
export function setAllowAll(
  selection: PackageProcedureSelection,
  allowAll: boolean,
): PackageProcedureSelection {
  return { allowAll, allowed: [], restricted: selection.restricted };
}

/** The fields of a package create/update body that carry the selection. */
export function selectionPayload(selection: PackageProcedureSelection): {
  allow_all_procedures: boolean;
  procedures: number[];
  restricted_procedures: number[];
} {
  return {
    allow_all_procedures: selection.allowAll,
    // With "select all" the server resolves the list itself; an explicit list would read as a
    // manual choice.
    procedures: selection.allowAll ? [] : [...selection.allowed],
    restricted_procedures: [...selection.restricted],
  };
}

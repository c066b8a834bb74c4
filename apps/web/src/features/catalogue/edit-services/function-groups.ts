import { normalizeForComparison, type Service } from '@portal/domain';

/** Heading of the procedures whose benefits.main_function is blank. */
export const NO_FUNCTION_LABEL = 'Sem função';

export interface FunctionGroup {
  /** The function as first written in the catalogue, or NO_FUNCTION_LABEL. */
  name: string;
  services: Service[];
}

function functionOf(service: Service): string | null {
  const name = service.benefits.main_function?.trim();
  return name ? name : null;
}

/** Distinct functions of the catalogue (case and accents folded), sorted for the filter. */
export function listFunctions(services: readonly Service[]): string[] {
  const byKey = new Map<string, string>();
  for (const service of services) {
    const name = functionOf(service);
    if (name !== null && !byKey.has(normalizeForComparison(name))) {
      byKey.set(normalizeForComparison(name), name);
    }
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

export interface GroupFilter {
  /** 'Pesquisar função': matches the function or the procedure name. */
  search: string;
  /** Functions picked in the filter; empty means all. */
  functions: readonly string[];
}

/**
 * The screen's groups: one per function (alphabetical, procedures without one last), holding the
 * procedures that pass the search and the function filter. Empty groups are left out.
 */
export function groupByFunction(
  services: readonly Service[],
  { search, functions }: GroupFilter,
): FunctionGroup[] {
  const needle = normalizeForComparison(search);
  const picked = new Set(functions.map(normalizeForComparison));
  const groups = new Map<string, FunctionGroup>();
  let withoutFunction: FunctionGroup | null = null;

  for (const service of services) {
    const name = functionOf(service);
    const key = name === null ? null : normalizeForComparison(name);
    if (picked.size > 0 && (key === null || !picked.has(key))) continue;
    if (
      needle !== '' &&
      !(key ?? '').includes(needle) &&
      !normalizeForComparison(service.name).includes(needle)
    ) {
      continue;
    }
    if (key === null || name === null) {
      withoutFunction ??= { name: NO_FUNCTION_LABEL, services: [] };
      withoutFunction.services.push(service);
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      group = { name, services: [] };
      groups.set(key, group);
    }
    group.services.push(service);
  }

  const sorted = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return withoutFunction ? [...sorted, withoutFunction] : sorted;
}

/** '1 Procedimento' / 'N Procedimentos' */
export function procedureCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'Procedimento' : 'Procedimentos'}`;
}

/** The filter button: 'Todas', up to 2 names, or 'N selecionadas'. */
export function functionFilterLabel(selected: readonly string[], total: number): string {
  if (selected.length === 0 || selected.length === total) return 'Todas';
  if (selected.length <= 2) return selected.join(', ');
  return `${selected.length} selecionadas`;
}

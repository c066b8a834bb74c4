import { SERVICE_BLOCKS, type ServiceBlock } from './service-constants.ts';

/**
 * Package builder selection rules (SPEC section 4, DESIGN section 6). Pure functions over plain
 * data: the web keeps a `ProcedureSelection` in state and replaces it with what these return.
 */

/** How many sessions (occurrences) each block may hold. */
export type BlockLimits = Record<ServiceBlock, number>;

/**
 * Per block, the ids of the selected services; an id repeats once per session, so
 * `{A: [3, 3, 5]}` is two sessions of service 3 and one of service 5.
 */
export type ProcedureSelection = Record<ServiceBlock, number[]>;

/** The two screens of the builder: choose a package, then choose its procedures. */
export type BuilderStep = 'packages' | 'services';

/** What the selection rules read from a service (a catalogue `Service` satisfies it). */
export interface SelectableService {
  id: number;
  block: ServiceBlock;
  status: string;
  /** Maximum sessions of this procedure in one package; 0 means no limit. */
  session_limit: number;
}

/** What the selection rules read from a package (a catalogue `Package` satisfies it). */
export interface SelectablePackage {
  block_limits: { a: number; b: number; c: number; d: number };
  allow_all_procedures: boolean;
  /** Allowed service ids, already resolved by the API when `allow_all_procedures` is set. */
  procedures: readonly number[];
  restricted_procedures: readonly number[];
}

/** Without a package the builder still lets one session per block be picked. */
const LIMIT_WITHOUT_PACKAGE = 1;

export function emptySelection(): ProcedureSelection {
  return { A: [], B: [], C: [], D: [] };
}

export function blockLimitsFor(pkg: Pick<SelectablePackage, 'block_limits'> | null): BlockLimits {
  if (!pkg) {
    return {
      A: LIMIT_WITHOUT_PACKAGE,
      B: LIMIT_WITHOUT_PACKAGE,
      C: LIMIT_WITHOUT_PACKAGE,
      D: LIMIT_WITHOUT_PACKAGE,
    };
  }
  const { a, b, c, d } = pkg.block_limits;
  return { A: a, B: b, C: c, D: d };
}

/** Allowed by the package (by the flag or the list) and not restricted by it. */
export function isAllowedByPackage(pkg: SelectablePackage | null, serviceId: number): boolean {
  if (!pkg) return true;
  if (pkg.restricted_procedures.includes(serviceId)) return false;
  return pkg.allow_all_procedures || pkg.procedures.includes(serviceId);
}

/** The cards of one block: active services of that block the package allows, in input order. */
export function visibleServices<T extends SelectableService>(
  services: readonly T[],
  pkg: SelectablePackage | null,
  block: ServiceBlock,
): T[] {
  return services.filter(
    (service) =>
      service.block === block && service.status === 'active' && isAllowedByPackage(pkg, service.id),
  );
}

/** Sessions of one service in the selection. */
export function occurrencesOf(selection: ProcedureSelection, service: SelectableService): number {
  let count = 0;
  for (const id of selection[service.block]) if (id === service.id) count += 1;
  return count;
}

export function isBlockFull(
  selection: ProcedureSelection,
  block: ServiceBlock,
  limits: BlockLimits,
): boolean {
  return selection[block].length >= limits[block];
}

function isSessionLimitReached(selection: ProcedureSelection, service: SelectableService): boolean {
  return service.session_limit > 0 && occurrencesOf(selection, service) >= service.session_limit;
}

/**
 * A click on a procedure card: adds one session while both the block and the procedure have
 * room; otherwise a selected procedure is removed entirely (a quick way to undo), and an
 * unselected one is left alone. Returns the same object when nothing changes.
 */
export function clickProcedure(
  selection: ProcedureSelection,
  service: SelectableService,
  limits: BlockLimits,
): ProcedureSelection {
  const { block } = service;
  if (!isBlockFull(selection, block, limits) && !isSessionLimitReached(selection, service)) {
    return { ...selection, [block]: [...selection[block], service.id] };
  }
  if (occurrencesOf(selection, service) > 0) {
    return { ...selection, [block]: selection[block].filter((id) => id !== service.id) };
  }
  return selection;
}

/** Dimmed = a click would do nothing: not selected, and no room in the block or the procedure. */
export function isDimmed(
  selection: ProcedureSelection,
  service: SelectableService,
  limits: BlockLimits,
): boolean {
  if (occurrencesOf(selection, service) > 0) return false;
  return isBlockFull(selection, service.block, limits) || isSessionLimitReached(selection, service);
}

/** Why 'Gerar Pacote' is disabled, shown beside the button (issue 15: no empty receipt). */
export const GENERATE_BLOCKED_MESSAGES = {
  noPackage: 'Selecione um pacote para gerar.',
  noProcedure: 'Selecione ao menos um procedimento para gerar o pacote.',
  overLimit: 'Há blocos acima do limite do pacote.',
} as const;

/**
 * Why 'Gerar Pacote' cannot run, or null when it can: it needs a package, at least one session
 * (an empty selection would print an empty receipt and proposal) and every block within its limit.
 */
export function generateBlockedReason(
  pkg: SelectablePackage | null,
  selection: ProcedureSelection,
  limits: BlockLimits,
): string | null {
  if (!pkg) return GENERATE_BLOCKED_MESSAGES.noPackage;
  if (SERVICE_BLOCKS.every((block) => selection[block].length === 0)) {
    return GENERATE_BLOCKED_MESSAGES.noProcedure;
  }
  if (SERVICE_BLOCKS.some((block) => selection[block].length > limits[block])) {
    return GENERATE_BLOCKED_MESSAGES.overLimit;
  }
  return null;
}

/** 'Gerar Pacote' is enabled exactly when nothing blocks it (generateBlockedReason). */
export function canGenerate(
  pkg: SelectablePackage | null,
  selection: ProcedureSelection,
  limits: BlockLimits,
): boolean {
  return generateBlockedReason(pkg, selection, limits) === null;
}

/**
 * The '−' control: removes one session of a procedure (the last one added). Returns the same
 * object when the procedure is not selected.
 */
export function removeOneSession(
  selection: ProcedureSelection,
  service: Pick<SelectableService, 'id' | 'block'>,
): ProcedureSelection {
  const list = selection[service.block];
  const index = list.lastIndexOf(service.id);
  if (index < 0) return selection;
  return { ...selection, [service.block]: [...list.slice(0, index), ...list.slice(index + 1)] };
}

/** Blocks worth listing for a package: a block whose limit is 0 can hold nothing. */
export function listedBlocks(limits: BlockLimits): ServiceBlock[] {
  return SERVICE_BLOCKS.filter((block) => limits[block] > 0);
}

/** Sessions chosen per block. */
export function selectionCounts(selection: ProcedureSelection): BlockLimits {
  return {
    A: selection.A.length,
    B: selection.B.length,
    C: selection.C.length,
    D: selection.D.length,
  };
}

/**
 * The selection as services, per block, one entry per session (the receipt's `blocks`). Ids
 * that are no longer in the catalogue are skipped.
 */
export function selectedServicesByBlock<T extends { id: number }>(
  selection: ProcedureSelection,
  services: readonly T[],
): Record<ServiceBlock, T[]> {
  const byId = new Map(services.map((service) => [service.id, service]));
  const pick = (ids: number[]): T[] =>
    ids.flatMap((id) => {
      const service = byId.get(id);
      return service ? [service] : [];
    });
  return { A: pick(selection.A), B: pick(selection.B), C: pick(selection.C), D: pick(selection.D) };
}

/**
 * 'Aplicar Recomendações' (SPEC section 4): the recommended items go into their blocks, in order,
 * and whatever does not fit a block's limit is dropped.
 */
export function selectionFromRecommendations(
  items: readonly { service_id: number; block: ServiceBlock }[],
  limits: BlockLimits,
): ProcedureSelection {
  const selection = emptySelection();
  for (const item of items) {
    const list = selection[item.block];
    if (list.length < limits[item.block]) list.push(item.service_id);
  }
  return selection;
}

/** The package number shown in the summary: the digits of its name ('Pacote 12' → '12'). */
export function packageNumber(name: string): string {
  return name.replace(/\D/g, '');
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockLimitsFor,
  canGenerate,
  GENERATE_BLOCKED_MESSAGES,
  generateBlockedReason,
  listedBlocks,
  removeOneSession,
  clickProcedure,
  emptySelection,
  isAllowedByPackage,
  isDimmed,
  occurrencesOf,
  packageNumber,
  selectedServicesByBlock,
  selectionCounts,
  selectionFromRecommendations,
  visibleServices,
  type BlockLimits,
  type SelectablePackage,
  type SelectableService,
} from './package-selection.ts';
import { SERVICE_BLOCKS, type ServiceBlock } from './services.ts';

function service(
  id: number,
  block: ServiceBlock = 'A',
  session_limit = 0,
  status = 'active',
): SelectableService {
  return { id, block, session_limit, status };
}

function pkg(overrides: Partial<SelectablePackage> = {}): SelectablePackage {
  return {
    block_limits: { a: 2, b: 1, c: 0, d: 3 },
    allow_all_procedures: true,
    procedures: [],
    restricted_procedures: [],
    ...overrides,
  };
}

const limits: BlockLimits = { A: 3, B: 1, C: 0, D: 2 };

describe('blockLimitsFor', () => {
  it('gives 1 per block without a package', () => {
    expect(blockLimitsFor(null)).toEqual({ A: 1, B: 1, C: 1, D: 1 });
  });

  it('reads the package block limits with upper-case keys', () => {
    expect(blockLimitsFor(pkg())).toEqual({ A: 2, B: 1, C: 0, D: 3 });
  });
});

describe('visibleServices', () => {
  const services = [
    service(1, 'A'),
    service(2, 'A', 0, 'inactive'),
    service(3, 'B'),
    service(4, 'A'),
    service(5, 'A'),
  ];

  it('shows the active services of the block, in input order, without a package', () => {
    expect(visibleServices(services, null, 'A').map((s) => s.id)).toEqual([1, 4, 5]);
    expect(visibleServices(services, null, 'B').map((s) => s.id)).toEqual([3]);
    expect(visibleServices(services, null, 'C')).toEqual([]);
  });

  it('hides what the package restricts even when it allows everything', () => {
    const all = pkg({ allow_all_procedures: true, restricted_procedures: [4] });
    expect(visibleServices(services, all, 'A').map((s) => s.id)).toEqual([1, 5]);
  });

  it('shows only the manual selection when the package does not allow everything', () => {
    const manual = pkg({ allow_all_procedures: false, procedures: [1, 2, 5] });
    expect(visibleServices(services, manual, 'A').map((s) => s.id)).toEqual([1, 5]);
  });

  it('lets a restriction win over an allowance', () => {
    expect(isAllowedByPackage(pkg({ procedures: [1], restricted_procedures: [1] }), 1)).toBe(false);
    expect(isAllowedByPackage(null, 1)).toBe(true);
  });
});

describe('clickProcedure', () => {
  it('adds one session per click while the block has room', () => {
    let selection = emptySelection();
    selection = clickProcedure(selection, service(7, 'A'), limits);
    selection = clickProcedure(selection, service(7, 'A'), limits);
    selection = clickProcedure(selection, service(8, 'A'), limits);
    expect(selection.A).toEqual([7, 7, 8]);
    expect(occurrencesOf(selection, service(7, 'A'))).toBe(2);
  });

  it('removes every session of a selected procedure once the block is full', () => {
    const full = { ...emptySelection(), A: [7, 7, 8] };
    expect(clickProcedure(full, service(7, 'A'), limits).A).toEqual([8]);
  });

  it('removes every session once the procedure reaches its own session limit', () => {
    const capped = service(9, 'D', 1);
    const once = clickProcedure(emptySelection(), capped, limits);
    expect(once.D).toEqual([9]);
    expect(clickProcedure(once, capped, limits).D).toEqual([]);
  });

  it('does nothing for an unselected procedure in a full block', () => {
    const full = { ...emptySelection(), B: [3] };
    expect(clickProcedure(full, service(4, 'B'), limits)).toBe(full);
    const none = emptySelection();
    expect(clickProcedure(none, service(5, 'C'), limits)).toBe(none);
  });

  it('treats session_limit 0 as unlimited', () => {
    let selection = emptySelection();
    for (let i = 0; i < 5; i += 1) selection = clickProcedure(selection, service(1, 'A'), limits);
    // 3 sessions fill block A; the 4th click removes them all; the 5th adds one again.
    expect(selection.A).toEqual([1]);
  });

  it('never touches other blocks', () => {
    const selection = { ...emptySelection(), B: [3] };
    const next = clickProcedure(selection, service(1, 'A'), limits);
    expect(next.B).toBe(selection.B);
  });
});

describe('isDimmed', () => {
  it('dims an unselected procedure in a full block, not a selected one', () => {
    const full = { ...emptySelection(), B: [3] };
    expect(isDimmed(full, service(4, 'B'), limits)).toBe(true);
    expect(isDimmed(full, service(3, 'B'), limits)).toBe(false);
    expect(isDimmed(emptySelection(), service(4, 'A'), limits)).toBe(false);
    expect(isDimmed(emptySelection(), service(4, 'C'), limits)).toBe(true);
  });
});

describe('canGenerate', () => {
  it('needs a package and at least one session, and says why it is disabled', () => {
    expect(canGenerate(null, emptySelection(), limits)).toBe(false);
    expect(generateBlockedReason(null, emptySelection(), limits)).toBe(
      GENERATE_BLOCKED_MESSAGES.noPackage,
    );
    // An empty selection used to generate an empty receipt (issue 15).
    expect(canGenerate(pkg(), emptySelection(), limits)).toBe(false);
    expect(generateBlockedReason(pkg(), emptySelection(), limits)).toBe(
      'Selecione ao menos um procedimento para gerar o pacote.',
    );
    const one = { ...emptySelection(), A: [1] };
    expect(canGenerate(pkg(), one, limits)).toBe(true);
    expect(generateBlockedReason(pkg(), one, limits)).toBeNull();
  });

  it('refuses a selection above a block limit (e.g. restored from an older package)', () => {
    const over = { ...emptySelection(), B: [1, 2] };
    expect(canGenerate(pkg(), over, limits)).toBe(false);
    expect(generateBlockedReason(pkg(), over, limits)).toBe(GENERATE_BLOCKED_MESSAGES.overLimit);
  });
});

describe('removeOneSession', () => {
  it('removes one session of the procedure, the others stay', () => {
    const selection = { ...emptySelection(), A: [1, 2, 1, 1] };
    expect(removeOneSession(selection, { id: 1, block: 'A' }).A).toEqual([1, 2, 1]);
    expect(removeOneSession(selection, { id: 2, block: 'A' }).A).toEqual([1, 1, 1]);
    expect(removeOneSession(selection, { id: 3, block: 'A' })).toBe(selection);
  });
});

describe('listedBlocks', () => {
  it('leaves out the blocks a package gives no session', () => {
    expect(listedBlocks({ A: 2, B: 1, C: 0, D: 0 })).toEqual(['A', 'B']);
    expect(listedBlocks({ A: 1, B: 1, C: 1, D: 1 })).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('helpers', () => {
  it('counts sessions per block', () => {
    expect(selectionCounts({ A: [1, 1], B: [], C: [2], D: [] })).toEqual({
      A: 2,
      B: 0,
      C: 1,
      D: 0,
    });
  });

  it('expands the selection into services, one per session, skipping unknown ids', () => {
    const catalogue = [
      { id: 1, name: 'Um' },
      { id: 2, name: 'Dois' },
    ];
    const blocks = selectedServicesByBlock({ A: [1, 1, 99], B: [2], C: [], D: [] }, catalogue);
    expect(blocks.A.map((s) => s.name)).toEqual(['Um', 'Um']);
    expect(blocks.B.map((s) => s.name)).toEqual(['Dois']);
  });

  it('puts recommended items into their blocks, truncated to the block limits', () => {
    const items = [
      { service_id: 1, block: 'A' as const },
      { service_id: 2, block: 'B' as const },
      { service_id: 3, block: 'B' as const },
      { service_id: 4, block: 'C' as const },
      { service_id: 5, block: 'A' as const },
    ];
    expect(selectionFromRecommendations(items, limits)).toEqual({
      A: [1, 5],
      B: [2],
      C: [],
      D: [],
    });
  });

  it('takes the package number from the digits of its name', () => {
    expect(packageNumber('Pacote 12')).toBe('12');
    expect(packageNumber('Plano 2026 - 3')).toBe('20263');
    expect(packageNumber('Essencial')).toBe('');
  });
});

describe('selection properties', () => {
  const blockArb = fc.constantFrom<ServiceBlock>(...SERVICE_BLOCKS);
  const catalogueArb = fc
    .array(fc.record({ block: blockArb, session_limit: fc.integer({ min: 0, max: 4 }) }), {
      minLength: 1,
      maxLength: 10,
    })
    .map((rows) => rows.map((row, index) => service(index + 1, row.block, row.session_limit)));
  const limitsArb = fc.record({
    A: fc.integer({ min: 0, max: 6 }),
    B: fc.integer({ min: 0, max: 6 }),
    C: fc.integer({ min: 0, max: 6 }),
    D: fc.integer({ min: 0, max: 6 }),
  });

  it('no sequence of clicks exceeds a block limit or a session limit', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        limitsArb,
        fc.array(fc.nat(), { maxLength: 60 }),
        (catalogue, blockLimits, clicks) => {
          let selection = emptySelection();
          for (const click of clicks) {
            const clicked = catalogue[click % catalogue.length];
            if (!clicked) continue;
            selection = clickProcedure(selection, clicked, blockLimits);
            for (const block of SERVICE_BLOCKS) {
              expect(selection[block].length).toBeLessThanOrEqual(blockLimits[block]);
            }
            for (const item of catalogue) {
              const sessions = occurrencesOf(selection, item);
              if (item.session_limit > 0) expect(sessions).toBeLessThanOrEqual(item.session_limit);
              // Every id sits in its own block only.
              for (const block of SERVICE_BLOCKS) {
                if (block !== item.block) expect(selection[block]).not.toContain(item.id);
              }
            }
            const anySession = SERVICE_BLOCKS.some((block) => selection[block].length > 0);
            expect(canGenerate(pkg(), selection, blockLimits)).toBe(anySession);
          }
        },
      ),
    );
  });

  it('a click on a dimmed card changes nothing; on any other card it changes the selection', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        limitsArb,
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.nat(),
        (catalogue, blockLimits, clicks, last) => {
          let selection = emptySelection();
          for (const click of clicks) {
            const clicked = catalogue[click % catalogue.length];
            if (clicked) selection = clickProcedure(selection, clicked, blockLimits);
          }
          const target = catalogue[last % catalogue.length];
          if (!target) return;
          const next = clickProcedure(selection, target, blockLimits);
          if (isDimmed(selection, target, blockLimits)) expect(next).toBe(selection);
          else expect(next).not.toEqual(selection);
        },
      ),
    );
  });
});

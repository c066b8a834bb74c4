import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../../../vitest.fast-check.ts';
import { computePackageTotals, isSelectionHealthy } from '@portal/domain';
import {
  compareObjectives,
  evaluateSelection,
  marginRuleHolds,
  optimizeRecommendation,
  RecommendationSearch,
  selectionViolations,
  type OptimizerInput,
  type OptimizerProcedure,
  type RecommendationObjective,
} from './recommendation-optimizer.ts';

const GOALS = ['flacidez', 'manchas', 'rugas', 'celulite'];

/**
 * The reference: every subset, checked rule by rule with the builder's own totals
 * (computePackageTotals / isSelectionHealthy), so the optimizer's integer margin test is checked
 * against an independent formula.
 */
function bruteForce(input: OptimizerInput): { objective: RecommendationObjective; ids: number[] } {
  const procs = input.procedures;
  const excluded = new Set(input.excludedIds ?? []);
  let best: { objective: RecommendationObjective; ids: number[] } = {
    objective: { coverage: 0, matchScore: 0, synergyBoost: 0, valueCentavos: 0 },
    ids: [],
  };
  for (let mask = 1; mask < 1 << procs.length; mask++) {
    const chosen = procs.filter((_, i) => mask & (1 << i));
    if (!isValid(input, chosen, excluded)) continue;
    const ids = chosen.map((p) => p.id);
    const objective = evaluateSelection(input, ids);
    if (compareObjectives(objective, best.objective) > 0) best = { objective, ids };
  }
  return best;
}

function isValid(
  input: OptimizerInput,
  chosen: OptimizerProcedure[],
  excluded: Set<number>,
): boolean {
  const rules = input.packageRules;
  let cap = input.maxItems;
  if (rules?.sessionLimit && rules.sessionLimit > 0) cap = Math.min(cap, rules.sessionLimit);
  if (chosen.length > cap) return false;
  const perBlock = { A: 0, B: 0, C: 0, D: 0 };
  let value = 0;
  for (const p of chosen) {
    if (p.status !== 'active' || excluded.has(p.id)) return false;
    if (rules) {
      if (rules.restrictedIds.includes(p.id)) return false;
      if (!rules.allowAllProcedures && !rules.allowedIds.includes(p.id)) return false;
    }
    perBlock[p.block] += 1;
    value += p.valueCentavos;
  }
  if ((['A', 'B', 'C', 'D'] as const).some((b) => perBlock[b] > input.blockLimits[b])) return false;
  if (input.budgetCentavos !== null && value > input.budgetCentavos) return false;
  if (rules && rules.annualValueCentavos !== null) {
    const totals = computePackageTotals(
      rules.annualValueCentavos,
      chosen.map((p) => ({ value: p.valueCentavos / 100, cost: p.costCentavos / 100 })),
    );
    const margins = chosen.map((p) => ({ min_margin_percent: p.minMarginPercent }));
    if (!isSelectionHealthy(totals, margins)) return false;
  }
  return true;
}

const blockArb = fc.constantFrom('A' as const, 'B' as const, 'C' as const, 'D' as const);

const procedureArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    block: blockArb,
    status: fc.constantFrom('active', 'active', 'active', 'inactive'),
    // Round prices (as catalogues have) and odd ones, so exact budget hits and misses both occur.
    valueCentavos: fc.oneof(
      fc.integer({ min: 0, max: 40 }).map((v) => v * 5000),
      fc.integer({ min: 0, max: 200_000 }),
    ),
    costCentavos: fc.integer({ min: 0, max: 80_000 }),
    minMarginPercent: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 0, max: 80 }),
      fc.integer({ min: 0, max: 8000 }).map((v) => v / 100),
    ),
    sessionLimit: fc.integer({ min: 0, max: 3 }),
    goals: fc.subarray(GOALS),
    matchScore: fc.integer({ min: 0, max: 12 }),
  });

const inputArb: fc.Arbitrary<OptimizerInput> = fc
  .integer({ min: 0, max: 12 })
  .chain((n) =>
    fc.record({
      procedures: fc.tuple(...Array.from({ length: n }, (_, i) => procedureArb(i + 1))),
      blockLimits: fc.record({
        A: fc.integer({ min: 0, max: 3 }),
        B: fc.integer({ min: 0, max: 3 }),
        C: fc.integer({ min: 0, max: 3 }),
        D: fc.integer({ min: 0, max: 3 }),
      }),
      maxItems: fc.integer({ min: 1, max: 8 }),
      budgetCentavos: fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: null }),
      packageRules: fc.option(
        fc.record({
          annualValueCentavos: fc.option(
            fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000 })),
            { nil: null },
          ),
          allowAllProcedures: fc.boolean(),
          allowedIds: fc.subarray(Array.from({ length: n }, (_, i) => i + 1)),
          restrictedIds: fc.subarray(Array.from({ length: n }, (_, i) => i + 1)),
          sessionLimit: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
        }),
        { nil: null, freq: 4 },
      ),
      synergies: fc.array(
        fc.record({
          serviceId1: fc.integer({ min: 1, max: Math.max(1, n) }),
          serviceId2: fc.integer({ min: 1, max: Math.max(1, n) }),
          boostPercent: fc.integer({ min: 0, max: 100 }),
        }),
        { maxLength: 10 },
      ),
      excludedIds: fc.subarray(
        Array.from({ length: n }, (_, i) => i + 1),
        { maxLength: Math.min(2, n) },
      ),
    }),
  )
  .map((input) => ({ ...input, procedures: [...input.procedures] }));

/**
 * The search without its warm start: the warm start often finds the optimum before any bound
 * matters, so a wrong bound would hide behind it. Here the bounds alone must reach it.
 */
function boundsAlone(input: OptimizerInput) {
  const search = new RecommendationSearch(input, { warmStart: false });
  while (!search.step(1 << 20)) {
    // run to the end
  }
  return search.result();
}

describe('recommendation optimizer', () => {
  it('finds the brute-force optimum and keeps every rule (random catalogues of ≤ 12)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = optimizeRecommendation(input);
        const reference = bruteForce(input);
        expect(result.objective).toEqual(reference.objective);
        expect(boundsAlone(input).objective).toEqual(reference.objective);
        expect(evaluateSelection(input, result.selectedIds)).toEqual(result.objective);
        expect(selectionViolations(input, result.selectedIds)).toEqual([]);
        // The independent rule check agrees that the answer is valid.
        const byId = new Map(input.procedures.map((p) => [p.id, p]));
        const chosen = result.selectedIds.map((id) => byId.get(id)!);
        expect(isValid(input, chosen, new Set(input.excludedIds))).toBe(true);
        expect(new Set(result.selectedIds).size).toBe(result.selectedIds.length);
      }),
      { numRuns: propertyRuns(600) },
    );
  });

  it('finds the brute-force optimum on catalogues full of ties (twins, shared goals, synergy webs)', () => {
    // Few distinct procedures copied many times, with synergies between many pairs and tight
    // budgets and margins: where pruning by symmetry, by cost limits and by the synergy and
    // missed-goal bounds has the most room to go wrong.
    const templateArb = fc.record({
      block: blockArb,
      valueCentavos: fc.constantFrom(10_000, 20_000, 30_000, 45_000),
      costCentavos: fc.constantFrom(0, 5_000, 15_000),
      minMarginPercent: fc.constantFrom(0, 20, 45),
      goals: fc.subarray(GOALS, { maxLength: 2 }),
      matchScore: fc.integer({ min: 0, max: 3 }),
    });
    const tiedInputArb = fc
      .tuple(
        fc.array(templateArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 13 }),
      )
      .chain(([templates, picks]) => {
        const procedures: OptimizerProcedure[] = picks.map((pick, index) => ({
          ...templates[pick % templates.length]!,
          id: index + 1,
          status: 'active',
          sessionLimit: 0,
        }));
        const n = procedures.length;
        return fc.record({
          procedures: fc.constant(procedures),
          blockLimits: fc.record({
            A: fc.integer({ min: 1, max: 3 }),
            B: fc.integer({ min: 1, max: 3 }),
            C: fc.integer({ min: 1, max: 3 }),
            D: fc.integer({ min: 1, max: 3 }),
          }),
          maxItems: fc.integer({ min: 2, max: 7 }),
          budgetCentavos: fc.option(fc.integer({ min: 20_000, max: 150_000 }), { nil: null }),
          packageRules: fc.option(
            fc.record({
              // Round package values: the costs then land exactly on the margin's limit.
              annualValueCentavos: fc.option(fc.constantFrom(50_000, 100_000, 150_000, 200_000), {
                nil: null,
              }),
              allowAllProcedures: fc.constant(true),
              allowedIds: fc.constant([]),
              restrictedIds: fc.constant([]),
            }),
            { nil: null },
          ),
          synergies: fc.array(
            fc.record({
              serviceId1: fc.integer({ min: 1, max: n }),
              serviceId2: fc.integer({ min: 1, max: n }),
              boostPercent: fc.constantFrom(5, 10, 10, 20),
            }),
            { maxLength: 14 },
          ),
        });
      });
    fc.assert(
      fc.property(tiedInputArb, (input) => {
        const result = optimizeRecommendation(input);
        const reference = bruteForce(input).objective;
        expect(result.objective).toEqual(reference);
        expect(boundsAlone(input).objective).toEqual(reference);
        expect(selectionViolations(input, result.selectedIds)).toEqual([]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('finds the brute-force optimum when procedures differ only in price (subset sums, round prices, odd budgets)', () => {
    // A few profiles (block, goals, score, min margin) repeated at different prices: the
    // value tier becomes a subset sum, where the warm start's swaps within a profile, the
    // Lagrangian score bound and the value bound's rounding to the prices' common divisor all
    // act. Synergies between many pairs take some procedures out of their profile.
    const pricedInputArb = fc
      .record({
        profiles: fc.array(
          fc.record({
            block: blockArb,
            goals: fc.subarray(GOALS, { maxLength: 2 }),
            matchScore: fc.integer({ min: 0, max: 3 }),
            minMarginPercent: fc.constantFrom(0, 10, 30),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        priceStep: fc.constantFrom(1, 7, 1000, 5000),
        priced: fc.array(
          fc.record({
            profile: fc.nat(),
            units: fc.integer({ min: 1, max: 60 }),
            costPercent: fc.integer({ min: 10, max: 60 }),
          }),
          { minLength: 6, maxLength: 13 },
        ),
        budgetUnits: fc.integer({ min: 0, max: 250 }),
        budgetExtra: fc.integer({ min: 0, max: 4999 }),
        blockLimits: fc.record({
          A: fc.integer({ min: 1, max: 3 }),
          B: fc.integer({ min: 1, max: 3 }),
          C: fc.integer({ min: 1, max: 3 }),
          D: fc.integer({ min: 1, max: 3 }),
        }),
        maxItems: fc.integer({ min: 2, max: 8 }),
        annualUnits: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
        synergyPairs: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(5, 10, 20)), {
          maxLength: 20,
        }),
      })
      .map((draw): OptimizerInput => {
        const step = draw.priceStep;
        const procedures: OptimizerProcedure[] = draw.priced.map((item, index) => {
          const value = item.units * step;
          return {
            ...draw.profiles[item.profile % draw.profiles.length]!,
            id: index + 1,
            status: 'active',
            sessionLimit: 0,
            valueCentavos: value,
            costCentavos: Math.round((value * item.costPercent) / 100),
          };
        });
        const n = procedures.length;
        return {
          procedures,
          blockLimits: draw.blockLimits,
          maxItems: draw.maxItems,
          budgetCentavos: draw.budgetUnits * step + (draw.budgetExtra % step),
          packageRules:
            draw.annualUnits === null
              ? null
              : {
                  annualValueCentavos: draw.annualUnits * step,
                  allowAllProcedures: true,
                  allowedIds: [],
                  restrictedIds: [],
                },
          synergies: draw.synergyPairs.map(([a, b, boostPercent]) => ({
            serviceId1: 1 + (a % n),
            serviceId2: 1 + (b % n),
            boostPercent,
          })),
        };
      });
    fc.assert(
      fc.property(pricedInputArb, (input) => {
        const result = optimizeRecommendation(input);
        const reference = bruteForce(input).objective;
        expect(result.objective).toEqual(reference);
        expect(boundsAlone(input).objective).toEqual(reference);
        expect(evaluateSelection(input, result.selectedIds)).toEqual(result.objective);
        expect(selectionViolations(input, result.selectedIds)).toEqual([]);
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  it('spends a tight budget to the centavo on a large catalogue of equally relevant procedures', () => {
    // 120 procedures alike but for their random odd prices, so many sets of 12 spend exactly the
    // budget: such a valid set is optimal, with no brute force needed to know it.
    const prices = fc.sample(fc.integer({ min: 10_000, max: 300_000 }), { numRuns: 120 });
    const procedures: OptimizerProcedure[] = prices.map((valueCentavos, index) => ({
      id: index + 1,
      block: (['A', 'B', 'C', 'D'] as const)[index % 4]!,
      status: 'active',
      valueCentavos,
      costCentavos: 1_000,
      minMarginPercent: 0,
      sessionLimit: 0,
      goals: ['flacidez'],
      matchScore: 4,
    }));
    const input: OptimizerInput = {
      procedures,
      blockLimits: { A: 3, B: 3, C: 3, D: 3 },
      maxItems: 12,
      budgetCentavos: 654_321,
      packageRules: null,
      synergies: [],
    };
    const result = optimizeRecommendation(input);
    expect(result.objective).toEqual({
      coverage: 1,
      matchScore: 48,
      synergyBoost: 0,
      valueCentavos: 654_321,
    });
    expect(selectionViolations(input, result.selectedIds)).toEqual([]);
  });

  it('gives the same answer when run in small resumable steps', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const search = new RecommendationSearch(input);
        while (!search.step(3)) {
          // a few nodes at a time, as the API does between event-loop turns
        }
        const once = optimizeRecommendation(input);
        expect(search.result().selectedIds).toEqual(once.selectedIds);
      }),
      { numRuns: propertyRuns(150) },
    );
  });

  it('prefers coverage over score, score over synergy, synergy over value', () => {
    const base = {
      status: 'active',
      costCentavos: 0,
      minMarginPercent: 0,
      sessionLimit: 0,
    } as const;
    const input: OptimizerInput = {
      procedures: [
        { ...base, id: 1, block: 'A', valueCentavos: 100_000, goals: ['flacidez'], matchScore: 9 },
        { ...base, id: 2, block: 'A', valueCentavos: 10_000, goals: ['manchas'], matchScore: 2 },
        { ...base, id: 3, block: 'A', valueCentavos: 900_000, goals: [], matchScore: 0 },
        { ...base, id: 4, block: 'B', valueCentavos: 5_000, goals: [], matchScore: 0 },
        { ...base, id: 5, block: 'B', valueCentavos: 50_000, goals: [], matchScore: 0 },
      ],
      blockLimits: { A: 2, B: 1, C: 0, D: 0 },
      maxItems: 3,
      budgetCentavos: null,
      packageRules: null,
      synergies: [{ serviceId1: 1, serviceId2: 4, boostPercent: 20 }],
    };
    const result = optimizeRecommendation(input);
    // Two goals need 1 and 2 (not the pricier 3); 4 beats 5 on synergy despite its value.
    expect(result.selectedIds).toEqual([1, 2, 4]);
    expect(result.objective).toEqual({
      coverage: 2,
      matchScore: 11,
      synergyBoost: 20,
      valueCentavos: 115_000,
    });
    expect(result.marginRuleApplied).toBe(false);
  });

  it('applies the margin rule only when a package value is known', () => {
    const procedure: OptimizerProcedure = {
      id: 1,
      block: 'A',
      status: 'active',
      valueCentavos: 50_000,
      costCentavos: 40_000,
      minMarginPercent: 40,
      sessionLimit: 1,
      goals: ['flacidez'],
      matchScore: 4,
    };
    const input: OptimizerInput = {
      procedures: [procedure],
      blockLimits: { A: 1, B: 1, C: 1, D: 1 },
      maxItems: 12,
      budgetCentavos: null,
      packageRules: {
        annualValueCentavos: 100_000,
        allowAllProcedures: true,
        allowedIds: [],
        restrictedIds: [],
      },
      synergies: [],
    };
    // (0.7 × 1000 − 400) / 1000 = 30% < 40%.
    expect(optimizeRecommendation(input).selectedIds).toEqual([]);
    const noValue = {
      ...input,
      packageRules: { ...input.packageRules!, annualValueCentavos: null },
    };
    const result = optimizeRecommendation(noValue);
    expect(result.selectedIds).toEqual([1]);
    expect(result.marginRuleApplied).toBe(false);
  });

  it('checks the margin rule exactly at the boundary', () => {
    // P = 1000, C = 400 → margin exactly 30%.
    expect(marginRuleHolds(100_000, 40_000, 30)).toBe(true);
    expect(marginRuleHolds(100_000, 40_001, 30)).toBe(false);
    expect(marginRuleHolds(0, 0, 0)).toBe(true);
    expect(marginRuleHolds(0, 0, 0.01)).toBe(false);
  });
});

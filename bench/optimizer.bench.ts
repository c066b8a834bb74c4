/**
 * Recommendation optimizer benchmark (not a test; timings never go in tests).
 *   node --import tsx bench/optimizer.bench.ts
 * Prints the time to the exact optimum on 300-procedure catalogues, and on an instance brute
 * force can still solve, the ratio brute force / optimizer measured in this same run.
 */
import { performance } from 'node:perf_hooks';
import {
  compareObjectives,
  evaluateSelection,
  optimizeRecommendation,
  selectionViolations,
  type OptimizerBlock,
  type OptimizerInput,
  type OptimizerProcedure,
  type RecommendationObjective,
} from '../apps/api/src/modules/sales/ai/recommendation-optimizer.ts';

/** Deterministic PRNG (mulberry32) so every run measures the same instances. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BLOCKS: OptimizerBlock[] = ['A', 'B', 'C', 'D'];
const GOALS = [
  'gordura_localizada',
  'flacidez',
  'manchas',
  'rugas',
  'celulite',
  'acne',
  'olheiras',
];

interface CatalogueShape {
  size: number;
  seed: number;
  /** Prices in whole multiples of this many centavos (catalogues use round prices). */
  priceStep: number;
  desiredGoals: number;
  synergies: number;
}

function catalogue(shape: CatalogueShape): OptimizerInput {
  const random = rng(shape.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const desired = GOALS.slice(0, shape.desiredGoals);
  const procedures: OptimizerProcedure[] = [];
  for (let id = 1; id <= shape.size; id++) {
    const value =
      Math.max(1, Math.round((5_000 + random() * 300_000) / shape.priceStep)) * shape.priceStep;
    // About a quarter of a catalogue serves one of the client's goals, a few serve two.
    const goals = random() < 0.25 ? [pick(desired)] : [];
    if (goals.length && random() < 0.2) goals.push(pick(desired));
    const unique = [...new Set(goals)];
    procedures.push({
      id,
      block: pick(BLOCKS),
      status: random() < 0.9 ? 'active' : 'inactive',
      valueCentavos: value,
      costCentavos: Math.round(value * (0.15 + random() * 0.35)),
      minMarginPercent: pick([0, 0, 10, 20, 25, 30, 35]),
      sessionLimit: pick([0, 1, 2, 4]),
      goals: unique,
      matchScore: unique.length * pick([1, 2, 3, 4]) + (unique.length ? pick([0, 1, 2]) : 0),
    });
  }
  const synergies = Array.from({ length: shape.synergies }, () => ({
    serviceId1: 1 + Math.floor(random() * shape.size),
    serviceId2: 1 + Math.floor(random() * shape.size),
    boostPercent: pick([5, 10, 15, 20, 25, 30]),
  })).filter((s) => s.serviceId1 !== s.serviceId2);
  return {
    procedures,
    blockLimits: { A: 3, B: 3, C: 3, D: 3 },
    maxItems: 12,
    budgetCentavos: 1_200_000,
    packageRules: {
      annualValueCentavos: 1_800_000,
      allowAllProcedures: true,
      allowedIds: [],
      restrictedIds: procedures.filter((p) => p.id % 29 === 0).map((p) => p.id),
    },
    synergies,
  };
}

function bruteForce(input: OptimizerInput): RecommendationObjective {
  const n = input.procedures.length;
  let best: RecommendationObjective = {
    coverage: 0,
    matchScore: 0,
    synergyBoost: 0,
    valueCentavos: 0,
  };
  const ids = input.procedures.map((p) => p.id);
  for (let mask = 1; mask < 1 << n; mask++) {
    const chosen = ids.filter((_, i) => mask & (1 << i));
    if (selectionViolations(input, chosen).length > 0) continue;
    const objective = evaluateSelection(input, chosen);
    if (compareObjectives(objective, best) > 0) best = objective;
  }
  return best;
}

function time<T>(fn: () => T, repeat: number): { ms: number; value: T } {
  let value = fn(); // warm-up
  const start = performance.now();
  for (let i = 0; i < repeat; i++) value = fn();
  return { ms: (performance.now() - start) / repeat, value };
}

const shapes: Array<[string, CatalogueShape]> = [
  [
    '300, preços redondos (R$ 10), 3 objetivos, 60 sinergias',
    { size: 300, seed: 1, priceStep: 1000, desiredGoals: 3, synergies: 60 },
  ],
  [
    '300, preços redondos (R$ 50), 5 objetivos, 120 sinergias',
    { size: 300, seed: 2, priceStep: 5000, desiredGoals: 5, synergies: 120 },
  ],
  [
    '300, preços em centavos, 2 objetivos, 40 sinergias',
    { size: 300, seed: 3, priceStep: 1, desiredGoals: 2, synergies: 40 },
  ],
  [
    '300, preços em centavos, 7 objetivos, 200 sinergias',
    { size: 300, seed: 4, priceStep: 1, desiredGoals: 7, synergies: 200 },
  ],
];

console.log('Otimizador de recomendações (exato)');
for (const [label, shape] of shapes) {
  const input = catalogue(shape);
  const { ms, value } = time(() => optimizeRecommendation(input), 5);
  console.log(
    `  ${label}: ${ms.toFixed(1)} ms, ${value.nodes} nós, ${value.selectedIds.length} itens, objetivo ${JSON.stringify(value.objective)}`,
  );
}

// Adversarial: every procedure equally relevant, odd centavo prices and a binding budget, so the
// tie-breaks come down to a subset-sum search. Not a realistic catalogue; shown to bound the cost.
{
  const random = rng(9);
  const input: OptimizerInput = {
    procedures: Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      block: BLOCKS[i % 4]!,
      status: 'active',
      valueCentavos: 10_000 + Math.floor(random() * 290_000),
      costCentavos: 1_000,
      minMarginPercent: 0,
      sessionLimit: 0,
      goals: ['flacidez'],
      matchScore: 4,
    })),
    blockLimits: { A: 3, B: 3, C: 3, D: 3 },
    maxItems: 12,
    budgetCentavos: 1_234_567,
    packageRules: null,
    synergies: [],
  };
  const { ms, value } = time(() => optimizeRecommendation(input), 2);
  console.log(
    `  300 adversarial (todos iguais, preços em centavos, orçamento justo): ${ms.toFixed(1)} ms, ${value.nodes} nós`,
  );
}

const small = catalogue({ size: 18, seed: 5, priceStep: 1000, desiredGoals: 3, synergies: 8 });
small.blockLimits = { A: 3, B: 3, C: 3, D: 3 };
const optimizer = time(() => optimizeRecommendation(small), 20);
const brute = time(() => bruteForce(small), 1);
if (compareObjectives(optimizer.value.objective, brute.value) !== 0) {
  throw new Error('Optimizer and brute force disagree on the small instance.');
}
console.log(
  `  18 procedimentos: otimizador ${optimizer.ms.toFixed(2)} ms, força bruta ${brute.ms.toFixed(0)} ms ` +
    `(${(brute.ms / optimizer.ms).toFixed(0)}× mais rápido, mesmo ótimo)`,
);

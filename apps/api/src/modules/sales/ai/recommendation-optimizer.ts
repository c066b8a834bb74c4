import type { Centavos } from '@portal/domain';

/**
 * The exact recommendation optimizer (DESIGN sections 6 and 8).
 *
 * Among the selections that respect every rule — active procedures the package allows and does
 * not restrict, none the client excluded, per-block limits, at most `maxItems` items, Σ value ≤
 * budget (when a budget is given) and the margin rule (package margin for its annual value ≥ the
 * largest min_margin_percent chosen; skipped when no package value is known) — it returns one
 * that maximizes, in this order:
 *   1. goal coverage: how many distinct desired goals the chosen procedures serve,
 *   2. match score: Σ of the procedures' match scores,
 *   3. synergy boost: Σ boost_percent of the synergy relations between chosen procedures,
 *   4. client value: Σ value (what the sessions would cost the client one by one).
 *
 * Modelling choice: each procedure is recommended at most once (one session). The recommendation
 * says *which* procedures; the professional adds further sessions in the builder, where the
 * per-procedure session_limit applies. One session never breaks a session limit (0 = unlimited,
 * otherwise ≥ 1), so session limits always hold; a package's own session_limit (> 0) caps the
 * number of items.
 *
 * Method: depth-first branch and bound over procedures sorted by match score. Every rule is
 * monotone — adding a procedure never repairs a broken block limit, item cap, budget or margin
 * (it only raises the cost and the required margin) — so a branch stops as soon as its
 * selection breaks one, and no valid selection is missed. Upper bounds are lexicographic: goals
 * still coverable; greedy top-k scores, synergy gains and values under the block and item limits
 * (greedy is exact for those partition-matroid relaxations); for the score, Lagrangian bounds
 * that add the budget or the margin's cost room to those limits; the budget left, rounded down
 * to the prices' common divisor. Identical procedures are taken in order (symmetry breaking).
 * Before the first node a warm start (a bound-guided dive, then value-raising swaps within a
 * profile) provides a near-optimal incumbent, so the bounds bite at once. The search is
 * resumable in steps so a server can yield between steps and stop when the client goes away.
 */

export const OPTIMIZER_BLOCKS = ['A', 'B', 'C', 'D'] as const;
export type OptimizerBlock = (typeof OPTIMIZER_BLOCKS)[number];

export interface OptimizerProcedure {
  id: number;
  block: OptimizerBlock;
  status: string;
  valueCentavos: Centavos;
  costCentavos: Centavos;
  /** 0–100, at most 2 decimals. */
  minMarginPercent: number;
  /** Sessions allowed per package; 0 = unlimited (always respected, see above). */
  sessionLimit: number;
  /** Keys of the desired goals this procedure serves (at most 30 distinct keys overall). */
  goals: readonly string[];
  /** Non-negative integer: how strongly the procedure matches the goals. */
  matchScore: number;
}

export interface OptimizerPackageRules {
  /** Package price P in centavos; null skips the margin rule. */
  annualValueCentavos: Centavos | null;
  allowAllProcedures: boolean;
  allowedIds: readonly number[];
  restrictedIds: readonly number[];
  /** Total sessions of the package; null or 0 = no cap. */
  sessionLimit?: number | null;
}

export interface OptimizerSynergy {
  serviceId1: number;
  serviceId2: number;
  boostPercent: number;
}

export interface OptimizerInput {
  procedures: readonly OptimizerProcedure[];
  blockLimits: Readonly<Record<OptimizerBlock, number>>;
  maxItems: number;
  /** Σ value must not exceed this; null = no budget. */
  budgetCentavos: Centavos | null;
  /** Allowed/restricted lists and margin; null = no package (everything allowed, no margin). */
  packageRules: OptimizerPackageRules | null;
  /** Relations counted in the objective (pass [] to ignore synergies). */
  synergies: readonly OptimizerSynergy[];
  /** Ids the client's exclusions rule out ('sem agulhas'). */
  excludedIds?: readonly number[];
}

export interface RecommendationObjective {
  coverage: number;
  matchScore: number;
  synergyBoost: number;
  valueCentavos: Centavos;
}

export interface OptimizerResult {
  /** Chosen ids, most relevant first. */
  selectedIds: number[];
  objective: RecommendationObjective;
  /** False when no package value was known, so the margin rule was not applied. */
  marginRuleApplied: boolean;
  /** Procedures that passed the per-procedure rules. */
  candidateCount: number;
  /** Search nodes visited. */
  nodes: number;
}

const EMPTY_OBJECTIVE: RecommendationObjective = {
  coverage: 0,
  matchScore: 0,
  synergyBoost: 0,
  valueCentavos: 0,
};

/** Lexicographic: coverage, then match score, then synergy, then value. */
export function compareObjectives(a: RecommendationObjective, b: RecommendationObjective): number {
  return (
    a.coverage - b.coverage ||
    a.matchScore - b.matchScore ||
    a.synergyBoost - b.synergyBoost ||
    a.valueCentavos - b.valueCentavos
  );
}

/** A percent with up to 2 decimals as an integer number of hundredths (basis points). */
function toBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * DESIGN section 6 margin rule in integers: margemPct = (0.7·P − C)/P·100 (0 when P = 0) must be
 * ≥ the required percent. With T in hundredths: 10000·C ≤ (7000 − T)·P.
 */
export function marginRuleHolds(
  annualCentavos: Centavos,
  costCentavos: Centavos,
  requiredMarginPercent: number,
): boolean {
  const required = toBasisPoints(requiredMarginPercent);
  if (annualCentavos <= 0) return required <= 0;
  return 10000 * costCentavos <= (7000 - required) * annualCentavos;
}

/** Whether the package lets this procedure in (DESIGN 7.7: select-all is a flag). */
function isAllowed(rules: OptimizerPackageRules | null, id: number): boolean {
  if (!rules) return true;
  if (rules.restrictedIds.includes(id)) return false;
  return rules.allowAllProcedures || rules.allowedIds.includes(id);
}

/** The item cap: max_items, the package's session limit and the sum of block limits. */
export function effectiveMaxItems(input: OptimizerInput): number {
  const blockTotal = OPTIMIZER_BLOCKS.reduce(
    (sum, b) => sum + Math.max(0, input.blockLimits[b]),
    0,
  );
  const packageCap = input.packageRules?.sessionLimit;
  let cap = Math.min(Math.max(0, Math.floor(input.maxItems)), blockTotal);
  if (packageCap && packageCap > 0) cap = Math.min(cap, packageCap);
  return cap;
}

/** Procedures every selection may draw from (the per-procedure rules). */
export function eligibleProcedures(input: OptimizerInput): OptimizerProcedure[] {
  const excluded = new Set(input.excludedIds ?? []);
  return input.procedures.filter(
    (p) =>
      p.status === 'active' &&
      !excluded.has(p.id) &&
      isAllowed(input.packageRules, p.id) &&
      input.blockLimits[p.block] > 0 &&
      (input.budgetCentavos === null || p.valueCentavos <= input.budgetCentavos),
  );
}

function marginApplies(input: OptimizerInput): boolean {
  return input.packageRules !== null && input.packageRules.annualValueCentavos !== null;
}

/** The objective of a selection (ids), counting synergies among the chosen. */
export function evaluateSelection(
  input: OptimizerInput,
  ids: readonly number[],
): RecommendationObjective {
  const byId = new Map(input.procedures.map((p) => [p.id, p]));
  const chosen = new Set(ids);
  const goals = new Set<string>();
  let matchScore = 0;
  let valueCentavos = 0;
  for (const id of chosen) {
    const p = byId.get(id);
    if (!p) continue;
    p.goals.forEach((g) => goals.add(g));
    matchScore += p.matchScore;
    valueCentavos += p.valueCentavos;
  }
  let synergyBoost = 0;
  for (const s of input.synergies) {
    if (s.serviceId1 !== s.serviceId2 && chosen.has(s.serviceId1) && chosen.has(s.serviceId2)) {
      synergyBoost += s.boostPercent;
    }
  }
  return { coverage: goals.size, matchScore, synergyBoost, valueCentavos };
}

/** The rules a selection breaks, in pt-BR (empty when it is valid). Used to vet an LLM's picks. */
export function selectionViolations(input: OptimizerInput, ids: readonly number[]): string[] {
  const problems: string[] = [];
  const byId = new Map(input.procedures.map((p) => [p.id, p]));
  const eligible = new Set(eligibleProcedures(input).map((p) => p.id));
  const seen = new Set<number>();
  const perBlock: Record<OptimizerBlock, number> = { A: 0, B: 0, C: 0, D: 0 };
  let value = 0;
  let cost = 0;
  let requiredMargin = 0;
  for (const id of ids) {
    const p = byId.get(id);
    if (!p) {
      problems.push(`Procedimento inexistente: ${id}.`);
      continue;
    }
    if (seen.has(id)) problems.push(`Procedimento repetido: ${p.id}.`);
    seen.add(id);
    if (!eligible.has(id)) problems.push(`Procedimento não permitido: ${p.id}.`);
    perBlock[p.block] += 1;
    value += p.valueCentavos;
    cost += p.costCentavos;
    requiredMargin = Math.max(requiredMargin, p.minMarginPercent);
  }
  for (const block of OPTIMIZER_BLOCKS) {
    if (perBlock[block] > input.blockLimits[block])
      problems.push(`Limite do bloco ${block} excedido.`);
  }
  if (ids.length > effectiveMaxItems(input)) problems.push('Quantidade máxima de itens excedida.');
  if (input.budgetCentavos !== null && value > input.budgetCentavos) {
    problems.push('Orçamento excedido.');
  }
  const annual = input.packageRules?.annualValueCentavos;
  if (annual !== null && annual !== undefined && ids.length > 0) {
    if (!marginRuleHolds(annual, cost, requiredMargin))
      problems.push('Margem mínima não atendida.');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Branch and bound
// ---------------------------------------------------------------------------------------------

const BLOCK_INDEX: Record<OptimizerBlock, number> = { A: 0, B: 1, C: 2, D: 3 };

function popcount(mask: number): number {
  let n = mask - ((mask >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

interface Incumbent {
  objective: RecommendationObjective;
  /** Indices into the sorted candidate list. */
  chosen: number[];
}

/** Checks the margin rule for a total cost and required margin (basis points). */
type MarginCheck = (costCentavos: number, requiredBp: number) => boolean;
/** The largest total cost the margin rule allows for a required margin (basis points). */
type MarginCostLimit = (requiredBp: number) => number;

/** Slack for floating-point error when a Lagrangian bound on integer scores is rounded down. */
const EPSILON = 1e-6;

function greatestCommonDivisor(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function ratio(amount: Float64Array, weight: Float64Array, i: number): number {
  const w = weight[i]!;
  return w > 0 ? amount[i]! / w : Number.POSITIVE_INFINITY;
}

/** The search over the sorted candidates, depth first with an explicit stack. */
class Search {
  private readonly m: number;
  private readonly block: Int8Array;
  private readonly value: Float64Array;
  private readonly cost: Float64Array;
  private readonly marginBp: Float64Array;
  private readonly score: Float64Array;
  private readonly goalMask: Int32Array;
  /** Global candidate index of each local one. */
  private readonly globalIndex: Int32Array;
  private readonly suffixGoals: Int32Array;
  /** Where the run of procedures identical to i ends (skip them when i is left out). */
  private readonly twinEnd: Int32Array;
  /** Synergy graph in compressed rows: i's neighbours are adjOther[adjStart[i]..adjStart[i+1]). */
  private readonly adjStart: Int32Array;
  private readonly adjOther: Int32Array;
  private readonly adjBoost: Float64Array;
  private readonly edgeNodes: number[];
  /** Position in edgeNodes of the first procedure at or after each index. */
  private readonly firstEdgeFrom: Int32Array;
  /** Per goal bit, the procedures serving that goal, in order. */
  private readonly servingGoal: Int32Array[];
  /**
   * Procedures without synergies that share block, score, goals and min margin ("profile"), by
   * value ascending; undefined for those with synergies. Swapping within a profile changes only
   * the value and the cost.
   */
  private readonly profilePeers: Array<Int32Array | undefined>;
  /** Greatest common divisor of the candidates' values (0 when all are 0). */
  private readonly valueGcd: number;
  /** Per block, local indices sorted by value, highest first. */
  private readonly byValue: number[][];
  /** Indices with a positive amount, by amount per unit of weight (fractional knapsack order). */
  private readonly valuePerCost: Int32Array;

  // Search state.
  private count = 0;
  private readonly blockCount = new Int32Array(4);
  private valueSum = 0;
  private costSum = 0;
  /** The largest min margin chosen so far (basis points), and its value before each choice. */
  private requiredBp = 0;
  /** marginCostLimit(requiredBp), and per procedure marginCostLimit(its own margin). */
  private currentCostLimit: number;
  private readonly ownCostLimit: Float64Array;
  private readonly requiredStack: number[] = [];
  private scoreSum = 0;
  private synergySum = 0;
  private coveredMask = 0;
  private coverage = 0;
  private readonly goalCounts = new Int32Array(32);
  private readonly boostToChosen: Float64Array;
  private readonly chosen: number[] = [];

  // Explicit DFS stack.
  private readonly frameIndex: Int32Array;
  private readonly framePhase: Uint8Array;
  private readonly frameIncluded: Uint8Array;
  private sp = 0;
  nodes = 0;

  constructor(
    sortedCandidates: readonly SortedCandidate[],
    private readonly limits: Int32Array,
    private readonly maxItems: number,
    private readonly budget: number,
    private readonly marginHolds: MarginCheck,
    private readonly marginCostLimit: MarginCostLimit,
    edges: Map<number, Array<[number, number]>>,
    private readonly best: Incumbent,
  ) {
    const members = sortedCandidates.map((_, index) => index);
    const m = members.length;
    this.m = m;
    this.block = new Int8Array(m);
    this.value = new Float64Array(m);
    this.cost = new Float64Array(m);
    this.marginBp = new Float64Array(m);
    this.score = new Float64Array(m);
    this.goalMask = new Int32Array(m);
    this.globalIndex = new Int32Array(m);
    this.boostToChosen = new Float64Array(m);
    this.joinable = new Uint8Array(m);
    this.pickedIn = new Uint8Array(m);
    this.currentCostLimit = marginCostLimit(0);
    this.ownCostLimit = Float64Array.from(sortedCandidates, (c) => marginCostLimit(c.marginBp));
    const localOf = new Map<number, number>();
    members.forEach((g, local) => {
      const c = sortedCandidates[g]!;
      localOf.set(g, local);
      this.block[local] = c.block;
      this.value[local] = c.value;
      this.cost[local] = c.cost;
      this.marginBp[local] = c.marginBp;
      this.score[local] = c.score;
      this.goalMask[local] = c.goalMask;
      this.globalIndex[local] = g;
    });
    const adjacency = members.map((g) => {
      const list: Array<[number, number]> = [];
      for (const [other, boost] of edges.get(g) ?? []) {
        const local = localOf.get(other);
        if (local !== undefined) list.push([local, boost]);
      }
      return list;
    });
    this.adjStart = new Int32Array(m + 1);
    for (let i = 0; i < m; i++) this.adjStart[i + 1] = this.adjStart[i]! + adjacency[i]!.length;
    this.adjOther = new Int32Array(this.adjStart[m]!);
    this.adjBoost = new Float64Array(this.adjStart[m]!);
    adjacency.forEach((list, i) =>
      list.forEach(([other, boost], k) => {
        this.adjOther[this.adjStart[i]! + k] = other;
        this.adjBoost[this.adjStart[i]! + k] = boost;
      }),
    );
    this.edgeNodes = [];
    for (let i = 0; i < m; i++) if (adjacency[i]!.length > 0) this.edgeNodes.push(i);
    this.firstEdgeFrom = new Int32Array(m + 1);
    this.firstEdgeFrom[m] = this.edgeNodes.length;
    for (let i = m - 1, k = this.edgeNodes.length; i >= 0; i--) {
      if (k > 0 && this.edgeNodes[k - 1] === i) k -= 1;
      this.firstEdgeFrom[i] = k;
    }
    this.servingGoal = Array.from({ length: 32 }, (_, bit) =>
      Int32Array.from(
        Array.from({ length: m }, (_, i) => i).filter(
          (i) => (this.goalMask[i]! & (1 << bit)) !== 0,
        ),
      ),
    );
    this.suffixGoals = new Int32Array(m + 1);
    for (let i = m - 1; i >= 0; i--)
      this.suffixGoals[i] = this.suffixGoals[i + 1]! | this.goalMask[i]!;
    this.twinEnd = new Int32Array(m);
    for (let i = m - 1; i >= 0; i--) {
      const next = i + 1;
      this.twinEnd[i] = next < m && this.isTwin(i, next) ? this.twinEnd[next]! : next;
    }
    const profiles = new Map<string, number[]>();
    for (let i = 0; i < m; i++) {
      if (this.adjStart[i] !== this.adjStart[i + 1]) continue;
      const key = `${this.block[i]}:${this.score[i]}:${this.goalMask[i]}:${this.marginBp[i]}`;
      const peers = profiles.get(key) ?? [];
      peers.push(i);
      profiles.set(key, peers);
    }
    this.profilePeers = new Array<Int32Array | undefined>(m);
    for (const peers of profiles.values()) {
      const byValueAscending = Int32Array.from(
        peers.sort((a, b) => this.value[a]! - this.value[b]! || a - b),
      );
      for (const i of peers) this.profilePeers[i] = byValueAscending;
    }
    this.valueGcd = this.value.reduce((g, v) => greatestCommonDivisor(g, v), 0);
    this.byValue = [[], [], [], []];
    for (let i = 0; i < m; i++) this.byValue[this.block[i]!]!.push(i);
    for (const list of this.byValue) list.sort((a, b) => this.value[b]! - this.value[a]! || a - b);
    const byRatio = (amount: Float64Array, weight: Float64Array) =>
      Int32Array.from(
        Array.from({ length: m }, (_, i) => i)
          .filter((i) => amount[i]! > 0)
          .sort((a, b) => ratio(amount, weight, b) - ratio(amount, weight, a) || a - b),
      );
    this.valuePerCost = byRatio(this.value, this.cost);
    this.topAmounts = Array.from({ length: 4 }, () => new Float64Array(Math.max(1, maxItems)));
    this.reducedTopAmount = Array.from(
      { length: 4 },
      () => new Float64Array(Math.max(1, maxItems)),
    );
    this.reducedTopScore = Array.from({ length: 4 }, () => new Float64Array(Math.max(1, maxItems)));
    this.reducedTopWeight = Array.from(
      { length: 4 },
      () => new Float64Array(Math.max(1, maxItems)),
    );
    this.frameIndex = new Int32Array(m + 2);
    this.framePhase = new Uint8Array(m + 2);
    this.frameIncluded = new Uint8Array(m + 2);
    this.push(0);
  }

  /**
   * A first incumbent close to the optimum, so the bounds bite from the first node. Only valid
   * selections are ever offered, so the search stays exact; this only changes how fast it ends.
   * Called once, before the first step.
   */
  warmStart(): void {
    this.dive();
    this.polishValue();
  }

  /**
   * One pass down the sorted candidates that keeps a procedure when the (coverage, score) bound
   * with it is at least the bound without it: the first solution then already has the best
   * coverage and score the bounds can see, where the plain first descent grabs the most valuable
   * procedures and can run out of budget for the rest.
   */
  private dive(): void {
    let coverageHere = 0;
    let scoreHere = 0;
    let hereKnown = false;
    for (let i = 0; i < this.m && this.count < this.maxItems; i++) {
      if (!hereKnown) {
        this.coverageScoreBound(i);
        coverageHere = this.boundCoverage;
        scoreHere = this.boundScore;
      }
      hereKnown = false;
      if (!this.fits(i)) continue;
      this.include(i);
      this.coverageScoreBound(i + 1);
      if (
        this.boundCoverage > coverageHere ||
        (this.boundCoverage === coverageHere && this.boundScore >= scoreHere)
      ) {
        this.offerIncumbent();
        coverageHere = this.boundCoverage;
        scoreHere = this.boundScore;
        hereKnown = true;
      } else {
        this.undo(i);
      }
    }
    for (let k = this.chosen.length - 1; k >= 0; k--) this.undo(this.chosen[k]!);
  }

  /** Output of coverageScoreBound. */
  private boundCoverage = 0;
  private boundScore = 0;

  /** The coverage and score bounds of canPrune at the current selection, from `from` on. */
  private coverageScoreBound(from: number): void {
    const coverable = this.coveredMask | this.suffixGoals[from]!;
    this.boundCoverage = popcount(coverable);
    const added = this.coverageAwareScoreBound(
      from,
      this.maxItems - this.count,
      coverable & ~this.coveredMask,
      null,
    );
    // No procedure can cover a goal still missing: that coverage is out of reach.
    if (added < 0) this.boundCoverage -= 1;
    this.boundScore = this.scoreSum + Math.max(0, added);
  }

  /**
   * Raises the incumbent's value by swapping one or two of its procedures for others of the same
   * profile (block, score, goals and min margin, no synergies), which keeps the block counts,
   * coverage, score, synergy and the required margin as they are: the budget and the margin's
   * cost limit are checked for each swap. Where prices are in odd centavos this is what finds
   * a selection that spends the budget to the centavo, which the value bound then proves optimal.
   */
  private polishValue(): void {
    const chosen = [...this.best.chosen];
    if (chosen.length === 0) return;
    const inSelection = new Uint8Array(this.m);
    let valueSum = 0;
    let costSum = 0;
    let requiredBp = 0;
    for (const i of chosen) {
      inSelection[i] = 1;
      valueSum += this.value[i]!;
      costSum += this.cost[i]!;
      requiredBp = Math.max(requiredBp, this.marginBp[i]!);
    }
    const swap = (out: number, into: number): void => {
      chosen[chosen.indexOf(out)] = into;
      inSelection[out] = 0;
      inSelection[into] = 1;
      valueSum += this.value[into]! - this.value[out]!;
      costSum += this.cost[into]! - this.cost[out]!;
    };
    /** Position in `peers` (ascending value) of the last one worth at most `limit`, or -1. */
    const lastAtMost = (peers: Int32Array, limit: number): number => {
      let low = 0;
      let high = peers.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (this.value[peers[mid]!]! <= limit) low = mid + 1;
        else high = mid;
      }
      return low - 1;
    };
    // Every swap made raises the value; the cap bounds the time this heuristic may take.
    for (let round = 0; round < 64 && valueSum < this.budget; round++) {
      const slack = this.budget - valueSum;
      let bestGain = 0;
      let out1 = -1;
      let in1 = -1;
      let out2 = -1;
      let in2 = -1;
      for (let a = 0; a < chosen.length; a++) {
        const x1 = chosen[a]!;
        const peers1 = this.profilePeers[x1];
        if (!peers1) continue;
        // One for one: the most valuable peer that fits.
        for (let k = lastAtMost(peers1, this.value[x1]! + slack); k >= 0; k--) {
          const y = peers1[k]!;
          const gain = this.value[y]! - this.value[x1]!;
          if (gain <= bestGain) break;
          if (inSelection[y] === 1) continue;
          if (!this.marginHolds(costSum + this.cost[y]! - this.cost[x1]!, requiredBp)) continue;
          bestGain = gain;
          [out1, in1, out2, in2] = [x1, y, -1, -1];
          break;
        }
        // Two for two: for each first newcomer, the most valuable second that fits the budget
        // (a few tries down the list when it is taken or the margin refuses it).
        for (let b = a + 1; b < chosen.length; b++) {
          const x2 = chosen[b]!;
          const peers2 = this.profilePeers[x2];
          if (!peers2) continue;
          const outValue = this.value[x1]! + this.value[x2]!;
          const outCost = this.cost[x1]! + this.cost[x2]!;
          for (let j = 0; j < peers1.length; j++) {
            const y1 = peers1[j]!;
            if (inSelection[y1] === 1) continue;
            const top = lastAtMost(peers2, outValue + slack - this.value[y1]!);
            for (let k = top; k >= 0 && k > top - 4; k--) {
              const y2 = peers2[k]!;
              const gain = this.value[y1]! + this.value[y2]! - outValue;
              if (gain <= bestGain) break;
              if (y2 === y1 || inSelection[y2] === 1) continue;
              const cost = costSum - outCost + this.cost[y1]! + this.cost[y2]!;
              if (!this.marginHolds(cost, requiredBp)) continue;
              bestGain = gain;
              [out1, in1, out2, in2] = [x1, y1, x2, y2];
              break;
            }
          }
        }
      }
      if (bestGain <= 0) break;
      swap(out1, in1);
      if (out2 >= 0) swap(out2, in2);
    }
    if (valueSum > this.best.objective.valueCentavos) {
      this.best.objective = { ...this.best.objective, valueCentavos: valueSum };
      this.best.chosen = chosen.map((local) => this.globalIndex[local]!);
    }
  }

  private isTwin(a: number, b: number): boolean {
    return (
      this.block[a] === this.block[b] &&
      this.value[a] === this.value[b] &&
      this.cost[a] === this.cost[b] &&
      this.marginBp[a] === this.marginBp[b] &&
      this.score[a] === this.score[b] &&
      this.goalMask[a] === this.goalMask[b] &&
      this.adjStart[a] === this.adjStart[a + 1] &&
      this.adjStart[b] === this.adjStart[b + 1]
    );
  }

  private push(index: number): void {
    this.frameIndex[this.sp] = index;
    this.framePhase[this.sp] = 0;
    this.frameIncluded[this.sp] = 0;
    this.sp += 1;
  }

  private fits(i: number): boolean {
    return (
      this.blockCount[this.block[i]!]! < this.limits[this.block[i]!]! &&
      this.valueSum + this.value[i]! <= this.budget &&
      this.marginHolds(this.costSum + this.cost[i]!, Math.max(this.requiredBp, this.marginBp[i]!))
    );
  }

  private include(i: number): void {
    this.count += 1;
    this.blockCount[this.block[i]!]! += 1;
    this.valueSum += this.value[i]!;
    this.costSum += this.cost[i]!;
    this.requiredStack.push(this.requiredBp);
    this.requiredBp = Math.max(this.requiredBp, this.marginBp[i]!);
    this.currentCostLimit = this.marginCostLimit(this.requiredBp);
    this.scoreSum += this.score[i]!;
    this.synergySum += this.boostToChosen[i]!;
    for (let e = this.adjStart[i]!; e < this.adjStart[i + 1]!; e++) {
      this.boostToChosen[this.adjOther[e]!]! += this.adjBoost[e]!;
    }
    let mask = this.goalMask[i]!;
    while (mask !== 0) {
      const bit = 31 - Math.clz32(mask);
      mask &= ~(1 << bit);
      if (this.goalCounts[bit]!++ === 0) {
        this.coveredMask |= 1 << bit;
        this.coverage += 1;
      }
    }
    this.chosen.push(i);
  }

  private undo(i: number): void {
    this.chosen.pop();
    let mask = this.goalMask[i]!;
    while (mask !== 0) {
      const bit = 31 - Math.clz32(mask);
      mask &= ~(1 << bit);
      if (--this.goalCounts[bit]! === 0) {
        this.coveredMask &= ~(1 << bit);
        this.coverage -= 1;
      }
    }
    for (let e = this.adjStart[i]!; e < this.adjStart[i + 1]!; e++) {
      this.boostToChosen[this.adjOther[e]!]! -= this.adjBoost[e]!;
    }
    this.synergySum -= this.boostToChosen[i]!;
    this.scoreSum -= this.score[i]!;
    this.requiredBp = this.requiredStack.pop()!;
    this.currentCostLimit = this.marginCostLimit(this.requiredBp);
    this.costSum -= this.cost[i]!;
    this.valueSum -= this.value[i]!;
    this.blockCount[this.block[i]!]! -= 1;
    this.count -= 1;
  }

  private offerIncumbent(): void {
    const current: RecommendationObjective = {
      coverage: this.coverage,
      matchScore: this.scoreSum,
      synergyBoost: this.synergySum,
      valueCentavos: this.valueSum,
    };
    if (compareObjectives(current, this.best.objective) > 0) {
      this.best.objective = current;
      this.best.chosen = this.chosen.map((local) => this.globalIndex[local]!);
    }
  }

  /** Whether procedure i could still join on its own (room in its block, budget, cost cap). */
  private couldJoin(i: number, room: Int32Array): boolean {
    return room[this.block[i]!]! > 0 && this.fitsWithoutBlock(i);
  }

  /**
   * The budget and the margin rule for one more procedure, in array reads only (bounds ask it
   * for every candidate at every node). The margin rule's cost limit falls as the required margin
   * rises, so the newcomer must fit under both the current limit and the one of its own margin;
   * with integer centavos that is exactly marginHolds.
   */
  private fitsWithoutBlock(i: number): boolean {
    return (
      this.valueSum + this.value[i]! <= this.budget &&
      this.costSum + this.cost[i]! <= Math.min(this.currentCostLimit, this.ownCostLimit[i]!)
    );
  }

  private readonly room = new Int32Array(4);
  /** Scratch for synergyBound: 1 when a procedure with synergies could still join. */
  private readonly joinable: Uint8Array;

  private resetRoom(): void {
    for (let b = 0; b < 4; b++) this.room[b] = this.limits[b]! - this.blockCount[b]!;
  }

  /** Smallest score the last greedy score bound took, and how many procedures it took. */
  private greedyMinScore = 0;
  private greedyTaken = 0;

  /**
   * Greedy top-k match scores from i on (candidates are sorted by score, highest first), with
   * one place fewer in `reducedBlock` and `skip` left out. With `markBit`, the procedures taken
   * get that bit in `pickedIn`.
   */
  private scoreBound(
    from: number,
    slots: number,
    skip = -1,
    reducedBlock = skip >= 0 ? this.block[skip]! : -1,
    markBit = 0,
  ): number {
    this.resetRoom();
    if (reducedBlock >= 0) this.room[reducedBlock]! -= 1;
    let total = 0;
    let taken = 0;
    let smallest = 0;
    let goals = 0;
    let value = 0;
    let cost = 0;
    for (let i = from; i < this.m && taken < slots; i++) {
      const s = this.score[i]!;
      if (s <= 0) break;
      if (i === skip || !this.couldJoin(i, this.room)) continue;
      this.room[this.block[i]!]! -= 1;
      total += s;
      taken += 1;
      smallest = s;
      goals |= this.goalMask[i]!;
      value += this.value[i]!;
      cost += this.cost[i]!;
      if (markBit !== 0) {
        if (this.pickedIn[i] === 0) this.picked.push(i);
        this.pickedIn[i]! |= markBit;
      }
    }
    this.greedyMinScore = smallest;
    this.greedyTaken = taken;
    this.greedyValue = value;
    this.greedyCost = cost;
    this.greedyGoals = goals;
    return total;
  }

  /** Scratch for withMissedGoal: bit b set when the greedy for block b took the procedure. */
  private readonly pickedIn: Uint8Array;
  private readonly picked: number[] = [];
  private readonly restByBlock = new Float64Array(4);

  private greedyGoals = 0;
  /** Σ value and Σ cost of the set the last scoreBound took. */
  private greedyValue = 0;
  private greedyCost = 0;

  /** The most the newcomers may still cost under the margin rule (it only tightens as T grows). */
  private costRoom(): number {
    return this.currentCostLimit - this.costSum;
  }

  /**
   * Fractional knapsack (LP) bound: the most `amount` newcomers can add when their `weight`
   * must fit in `capacity`, taking the best ratios first and a fraction of the last.
   */
  private fractionalBound(
    order: Int32Array,
    amount: Float64Array,
    weight: Float64Array,
    capacity: number,
    from: number,
    newcomersOnly: boolean,
    enough = Number.POSITIVE_INFINITY,
  ): number {
    if (capacity === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
    let left = capacity;
    let total = 0;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      if (i < from || !this.fitsWithoutBlock(i)) continue;
      if (newcomersOnly && !this.isNewcomerCandidate(i)) continue;
      const w = weight[i]!;
      if (w <= left) {
        left -= w;
        total += amount[i]!;
        // The caller takes the minimum with `enough`: no need to know how far above it is.
        if (total >= enough) return total;
      } else {
        total += (amount[i]! * left) / w;
        break;
      }
    }
    return total;
  }

  /** Per block, the best reduced amounts offered so far with their scores and weights. */
  private readonly reducedTopAmount: Float64Array[];
  private readonly reducedTopScore: Float64Array[];
  private readonly reducedTopWeight: Float64Array[];
  /** Σ score and Σ weight of the set the last reducedTop call took. */
  private reducedSetScore = 0;
  private reducedSetWeight = 0;

  /**
   * max Σ (score − λ·weight) over the sets of newcomers a completion may hold (at most `slots`,
   * at most the room left per block, each fitting the budget and margin on its own): the greedy
   * by reduced amount, exact for that laminar matroid. Candidates are sorted by score, so the
   * scan stops at the first score 0 (its reduced amount is never positive).
   */
  private reducedTop(from: number, slots: number, lambda: number, weight: Float64Array): number {
    this.resetRoom();
    this.topCounts.fill(0);
    for (let i = from; i < this.m; i++) {
      const s = this.score[i]!;
      if (s <= 0) break;
      const b = this.block[i]!;
      const capacity = Math.min(this.room[b]!, slots);
      if (capacity <= 0 || !this.fitsWithoutBlock(i)) continue;
      const amount = s - lambda * weight[i]!;
      if (amount <= 0) continue;
      const amounts = this.reducedTopAmount[b]!;
      const scores = this.reducedTopScore[b]!;
      const weights = this.reducedTopWeight[b]!;
      let n = this.topCounts[b]!;
      if (n === capacity) {
        if (amount <= amounts[n - 1]!) continue;
        n -= 1;
      }
      let k = n;
      while (k > 0 && amounts[k - 1]! < amount) {
        amounts[k] = amounts[k - 1]!;
        scores[k] = scores[k - 1]!;
        weights[k] = weights[k - 1]!;
        k -= 1;
      }
      amounts[k] = amount;
      scores[k] = s;
      weights[k] = weight[i]!;
      this.topCounts[b] = n + 1;
    }
    this.mergeCursor.fill(0);
    let total = 0;
    let setScore = 0;
    let setWeight = 0;
    for (let taken = 0; taken < slots; taken++) {
      let bestBlock = -1;
      let bestAmount = 0;
      for (let b = 0; b < 4; b++) {
        const cursor = this.mergeCursor[b]!;
        if (cursor < this.topCounts[b]! && this.reducedTopAmount[b]![cursor]! > bestAmount) {
          bestAmount = this.reducedTopAmount[b]![cursor]!;
          bestBlock = b;
        }
      }
      if (bestBlock < 0) break;
      const cursor = this.mergeCursor[bestBlock]!;
      total += bestAmount;
      setScore += this.reducedTopScore[bestBlock]![cursor]!;
      setWeight += this.reducedTopWeight[bestBlock]![cursor]!;
      this.mergeCursor[bestBlock] = cursor + 1;
    }
    this.reducedSetScore = setScore;
    this.reducedSetWeight = setWeight;
    return total;
  }

  /**
   * Lagrangian bound on the score newcomers can add when Σ weight ≤ capacity (the budget or the
   * margin's cost room) on top of the slot and block limits. For any λ ≥ 0 and any such set S,
   * Σ_S score = Σ_S (score − λ·weight) + λ·Σ_S weight ≤ reducedTop(λ) + λ·capacity, so every λ
   * gives a valid bound. g(λ) = reducedTop(λ) + λ·capacity is the upper envelope of the lines
   * Σ_S score + λ·(capacity − Σ_S weight), one per set S; its minimum (the LP bound of slots,
   * blocks and capacity together) is found by intersecting the best line sloping down with the
   * best sloping up until no set lies above the intersection.
   */
  private lagrangianScoreBound(
    from: number,
    slots: number,
    weight: Float64Array,
    capacity: number,
    plain: number,
    plainWeight: number,
    stopAbove: number,
    stopBelow: number,
  ): number {
    // At λ = 0 the best set is the greedy one (plain); when it fits, g only rises from there.
    if (plainWeight <= capacity) return plain;
    let bound = plain;
    let downScore = plain;
    let downWeight = plainWeight;
    // The empty set's line (λ·capacity) slopes up; a real line, so intersections stay valid.
    let upScore = 0;
    let upWeight = 0;
    for (let iteration = 0; iteration < 40; iteration++) {
      const lambda = (downScore - upScore) / (downWeight - upWeight);
      // Both lines lie under g, so where they cross is a lower bound of g's minimum: stop once
      // the integer answer is known, or once the caller's decision is (see knapsackScoreBound).
      const lowest = Math.floor(downScore + lambda * (capacity - downWeight) + EPSILON);
      const highest = Math.floor(bound + EPSILON);
      if (lowest === highest || lowest >= stopAbove || highest < stopBelow) break;
      const atLambda = this.reducedTop(from, slots, lambda, weight) + lambda * capacity;
      if (atLambda < bound) bound = atLambda;
      const setWeight = this.reducedSetWeight;
      if (setWeight === capacity) break;
      if (setWeight > capacity) {
        if (setWeight === downWeight) break;
        downScore = this.reducedSetScore;
        downWeight = setWeight;
      } else {
        if (setWeight === upWeight) break;
        upScore = this.reducedSetScore;
        upWeight = setWeight;
      }
    }
    return bound;
  }

  /**
   * The score bound from the budget and from the margin's cost room, each with the slot and
   * block limits, at most `plain` (the greedy bound). With `needed` (the score newcomers must add
   * to tie the incumbent) it may stop as soon as the answer is known to be below `needed` or
   * above it, which is all canPrune asks; without, it is exact.
   */
  private knapsackScoreBound(
    from: number,
    slots: number,
    plain: number,
    needed: number | null,
  ): number {
    const stopAbove = needed === null ? plain : Math.min(plain, needed + 1);
    const stopBelow = needed ?? Number.NEGATIVE_INFINITY;
    const plainValue = this.greedyValue;
    const plainCost = this.greedyCost;
    const byBudget = this.lagrangianScoreBound(
      from,
      slots,
      this.value,
      this.budget - this.valueSum,
      plain,
      plainValue,
      stopAbove,
      stopBelow,
    );
    if (Math.floor(byBudget + EPSILON) < stopBelow) return Math.floor(byBudget + EPSILON);
    const byCost = this.lagrangianScoreBound(
      from,
      slots,
      this.cost,
      this.costRoom(),
      plain,
      plainCost,
      Math.min(stopAbove, Math.floor(byBudget + EPSILON)),
      stopBelow,
    );
    // Scores are integers; EPSILON absorbs floating-point error in λ·weight.
    return Math.floor(Math.min(byBudget, byCost) + EPSILON);
  }

  /**
   * The score bound when coverage ties the incumbent: an improving completion must cover every
   * goal in `required`. If the greedy set misses some, the completion holds a procedure x that
   * covers a missed goal, so its score is at most score(x) + the greedy bound of the others with
   * one slot (and one place in x's block) fewer. -1 when no procedure can cover a missed goal.
   */
  private coverageAwareScoreBound(
    from: number,
    slots: number,
    required: number,
    needed: number | null,
  ): number {
    const plain = this.scoreBound(from, slots);
    // Below what a tie needs: pruned whatever the tighter bounds say.
    if (needed !== null && plain < needed) return plain;
    // Only a knapsack bound below the greedy one changes the answer (withMissedGoal ≤ plain).
    const knapsack = this.knapsackScoreBound(from, slots, plain, needed);
    const missed = required & ~this.greedyGoals;
    if (knapsack < plain) {
      // The greedy set does not fit the budget or margin: no shape can be assumed later.
      this.greedyMinScore = 0;
      this.greedyTaken = 0;
      return missed === 0
        ? knapsack
        : Math.min(knapsack, this.withMissedGoal(from, slots, missed, plain));
    }
    if (missed === 0) return plain;
    return Math.min(knapsack, this.withMissedGoal(from, slots, missed, plain));
  }

  private withMissedGoal(from: number, slots: number, missed: number, plain: number): number {
    // The others' bound for a forced x is the greedy with one slot and one place in x's block
    // fewer, and x left out. Leaving x out changes nothing when that greedy did not take x, so
    // it is computed once per block; only the few x it took get a greedy of their own.
    for (const i of this.picked) this.pickedIn[i] = 0;
    this.picked.length = 0;
    let restReady = 0;
    this.resetRoom();
    let best = -1;
    for (let bits = missed; bits !== 0; bits &= bits - 1) {
      const bit = 31 - Math.clz32(bits & -bits);
      for (const x of this.servingGoal[bit]!) {
        // A procedure serving several missed goals is tried once, under the lowest of them.
        if (x < from || (this.goalMask[x]! & missed & ((1 << bit) - 1)) !== 0) continue;
        if (!this.couldJoin(x, this.room)) continue;
        if (this.score[x]! + plain <= best) continue;
        const b = this.block[x]!;
        let rest = 0;
        if (slots > 1) {
          if ((restReady & (1 << b)) === 0) {
            this.restByBlock[b] = this.scoreBound(from, slots - 1, -1, b, 1 << b);
            restReady |= 1 << b;
          }
          rest =
            (this.pickedIn[x]! & (1 << b)) === 0
              ? this.restByBlock[b]!
              : this.scoreBound(from, slots - 1, x);
          this.resetRoom();
        }
        const withX = this.score[x]! + rest;
        if (withX > best) best = withX;
      }
    }
    // The greedy set is not a possible completion, so later bounds cannot assume its shape.
    this.greedyMinScore = 0;
    this.greedyTaken = 0;
    return best;
  }

  /**
   * Which newcomers the synergy and value bounds consider. When the score bound ties the
   * incumbent, an improving completion must reach that bound exactly, i.e. be a maximum-score
   * set of the (partition-matroid) relaxation; every such set has the greedy's multiset of
   * positive scores (Gale optimality), so its members score at least the greedy's smallest, or
   * 0 when the greedy left slots free.
   */
  private newcomerMinScore = 0;
  private newcomerAllowsZero = true;

  private isNewcomerCandidate(i: number): boolean {
    const s = this.score[i]!;
    return s > 0 ? s >= this.newcomerMinScore : this.newcomerAllowsZero;
  }

  /**
   * Per block, the best `room[b]` amounts offered so far (descending), then the best `slots` of
   * those: the greedy optimum of "at most room[b] per block and `slots` in all", which is the
   * exact maximum of that relaxation. Preallocated: bounds run at every node.
   */
  private readonly topAmounts: Float64Array[];
  private readonly topCounts = new Int32Array(4);
  private readonly mergeCursor = new Int32Array(4);

  private resetTop(): void {
    this.topCounts.fill(0);
  }

  private offerTop(block: number, amount: number): void {
    const capacity = Math.min(this.room[block]!, this.maxItems);
    if (capacity <= 0) return;
    const list = this.topAmounts[block]!;
    let n = this.topCounts[block]!;
    if (n === capacity) {
      if (amount <= list[n - 1]!) return;
      n -= 1;
    }
    let k = n;
    while (k > 0 && list[k - 1]! < amount) {
      list[k] = list[k - 1]!;
      k -= 1;
    }
    list[k] = amount;
    this.topCounts[block] = n + 1;
  }

  private sumTop(slots: number): number {
    this.mergeCursor.fill(0);
    let total = 0;
    for (let taken = 0; taken < slots; taken++) {
      let bestBlock = -1;
      let bestAmount = 0;
      for (let b = 0; b < 4; b++) {
        const cursor = this.mergeCursor[b]!;
        if (cursor < this.topCounts[b]! && this.topAmounts[b]![cursor]! > bestAmount) {
          bestAmount = this.topAmounts[b]![cursor]!;
          bestBlock = b;
        }
      }
      if (bestBlock < 0) break;
      this.mergeCursor[bestBlock]! += 1;
      total += bestAmount;
    }
    return total;
  }

  /**
   * Synergy still reachable: each newcomer j brings its boosts to the chosen plus half of its
   * boosts to other newcomers (each new pair is split between its two ends), bounded by half its
   * boosts to the procedures ahead that could still join. Doubled to stay in integers.
   */
  private synergyBound(from: number, slots: number): number {
    this.resetRoom();
    this.resetTop();
    // Which procedures with synergies could still join, decided once per node: the loop below
    // reads each twice (as j and as a neighbour), and the room does not change while it runs.
    const joinable = this.joinable;
    const edgeNodes = this.edgeNodes;
    const start = this.firstEdgeFrom[from]!;
    for (let k = start; k < edgeNodes.length; k++) {
      const j = edgeNodes[k]!;
      joinable[j] = this.isNewcomerCandidate(j) && this.couldJoin(j, this.room) ? 1 : 0;
    }
    for (let k = start; k < edgeNodes.length; k++) {
      const j = edgeNodes[k]!;
      if (joinable[j] === 0) continue;
      let ahead = 0;
      for (let e = this.adjStart[j]!; e < this.adjStart[j + 1]!; e++) {
        // Neighbours before `from` are decided; their flags are left from an earlier node.
        const other = this.adjOther[e]!;
        if (other >= from && joinable[other] === 1) ahead += this.adjBoost[e]!;
      }
      const doubled = 2 * this.boostToChosen[j]! + ahead;
      if (doubled > 0) this.offerTop(this.block[j]!, doubled);
    }
    return Math.floor(this.sumTop(slots) / 2);
  }

  /** Greedy top-k values from i on, never more than the budget left. */
  private valueBound(from: number, slots: number): number {
    this.resetRoom();
    this.resetTop();
    const budgetLeft = this.budget - this.valueSum;
    for (let b = 0; b < 4; b++) {
      const wanted = Math.min(this.room[b]!, slots);
      const list = this.byValue[b]!;
      // The list runs from the highest value down: skip at once those over the budget left.
      let low = 0;
      let high = list.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (this.value[list[mid]!]! > budgetLeft) low = mid + 1;
        else high = mid;
      }
      for (let k = low; k < list.length; k++) {
        const i = list[k]!;
        if (this.topCounts[b]! >= wanted) break;
        if (i < from || !this.isNewcomerCandidate(i) || !this.fitsWithoutBlock(i)) continue;
        this.offerTop(b, this.value[i]!);
      }
    }
    // Every sum of values is a multiple of their greatest common divisor: with round prices
    // (R$ 10 steps) and a budget in odd centavos, the budget's last centavos are out of reach.
    const reachable =
      this.valueGcd > 1 && Number.isFinite(budgetLeft)
        ? budgetLeft - (budgetLeft % this.valueGcd)
        : budgetLeft;
    const top = Math.min(this.sumTop(slots), reachable);
    const byCost = this.fractionalBound(
      this.valuePerCost,
      this.value,
      this.cost,
      this.costRoom(),
      from,
      true,
      top,
    );
    return Math.min(top, Math.floor(byCost + 1e-9));
  }

  /** True when no completion from this node can beat the incumbent (lexicographic bound). */
  private canPrune(from: number): boolean {
    const best = this.best.objective;
    const slots = this.maxItems - this.count;
    const coverable = this.coveredMask | this.suffixGoals[from]!;
    const coverage = popcount(coverable);
    if (coverage !== best.coverage) return coverage < best.coverage;
    const added = this.coverageAwareScoreBound(
      from,
      slots,
      coverable & ~this.coveredMask,
      best.matchScore - this.scoreSum,
    );
    if (added < 0) return true;
    const score = this.scoreSum + added;
    if (score !== best.matchScore) return score < best.matchScore;
    this.newcomerMinScore = this.greedyMinScore;
    this.newcomerAllowsZero = this.greedyTaken < slots;
    const synergy =
      this.synergySum + (this.edgeNodes.length > 0 ? this.synergyBound(from, slots) : 0);
    if (synergy !== best.synergyBoost) return synergy < best.synergyBoost;
    return this.valueSum + this.valueBound(from, slots) <= best.valueCentavos;
  }

  /**
   * With one slot left, the completions are "nothing more" (already offered) or exactly one more
   * procedure: evaluate each directly instead of branching on it.
   */
  private finishWithOneMore(from: number): void {
    let bestIndex = -1;
    let best = this.best.objective;
    for (let j = from; j < this.m; j++) {
      if (!this.fits(j)) continue;
      const candidate: RecommendationObjective = {
        coverage: this.coverage + popcount(this.goalMask[j]! & ~this.coveredMask),
        matchScore: this.scoreSum + this.score[j]!,
        synergyBoost: this.synergySum + this.boostToChosen[j]!,
        valueCentavos: this.valueSum + this.value[j]!,
      };
      if (compareObjectives(candidate, best) > 0) {
        best = candidate;
        bestIndex = j;
      }
    }
    if (bestIndex >= 0) {
      this.best.objective = best;
      this.best.chosen = [...this.chosen, bestIndex].map((local) => this.globalIndex[local]!);
    }
  }

  /** Runs up to `maxNodes` nodes; true when the subproblem is finished. */
  step(maxNodes: number): boolean {
    const stopAt = this.nodes + maxNodes;
    while (this.sp > 0) {
      if (this.nodes >= stopAt) return false;
      const top = this.sp - 1;
      const i = this.frameIndex[top]!;
      const phase = this.framePhase[top]!;
      if (phase === 0) {
        this.nodes += 1;
        if (i >= this.m || this.count >= this.maxItems || this.canPrune(i)) {
          this.sp -= 1;
          continue;
        }
        if (this.count === this.maxItems - 1) {
          this.finishWithOneMore(i);
          this.sp -= 1;
          continue;
        }
        this.framePhase[top] = 1;
        if (this.fits(i)) {
          this.include(i);
          this.frameIncluded[top] = 1;
          this.offerIncumbent();
          this.push(i + 1);
          continue;
        }
      }
      if (this.framePhase[top] === 1) {
        if (this.frameIncluded[top] === 1) {
          this.undo(i);
          this.frameIncluded[top] = 0;
        }
        this.framePhase[top] = 2;
        this.push(this.twinEnd[i]!);
        continue;
      }
      this.sp -= 1;
    }
    return true;
  }
}

interface SortedCandidate {
  procedure: OptimizerProcedure;
  block: number;
  value: number;
  cost: number;
  score: number;
  goalMask: number;
  marginBp: number;
}

/**
 * A resumable optimization: call `step(n)` until it answers true, then `result()`. The API yields
 * to the event loop between steps; `optimizeRecommendation` runs it to the end at once.
 */
export class RecommendationSearch {
  private readonly candidates: SortedCandidate[];
  private readonly search: Search | null;
  private readonly best: Incumbent = { objective: { ...EMPTY_OBJECTIVE }, chosen: [] };
  readonly marginRuleApplied: boolean;

  /**
   * `warmStart: false` leaves the first incumbent to the search: the warm start only offers a
   * valid selection, so the answer is the same, but tests use it to check the bounds on their own.
   */
  constructor(input: OptimizerInput, options: { warmStart?: boolean } = {}) {
    const goalBits = new Map<string, number>();
    const eligible = eligibleProcedures(input);
    for (const p of eligible) {
      for (const goal of p.goals) {
        if (!goalBits.has(goal)) {
          if (goalBits.size >= 30) throw new Error('Too many distinct goals for the optimizer.');
          goalBits.set(goal, goalBits.size);
        }
      }
    }
    this.marginRuleApplied = marginApplies(input);
    const annual = input.packageRules?.annualValueCentavos ?? 0;
    const marginHolds: MarginCheck = !this.marginRuleApplied
      ? () => true
      : annual <= 0
        ? (_cost, requiredBp) => requiredBp <= 0
        : (cost, requiredBp) => 10000 * cost <= (7000 - requiredBp) * annual;
    const marginCostLimit: MarginCostLimit = !this.marginRuleApplied
      ? () => Number.POSITIVE_INFINITY
      : annual <= 0
        ? (requiredBp) => (requiredBp <= 0 ? Number.POSITIVE_INFINITY : -1)
        : (requiredBp) => Math.floor(((7000 - requiredBp) * annual) / 10000);

    this.candidates = eligible
      .map((p) => {
        let goalMask = 0;
        for (const goal of p.goals) goalMask |= 1 << goalBits.get(goal)!;
        return {
          procedure: p,
          block: BLOCK_INDEX[p.block],
          value: p.valueCentavos,
          cost: p.costCentavos,
          score: Math.max(0, p.matchScore),
          goalMask,
          marginBp: toBasisPoints(p.minMarginPercent),
        };
      })
      // A procedure that breaks the margin rule on its own can never be part of a selection.
      .filter((c) => marginHolds(c.cost, c.marginBp))
      // Most promising first, so the first solutions found are good and bounds bite early.
      .sort(
        (a, b) =>
          b.score - a.score ||
          popcount(b.goalMask) - popcount(a.goalMask) ||
          b.value - a.value ||
          a.cost - b.cost ||
          a.marginBp - b.marginBp ||
          a.block - b.block ||
          a.goalMask - b.goalMask ||
          a.procedure.id - b.procedure.id,
      );

    const indexOfId = new Map(this.candidates.map((c, index) => [c.procedure.id, index]));
    const pairBoost = new Map<string, [number, number, number]>();
    for (const s of input.synergies) {
      const a = indexOfId.get(s.serviceId1);
      const b = indexOfId.get(s.serviceId2);
      if (a === undefined || b === undefined || a === b) continue;
      const key = a < b ? `${a}:${b}` : `${b}:${a}`;
      const entry = pairBoost.get(key) ?? [Math.min(a, b), Math.max(a, b), 0];
      entry[2] += s.boostPercent;
      pairBoost.set(key, entry);
    }
    const edges = new Map<number, Array<[number, number]>>();
    for (const [a, b, boost] of pairBoost.values()) {
      if (boost <= 0) continue;
      if (!edges.has(a)) edges.set(a, []);
      if (!edges.has(b)) edges.set(b, []);
      edges.get(a)!.push([b, boost]);
      edges.get(b)!.push([a, boost]);
    }

    const limits = Int32Array.from(OPTIMIZER_BLOCKS, (b) => Math.max(0, input.blockLimits[b]));
    const budget = input.budgetCentavos ?? Number.POSITIVE_INFINITY;
    this.search =
      this.candidates.length === 0
        ? null
        : new Search(
            this.candidates,
            limits,
            effectiveMaxItems(input),
            budget,
            marginHolds,
            marginCostLimit,
            edges,
            this.best,
          );
    if (options.warmStart !== false) this.search?.warmStart();
  }

  /** Search nodes visited so far. */
  get nodes(): number {
    return this.search?.nodes ?? 0;
  }

  /** Runs up to `maxNodes` nodes; true when the optimum is known. */
  step(maxNodes: number): boolean {
    return this.search ? this.search.step(maxNodes) : true;
  }

  result(): OptimizerResult {
    const chosen = [...this.best.chosen].sort((a, b) => a - b);
    return {
      selectedIds: chosen.map((index) => this.candidates[index]!.procedure.id),
      objective: { ...this.best.objective },
      marginRuleApplied: this.marginRuleApplied,
      candidateCount: this.candidates.length,
      nodes: this.nodes,
    };
  }
}

/** Runs the exact search to the end (see the file comment). */
export function optimizeRecommendation(input: OptimizerInput): OptimizerResult {
  const search = new RecommendationSearch(input);
  while (!search.step(1 << 20)) {
    // Keep going: the synchronous caller wants the optimum.
  }
  return search.result();
}

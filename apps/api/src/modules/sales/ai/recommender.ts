import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  AESTHETIC_GOALS,
  AREA_WORDS,
  areasInText,
  contentStems,
  stemPt,
  BODY_AREA_LABELS,
  BODY_SPOT_LABELS,
  computePackageTotals,
  formatBRL,
  formatPercent,
  matchProcedure,
  PREGNANCY_CONTRAINDICATED_TRAITS,
  PROCEDURE_TRAIT_LABELS,
  profileProcedure,
  PROCEDURE_TRAITS,
  readCareWords,
  readGoalText,
  rulesOut,
  SENSITIVE_SKIN_TRAITS,
  SUN_SENSITIVE_TRAITS,
  exclusionTraits,
  traitsInText,
  reaisToCentavos,
  requiredMarginPercent,
  spotFit,
  spotsInText,
  type AiWarning,
  type BodyArea,
  type BodySpot,
  type BudgetReading,
  type CareReading,
  type ClinicalCheckResult,
  type ClinicalIssue,
  type ExclusionReading,
  type GoalReading,
  type ProcedureMatch,
  type ProcedureProfile,
  type ProcedureTrait,
} from '@portal/domain';
import {
  effectiveMaxItems,
  OPTIMIZER_BLOCKS,
  RecommendationSearch,
  selectionViolations,
  type OptimizerBlock,
  type OptimizerInput,
  type OptimizerResult,
} from './recommendation-optimizer.ts';
import { throwIfAborted } from './provider.ts';

/**
 * The local engine's recommendation work, shared by POST /recommendations/ and the chat: read
 * the goal text, score every procedure against it, run the exact optimizer (in slices, so a
 * client that goes away stops it) and explain the result in pt-BR.
 */

/** A procedure as the engine reads it (a catalogue Service or a chat procedure satisfies it). */
export interface CatalogueProcedure {
  id: number;
  name: string;
  description?: string | null;
  block: OptimizerBlock;
  /** Reais. */
  value: number;
  cost: number;
  min_margin_percent: number;
  session_limit: number;
  status: string;
  benefits?: {
    main_function?: string | null;
    benefit1?: string | null;
    benefit2?: string | null;
    benefit3?: string | null;
  } | null;
  /** Techniques and ingredients an admin listed; united with what the text says. */
  traits?: readonly string[] | null;
}

export interface RelationFacts {
  serviceId1: number;
  serviceId2: number;
  boostPercent: number;
}

export interface PackageFacts {
  name: string | null;
  /** Reais; null when unknown (the margin rule is then skipped and the summary says so). */
  annualValue: number | null;
  allowAll: boolean;
  allowedIds: readonly number[];
  restrictedIds: readonly number[];
  sessionLimit: number | null;
}

export interface RecommendationProblem {
  goalText: string;
  /** Functions picked from a list ('Flacidez'); longer free texts are read as goal text. */
  functions: readonly string[];
  /**
   * What the professional said earlier in the conversation: its exclusions and care words
   * ('grávida', 'sem agulhas') still hold when a later message names new goals.
   */
  earlierText?: string;
  /** A budget given apart from the text wins over one written in it. */
  budget: BudgetReading | null;
  maxItems: number;
  blockLimits: Record<OptimizerBlock, number>;
  includeSynergies: boolean;
  procedures: readonly CatalogueProcedure[];
  relations: readonly RelationFacts[];
  pkg: PackageFacts | null;
  /**
   * Procedures that meet the allergies or contraindications of the client the sale is for
   * (contraindicationConflicts in packages/domain/src/sales/proposals.ts): never suggested, named in a
   * `contraindication` warning. Only ids and names: the client's health data never reaches a model.
   */
  clientConflicts?: readonly { service_id: number; name: string }[];
  /**
   * The clinical check of the client's record plus this request over every procedure
   * (packages/domain/src/catalogue/clinical/check.ts): its absolute issues rule a procedure out
   * like an exclusion, whatever engine answers (issue 26).
   */
  clinical?: ClinicalCheckResult;
}

export interface RecommendationPlan {
  problem: RecommendationProblem;
  reading: GoalReading;
  budget: BudgetReading | null;
  matches: Map<number, ProcedureMatch>;
  profiles: Map<number, ProcedureProfile>;
  input: OptimizerInput;
  byId: Map<number, CatalogueProcedure>;
  /** The client's exclusions, with 'não gosto de agulhas' read as one. */
  exclusions: ExclusionReading[];
  /** Procedures ruled out by the client's exclusions. */
  excludedIds: number[];
  care: CareReading;
  /** Procedures a care word rules out (pregnancy). */
  contraindicatedIds: number[];
  /** The areas the client named (empty: any). */
  areas: ReadonlySet<BodyArea>;
  /** The spots the client named ('barriga', 'papada'; empty: none in particular). */
  spots: ReadonlySet<BodySpot>;
  /** The named spots each procedure is aimed at (or treats as part of a whole area). */
  spotsCovered: Map<number, readonly BodySpot[]>;
  /** Procedures that serve no stated goal in the named area: never used to fill room. */
  offGoalIds: number[];
  /** Everything the client's words rule out: a model's pick among these is dropped. */
  ruledOutIds: ReadonlySet<number>;
}

/** One more word than this and a "function" is a sentence: read it as goal text. */
const FUNCTION_MAX_WORDS = 4;
const NODES_PER_SLICE = 2_000;
/**
 * A safety valve for a shared server: far beyond any real catalogue (they need thousands of
 * nodes; see bench/optimizer.bench.ts), reached only by pathological ones. The best selection
 * found so far is then returned and the summary says the search stopped early.
 */
export const MAX_SEARCH_NODES = 4_000_000;

export interface SolvedRecommendation {
  result: OptimizerResult;
  /** False when MAX_SEARCH_NODES stopped the search before optimality was proven. */
  complete: boolean;
}

/** Techniques a client may ask for by name; needles, injections and surgery are not goals. */
const GOAL_TRAITS = new Set<ProcedureTrait>(
  PROCEDURE_TRAITS.filter((t) => t !== 'agulha' && t !== 'injetavel' && t !== 'cirurgia'),
);
/** The whole face or body, and conditions that only imply an area: not specific places. */
const NOT_PLACES = contentStems(
  'rosto face facial faciais corpo corporal corporais acne melasma rugas lifting celulite estrias olheiras olheira',
);
/** Specific places ('testa', 'culote'), not the whole face or body. */
const PLACE_STEMS = new Set(
  Object.values(AREA_WORDS)
    .flat()
    .filter((word) => !word.includes(' '))
    .map((word) => stemPt(word))
    .filter((stem) => !NOT_PLACES.includes(stem)),
);
/** Distinct goal keys the exact optimizer accepts (see recommendation-optimizer.ts). */
const MAX_OPTIMIZER_GOALS = 30;
/** A procedure that names the place asked for gains this much. */
const PLACE_WEIGHT = 1;
/** A technique asked for counts like a goal named in the main function. */
const TECHNIQUE_GOAL_WEIGHT = 3;

function intersects<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  for (const item of a) if (b.has(item)) return true;
  return false;
}

function hasAnyTrait(profile: ProcedureProfile | undefined, traits: readonly ProcedureTrait[]) {
  return profile !== undefined && traits.some((trait) => profile.traits.has(trait));
}

export function planRecommendation(problem: RecommendationProblem): RecommendationPlan {
  const shortFunctions = problem.functions.filter(
    (fn) => fn.split(/\s+/).filter(Boolean).length <= FUNCTION_MAX_WORDS,
  );
  const longFunctions = problem.functions.filter((fn) => !shortFunctions.includes(fn));
  const text = [problem.goalText, ...longFunctions].filter((t) => t.trim() !== '').join('\n');
  const reading = readGoalText(text, {
    functions: shortFunctions,
    vocabulary: problem.procedures.map((p) => p.name),
  });
  // Goals the clinical reading knows and the lexicon does not ('estrias', 'volume') are goals
  // too: a procedure must name them to serve them, so such a request is never padded.
  for (const goal of problem.clinical?.reading.goals ?? []) {
    if (AESTHETIC_GOALS.some((known) => known.key === goal.key)) continue;
    if (reading.goals.some((known) => known.key === goal.key)) continue;
    reading.goals.push({ key: goal.key, label: goal.label, phrases: [contentStems(goal.label)] });
  }
  const budget = problem.budget ?? reading.budget;
  const earlier = problem.earlierText?.trim() ? problem.earlierText : '';
  const care = readCareWords([earlier, text].filter(Boolean).join('\n'));
  const exclusions: ExclusionReading[] = [];
  // The clinical reading knows more refusal cues ('zero laser', 'Botox nem pensar') than the
  // goal lexicon: each refusal it found is read again as 'sem …', so a refused technique is never
  // taken for a goal and the answer names it among the reasons.
  const clinicalRefusals = (problem.clinical?.reading.exclusions ?? [])
    .filter((refusal) => refusal.effect === null)
    .flatMap((refusal) => readGoalText(`sem ${refusal.label}`).exclusions);
  for (const exclusion of [
    ...(earlier ? readGoalText(earlier).exclusions : []),
    ...reading.exclusions,
  ]) {
    if (!exclusions.some((e) => e.text.toLowerCase() === exclusion.text.toLowerCase())) {
      exclusions.push(exclusion);
    }
  }
  // Only what the words did not already refuse ('sem agulhas' is also the clinical 'agulha').
  for (const refusal of clinicalRefusals) {
    const covered = exclusions.some(
      (e) =>
        e.stems.length > 0 &&
        e.stems.every((stem) => refusal.stems.includes(stem)) &&
        (e.needles || !refusal.needles),
    );
    if (!covered) exclusions.push(refusal);
  }
  // A word both asked for and refused ('zero laser' read as the term 'laser') is a refusal.
  reading.goals = reading.goals.filter(
    (goal) =>
      goal.phrases.length === 0 ||
      !goal.phrases.every((phrase) =>
        exclusions.some((e) => phrase.every((stem) => e.stems.includes(stem))),
      ),
  );
  if (care.needleAversion && !exclusions.some((e) => e.needles)) {
    exclusions.push({ text: 'agulhas', needles: true, stems: [] });
  }
  if (care.nonInvasive) exclusions.push({ text: 'invasivos', needles: true, stems: [] });
  // A technique the client asks for ('quero botox') is a goal: procedures that use it serve it.
  const refused = new Set(exclusions.flatMap((e) => [...exclusionTraits(e)]));
  const techniqueGoals = [...traitsInText(text, { skipNegated: true })]
    .filter((trait) => GOAL_TRAITS.has(trait) && !refused.has(trait))
    .map((trait) => ({
      trait,
      goal: { key: `tecnica:${trait}`, label: PROCEDURE_TRAIT_LABELS[trait], phrases: [] },
    }));
  if (techniqueGoals.length > 0) {
    reading.goals = [...reading.goals, ...techniqueGoals.map((t) => t.goal)];
  }
  const areas = areasInText(text);
  const places = new Set(contentStems(text).filter((stem) => PLACE_STEMS.has(stem)));
  const spots = spotsInText(text);
  const spotsCovered = new Map<number, readonly BodySpot[]>();
  const hasGoals = reading.goals.length > 0;

  const matches = new Map<number, ProcedureMatch>();
  const profiles = new Map<number, ProcedureProfile>();
  const excludedIds: number[] = [];
  const contraindicatedIds: number[] = [];
  const clientConflictIds = new Set([
    ...(problem.clientConflicts ?? []).map((c) => c.service_id),
    ...(problem.clinical?.blocked_ids ?? []),
  ]);
  const offGoalIds: number[] = [];
  const optimizerGoals = new Map<number, string[]>();
  const spotGoalsOf = new Map<number, string[]>();
  for (const procedure of problem.procedures) {
    const profile = profileProcedure(procedure);
    profiles.set(procedure.id, profile);
    const textMatch = matchProcedure({ goals: reading.goals, exclusions: [] }, profile.prepared);
    const usedTechniques = techniqueGoals.filter((t) => profile.traits.has(t.trait));
    // 'gordura da barriga': a procedure aimed at another spot of the body (the flancos) serves
    // no goal of this request, even though its text names the goal ('flancos' is local fat).
    const fit = spotFit(spots, profile);
    const goalKeys =
      fit.fit === 'elsewhere'
        ? []
        : [...textMatch.goalKeys, ...usedTechniques.map((t) => t.goal.key)];
    spotsCovered.set(procedure.id, goalKeys.length > 0 ? fit.covers : []);
    // 'rugas na testa': of two procedures for wrinkles, the one whose text names the forehead.
    const namesPlace =
      goalKeys.length > 0 &&
      (fit.fit === 'named' ||
        profile.prepared.fields.some((field) => field.stems.some((stem) => places.has(stem))));
    const match = {
      ...textMatch,
      goalKeys,
      score:
        goalKeys.length === 0
          ? 0
          : textMatch.score +
            usedTechniques.length * TECHNIQUE_GOAL_WEIGHT +
            (namesPlace ? PLACE_WEIGHT : 0),
    };
    const excludedBy = exclusions.find((e) => rulesOut(e, profile)) ?? null;
    matches.set(procedure.id, { ...match, excludedBy });
    if (excludedBy) excludedIds.push(procedure.id);
    else if (
      clientConflictIds.has(procedure.id) ||
      (care.pregnancy && hasAnyTrait(profile, PREGNANCY_CONTRAINDICATED_TRAITS))
    ) {
      contraindicatedIds.push(procedure.id);
    }
    const inArea = areas.size === 0 || profile.areas.size === 0 || intersects(areas, profile.areas);
    if (hasGoals ? !(inArea && match.goalKeys.length > 0) : !inArea) offGoalIds.push(procedure.id);
    // Face and body named together: a goal met on each counts twice, so the papada and the
    // belly both get a procedure.
    const split = areas.size > 1;
    const procedureAreas = profile.areas.size > 0 ? [...profile.areas] : [...areas];
    const areaGoals = split
      ? match.goalKeys.flatMap((key) =>
          procedureAreas.filter((a) => areas.has(a)).map((a) => `${key}@${a}`),
        )
      : match.goalKeys;
    // Each goal met on each named spot counts too, so the belly gets a procedure for the belly
    // rather than one for the body in general.
    const spotGoals = match.goalKeys.flatMap((key) =>
      (spotsCovered.get(procedure.id) ?? []).map((spot) => `${key}#${spot}`),
    );
    optimizerGoals.set(procedure.id, areaGoals);
    spotGoalsOf.set(procedure.id, spotGoals);
  }
  const ruledOutIds = new Set([...excludedIds, ...contraindicatedIds, ...offGoalIds]);
  // The optimizer counts at most MAX_OPTIMIZER_GOALS goal keys; a request naming that many
  // goals and spots is ranked by its goals alone.
  const allKeys = new Set([...optimizerGoals.values(), ...spotGoalsOf.values()].flat());
  if (allKeys.size <= MAX_OPTIMIZER_GOALS) {
    for (const [id, spotGoals] of spotGoalsOf) {
      optimizerGoals.set(id, [...(optimizerGoals.get(id) ?? []), ...spotGoals]);
    }
  }

  const pkg = problem.pkg;
  const input: OptimizerInput = {
    procedures: problem.procedures.map((p) => ({
      id: p.id,
      block: p.block,
      status: p.status,
      valueCentavos: reaisToCentavos(p.value),
      costCentavos: reaisToCentavos(p.cost),
      minMarginPercent: p.min_margin_percent,
      sessionLimit: p.session_limit,
      goals: optimizerGoals.get(p.id) ?? [],
      matchScore: matches.get(p.id)?.score ?? 0,
    })),
    blockLimits: problem.blockLimits,
    maxItems: problem.maxItems,
    budgetCentavos: budget ? budget.annualCentavos : null,
    packageRules: pkg
      ? {
          annualValueCentavos: pkg.annualValue === null ? null : reaisToCentavos(pkg.annualValue),
          allowAllProcedures: pkg.allowAll,
          allowedIds: pkg.allowedIds,
          restrictedIds: pkg.restrictedIds,
          sessionLimit: pkg.sessionLimit,
        }
      : null,
    synergies: problem.includeSynergies
      ? problem.relations.map((r) => ({
          serviceId1: r.serviceId1,
          serviceId2: r.serviceId2,
          boostPercent: r.boostPercent,
        }))
      : [],
    excludedIds: [...ruledOutIds],
  };
  return {
    problem,
    reading,
    budget,
    matches,
    profiles,
    input,
    byId: new Map(problem.procedures.map((p) => [p.id, p])),
    exclusions,
    excludedIds,
    care,
    contraindicatedIds,
    areas,
    spots,
    spotsCovered,
    offGoalIds,
    ruledOutIds,
  };
}

/** The exact optimum, computed a slice at a time; stops when `signal` aborts. */
export async function solveRecommendation(
  plan: RecommendationPlan,
  signal: AbortSignal,
): Promise<SolvedRecommendation> {
  throwIfAborted(signal);
  const search = new RecommendationSearch(plan.input);
  while (!search.step(NODES_PER_SLICE)) {
    if (search.nodes >= MAX_SEARCH_NODES) return { result: search.result(), complete: false };
    await nextTurn();
    throwIfAborted(signal);
  }
  return { result: search.result(), complete: true };
}

/** The rules a selection breaks for this plan (used to vet a model's answer), or null. */
export function selectionProblem(plan: RecommendationPlan, ids: readonly number[]): string | null {
  if (new Set(ids).size !== ids.length) return 'procedimento repetido.';
  const problems = selectionViolations(plan.input, ids);
  return problems.length > 0 ? problems.join(' ') : null;
}

/** Procedures a model may choose from: those every rule lets in, most relevant first. */
export function candidatesForModel(plan: RecommendationPlan, limit: number): CatalogueProcedure[] {
  const excluded = plan.ruledOutIds;
  const rules = plan.input.packageRules;
  return plan.problem.procedures
    .filter(
      (p) =>
        p.status === 'active' &&
        !excluded.has(p.id) &&
        plan.problem.blockLimits[p.block] > 0 &&
        (!rules ||
          (!rules.restrictedIds.includes(p.id) &&
            (rules.allowAllProcedures || rules.allowedIds.includes(p.id)))),
    )
    .sort(
      (a, b) =>
        (plan.matches.get(b.id)?.score ?? 0) - (plan.matches.get(a.id)?.score ?? 0) ||
        b.value - a.value ||
        a.id - b.id,
    )
    .slice(0, limit);
}

// ---------------------------------------------------------------------------------------------
// Explanations
// ---------------------------------------------------------------------------------------------

export interface ExplainedItem {
  service_id: number;
  block: OptimizerBlock;
  name: string;
  reason: string;
  benefit_for_client: string;
  reasoning_summary: string;
}

function joinPt(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

function goalLabels(plan: RecommendationPlan, keys: readonly string[]): string[] {
  const labels = new Map(plan.reading.goals.map((g) => [g.key, g.label]));
  return keys.map((key) => labels.get(key) ?? key);
}

/** Lower-cases the first letter unless the word is an acronym ('LED' stays). */
function lowerFirst(text: string): string {
  const [first = '', second = ''] = [...text];
  if (second !== '' && second === second.toUpperCase() && second !== second.toLowerCase()) {
    return text;
  }
  return first.toLowerCase() + text.slice(first.length);
}

function benefitTexts(procedure: CatalogueProcedure): string[] {
  const b = procedure.benefits ?? {};
  return [b.benefit1, b.benefit2, b.benefit3]
    .map((text) => text?.trim() ?? '')
    .filter((text) => text !== '');
}

function firstSentence(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return '';
  const cut = trimmed.search(/[.!?](\s|$)/);
  return cut >= 0 ? trimmed.slice(0, cut + 1) : trimmed;
}

/** Synergy partners of `id` among the selection, richest first. */
function partnersOf(plan: RecommendationPlan, id: number, selected: Set<number>) {
  const partners = new Map<number, number>();
  for (const s of plan.input.synergies) {
    const other = s.serviceId1 === id ? s.serviceId2 : s.serviceId2 === id ? s.serviceId1 : null;
    if (other === null || other === id || !selected.has(other) || s.boostPercent <= 0) continue;
    partners.set(other, (partners.get(other) ?? 0) + s.boostPercent);
  }
  return [...partners.entries()].sort((a, b) => b[1] - a[1]);
}

export function explainItem(
  plan: RecommendationPlan,
  id: number,
  selected: Set<number>,
): ExplainedItem | null {
  const procedure = plan.byId.get(id);
  if (!procedure) return null;
  const match = plan.matches.get(id);
  const labels = goalLabels(plan, match?.goalKeys ?? []);
  const mainFunction = procedure.benefits?.main_function?.trim();
  const parts: string[] = [];
  if (labels.length > 0) {
    parts.push(
      `Indicado para ${joinPt(labels)}${mainFunction ? ` (função principal: ${mainFunction})` : ''}.`,
    );
  }
  const partners = partnersOf(plan, id, selected)
    .slice(0, 2)
    .map(([other, boost]) => `${plan.byId.get(other)?.name ?? `#${other}`} (+${boost}%)`);
  if (partners.length > 0) parts.push(`Potencializa o resultado com ${joinPt(partners)}.`);
  if (labels.length === 0) {
    parts.push(
      plan.budget || plan.input.packageRules?.annualValueCentavos != null
        ? 'Completa o pacote com mais valor para a cliente, dentro do orçamento e da margem.'
        : 'Completa o pacote com mais valor para a cliente, dentro dos limites por bloco.',
    );
  }
  const benefits = benefitTexts(procedure);
  const benefitForClient =
    benefits.length > 0
      ? `${joinPt(benefits.map((text, index) => (index === 0 ? text : lowerFirst(text))))}.`.replace(
          /\.\.$/,
          '.',
        )
      : firstSentence(procedure.description) ||
        (labels.length > 0
          ? `Ajuda a cliente a alcançar o objetivo de ${joinPt(labels)}.`
          : 'Cuidado complementar que enriquece o plano anual da cliente.');
  const coverage =
    labels.length > 0
      ? `Cobre ${labels.length === 1 ? '1 objetivo' : `${labels.length} objetivos`} (${labels.join(', ')})`
      : 'Sem objetivo direto';
  return {
    service_id: id,
    block: procedure.block,
    name: procedure.name,
    reason: parts.join(' '),
    benefit_for_client: benefitForClient,
    reasoning_summary: `${coverage}; bloco ${procedure.block}; ${formatBRL(reaisToCentavos(procedure.value))}.`,
  };
}

/** Items for the chosen ids, in the order given, and a pt-BR summary of the whole answer. */
export function explainSelection(
  plan: RecommendationPlan,
  ids: readonly number[],
  options: {
    marginRuleApplied: boolean;
    searchComplete?: boolean;
    /** Said first (the budget below the package). */
    lead?: readonly AiWarning[];
  },
): { items: ExplainedItem[]; summary: string } {
  const selected = new Set(ids);
  const items = ids.flatMap((id) => {
    const item = explainItem(plan, id, selected);
    return item ? [item] : [];
  });
  const chosen = items.map((item) => plan.byId.get(item.service_id)!);
  const sentences: string[] = (options.lead ?? []).map((warning) => warning.message);

  const covered = new Set(
    items.flatMap((item) => plan.matches.get(item.service_id)?.goalKeys ?? []),
  );
  const desired = plan.reading.goals;
  if (items.length === 0) {
    sentences.push(
      'Nenhum procedimento atende às restrições atuais (pacote, limites por bloco, orçamento, margem e exclusões).',
    );
  } else {
    const coveredLabels = goalLabels(plan, [...covered]);
    sentences.push(
      `${items.length} ${items.length === 1 ? 'procedimento recomendado' : 'procedimentos recomendados'}${
        coveredLabels.length > 0 ? ` para ${joinPt(coveredLabels)}` : ''
      }.`,
    );
    const total = chosen.reduce((sum, p) => sum + reaisToCentavos(p.value), 0);
    sentences.push(`Valor avulso: ${formatBRL(total)}.`);
  }
  if (desired.length === 0) {
    sentences.push(
      'Nenhum objetivo reconhecido no texto: priorizado o maior valor para a cliente.',
    );
  } else {
    const missing = desired.filter((g) => !covered.has(g.key)).map((g) => g.label);
    if (missing.length > 0) sentences.push(`Sem procedimento disponível para: ${joinPt(missing)}.`);
  }
  const budget = plan.budget;
  if (budget) {
    sentences.push(
      budget.period === 'monthly' && budget.monthlyCentavos !== null
        ? `Orçamento de ${formatBRL(budget.monthlyCentavos)} por mês, considerado como ${formatBRL(budget.annualCentavos)} no ano (× 12).`
        : `Orçamento anual: ${formatBRL(budget.annualCentavos)}.`,
    );
  }
  const annual = plan.input.packageRules?.annualValueCentavos;
  if (options.marginRuleApplied && annual != null) {
    const totals = computePackageTotals(
      annual,
      chosen.map((p) => ({ value: p.value, cost: p.cost })),
    );
    const required = requiredMarginPercent(chosen);
    sentences.push(
      `Margem do pacote: ${formatPercent(totals.margemPct)} (mínima exigida: ${formatPercent(required)}).`,
    );
  } else {
    sentences.push('Sem valor de pacote informado: a regra de margem não foi aplicada.');
  }
  if (plan.areas.size > 0) {
    const labels = [...plan.areas].map((area) => BODY_AREA_LABELS[area]);
    sentences.push(`Área pedida: ${joinPt(labels)}.`);
  }
  const uncovered = uncoveredSpots(plan, ids);
  if (desired.length > 0 && uncovered.length > 0) {
    sentences.push(
      `Sem procedimento específico para ${joinPt(uncovered.map((spot) => BODY_SPOT_LABELS[spot]))}: os do pacote não cabem nas regras (exclusões, cuidados, orçamento e margem).`,
    );
  }
  const room = roomLeft(plan, chosen);
  if (desired.length > 0 && room.length > 0) {
    sentences.push(
      `Sobrou espaço no pacote (${room.join(', ')}): nenhum outro procedimento que atenda aos objetivos cabe nas regras (área, exclusões, orçamento e margem), e nada foi acrescentado só para completar.`,
    );
  }
  if (plan.exclusions.length > 0) {
    const texts = plan.exclusions.map((e) => `"${e.text}"`);
    const count = plan.excludedIds.length;
    sentences.push(
      `Excluídos a pedido (${joinPt(texts)}): ${count} ${count === 1 ? 'procedimento' : 'procedimentos'}.`,
    );
  }
  if (options.searchComplete === false) {
    sentences.push(
      'Busca encerrada pelo limite de processamento: esta é a melhor seleção encontrada, não necessariamente a ótima.',
    );
  }
  return { items, summary: sentences.join(' ') };
}

/**
 * Spots the client named that the package has a procedure for, none of them chosen: the rules
 * (margin, budget, exclusions, care) kept them out, and the professional must hear it.
 */
function uncoveredSpots(plan: RecommendationPlan, ids: readonly number[]): BodySpot[] {
  const covered = new Set(ids.flatMap((id) => plan.spotsCovered.get(id) ?? []));
  const coverable = new Set(
    plan.problem.procedures
      .filter((p) => packageAllows(plan, p))
      .flatMap((p) => plan.spotsCovered.get(p.id) ?? []),
  );
  return [...plan.spots].filter((spot) => coverable.has(spot) && !covered.has(spot));
}

/** Free places per block ('bloco B: 1') while the item cap leaves room. */
function roomLeft(plan: RecommendationPlan, chosen: readonly CatalogueProcedure[]): string[] {
  if (chosen.length >= effectiveMaxItems(plan.input)) return [];
  return OPTIMIZER_BLOCKS.flatMap((block) => {
    const free = plan.problem.blockLimits[block] - chosen.filter((p) => p.block === block).length;
    return free > 0 ? [`bloco ${block}: ${free}`] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Warnings
// ---------------------------------------------------------------------------------------------

/** A package the budget warning may name. */
export interface PackageOffer {
  name: string;
  /** Reais. */
  annual_value: number;
  status: string;
}

function monthlyOf(annualCentavos: number): number {
  return Math.round(annualCentavos / 12);
}

function namesOf(plan: RecommendationPlan, ids: readonly number[], max = 4): string {
  const names = ids.map((id) => plan.byId.get(id)?.name ?? `#${id}`);
  return names.length > max
    ? `${names.slice(0, max).join(', ')} e mais ${names.length - max}`
    : joinPt(names);
}

function budgetWarning(
  plan: RecommendationPlan,
  offers: readonly PackageOffer[],
): AiWarning | null {
  const budget = plan.budget;
  const pkg = plan.problem.pkg;
  if (!budget || !pkg || pkg.annualValue === null) return null;
  const packageCentavos = reaisToCentavos(pkg.annualValue);
  if (budget.annualCentavos >= packageCentavos) return null;
  const client =
    budget.period === 'monthly' && budget.monthlyCentavos !== null
      ? `${formatBRL(budget.monthlyCentavos)} por mês (${formatBRL(budget.annualCentavos)} no ano)`
      : `${formatBRL(budget.annualCentavos)} no ano (${formatBRL(monthlyOf(budget.annualCentavos))} por mês)`;
  const fitting = offers
    .filter(
      (o) => o.status === 'active' && reaisToCentavos(o.annual_value) <= budget.annualCentavos,
    )
    .sort((a, b) => a.annual_value - b.annual_value || a.name.localeCompare(b.name, 'pt-BR'));
  const fits =
    fitting.length > 0
      ? `Pacotes ativos que cabem no orçamento: ${joinPt(
          fitting.map(
            (o) => `${o.name} (${formatBRL(monthlyOf(reaisToCentavos(o.annual_value)))} por mês)`,
          ),
        )}.`
      : 'Nenhum pacote ativo cabe nesse orçamento.';
  return {
    code: 'budget_below_package',
    message: `Orçamento abaixo do pacote: a cliente pode investir ${client} e o ${pkg.name ?? 'pacote escolhido'} custa ${formatBRL(monthlyOf(packageCentavos))} por mês (${formatBRL(packageCentavos)} no ano). ${fits}`,
  };
}

/** Procedures the package and the blocks let in (before the client's words). */
function packageAllows(plan: RecommendationPlan, p: CatalogueProcedure): boolean {
  const rules = plan.input.packageRules;
  return (
    p.status === 'active' &&
    plan.problem.blockLimits[p.block] > 0 &&
    (!rules ||
      (!rules.restrictedIds.includes(p.id) &&
        (rules.allowAllProcedures || rules.allowedIds.includes(p.id))))
  );
}

/** Goals every procedure for which the exclusions or a contraindication took away. */
function goalsRemovedByExclusions(plan: RecommendationPlan): { labels: string[]; ids: number[] } {
  const removed = new Set([...plan.excludedIds, ...plan.contraindicatedIds]);
  const offGoal = new Set(plan.offGoalIds);
  const labels: string[] = [];
  const ids = new Set<number>();
  for (const goal of plan.reading.goals) {
    const serving = plan.problem.procedures.filter(
      (p) =>
        packageAllows(plan, p) &&
        plan.matches.get(p.id)?.goalKeys.includes(goal.key) &&
        !offGoal.has(p.id),
    );
    if (serving.length > 0 && serving.every((p) => removed.has(p.id))) {
      labels.push(goal.label);
      serving.forEach((p) => ids.add(p.id));
    }
  }
  return { labels, ids: [...ids] };
}

function traitLabels(traits: readonly ProcedureTrait[]): string {
  return joinPt(traits.map((t) => PROCEDURE_TRAIT_LABELS[t]));
}

/**
 * What the professional must know before applying the answer, in pt-BR: the budget below the
 * package (always first), contraindications, goals the exclusions left without a procedure, and
 * the care words of the request about the chosen procedures.
 */
export function assistantWarnings(
  plan: RecommendationPlan,
  selectedIds: readonly number[],
  offers: readonly PackageOffer[],
): AiWarning[] {
  const warnings: AiWarning[] = [];
  const budget = budgetWarning(plan, offers);
  if (budget) warnings.push(budget);
  const { care } = plan;
  if (care.pregnancy) {
    const count = plan.contraindicatedIds.length;
    warnings.push({
      code: 'contraindication',
      message: `${care.pregnancy === 'gestação' ? 'Gestação' : 'Amamentação'}: procedimentos com ${traitLabels(PREGNANCY_CONTRAINDICATED_TRAITS)} não foram sugeridos${count > 0 ? ` (${count} ${count === 1 ? 'retirado' : 'retirados'})` : ''}. Confirme a liberação médica antes de qualquer procedimento.`,
    });
  }
  // The client's record: the conflicting procedures the package would have let in.
  const conflicting = (plan.problem.clientConflicts ?? []).filter((conflict) => {
    const procedure = plan.byId.get(conflict.service_id);
    return procedure !== undefined && packageAllows(plan, procedure);
  });
  if (conflicting.length > 0) {
    warnings.push({
      code: 'contraindication',
      message: `Alergias e contraindicações do cliente: ${joinPt(conflicting.map((c) => `"${c.name}"`))} ${conflicting.length === 1 ? 'não foi sugerido' : 'não foram sugeridos'}. Confira a ficha do cliente antes de incluir.`,
    });
  }
  const removed = goalsRemovedByExclusions(plan);
  if (removed.labels.length > 0) {
    // 'respeita "sem laser", "sem peeling" e a gestação': each reason as the request said it.
    const reasons = [
      ...plan.exclusions.map((e) => `"sem ${e.text}"`),
      ...(care.pregnancy ? [`a ${care.pregnancy}`] : []),
      ...(conflicting.length > 0 ? ['as alergias e contraindicações do cliente'] : []),
    ];
    warnings.push({
      code: 'exclusion_removed_all',
      message: `Nenhum procedimento para ${joinPt(removed.labels)} respeita ${joinPt(reasons)}: ${namesOf(plan, removed.ids)} ${removed.ids.length === 1 ? 'ficou' : 'ficaram'} de fora.`,
    });
  }
  if (care.needleAversion) {
    warnings.push({
      code: 'needle_aversion',
      message:
        'A cliente não gosta de agulhas: nenhum procedimento com agulha ou injeção foi sugerido. Confirme com ela antes de incluir algum.',
    });
  }
  const concerning = (traits: readonly ProcedureTrait[]) =>
    selectedIds.filter((id) => hasAnyTrait(plan.profiles.get(id), traits));
  const sensitive = care.sensitiveSkin ? concerning(SENSITIVE_SKIN_TRAITS) : [];
  if (sensitive.length > 0) {
    warnings.push({
      code: 'sensitive_skin',
      message: `Pele sensível: ${namesOf(plan, sensitive)} ${sensitive.length === 1 ? 'pode' : 'podem'} irritar. Faça um teste de sensibilidade e comece com intensidade baixa.`,
    });
  }
  const sun = care.sunExposure ? concerning(SUN_SENSITIVE_TRAITS) : [];
  if (sun.length > 0) {
    warnings.push({
      code: 'sun_exposure',
      message: `Exposição ao sol ("${care.sunExposure}"): depois de ${namesOf(plan, sun)} a pele fica sensível ao sol. Agende longe da viagem, com protetor FPS 50 e sem sol por 30 dias após cada sessão.`,
    });
  }
  return warnings;
}

/** What a procedure uses, in pt-BR ('injetáveis', 'laser'), for a model to read. */
export function techniqueLabels(plan: RecommendationPlan, id: number): string[] {
  return [...(plan.profiles.get(id)?.traits ?? [])].map((t) => PROCEDURE_TRAIT_LABELS[t]);
}

/** Drops the picks the client's words rule out (a model may still make them). */
export function withoutRuledOut<T extends { service_id: number }>(
  plan: RecommendationPlan,
  items: readonly T[],
): T[] {
  return items.filter((item) => !plan.ruledOutIds.has(item.service_id));
}

/** Block limits from an explicit request, else the package, else 1 per block (DESIGN 6). */
export function resolveBlockLimits(
  explicit: Partial<Record<OptimizerBlock, number | undefined>> | null | undefined,
  fromPackage: { a: number; b: number; c: number; d: number } | null | undefined,
): Record<OptimizerBlock, number> {
  const limits = {} as Record<OptimizerBlock, number>;
  for (const block of OPTIMIZER_BLOCKS) {
    const key = block.toLowerCase() as 'a' | 'b' | 'c' | 'd';
    limits[block] = explicit?.[block] ?? fromPackage?.[key] ?? 1;
  }
  return limits;
}

// ---------------------------------------------------------------------------------------------
// The clinical part of an answer (issue 26)
// ---------------------------------------------------------------------------------------------

export interface ClinicalAnswer {
  understood: string;
  warnings: ClinicalIssue[];
  blocked: { service_id: number; name: string; reasons: string[] }[];
  no_answer: string | null;
}

/**
 * A request with words in it that name no goal, area, technique or budget: the engine has
 * nothing to serve, and says so instead of filling the package with whatever is worth most.
 */
export function requestNotUnderstood(plan: RecommendationPlan): boolean {
  const text = [plan.problem.goalText, ...plan.problem.functions].join(' ').trim();
  return (
    text !== '' &&
    plan.reading.goals.length === 0 &&
    plan.areas.size === 0 &&
    plan.budget === null &&
    (plan.problem.clinical?.reading.areas.length ?? 0) === 0
  );
}

/**
 * Understood sentence, the relative issues of the items given, the procedures the check kept
 * out (those the package allows, and any a model picked), and the honest `no_answer` when the
 * list is empty.
 */
export function clinicalAnswer(
  plan: RecommendationPlan,
  selectedIds: readonly number[],
  pickedByModel: readonly number[] = [],
): ClinicalAnswer {
  const clinical = plan.problem.clinical;
  const understood = clinical?.understood ?? 'Entendi: nenhuma restrição ou preferência clínica';
  const selected = new Set(selectedIds);
  const warnings = (clinical?.issues ?? []).filter(
    (issue) => selected.has(issue.service_id) && issue.severity === 'relative',
  );
  const picked = new Set(pickedByModel);
  const blocked = (clinical?.blocked_ids ?? []).flatMap((id) => {
    const procedure = plan.byId.get(id);
    if (!procedure) return [];
    // Everything the package would have let in: the cards of the builder show why it is out.
    const relevant = picked.has(id) || packageAllows(plan, procedure);
    if (!relevant) return [];
    const reasons = clinical!.issues
      .filter((issue) => issue.service_id === id && issue.severity === 'absolute')
      .map((issue) => issue.message);
    return [{ service_id: id, name: procedure.name, reasons }];
  });
  let noAnswer: string | null = null;
  if (selectedIds.length === 0) {
    if (requestNotUnderstood(plan)) {
      noAnswer =
        'Não entendi o objetivo do pedido, então não sugeri nada. Diga o que tratar (por exemplo manchas, flacidez, gordura localizada) e em que área.';
    } else {
      const goals = plan.reading.goals.map((goal) => goal.label);
      const what = goals.length > 0 ? ` para ${joinPt(goals)}` : '';
      const why =
        blocked.length > 0
          ? ` ${namesOf(
              plan,
              blocked.map((b) => b.service_id),
            )} ${blocked.length === 1 ? 'ficou' : 'ficaram'} de fora por contraindicação ou pelo que o pedido exclui.`
          : ' Nenhum procedimento do pacote atende ao objetivo dentro das regras (área, exclusões, orçamento e margem).';
      noAnswer = `Não encontrei procedimentos${what} que atendam ao pedido com segurança.${why} Converse com o profissional responsável antes de oferecer outra opção.`;
    }
  }
  return { understood, warnings, blocked, no_answer: noAnswer };
}

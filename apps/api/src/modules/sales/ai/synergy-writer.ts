import {
  AI_CONFIG_CODES,
  lexiconGoal,
  procedureBaseKey,
  synergySuggestionSchema,
  type SynergySuggestion,
} from '@portal/domain';
import { z } from 'zod';
import { throwIfAborted } from './provider.ts';
import {
  GOAL_MECHANISMS,
  goalKeysOf,
  TECHNIQUE_CONTRAINDICATIONS,
  TECHNIQUE_INTERVALS,
  TECHNIQUE_LABELS,
  techniquesOf,
  type ProcedureFacts,
} from './procedure-traits.ts';
import { runAiTask, type AiContext, type AiOutcome } from './run-task.ts';

export interface SynergyRelationFacts {
  serviceId1: number;
  serviceId2: number;
  category: string;
  boostPercent: number;
}

export interface SynergyWritingInput {
  /** The selected procedures (names as in the drafts). */
  procedures: ReadonlyArray<ProcedureFacts & { id: number }>;
  relations: readonly SynergyRelationFacts[];
  /** The synergy module's own suggestions: the pairs and gain ranges to write about. */
  drafts: readonly SynergySuggestion[];
}

const MAX_LIST = 6;

function unique(items: readonly string[], max = MAX_LIST): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const item of items) {
    const key = item.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(item.trim());
    if (kept.length >= max) break;
  }
  return kept;
}

function joinPt(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** The upper end of a '15–25%' range (or of '20%'). */
function upperGain(range: string): number | null {
  const numbers = range.match(/\d+/g);
  return numbers ? Number(numbers[numbers.length - 1]) : null;
}

/**
 * The local writer: keeps each draft's pair, title and gain range, and makes the rest specific to
 * the two procedures — how each goal is reached, technique-specific contraindications, intervals
 * and next steps.
 */
export function writeSynergiesLocally(input: SynergyWritingInput): SynergySuggestion[] {
  const byKey = new Map(input.procedures.map((p) => [procedureBaseKey(p.name), p]));
  const find = (name: string) => byKey.get(procedureBaseKey(name));
  return input.drafts.map((draft) => {
    const first = find(draft.procedure1);
    const second = find(draft.procedure2);
    if (!first || !second) return draft;
    const firstGoals = goalKeysOf(first);
    const secondGoals = goalKeysOf(second);
    const shared = firstGoals.filter((goal) => secondGoals.includes(goal));
    const how = (procedure: ProcedureFacts, goals: string[]) => {
      const mechanism = goals.map((goal) => GOAL_MECHANISMS[goal]).find(Boolean);
      return mechanism ? `${procedure.name} ${mechanism}` : null;
    };
    const sentences = [how(first, firstGoals), how(second, secondGoals)].filter(
      (s): s is string => s !== null,
    );
    const mechanism =
      sentences.length > 0
        ? `${joinPt(sentences)}; ${
            shared.length > 0
              ? `juntos atacam ${joinPt(shared.map((g) => lexiconGoal(g)?.label ?? g))} por caminhos diferentes, o que soma os efeitos.`
              : 'juntos tratam frentes complementares do mesmo plano.'
          }`
        : draft.mechanism;

    const techniques = [...new Set([...techniquesOf(first), ...techniquesOf(second)])];
    const contraindications = unique([
      ...draft.contraindications,
      ...techniques.flatMap((t) => TECHNIQUE_CONTRAINDICATIONS[t]),
    ]);
    const intervals = techniques.map(
      (t) => `Para ${TECHNIQUE_LABELS[t]}, respeitar ${TECHNIQUE_INTERVALS[t]}`,
    );
    const nextSteps = unique([
      ...draft.next_steps.slice(0, 1),
      techniques.length > 1
        ? `Na mesma região, agendar ${first.name} e ${second.name} com pelo menos 7 dias de intervalo`
        : `Agendar ${first.name} e ${second.name} em dias alternados do mesmo ciclo`,
      ...intervals,
      ...draft.next_steps.slice(1),
    ]);
    const differentials = unique([
      ...draft.differentials,
      ...(shared.length > 0
        ? [`Dupla abordagem para ${joinPt(shared.map((g) => lexiconGoal(g)?.label ?? g))}`]
        : []),
    ]);
    return {
      ...draft,
      mechanism,
      contraindications,
      differentials,
      next_steps: nextSteps,
    };
  });
}

const answerSchema = z.object({ items: z.array(synergySuggestionSchema).max(30) });
type SynergyAnswer = z.infer<typeof answerSchema>;

/**
 * Synergy texts for the receipt (enrich_with_ai): the configured model rewrites the drafts, or the
 * local writer when there is no model or its answer changes the pairs or promises more gain.
 */
export async function writeSynergySuggestions(
  ctx: AiContext,
  input: SynergyWritingInput,
  signal: AbortSignal = new AbortController().signal,
): Promise<AiOutcome<SynergySuggestion[]>> {
  if (input.drafts.length === 0) return { result: [], engine: 'local' };
  const outcome = await runAiTask<SynergyAnswer>(
    ctx,
    {
      codigo: AI_CONFIG_CODES.synergies,
      input: {
        procedimentos: input.procedures.map((p) => ({
          nome: p.name,
          funcao_principal: p.mainFunction ?? null,
          beneficios: [p.benefit1, p.benefit2, p.benefit3].filter(Boolean),
        })),
        relacoes: input.relations.map((r) => ({
          service_id_1: r.serviceId1,
          service_id_2: r.serviceId2,
          categoria: r.category,
          boost_percent: r.boostPercent,
        })),
        rascunho: input.drafts,
      },
      schema: answerSchema,
      check: (answer) => {
        if (answer.items.length !== input.drafts.length) return 'número de sugestões diferente.';
        for (const [index, item] of answer.items.entries()) {
          const draft = input.drafts[index]!;
          if (item.procedure1 !== draft.procedure1 || item.procedure2 !== draft.procedure2) {
            return 'os pares de procedimentos mudaram.';
          }
          // No stored gain: none may be written (issue 26).
          if (draft.expected_gain_percent_range === null) {
            if (item.expected_gain_percent_range !== null) return 'ganho sem relação cadastrada.';
            continue;
          }
          const promised =
            item.expected_gain_percent_range === null
              ? null
              : upperGain(item.expected_gain_percent_range);
          const allowed = upperGain(draft.expected_gain_percent_range);
          if (promised === null || (allowed !== null && promised > allowed)) {
            return 'faixa de ganho acima da cadastrada.';
          }
        }
        return null;
      },
      local: (abort) => {
        throwIfAborted(abort);
        return { items: writeSynergiesLocally(input) };
      },
    },
    signal,
  );
  return outcome.fallbackReason
    ? {
        result: outcome.result.items,
        engine: outcome.engine,
        fallbackReason: outcome.fallbackReason,
      }
    : { result: outcome.result.items, engine: outcome.engine };
}

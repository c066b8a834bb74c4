import {
  AI_CONFIG_CODES,
  aiChatAnswerSchema,
  BODY_AREA_LABELS,
  goalsInText,
  type AiChatAnswer,
  type AiTextRequestData,
  type AiTextResponse,
  type ChatSelectedPackage,
} from '@portal/domain';
import { runAiTask, type AiContext } from '../ai/run-task.ts';
import {
  assistantWarnings,
  candidatesForModel,
  clinicalAnswer,
  requestNotUnderstood,
  explainItem,
  planRecommendation,
  resolveBlockLimits,
  selectionProblem,
  solveRecommendation,
  techniqueLabels,
  withoutRuledOut,
  type PackageFacts,
} from '../ai/recommender.ts';
import type { Viewer } from '../../../auth/scope.ts';
import { clinicalProcedureOf, clinicalService } from '../../crm/clinical/service.ts';
import { servicesService } from '../../catalogue/services/service.ts';
import { packagesService } from '../../catalogue/packages/service.ts';
import { relationsService } from '../../catalogue/services-relations/service.ts';

/** A model reads at most this many procedures (the most relevant ones). */
const MODEL_CANDIDATES = 150;

/**
 * The package the builder sent. Its `procedures` is the resolved allowed list, so without the
 * select-all flag a list means a manual selection and no list means everything is allowed.
 */
function packageFacts(selected: ChatSelectedPackage | null | undefined): PackageFacts | null {
  if (!selected) return null;
  const allowedIds = selected.procedures ?? [];
  return {
    name: selected.name ?? null,
    annualValue: selected.annual_value ?? null,
    allowAll: selected.allow_all_procedures ?? allowedIds.length === 0,
    allowedIds,
    restrictedIds: selected.restricted_procedures ?? [],
    sessionLimit: selected.session_limit ?? null,
  };
}

/**
 * The goal is the current message; when it names no goal ('e sem laser'), the earlier messages
 * of the professional in this consultation give the context.
 */
function goalTextOf(data: AiTextRequestData): string {
  if (goalsInText(data.text).length > 0) return data.text;
  const earlier = data.context.history
    .filter((turn) => turn.role === 'user')
    .map((turn) => turn.content);
  return [...earlier, data.text].join('\n');
}

export const aiChatService = {
  /**
   * POST /ai/ai/text: suggestions from the procedures the builder sent, within the selected
   * package's limits. `text` of the answer is the JSON `{"items": [...]}` the assistant parses.
   */
  async text(
    ctx: AiContext,
    viewer: Viewer,
    data: AiTextRequestData,
    signal: AbortSignal,
  ): Promise<AiTextResponse> {
    // A procedure sent twice is one procedure (its first copy counts).
    const firstCopies = new Map<number, AiTextRequestData['procedures'][number]>();
    for (const procedure of data.procedures) {
      if (!firstCopies.has(procedure.id)) firstCopies.set(procedure.id, procedure);
    }
    const procedures = [...firstCopies.values()];
    const ids = new Set(firstCopies.keys());
    // Relations among the procedures sent, so the local engine can favour combinations.
    const relations = ids.size >= 2 ? await relationsService.list(ctx.db) : [];
    const selected = data.context.selected_package;
    const limits = selected?.block_limits;
    // The clinical check reads the traits the catalogue stores, never the ones the builder sent;
    // a procedure the catalogue does not know is checked as one without traits (issue 26).
    const stored = new Map(
      (await servicesService.findByIds(ctx.db, [...ids])).map((service) => [service.id, service]),
    );
    const record = await clinicalService.recordFor(ctx.db, viewer, data.client_id);
    const history = data.context.history
      .filter((turn) => turn.role === 'user')
      .map((turn) => turn.content);
    const clinical = clinicalService.run(
      record,
      [...history, data.text].join('\n'),
      procedures.map((p) => clinicalProcedureOf({ ...p, ...stored.get(p.id), name: p.name })),
    );
    const plan = planRecommendation({
      clinical,
      goalText: goalTextOf(data),
      earlierText: data.context.history
        .filter((turn) => turn.role === 'user')
        .map((turn) => turn.content)
        .join('\n'),
      functions: [],
      budget: null,
      maxItems: data.max_recommendations,
      blockLimits: resolveBlockLimits(
        limits
          ? {
              A: limits.a ?? undefined,
              B: limits.b ?? undefined,
              C: limits.c ?? undefined,
              D: limits.d ?? undefined,
            }
          : null,
        null,
      ),
      includeSynergies: true,
      procedures,
      relations: relations
        .filter((r) => ids.has(r.service_id_1) && ids.has(r.service_id_2))
        .map((r) => ({
          serviceId1: r.service_id_1,
          serviceId2: r.service_id_2,
          boostPercent: r.boost_percent,
        })),
      pkg: packageFacts(selected),
    });
    const names = new Map(procedures.map((p) => [p.id, p.name]));
    const offered = candidatesForModel(plan, MODEL_CANDIDATES);
    const offeredIds = new Set(offered.map((p) => p.id));

    const pickedBlocked: number[] = [];
    // Nothing understood: an honest answer, no engine run and no padding.
    const outcome = requestNotUnderstood(plan)
      ? {
          result: { items: [] as AiChatAnswer['items'] },
          engine: 'local' as const,
          fallbackReason: undefined,
        }
      : await runAiTask<AiChatAnswer>(
          ctx,
          {
            codigo: AI_CONFIG_CODES.chat,
            // The goals, areas and exclusions the server read, never the professional's words or
            // the earlier turns: they may name the client or her health (DESIGN section 11).
            input: {
              objetivos_reconhecidos: plan.reading.goals.map((g) => g.label),
              areas: [...plan.areas].map((area) => BODY_AREA_LABELS[area]),
              fonte: data.context.source ?? null,
              max_recommendations: data.max_recommendations,
              limites_por_bloco: plan.problem.blockLimits,
              orcamento_anual: plan.budget ? plan.budget.annualCentavos / 100 : null,
              exclusoes: plan.exclusions.map((e) => e.text),
              pacote_selecionado: selected
                ? { nome: selected.name ?? null, valor_anual: selected.annual_value ?? null }
                : null,
              procedimentos: offered.map((p) => ({
                service_id: p.id,
                name: p.name,
                block: p.block,
                value: p.value,
                cost: p.cost,
                min_margin_percent: p.min_margin_percent,
                benefits: p.benefits ?? null,
                description: p.description ?? '',
                tecnicas: techniqueLabels(plan, p.id),
              })),
            },
            schema: aiChatAnswerSchema,
            refine: (answer) => {
              // A model's unsafe pick is dropped, and named in `blocked` with its reasons.
              for (const item of answer.items) {
                if (clinical.blocked_ids.includes(item.service_id))
                  pickedBlocked.push(item.service_id);
              }
              return { items: withoutRuledOut(plan, answer.items) };
            },
            check: (answer) => {
              const chosen = answer.items.map((item) => item.service_id);
              if (chosen.length > data.max_recommendations) return 'itens demais.';
              const unknown = chosen.find((id) => !offeredIds.has(id));
              if (unknown !== undefined) return `procedimento fora da lista: ${unknown}.`;
              return selectionProblem(plan, chosen);
            },
            local: async (abort) => {
              const { result } = await solveRecommendation(plan, abort);
              const chosen = new Set(result.selectedIds);
              return {
                items: result.selectedIds.flatMap((id) => {
                  const item = explainItem(plan, id, chosen);
                  return item
                    ? [
                        {
                          service_id: id,
                          name: item.name,
                          reason: item.reason,
                          benefit_for_client: item.benefit_for_client,
                          reasoning_summary: item.reasoning_summary,
                        },
                      ]
                    : [];
                }),
              };
            },
            temperature: data.temperature,
            maxTokens: data.max_tokens,
          },
          signal,
        );

    // Names come from what the builder sent, whoever chose the items.
    const items = outcome.result.items.map((item) => ({
      ...item,
      name: names.get(item.service_id) ?? item.name,
    }));
    const offers = plan.budget && plan.problem.pkg ? await packagesService.list(ctx.db) : [];
    const warnings = assistantWarnings(
      plan,
      items.map((item) => item.service_id),
      offers,
    );
    const response: AiTextResponse = {
      text: JSON.stringify({ items }),
      engine: outcome.engine,
      ...clinicalAnswer(
        plan,
        items.map((item) => item.service_id),
        pickedBlocked,
      ),
      notices: warnings,
    };
    if (outcome.fallbackReason) response.fallback_reason = outcome.fallbackReason;
    return response;
  },
};

import {
  AI_CONFIG_CODES,
  AI_MESSAGES,
  BODY_AREA_LABELS,
  type Package,
  type RecommendationRequestData,
  type RecommendationResponse,
} from '@portal/domain';
import { z } from 'zod';
import { HttpError, invalidField } from '../../../http/errors.ts';
import { runAiTask, type AiContext } from '../ai/run-task.ts';
import {
  assistantWarnings,
  candidatesForModel,
  clinicalAnswer,
  requestNotUnderstood,
  explainItem,
  explainSelection,
  planRecommendation,
  resolveBlockLimits,
  selectionProblem,
  solveRecommendation,
  techniqueLabels,
  withoutRuledOut,
  type RecommendationPlan,
} from '../ai/recommender.ts';
import type { Viewer } from '../../../auth/scope.ts';
import { clinicalProcedureOf, clinicalService } from '../../crm/clinical/service.ts';
import { packagesService } from '../../catalogue/packages/service.ts';
import { relationsService } from '../../catalogue/services-relations/service.ts';
import { servicesService } from '../../catalogue/services/service.ts';

/** What a model answers for a recommendation (ids and reasons; the rest comes from the catalogue). */
const modelAnswerSchema = z.object({
  items: z
    .array(z.object({ service_id: z.number().int(), reason: z.string().trim().min(1).max(600) }))
    .max(30),
});
type ModelAnswer = z.infer<typeof modelAnswerSchema>;

/** A model reads at most this many procedures (the most relevant ones). */
const MODEL_CANDIDATES = 150;

async function findPackage(ctx: AiContext, id: number): Promise<Package> {
  try {
    return await packagesService.get(ctx.db, id);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) {
      throw invalidField(['body', 'package_id'], AI_MESSAGES.packageNotFound);
    }
    throw error;
  }
}

/**
 * What a model reads: the goals, areas, exclusions and budget the server understood, never the
 * professional's own words — they may name the client or her health (DESIGN section 11); care
 * words are applied by the server instead.
 */
function modelInput(plan: RecommendationPlan, pkg: Package | null) {
  const { problem, budget, reading } = plan;
  return {
    objetivos_reconhecidos: reading.goals.map((g) => g.label),
    areas: [...plan.areas].map((area) => BODY_AREA_LABELS[area]),
    exclusoes: plan.exclusions.map((e) => e.text),
    orcamento_anual: budget ? budget.annualCentavos / 100 : null,
    orcamento_mensal: budget?.monthlyCentavos != null ? budget.monthlyCentavos / 100 : null,
    max_itens: problem.maxItems,
    limites_por_bloco: problem.blockLimits,
    pacote: pkg ? { nome: pkg.name, valor_anual: pkg.annual_value } : null,
    procedimentos: candidatesForModel(plan, MODEL_CANDIDATES).map((p) => ({
      service_id: p.id,
      nome: p.name,
      bloco: p.block,
      value: p.value,
      cost: p.cost,
      min_margin_percent: p.min_margin_percent,
      funcao_principal: p.benefits?.main_function ?? null,
      beneficios: [p.benefits?.benefit1, p.benefits?.benefit2, p.benefits?.benefit3].filter(
        Boolean,
      ),
      descricao: p.description ?? '',
      tecnicas: techniqueLabels(plan, p.id),
    })),
    sinergias: problem.relations.map((r) => ({
      service_id_1: r.serviceId1,
      service_id_2: r.serviceId2,
      boost_percent: r.boostPercent,
    })),
  };
}

export const recommendationsService = {
  /**
   * POST /recommendations/: the exact local optimum, or a model's choice when one is configured
   * and its answer keeps every rule. `signal` aborts when the client goes away.
   */
  async recommend(
    ctx: AiContext,
    viewer: Viewer,
    data: RecommendationRequestData,
    signal: AbortSignal,
  ): Promise<RecommendationResponse> {
    const [services, relations, pkg] = await Promise.all([
      servicesService.list(ctx.db),
      relationsService.list(ctx.db),
      data.package_id ? findPackage(ctx, data.package_id) : Promise.resolve(null),
    ]);
    // The client's record plus the request, checked over the whole catalogue (issue 26): an
    // absolute issue rules a procedure out for every engine, the model's answer included.
    const record = await clinicalService.recordFor(ctx.db, viewer, data.client_id);
    const requestText = [data.goal_text ?? '', ...data.desired_functions].join('\n');
    const clinical = clinicalService.run(record, requestText, services.map(clinicalProcedureOf));
    const plan = planRecommendation({
      clinical,
      goalText: data.goal_text ?? '',
      functions: data.desired_functions,
      budget: data.budget ?? null,
      maxItems: data.max_items,
      blockLimits: resolveBlockLimits(data.block_limits, pkg?.block_limits),
      includeSynergies: data.include_synergies,
      procedures: services,
      relations: relations.map((r) => ({
        serviceId1: r.service_id_1,
        serviceId2: r.service_id_2,
        boostPercent: r.boost_percent,
      })),
      pkg: pkg
        ? {
            name: pkg.name,
            annualValue: pkg.annual_value,
            allowAll: pkg.allow_all_procedures,
            allowedIds: pkg.procedures,
            restrictedIds: pkg.restricted_procedures,
            sessionLimit: pkg.session_limit,
          }
        : null,
    });

    const input = modelInput(plan, pkg);
    let searchComplete = true;
    const offered = new Set(input.procedimentos.map((p) => p.service_id));
    const pickedBlocked: number[] = [];
    // Nothing understood: an honest answer, no engine run and no padding.
    const outcome = requestNotUnderstood(plan)
      ? { result: { items: [] }, engine: 'local' as const, fallbackReason: undefined }
      : await runAiTask<ModelAnswer>(
          ctx,
          {
            codigo: AI_CONFIG_CODES.recommendation,
            input,
            schema: modelAnswerSchema,
            refine: (answer) => {
              // A model's unsafe pick is dropped, and named in `blocked` with its reasons.
              for (const item of answer.items) {
                if (clinical.blocked_ids.includes(item.service_id))
                  pickedBlocked.push(item.service_id);
              }
              return { items: withoutRuledOut(plan, answer.items) };
            },
            check: (answer) => {
              const ids = answer.items.map((item) => item.service_id);
              const unknown = ids.find((id) => !offered.has(id));
              if (unknown !== undefined) return `procedimento fora da lista: ${unknown}.`;
              return selectionProblem(plan, ids);
            },
            local: async (abort) => {
              const { result, complete } = await solveRecommendation(plan, abort);
              searchComplete = complete;
              const selected = new Set(result.selectedIds);
              return {
                items: result.selectedIds.map((id) => ({
                  service_id: id,
                  reason: explainItem(plan, id, selected)?.reason ?? '',
                })),
              };
            },
          },
          signal,
        );

    const ids = outcome.result.items.map((item) => item.service_id);
    const reasons = new Map(outcome.result.items.map((item) => [item.service_id, item.reason]));
    const offers = plan.budget && pkg ? await packagesService.list(ctx.db) : [];
    const warnings = assistantWarnings(plan, ids, offers);
    const explained = explainSelection(plan, ids, {
      marginRuleApplied: plan.input.packageRules?.annualValueCentavos != null,
      searchComplete,
      lead: warnings.filter((w) => w.code === 'budget_below_package'),
    });
    const response: RecommendationResponse = {
      items: explained.items.map((item) => ({
        service_id: item.service_id,
        block: item.block,
        name: item.name,
        reason: reasons.get(item.service_id) || item.reason,
      })),
      engine: outcome.engine,
      summary: explained.summary,
      ...clinicalAnswer(plan, ids, pickedBlocked),
      notices: warnings,
    };
    if (outcome.fallbackReason) response.fallback_reason = outcome.fallbackReason;
    return response;
  },
};

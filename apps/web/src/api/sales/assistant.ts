import { useQuery } from '@tanstack/react-query';
import {
  AI_CHAT_DEFAULTS,
  RECOMMENDATION_DEFAULT_MAX_ITEMS,
  type AiTextRequest,
  type AiTextResponse,
  type BlockedProcedure,
  type BlockLimits,
  type ChatMessage,
  type Package,
  type RecommendationRequest,
  type RecommendationResponse,
  type Service,
} from '@portal/domain';
import { activeServicesQuery } from '../catalogue/services';
import { api } from '../../lib/api-client';

/**
 * Recommendations and chat answers carry, since issue 26, the clinical check's part beside their
 * items (packages/domain/src/sales/ai-payloads.ts): `understood` ('Entendi: …'), `warnings` (the
 * items' relative issues), `blocked` (what was left out and why), `no_answer` (an honest sentence,
 * no items) and `notices` (what to tell the client first, budget first).
 */
export type ClinicalAnswer = Partial<
  Pick<RecommendationResponse, 'understood' | 'warnings' | 'blocked' | 'no_answer' | 'notices'>
>;
export type { BlockedProcedure, RecommendationResponse, AiTextResponse };

/**
 * The assistant's calls. Both take the dialog's abort signal: closing the dialog, 'Nova
 * Consulta' or 'Limpar Tudo' cancel what is in flight (the API stops its search too).
 */

/** SPEC section 9: recommendation max_items 12 with include_synergies true. */
export function requestRecommendations(
  goalText: string,
  pkg: Package,
  limits: BlockLimits,
  signal: AbortSignal,
  clientId: number | null = null,
): Promise<RecommendationResponse> {
  const body: RecommendationRequest = {
    goal_text: goalText,
    include_synergies: true,
    max_items: RECOMMENDATION_DEFAULT_MAX_ITEMS,
    block_limits: { A: limits.A, B: limits.B, C: limits.C, D: limits.D },
    package_id: pkg.id,
    // The server holds the client's allergies and contraindications against the procedures.
    ...(clientId !== null ? { client_id: clientId } : {}),
  };
  return api.post<RecommendationResponse>('/api/v1/recommendations/', body, { signal });
}

/** SPEC section 9: chat max_recommendations 6, temperature 0.4, max_tokens 900. */
export function requestChat(
  text: string,
  services: readonly Service[],
  pkg: Package,
  history: readonly ChatMessage[],
  signal: AbortSignal,
  clientId: number | null = null,
): Promise<AiTextResponse> {
  const body: AiTextRequest = {
    text,
    procedures: services.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      block: s.block,
      value: s.value,
      cost: s.cost,
      min_margin_percent: s.min_margin_percent,
      session_limit: s.session_limit,
      status: s.status,
      benefits: s.benefits,
      // The assistant honours explicit traits (techniques, ingredients) over its lexicon.
      traits: s.traits,
    })),
    max_recommendations: AI_CHAT_DEFAULTS.maxRecommendations,
    context: { source: 'assistente', history: [...history], selected_package: pkg },
    temperature: AI_CHAT_DEFAULTS.temperature,
    max_tokens: AI_CHAT_DEFAULTS.maxTokens,
    ...(clientId !== null ? { client_id: clientId } : {}),
  };
  return api.post<AiTextResponse>('/api/v1/ai/ai/text', body, { signal });
}

/**
 * Whether the catalogue loaded: the same query (and cache entry) as the builder's list, so
 * opening the assistant does not fetch it again.
 */
export function useCatalogueStatus() {
  return useQuery({ ...activeServicesQuery, staleTime: Number.POSITIVE_INFINITY });
}

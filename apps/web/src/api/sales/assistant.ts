import { useQuery } from '@tanstack/react-query';
import {
  AI_CHAT_DEFAULTS,
  RECOMMENDATION_DEFAULT_MAX_ITEMS,
  type AiTextRequest,
  type AiTextResponse as StoredAiTextResponse,
  type AiWarning,
  type BlockLimits,
  type ChatMessage,
  type ClinicalIssue,
  type Package,
  type RecommendationRequest,
  type RecommendationResponse as StoredRecommendationResponse,
  type Service,
} from '@portal/domain';
import { activeServicesQuery } from '../catalogue/services';
import { api } from '../../lib/api-client';

/** A procedure the answer left out, and why (issue 26): shown so nothing is dropped silently. */
export interface BlockedProcedure {
  service_id: number;
  name: string;
  reasons: string[];
}

/**
 * What recommendations and chat answers carry since issue 26, beside their items: the sentence
 * of what was understood ('Entendi: sem laser, sem peeling; gestante'), the clinical issues of
 * the items recommended (relative only: absolute ones are never recommended) among the request's
 * notices, what was left out and why, and, when nothing can be offered safely, an honest
 * sentence with no items. Optional until every server sends them.
 */
export interface ClinicalAnswer {
  understood?: string;
  warnings: Array<AiWarning | ClinicalIssue>;
  blocked?: BlockedProcedure[];
  no_answer?: string | null;
}

export type RecommendationResponse = Omit<StoredRecommendationResponse, 'warnings'> &
  ClinicalAnswer;
export type AiTextResponse = Omit<StoredAiTextResponse, 'warnings'> & ClinicalAnswer;

/** A clinical issue of an item, told apart from a notice about the request. */
export function isClinicalIssue(warning: AiWarning | ClinicalIssue): warning is ClinicalIssue {
  return 'service_id' in warning && 'severity' in warning;
}

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

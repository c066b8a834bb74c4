import { useMutation } from '@tanstack/react-query';
import type {
  SynergyGenerateRequest,
  SynergyGenerateResponse,
  SynergySuggestion,
} from '@portal/domain';
import { api } from '../../lib/api-client';

/**
 * The receipt's 'Sinergias' (SPEC section 2; issue 26): `POST /api/v1/synergies/synergies/generate`
 * with the stored proposal's procedures and its client, so the server leaves out any pair that
 * meets a contraindication of her record. Asked on the button, never on load.
 */

const PATH = '/api/v1/synergies/synergies/generate';

/** The gain to show ('15–25%'), or null when no stored relation gives one (never invented). */
export function synergyGain(pair: SynergySuggestion): string | null {
  const text = pair.expected_gain_percent_range?.trim();
  return text ? text : null;
}

export function requestSynergies(body: SynergyGenerateRequest): Promise<SynergyGenerateResponse> {
  return api.post<SynergyGenerateResponse>(PATH, body);
}

export function useGenerateSynergiesMutation() {
  return useMutation({ mutationFn: requestSynergies });
}

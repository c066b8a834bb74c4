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

/** A suggested pair as answered; the gain is present only when a stored relation gives one. */
export type SynergyPair = Omit<SynergySuggestion, 'expected_gain_percent_range'> & {
  expected_gain_percent_range?: string | null;
  gain_min?: number | null;
  gain_max?: number | null;
};

export type SynergyAnswer = Omit<SynergyGenerateResponse, 'items'> & { items: SynergyPair[] };

export type SynergyRequest = SynergyGenerateRequest & { client_id?: number };

/** The gain to show ('15–25%'), or null when the answer gives none (never invented). */
export function synergyGain(pair: SynergyPair): string | null {
  if (typeof pair.gain_min === 'number' && typeof pair.gain_max === 'number') {
    return pair.gain_min === pair.gain_max
      ? `${pair.gain_min}%`
      : `${pair.gain_min}–${pair.gain_max}%`;
  }
  const text = pair.expected_gain_percent_range?.trim();
  return text ? text : null;
}

export function requestSynergies(body: SynergyRequest): Promise<SynergyAnswer> {
  return api.post<SynergyAnswer>(PATH, body);
}

export function useGenerateSynergiesMutation() {
  return useMutation({ mutationFn: requestSynergies });
}

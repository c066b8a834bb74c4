import { useQuery } from '@tanstack/react-query';
import type { ClinicalCheckRequest, ClinicalCheckResponse } from '@portal/domain';
import { api } from '../../lib/api-client';

/**
 * The builder's clinical pre-check (issue 26): `POST /api/v1/clinical/check` holds the chosen
 * client's record (and a request's text, when there is one) against procedures without saving
 * anything. The server reads the record and logs the access; the web never sees the record here,
 * only the issues per procedure.
 */

const PATH = '/api/v1/clinical/check';

export const clinicalKeys = {
  all: ['clinical-check'] as const,
  check: (clientId: number, serviceIds: readonly number[]) =>
    [...clinicalKeys.all, clientId, serviceIds] as const,
};

export function requestClinicalCheck(
  body: ClinicalCheckRequest,
  signal?: AbortSignal,
): Promise<ClinicalCheckResponse> {
  return api.post<ClinicalCheckResponse>(PATH, body, { signal });
}

/**
 * The issues of these procedures for this client. The caller debounces the ids; the key is the
 * client and the sorted, distinct ids, so an unchanged cart asks nothing again and each change
 * asks once. Without a client there is nothing to check (no request is sent).
 */
export function useClinicalCheckQuery(clientId: number | null, serviceIds: readonly number[]) {
  const ids = [...new Set(serviceIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: clinicalKeys.check(clientId ?? 0, ids),
    queryFn: ({ signal }) =>
      requestClinicalCheck({ client_id: clientId ?? undefined, service_ids: ids }, signal),
    enabled: clientId !== null && ids.length > 0,
    // Each answer is a logged read of the client's health data: kept for the sale.
    staleTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
  });
}

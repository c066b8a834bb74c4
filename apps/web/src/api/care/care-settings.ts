import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareSettings } from '@portal/domain';
import { api } from '../../lib/api-client';
import { contractKeys } from './contracts';

/**
 * The network's care settings (issue 28): the cancellation fee, read by every signed-in user,
 * changed by admins (GET/PATCH /api/v1/care-settings/).
 */

const PATH = '/api/v1/care-settings/';

export const careSettingsKeys = {
  all: ['care-settings'] as const,
};

export const careSettingsQuery = () =>
  queryOptions({
    queryKey: careSettingsKeys.all,
    queryFn: ({ signal }) => api.get<CareSettings>(PATH, { signal }),
  });

export function useCareSettingsQuery() {
  return useQuery(careSettingsQuery());
}

/** A new fee changes every cancellation quote: those cached are refetched. */
export function useUpdateCareSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CareSettings) => api.patch<CareSettings>(PATH, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(careSettingsKeys.all, answer);
      void queryClient.invalidateQueries({ queryKey: contractKeys.all });
    },
  });
}

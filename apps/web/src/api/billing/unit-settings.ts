import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnitBillingSettings, UnitBillingSettingsPatchBody } from '@portal/domain';
import { api } from '../../lib/api-client';
import { paymentKeys } from './payments';

/**
 * A unit's Pix settings (issue 29, admins): the key, name and city of its BR Code and its API
 * Pix access. The secrets are write-only: the answer says only whether each is set
 * (apps/api/src/modules/billing/unit-settings/).
 */

const path = (unit: string) => `/api/v1/units/${encodeURIComponent(unit)}/billing`;

export const unitSettingsKeys = {
  all: ['unit-billing-settings'] as const,
  unit: (unit: string) => [...unitSettingsKeys.all, unit] as const,
};

export const unitBillingQuery = (unit: string) =>
  queryOptions({
    queryKey: unitSettingsKeys.unit(unit),
    queryFn: ({ signal }) => api.get<UnitBillingSettings>(path(unit), { signal }),
  });

export function useUnitBillingQuery(unit: string) {
  return useQuery(unitBillingQuery(unit));
}

/**
 * PATCH /units/{code}/billing: what is absent stays. A new key changes every open instalment's
 * copia e cola, so the payments are refetched.
 */
export function useUpdateUnitBillingMutation(unit: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnitBillingSettingsPatchBody) =>
      api.patch<UnitBillingSettings>(path(unit), body),
    onSuccess: (answer) => {
      queryClient.setQueryData(unitSettingsKeys.unit(unit), answer);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}

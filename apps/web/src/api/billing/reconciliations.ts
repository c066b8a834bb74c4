import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reconciliation } from '@portal/domain';
import { api } from '../../lib/api-client';

/**
 * The daily reconciliation reports of received Pix (issue 29,
 * docs/decisions/0044-pix-reconciliation.md), newest first. The server keeps a manager to their
 * unit (apps/api/src/auth/scope.ts).
 */
export interface ReconciliationFilters {
  unit?: string;
  from?: string;
  to?: string;
  limit?: number;
}

export const reconciliationKeys = {
  all: ['reconciliations'] as const,
  list: (filters: ReconciliationFilters) => [...reconciliationKeys.all, 'list', filters] as const,
};

export const reconciliationsQuery = (filters: ReconciliationFilters) =>
  queryOptions({
    queryKey: reconciliationKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Reconciliation[]>('/api/v1/billing/reconciliations', {
        query: {
          unit: filters.unit,
          from: filters.from,
          to: filters.to,
          limit: filters.limit,
        },
        signal,
      }),
  });

export function useReconciliationsQuery(filters: ReconciliationFilters) {
  return useQuery(reconciliationsQuery(filters));
}

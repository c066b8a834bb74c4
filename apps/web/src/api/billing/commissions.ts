import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CommissionAdjustmentBody,
  CommissionEstimate,
  CommissionEstimateBody,
  CommissionRuleBody,
  CommissionRulePatch,
  CommissionRuleView,
  CommissionSimulation,
  CommissionStatementSummary,
  CommissionStatementView,
} from '@portal/domain';
import { api, apiRequestBlob } from '../../lib/api-client';

/**
 * Every request the web makes about commissions (issue 30): the rules and their simulation, the
 * month's statements, one statement with its approval, payment, adjustments and its CSV and PDF,
 * and the builder's estimate. The server scopes each answer (apps/api/src/auth/scope.ts): a
 * professional reads their own statement, a manager their unit's (and approves them), an admin
 * all (and marks them paid, and writes the rules).
 */

export const commissionKeys = {
  all: ['commissions'] as const,
  rules: () => [...commissionKeys.all, 'rules'] as const,
  statements: (period: string) => [...commissionKeys.all, 'statements', period] as const,
  statement: (professionalId: number, period: string) =>
    [...commissionKeys.all, 'statement', professionalId, period] as const,
  estimate: (body: CommissionEstimateBody) => [...commissionKeys.all, 'estimate', body] as const,
};

const statementPath = (professionalId: number, period: string) =>
  `/api/v1/commission-statements/${professionalId}/${period}`;

export const commissionRulesQuery = () =>
  queryOptions({
    queryKey: commissionKeys.rules(),
    queryFn: ({ signal }) => api.get<CommissionRuleView[]>('/api/v1/commission-rules/', { signal }),
  });

/** Each rule's latest version. */
export function useCommissionRulesQuery() {
  return useQuery(commissionRulesQuery());
}

export const commissionStatementsQuery = (period: string) =>
  queryOptions({
    queryKey: commissionKeys.statements(period),
    queryFn: ({ signal }) =>
      api.get<CommissionStatementSummary[]>('/api/v1/commission-statements/', {
        query: { period },
        signal,
      }),
  });

/** The month of every professional the viewer reaches (their own at least). */
export function useCommissionStatementsQuery(period: string) {
  return useQuery(commissionStatementsQuery(period));
}

export const commissionStatementQuery = (professionalId: number, period: string) =>
  queryOptions({
    queryKey: commissionKeys.statement(professionalId, period),
    queryFn: ({ signal }) =>
      api.get<CommissionStatementView>(statementPath(professionalId, period), { signal }),
  });

/** One statement with its entries and adjustments; null: none chosen. */
export function useCommissionStatementQuery(professionalId: number | null, period: string) {
  return useQuery({
    ...commissionStatementQuery(professionalId ?? 0, period),
    enabled: professionalId !== null,
  });
}

/**
 * A statement write answers the statement: it replaces the cached one, and the month's list
 * (status, gross, net) is refetched.
 */
function useStatementWrite<TBody>(
  professionalId: number,
  period: string,
  request: (body: TBody) => Promise<CommissionStatementView>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      queryClient.setQueryData(commissionKeys.statement(professionalId, period), answer);
      void queryClient.invalidateQueries({ queryKey: commissionKeys.statements(period) });
    },
  });
}

/** POST …/approve: the unit's manager or an admin freezes the month. */
export function useApproveStatementMutation(professionalId: number, period: string) {
  return useStatementWrite(professionalId, period, () =>
    api.post<CommissionStatementView>(`${statementPath(professionalId, period)}/approve`),
  );
}

/** POST …/mark-paid: an admin records that the approved month was paid. */
export function useMarkStatementPaidMutation(professionalId: number, period: string) {
  return useStatementWrite(professionalId, period, () =>
    api.post<CommissionStatementView>(`${statementPath(professionalId, period)}/mark-paid`),
  );
}

/** POST …/adjustments: an advance (negative) or a bonus, while the month is open. */
export function useAddAdjustmentMutation(professionalId: number, period: string) {
  return useStatementWrite(professionalId, period, (body: CommissionAdjustmentBody) =>
    api.post<CommissionStatementView>(`${statementPath(professionalId, period)}/adjustments`, body),
  );
}

/** The statement's CSV (Excel pt-BR) or PDF, as a file to save or open. */
export function fetchStatementFile(
  professionalId: number,
  period: string,
  format: 'csv' | 'pdf',
): Promise<Blob> {
  return apiRequestBlob(`${statementPath(professionalId, period)}.${format}`);
}

/** A rule write changes what every open month derives: rules and statements are refetched. */
function useRuleWrite<TBody>(request: (body: TBody) => Promise<CommissionRuleView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: commissionKeys.all });
    },
  });
}

/** POST /commission-rules/: version 1 of a new rule (admins). */
export function useCreateCommissionRuleMutation() {
  return useRuleWrite((body: CommissionRuleBody) =>
    api.post<CommissionRuleView>('/api/v1/commission-rules/', body),
  );
}

/** PATCH /commission-rules/{id}: the rule's next version, the old ones kept (admins). */
export function useUpdateCommissionRuleMutation() {
  return useRuleWrite(({ id, changes }: { id: number; changes: CommissionRulePatch }) =>
    api.patch<CommissionRuleView>(`/api/v1/commission-rules/${id}`, changes),
  );
}

/** POST /commission-rules/simulate: last month under a draft rule; nothing is saved. */
export function useSimulateCommissionRuleMutation() {
  return useMutation({
    mutationFn: (body: CommissionRuleBody) =>
      api.post<CommissionSimulation>('/api/v1/commission-rules/simulate', body),
  });
}

/**
 * POST /commission-rules/estimate: what the builder's proposal would earn the signed-in seller.
 * A read in the form of a POST: cached by its totals, the previous figure kept while the next
 * arrives; null: nothing to estimate (no package, or 'modo cliente').
 */
export function useCommissionEstimateQuery(body: CommissionEstimateBody | null) {
  return useQuery({
    queryKey: commissionKeys.estimate(body ?? { price: 0, cost: 0 }),
    queryFn: ({ signal }) =>
      api.post<CommissionEstimate>('/api/v1/commission-rules/estimate', body, { signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

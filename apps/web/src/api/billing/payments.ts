import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContractPayments,
  InstallmentStatus,
  InstallmentView,
  MarkPaid,
  PaymentPlanCreate,
  Receivable,
} from '@portal/domain';
import { api } from '../../lib/api-client';
import { contractKeys } from '../care/contracts';

/**
 * Every request the web makes about payment plans (issue 29): a contract's instalments and
 * refunds and the unit's receivables (its Pix settings: unit-settings.ts). The server scopes each answer
 * (apps/api/src/auth/scope.ts): reads of a plan for every staff profile, writes and the
 * receivables for managers and admins.
 */

export interface ReceivablesFilters {
  unit?: string;
  status?: InstallmentStatus;
  /** `encerrada`: the next instalment of each plan whose Pix Automático authorisation ended. */
  mandate?: 'encerrada';
  /** Due dates, São Paulo days, inclusive (AAAA-MM-DD). */
  from?: string;
  to?: string;
  limit?: number;
}

export const paymentKeys = {
  all: ['payments'] as const,
  contract: (contractId: number) => [...paymentKeys.all, 'contract', contractId] as const,
  receivables: (filters: ReceivablesFilters) =>
    [...paymentKeys.all, 'receivables', filters] as const,
};

export const contractPaymentsQuery = (contractId: number) =>
  queryOptions({
    queryKey: paymentKeys.contract(contractId),
    queryFn: ({ signal }) =>
      api.get<ContractPayments>(`/api/v1/contracts/${contractId}/payments`, { signal }),
  });

/** The contract's plan; a 404 means it has none yet (an older contract). */
export function useContractPaymentsQuery(contractId: number) {
  return useQuery(contractPaymentsQuery(contractId));
}

export const receivablesQuery = (filters: ReceivablesFilters) =>
  queryOptions({
    queryKey: paymentKeys.receivables(filters),
    queryFn: ({ signal }) =>
      api.getPage<Receivable>('/api/v1/billing/receivables', {
        query: {
          unit: filters.unit,
          status: filters.status,
          mandate: filters.mandate,
          from: filters.from,
          to: filters.to,
          limit: filters.limit ?? 500,
        },
        signal,
      }),
  });

export function useReceivablesQuery(filters: ReceivablesFilters) {
  return useQuery(receivablesQuery(filters));
}

/** A payment changes the plan, the receivables and the contract's quote: all are refetched. */
function usePaymentWrite<TBody, TAnswer>(
  contractId: number,
  request: (body: TBody) => Promise<TAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'plan' in answer) {
        queryClient.setQueryData(
          paymentKeys.contract(contractId),
          answer as unknown as ContractPayments,
        );
      }
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: contractKeys.quote(contractId) });
    },
  });
}

/** POST /contracts/{id}/payment-plan: a new plan while nothing is paid. */
export function useCreatePaymentPlanMutation(contractId: number) {
  return usePaymentWrite(contractId, (body: PaymentPlanCreate) =>
    api.post<ContractPayments>(`/api/v1/contracts/${contractId}/payment-plan`, body),
  );
}

/** POST /installments/{id}/mark-paid: staff saw the Pix in the statement. */
export function useMarkInstallmentPaidMutation(contractId: number) {
  return usePaymentWrite(contractId, ({ id, ...body }: MarkPaid & { id: number }) =>
    api.post<InstallmentView>(`/api/v1/installments/${id}/mark-paid`, body),
  );
}

/** POST /contracts/{id}/refunds/{refundId}/mark-done: a manual refund was returned. */
export function useMarkRefundDoneMutation(contractId: number) {
  return usePaymentWrite(contractId, (refundId: number) =>
    api.post<ContractPayments>(`/api/v1/contracts/${contractId}/refunds/${refundId}/mark-done`),
  );
}

import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CancellationQuote,
  Contract,
  ContractExtendData,
  ContractFreezeData,
  ContractLedgerEntry,
  ContractStatus,
  ContractSummary,
  DaySession,
  SessionRecordData,
} from '@portal/domain';
import { api, apiRequestBlob } from '../../lib/api-client';

/**
 * Every request the web makes about contracts (issue 28): what an accepted proposal became, its
 * sessions, pauses, extensions, withdrawal and cancellation. Features import these; none declares
 * its own request. The server scopes each answer (apps/api/src/auth/scope.ts).
 */

const BASE = '/api/v1/contracts';

export interface ContractListFilters {
  client_id?: number;
  status?: ContractStatus;
  /** Searches the client's name. */
  q?: string;
  limit?: number;
}

export const contractKeys = {
  all: ['contracts'] as const,
  lists: () => [...contractKeys.all, 'list'] as const,
  list: (filters: ContractListFilters) => [...contractKeys.lists(), filters] as const,
  detail: (id: number) => [...contractKeys.all, 'detail', id] as const,
  quote: (id: number) => [...contractKeys.all, 'quote', id] as const,
  sessions: (date: string | null) => [...contractKeys.all, 'sessions', date] as const,
};

export const contractListQuery = (filters: ContractListFilters) =>
  queryOptions({
    queryKey: contractKeys.list(filters),
    queryFn: ({ signal }) =>
      api.getPage<ContractSummary>(`${BASE}/`, {
        query: {
          client_id: filters.client_id,
          status: filters.status,
          q: filters.q,
          limit: filters.limit ?? 100,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useContractListQuery(filters: ContractListFilters, enabled = true) {
  return useQuery({ ...contractListQuery(filters), enabled });
}

export const contractQuery = (id: number) =>
  queryOptions({
    queryKey: contractKeys.detail(id),
    queryFn: ({ signal }) => api.get<Contract>(`${BASE}/${id}`, { signal }),
  });

export function useContractQuery(id: number) {
  return useQuery(contractQuery(id));
}

/** What cancelling would cost now; asked only when the manager opens 'Cancelar contrato'. */
export function useCancellationQuoteQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: contractKeys.quote(id),
    queryFn: ({ signal }) =>
      api.get<CancellationQuote>(`${BASE}/${id}/cancellation-quote`, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** The sessions recorded on a São Paulo day (today when `date` is null) in the viewer's reach. */
export function useDaySessionsQuery(date: string | null) {
  return useQuery({
    queryKey: contractKeys.sessions(date),
    queryFn: ({ signal }) =>
      api.get<DaySession[]>(`${BASE}/sessions`, { query: { date: date ?? undefined }, signal }),
  });
}

/** Every write changes the contract, its lists and the day's sessions: all are refetched. */
function useContractWrite<TBody, TAnswer>(id: number, request: (body: TBody) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'ledger' in answer) {
        queryClient.setQueryData(contractKeys.detail(id), answer as unknown as Contract);
      }
      // A quote is asked afresh when a cancellation starts; refetching it after the write would
      // only meet the 409 of a contract that has ended.
      void queryClient.invalidateQueries({
        queryKey: contractKeys.all,
        predicate: (query) => query.queryKey[1] !== 'quote',
      });
    },
  });
}

export function useRecordSessionMutation(id: number) {
  return useContractWrite(id, (body: SessionRecordData) =>
    api.post<ContractLedgerEntry>(`${BASE}/${id}/sessions`, body),
  );
}

export function useReverseSessionMutation(id: number) {
  return useContractWrite(id, ({ entryId, reason }: { entryId: number; reason: string }) =>
    api.post<ContractLedgerEntry>(`${BASE}/${id}/sessions/${entryId}/reverse`, { reason }),
  );
}

export function useFreezeContractMutation(id: number) {
  return useContractWrite(id, (body: ContractFreezeData) =>
    api.post<Contract>(`${BASE}/${id}/freeze`, body),
  );
}

export function useUnfreezeContractMutation(id: number) {
  return useContractWrite(id, (body: { reason?: string }) =>
    api.post<Contract>(`${BASE}/${id}/unfreeze`, body),
  );
}

export function useExtendContractMutation(id: number) {
  return useContractWrite(id, (body: ContractExtendData) =>
    api.post<Contract>(`${BASE}/${id}/extend`, body),
  );
}

export function useWithdrawContractMutation(id: number) {
  return useContractWrite(id, (body: { reason?: string }) =>
    api.post<Contract>(`${BASE}/${id}/withdraw`, body),
  );
}

export function useCancelContractMutation(id: number) {
  return useContractWrite(id, (body: { reason: string }) =>
    api
      .post<{ contract: Contract; quote: CancellationQuote }>(`${BASE}/${id}/cancel`, body)
      .then((answer) => answer.contract),
  );
}

/** The term of a cancelled or withdrawn contract, drawn by the server with the quote it applied. */
export function fetchCancellationTerm(id: number): Promise<Blob> {
  return apiRequestBlob(`${BASE}/${id}/cancellation-term.pdf`);
}

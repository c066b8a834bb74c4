import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  keepPreviousData,
} from '@tanstack/react-query';
import type {
  AccessLogEntry,
  Client,
  ClientCareProfile,
  ClientCreate,
  ClientSummary,
  ClientUpdate,
  ConsentCreate,
  ConsentCreateResponse,
  ConsentEntry,
} from '@portal/domain';
import { api, apiRequestBlob } from '../../lib/api-client';

/**
 * Every request the web makes about clients (issue 13): query keys, query options and
 * mutations. Features import these; none declares its own request.
 */

const BASE = '/api/v1/clients';

/** A client as answered: `health_conditions` since issue 26 (crm/clients.ts in the domain). */
export type { Client };

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (q: string) => [...clientKeys.lists(), { q }] as const,
  detail: (id: number) => [...clientKeys.all, 'detail', id] as const,
  consents: (id: number) => [...clientKeys.all, 'consents', id] as const,
  accessLog: (id: number) => [...clientKeys.all, 'access-log', id] as const,
  careProfile: (id: number) => [...clientKeys.all, 'care-profile', id] as const,
};

/** Clients whose name, phone or CPF contain `q` (accent-insensitive, on the server). */
export const clientListQuery = (q: string, limit = 50) =>
  queryOptions({
    queryKey: clientKeys.list(q.trim()),
    queryFn: ({ signal }) =>
      api.get<ClientSummary[]>(`${BASE}/`, { query: { q: q.trim(), limit }, signal }),
    placeholderData: keepPreviousData,
  });

export const clientQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => api.get<Client>(`${BASE}/${id}`, { signal }),
  });

/** The consent ledger of a client, newest first. */
export const clientConsentsQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.consents(id),
    queryFn: ({ signal }) => api.get<ConsentEntry[]>(`${BASE}/${id}/consents`, { signal }),
  });

/**
 * The allergies and contraindications the builder holds against the procedures. Each fetch is a
 * logged read of sensitive data: kept for the sale (no refetch on focus), dropped with the client.
 */
export const clientCareProfileQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.careProfile(id),
    queryFn: ({ signal }) => api.get<ClientCareProfile>(`${BASE}/${id}/care-profile`, { signal }),
    staleTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
  });

export function useClientCareProfileQuery(id: number | null) {
  return useQuery({ ...clientCareProfileQuery(id ?? 0), enabled: id !== null });
}

export const clientAccessLogQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.accessLog(id),
    queryFn: ({ signal }) => api.get<AccessLogEntry[]>(`${BASE}/${id}/access-log`, { signal }),
  });

export function useClientListQuery(q: string) {
  return useQuery(clientListQuery(q));
}

export function useClientQuery(id: number) {
  return useQuery(clientQuery(id));
}

export function useClientConsentsQuery(id: number) {
  return useQuery(clientConsentsQuery(id));
}

export function useClientAccessLogQuery(id: number, enabled: boolean) {
  return useQuery({ ...clientAccessLogQuery(id), enabled });
}

export function createClient(body: ClientCreate): Promise<Client> {
  return api.post<Client>(`${BASE}/`, body);
}

export function recordConsent(clientId: number, body: ConsentCreate) {
  return api.post<ConsentCreateResponse>(`${BASE}/${clientId}/consents`, body);
}

/**
 * A new client with its consents in ONE request: the server records the consents first, in the
 * same transaction, so the sensitive fields they allow are stored with the client and a retry
 * can never leave a client without its consents or make a second one.
 */
export function createClientWithConsents(
  body: ClientCreate,
  consents: Omit<ConsentCreate, 'granted'>[],
): Promise<Client> {
  return createClient({
    ...body,
    consents: consents.map((consent) => ({ ...consent, granted: true })),
  });
}

export function useCreateClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      consents,
    }: {
      body: ClientCreate;
      consents: Omit<ConsentCreate, 'granted'>[];
    }) => createClientWithConsents(body, consents),
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client.id), client);
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}

export function useUpdateClientMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientUpdate) => api.patch<Client>(`${BASE}/${id}`, body),
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(id), client);
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}

export function useConsentMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentCreate) => recordConsent(id, body),
    onSuccess: ({ client }) => {
      queryClient.setQueryData(clientKeys.detail(id), client);
      void queryClient.invalidateQueries({ queryKey: clientKeys.consents(id) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.accessLog(id) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}

export function useAnonymizeClientMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Client>(`${BASE}/${id}/anonymize`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

/** Everything held about a client (LGPD art. 18/19), as JSON or as a readable PDF. */
export function fetchClientExport(id: number, format: 'json' | 'pdf'): Promise<Blob> {
  return apiRequestBlob(`${BASE}/${id}/export`, {
    query: format === 'pdf' ? { format: 'pdf' } : undefined,
  });
}

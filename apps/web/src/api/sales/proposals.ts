import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { CLINICAL_OVERRIDE_REASON_MAX } from '@portal/domain';
import type {
  ClinicalIssue,
  Package,
  Proposal,
  ProposalCreate,
  ProposalDecline,
  ProposalRevise,
  ProposalSendResponse,
  ProposalStatus,
  ProposalSummary,
} from '@portal/domain';
import { api, ApiError, apiRequestBlob } from '../../lib/api-client';

/**
 * A proposal as answered: since issue 26 its `warnings` are the clinical issues of its items at
 * save and `clinical_overrides` the reasons kept for blocked ones (sales/proposals.ts).
 */
export type { Proposal };

/** Saving with blocked items needs the reason (10–500 characters), kept with the proposal. */
export const OVERRIDE_REASON_MIN = 10;
export const OVERRIDE_REASON_MAX = CLINICAL_OVERRIDE_REASON_MAX;

/** The 422 of a save that meets an absolute contraindication without `override_reason`. */
export interface ClinicalBlock {
  message: string;
  warnings: ClinicalIssue[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The CLINICAL_BLOCK answer a failed save carries, or null for any other failure. */
export function clinicalBlockOf(error: unknown): ClinicalBlock | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  let body: unknown;
  try {
    body = JSON.parse(error.responseText);
  } catch {
    return null;
  }
  // `{code, message, warnings}`, at the top level or under `detail`.
  const root = isRecord(body) && isRecord(body.detail) ? body.detail : body;
  if (!isRecord(root) || root.code !== 'CLINICAL_BLOCK') return null;
  const warnings = Array.isArray(root.warnings) ? (root.warnings as ClinicalIssue[]) : [];
  const message =
    typeof root.message === 'string' && root.message.trim() !== ''
      ? root.message
      : 'Um procedimento da proposta é contraindicado para este cliente.';
  return { message, warnings };
}

/**
 * Every request the web makes about saved proposals (issue 13): query keys, query options and
 * mutations. Features import these; none declares its own request.
 */

const BASE = '/api/v1/proposals';

/** The filters of GET /proposals/ (ProposalListQuery) the screens use. */
export interface ProposalListFilters {
  status?: ProposalStatus;
  client_id?: number;
  /** AAAA-MM-DD, creation date, inclusive. */
  from?: string;
  to?: string;
  /** Sent more than 3 days ago without an answer. */
  follow_up?: boolean;
}

export const proposalKeys = {
  all: ['proposals'] as const,
  lists: () => [...proposalKeys.all, 'list'] as const,
  list: (filters: ProposalListFilters) => [...proposalKeys.lists(), filters] as const,
  detail: (id: number) => [...proposalKeys.all, 'detail', id] as const,
};

export const proposalListQuery = (filters: ProposalListFilters, limit = 100) =>
  queryOptions({
    queryKey: proposalKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<ProposalSummary[]>(`${BASE}/`, {
        query: {
          status: filters.status,
          client_id: filters.client_id,
          from: filters.from,
          to: filters.to,
          follow_up: filters.follow_up ? '1' : undefined,
          limit,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const proposalQuery = (id: number) =>
  queryOptions({
    queryKey: proposalKeys.detail(id),
    queryFn: ({ signal }) => api.get<Proposal>(`${BASE}/${id}`, { signal }),
  });

export function useProposalListQuery(filters: ProposalListFilters) {
  return useQuery(proposalListQuery(filters));
}

/** Every version of every proposal of a client (superseded ones included), newest first. */
export function useClientProposalsQuery(clientId: number) {
  return useQuery({
    queryKey: [...proposalKeys.lists(), 'client', clientId],
    queryFn: async ({ signal }) => {
      const [current, superseded] = await Promise.all([
        api.get<ProposalSummary[]>(`${BASE}/`, {
          query: { client_id: clientId, limit: 100 },
          signal,
        }),
        api.get<ProposalSummary[]>(`${BASE}/`, {
          query: { client_id: clientId, status: 'superseded', limit: 100 },
          signal,
        }),
      ]);
      return [...current, ...superseded].sort((a, b) => b.created_at.localeCompare(a.created_at));
    },
  });
}

export function useProposalQuery(id: number) {
  return useQuery(proposalQuery(id));
}

function useProposalWrite<TBody, TAnswer>(request: (body: TBody) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'id' in answer && 'items' in answer) {
        const proposal = answer as unknown as Proposal;
        queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      }
      void queryClient.invalidateQueries({ queryKey: proposalKeys.all });
    },
  });
}

/** 'Gerar Pacote': the server checks the selection and computes every total itself. */
export function useCreateProposalMutation() {
  return useProposalWrite((body: ProposalCreate) => api.post<Proposal>(`${BASE}/`, body));
}

/** 'Nova versão': version N+1 (new id, same number). */
export function useReviseProposalMutation(id: number) {
  return useProposalWrite((body: ProposalRevise) =>
    api.post<Proposal>(`${BASE}/${id}/revise`, body),
  );
}

export function useSendProposalMutation(id: number) {
  return useProposalWrite(() => api.post<ProposalSendResponse>(`${BASE}/${id}/send`));
}

export function useRevokeProposalLinkMutation(id: number) {
  return useProposalWrite(() => api.post<Proposal>(`${BASE}/${id}/revoke-link`));
}

export function useDeclineProposalMutation(id: number) {
  return useProposalWrite((body: ProposalDecline) =>
    api.post<Proposal>(`${BASE}/${id}/decline`, body),
  );
}

/**
 * 'Aceite presencial' (issue 28): the client types her full name on the staff's screen; the
 * contract is born in the same transaction and its id comes back.
 */
export function useAcceptInPersonMutation(id: number) {
  return useProposalWrite((body: { full_name: string }) =>
    api.post<{ contract_id: number; proposal_id: number }>(`${BASE}/${id}/accept-in-person`, body),
  );
}

export type ProposalPdfKind = 'proposal' | 'client-care';

/** Both PDFs are drawn by the server from the stored proposal. */
export function fetchProposalPdf(id: number, kind: ProposalPdfKind): Promise<Blob> {
  return apiRequestBlob(
    kind === 'proposal' ? `${BASE}/${id}/pdf` : `${BASE}/${id}/client-care-pdf`,
  );
}

/** The package a proposal was made with, as the catalogue has it now (for 'Nova versão'). */
export const packageForRevisionQuery = (packageId: number) =>
  queryOptions({
    queryKey: ['packages', 'detail', packageId],
    queryFn: ({ signal }) => api.get<Package>(`/api/v1/packages/${packageId}`, { signal }),
  });

import { useQuery } from '@tanstack/react-query';
import {
  dedupeProceduresByBaseName,
  shouldRequestSynergies,
  synergySelectionKey,
  type ClientCarePdfPayload,
  type PdfKind,
  type ProposalPdfPayload,
  type SynergyGenerateRequest,
  type SynergyGenerateResponse,
  type SynergySuggestion,
} from '@portal/domain';
import { api, apiRequestBlob } from '../../lib/api-client';

const NO_SUGGESTIONS: SynergySuggestion[] = [];

/**
 * Synergy suggestions for the receipt's procedures, cached per selection (sorted ids). Asked
 * only with 2+ distinct procedures (same base name counts once); a failed call is an empty list
 * (SPEC section 7).
 */
export function useSynergiesQuery(procedures: readonly { id: number; name: string }[]) {
  const distinct = dedupeProceduresByBaseName(procedures);
  const enabled = shouldRequestSynergies(procedures);
  const query = useQuery({
    queryKey: ['synergies', synergySelectionKey(distinct)],
    queryFn: async ({ signal }) => {
      const body: SynergyGenerateRequest = {
        procedures: distinct.map(({ id, name }) => ({ id, name })),
      };
      try {
        const answer = await api.post<SynergyGenerateResponse>(
          '/api/v1/synergies/synergies/generate',
          body,
          { signal },
        );
        return Array.isArray(answer?.items) ? answer.items : NO_SUGGESTIONS;
      } catch (error) {
        console.error('Falha ao gerar sinergias', error);
        return NO_SUGGESTIONS;
      }
    },
    enabled,
    staleTime: Infinity,
  });
  return {
    items: enabled ? (query.data ?? NO_SUGGESTIONS) : NO_SUGGESTIONS,
    isLoading: enabled && query.isPending,
  };
}

export type PdfMode = 'preview' | 'download';

export type PdfRequest =
  | { kind: 'proposal'; payload: ProposalPdfPayload }
  | { kind: 'client-care'; payload: ClientCarePdfPayload };

/** SPEC section 7: the client-care preview always asks for AI enrichment. */
function pdfPath(kind: PdfKind, mode: PdfMode): string {
  if (kind === 'proposal') return `/api/v1/pdf/proposal/${mode}`;
  return mode === 'preview'
    ? '/api/v1/pdf/client-care/preview?ai_only=0&enrich_with_ai=1'
    : '/api/v1/pdf/client-care/download?enrich_with_ai=1';
}

export function fetchPdf(request: PdfRequest, mode: PdfMode, signal?: AbortSignal): Promise<Blob> {
  return apiRequestBlob(pdfPath(request.kind, mode), {
    method: 'POST',
    body: request.payload,
    signal,
  });
}

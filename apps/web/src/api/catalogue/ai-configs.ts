import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiConfig, AiConfigOrder } from '@portal/domain';
import { api } from '../../lib/api-client';

const BASE = '/api/v1/ai/prompt-config/ai-configs';

export const aiConfigsKey = ['ai-configs'] as const;

/** The list, searched and sorted by the server; the previous answer stays while typing. */
export function useAiConfigsQuery(q: string, order: AiConfigOrder) {
  return useQuery({
    queryKey: [...aiConfigsKey, 'list', { q, order }],
    queryFn: ({ signal }) => api.get<AiConfig[]>(`${BASE}`, { query: { q, order }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One configuration, fresh from the server when the admin opens it; what the list already holds
 * shows at once meanwhile.
 */
export function useAiConfigQuery(id: number | null, fromList: AiConfig | undefined) {
  return useQuery({
    queryKey: [...aiConfigsKey, 'detail', id],
    queryFn: ({ signal }) => api.get<AiConfig>(`${BASE}/${id}`, { signal }),
    enabled: id !== null,
    placeholderData: fromList,
  });
}

export function useUpdateAiPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    // SPEC section 5: the prompt is trimmed on send; only the prompt is sent.
    mutationFn: ({ id, prompt }: { id: number; prompt: string }) =>
      api.patch<AiConfig>(`${BASE}/${id}`, { prompt: prompt.trim() }),
    onSuccess: (updated) => {
      // The list and the detail show the saved prompt at once, then the list is re-sorted.
      queryClient.setQueryData([...aiConfigsKey, 'detail', updated.id], updated);
      queryClient.setQueriesData<AiConfig[]>({ queryKey: [...aiConfigsKey, 'list'] }, (list) =>
        list?.map((config) => (config.id === updated.id ? updated : config)),
      );
      void queryClient.invalidateQueries({ queryKey: [...aiConfigsKey, 'list'] });
    },
  });
}

import type { SynergyRelation, SynergyRelationCreate, SynergyRelationUpdate } from '@portal/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** Synergy relations between two procedures (`/api/v1/services-relations/`). */
const PATH = '/api/v1/services-relations/';

export const relationsKeys = {
  all: ['services-relations'] as const,
  list: () => [...relationsKeys.all, 'list'] as const,
};

export const relationsQuery = queryOptions({
  queryKey: relationsKeys.list(),
  queryFn: ({ signal }) => api.get<SynergyRelation[]>(PATH, { signal }),
});

export function useRelationsQuery() {
  return useQuery(relationsQuery);
}

/** SPEC section 4: a create prepends the new item, an update replaces it. */
function updateRelationsCache(
  queryClient: QueryClient,
  update: (relations: SynergyRelation[]) => SynergyRelation[],
) {
  queryClient.setQueryData<SynergyRelation[]>(relationsQuery.queryKey, (relations) =>
    relations ? update(relations) : relations,
  );
}

export function useCreateRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: SynergyRelationCreate) => api.post<SynergyRelation>(PATH, payload),
    onSuccess: (created) =>
      updateRelationsCache(queryClient, (relations) => [created, ...relations]),
  });
}

export interface RelationChanges {
  id: number;
  changes: SynergyRelationUpdate;
}

export function useUpdateRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...relationsKeys.all, 'update'],
    mutationFn: ({ id, changes }: RelationChanges) =>
      api.patch<SynergyRelation>(`${PATH}${id}`, changes),
    onSuccess: (updated) =>
      updateRelationsCache(queryClient, (relations) =>
        relations.map((relation) => (relation.id === updated.id ? updated : relation)),
      ),
  });
}

export function useDeleteRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...relationsKeys.all, 'delete'],
    mutationFn: (id: number) => api.delete(`${PATH}${id}`),
    onSuccess: (_nothing, id) =>
      updateRelationsCache(queryClient, (relations) =>
        relations.filter((relation) => relation.id !== id),
      ),
  });
}

import type {
  Service,
  SynergyRelation,
  SynergyRelationCreate,
  SynergyRelationUpdate,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const relationsQueryKey = ['services-relations'] as const;

export function useRelationsQuery() {
  return useQuery({
    queryKey: relationsQueryKey,
    queryFn: ({ signal }) => api.get<SynergyRelation[]>('/api/v1/services-relations/', { signal }),
  });
}

/** The services to pick and to name in the table; shared cache with the other catalogue screens. */
export function useCatalogueQuery() {
  return useQuery({
    queryKey: ['services'],
    queryFn: ({ signal }) => api.get<Service[]>('/api/v1/services/', { signal }),
  });
}

/** SPEC section 4: a create prepends the new item, an update replaces it. */
function useRelationsCache() {
  const queryClient = useQueryClient();
  return (update: (relations: SynergyRelation[]) => SynergyRelation[]) =>
    queryClient.setQueryData<SynergyRelation[]>(relationsQueryKey, (relations) =>
      relations ? update(relations) : relations,
    );
}

export function useCreateRelation() {
  const updateCache = useRelationsCache();
  return useMutation({
    mutationFn: (payload: SynergyRelationCreate) =>
      api.post<SynergyRelation>('/api/v1/services-relations/', payload),
    onSuccess: (created) => updateCache((relations) => [created, ...relations]),
  });
}

export interface RelationChanges {
  id: number;
  changes: SynergyRelationUpdate;
}

export function useUpdateRelation() {
  const updateCache = useRelationsCache();
  return useMutation({
    mutationFn: ({ id, changes }: RelationChanges) =>
      api.patch<SynergyRelation>(`/api/v1/services-relations/${id}`, changes),
    onSuccess: (updated) =>
      updateCache((relations) =>
        relations.map((relation) => (relation.id === updated.id ? updated : relation)),
      ),
  });
}

export function useDeleteRelation() {
  const updateCache = useRelationsCache();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/v1/services-relations/${id}`),
    onSuccess: (_nothing, id) =>
      updateCache((relations) => relations.filter((relation) => relation.id !== id)),
  });
}

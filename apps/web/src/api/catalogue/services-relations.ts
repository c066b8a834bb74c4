import { SYNERGY_RELATION_MESSAGES, relationDeleteConfirmation } from '@portal/domain';
import type { SynergyRelation, SynergyRelationCreate, SynergyRelationUpdate } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { listCacheEdits, resourceMutations, type RowChanges } from '../../lib/resource-mutations';

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

/** SPEC section 4: a create prepends the new item, an update replaces it, a delete removes it. */
export const relationMutations = resourceMutations<
  SynergyRelation,
  SynergyRelationCreate,
  SynergyRelationUpdate,
  typeof SYNERGY_RELATION_MESSAGES
>({
  messages: SYNERGY_RELATION_MESSAGES,
  naming: {
    label: (relation) => `relação #${relation.id}`,
    deleteTitle: (relation) => relationDeleteConfirmation(relation.id),
  },
  path: PATH,
  all: relationsKeys.all,
  ...listCacheEdits<SynergyRelation>({ list: relationsQuery.queryKey }),
});

export type RelationChanges = RowChanges<SynergyRelationUpdate>;
export const useCreateRelation = relationMutations.useCreate;
export const useUpdateRelation = relationMutations.useUpdate;
export const useDeleteRelation = relationMutations.useDelete;

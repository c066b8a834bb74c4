import type { Service, ServiceCreate, ServiceUpdate } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Other catalogue screens read the same list under this key, so they share one request. */
export const servicesQueryKey = ['services'] as const;

export function useServicesQuery() {
  return useQuery({
    queryKey: servicesQueryKey,
    queryFn: ({ signal }) => api.get<Service[]>('/api/v1/services/', { signal }),
  });
}

/** SPEC section 4: a create prepends the new item, an update replaces it in place. */
function useServicesCache() {
  const queryClient = useQueryClient();
  return (update: (services: Service[]) => Service[]) =>
    queryClient.setQueryData<Service[]>(servicesQueryKey, (services) =>
      services ? update(services) : services,
    );
}

export function useCreateService() {
  const updateCache = useServicesCache();
  return useMutation({
    mutationFn: (payload: ServiceCreate) => api.post<Service>('/api/v1/services/', payload),
    onSuccess: (created) => updateCache((services) => [created, ...services]),
  });
}

export interface ServiceChanges {
  id: number;
  changes: ServiceUpdate;
}

export function useUpdateService() {
  const updateCache = useServicesCache();
  return useMutation({
    mutationFn: ({ id, changes }: ServiceChanges) =>
      api.patch<Service>(`/api/v1/services/${id}`, changes),
    onSuccess: (updated) =>
      updateCache((services) =>
        services.map((service) => (service.id === updated.id ? updated : service)),
      ),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  const updateCache = useServicesCache();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/v1/services/${id}`),
    onSuccess: (_nothing, id) => {
      updateCache((services) => services.filter((service) => service.id !== id));
      // Deleting a service also drops it from packages and synergy relations (FK cascades).
      void queryClient.invalidateQueries({ queryKey: ['packages'] });
      void queryClient.invalidateQueries({ queryKey: ['services-relations'] });
    },
  });
}

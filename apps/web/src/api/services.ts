import type { Service, ServiceCreate, ServiceStatus, ServiceUpdate } from '@portal/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { packagesKeys } from './packages';
import { relationsKeys } from './services-relations';

/**
 * The procedures (`/api/v1/services/`): every screen that reads the catalogue reads it from here,
 * so one key names one list and a write refreshes every screen that shows it.
 */
const PATH = '/api/v1/services/';

export interface ServiceListFilters {
  status_eq?: ServiceStatus;
}

export const servicesKeys = {
  all: ['services'] as const,
  lists: () => [...servicesKeys.all, 'list'] as const,
  list: (filters: ServiceListFilters = {}) => [...servicesKeys.lists(), filters] as const,
};

export function fetchServices(filters: ServiceListFilters = {}, signal?: AbortSignal) {
  return api.get<Service[]>(PATH, { query: { ...filters }, signal });
}

/** The whole catalogue, active and inactive (admin screens, pickers, names in tables). */
export const servicesQuery = queryOptions({
  queryKey: servicesKeys.list(),
  queryFn: ({ signal }) => fetchServices({}, signal),
});

/**
 * Active services of every block, ordered by block then name by the API (the builder and the
 * assistant). A package's allowed/restricted lists are applied on the client, so one list
 * serves every package the professional tries.
 */
export const activeServicesQuery = queryOptions({
  queryKey: servicesKeys.list({ status_eq: 'active' }),
  queryFn: ({ signal }) => fetchServices({ status_eq: 'active' }, signal),
});

export function useServicesQuery() {
  return useQuery(servicesQuery);
}

export function useActiveServicesQuery() {
  return useQuery(activeServicesQuery);
}

/**
 * SPEC section 4: a create prepends the new item, an update replaces it in place, a delete
 * removes it; the filtered lists (the builder's active list) are asked again.
 */
export function updateServicesCache(
  queryClient: QueryClient,
  update: (services: Service[]) => Service[],
): void {
  queryClient.setQueryData<Service[]>(servicesQuery.queryKey, (services) =>
    services ? update(services) : services,
  );
  void queryClient.invalidateQueries({ queryKey: activeServicesQuery.queryKey });
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ServiceCreate) => api.post<Service>(PATH, payload),
    onSuccess: (created) => updateServicesCache(queryClient, (services) => [created, ...services]),
  });
}

export interface ServiceChanges {
  id: number;
  changes: ServiceUpdate;
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...servicesKeys.all, 'update'],
    mutationFn: ({ id, changes }: ServiceChanges) => api.patch<Service>(`${PATH}${id}`, changes),
    onSuccess: (updated) =>
      updateServicesCache(queryClient, (services) =>
        services.map((service) => (service.id === updated.id ? updated : service)),
      ),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...servicesKeys.all, 'delete'],
    mutationFn: (id: number) => api.delete(`${PATH}${id}`),
    onSuccess: (_nothing, id) => {
      updateServicesCache(queryClient, (services) =>
        services.filter((service) => service.id !== id),
      );
      // Packages and synergy relations name procedures: their lists may have changed too.
      void queryClient.invalidateQueries({ queryKey: packagesKeys.all });
      void queryClient.invalidateQueries({ queryKey: relationsKeys.all });
    },
  });
}

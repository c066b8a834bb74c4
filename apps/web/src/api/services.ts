import type {
  Service,
  ServiceBlock,
  ServiceCreate,
  ServiceStatus,
  ServiceUpdate,
} from '@portal/domain';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, type ApiPage } from '../lib/api-client';
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
  /** The admin table's pages (rows and the server's total), apart from the whole lists. */
  pages: () => [...servicesKeys.all, 'page'] as const,
  page: (params: ServicePageParams) => [...servicesKeys.pages(), params] as const,
};

/** One page of the admin table: the list contract of issue 12 plus the status and block filters. */
export interface ServicePageParams {
  q?: string;
  status_eq?: ServiceStatus;
  block_eq?: ServiceBlock;
  /** 'name', 'value' or 'created_at', '-' first for descending; none keeps the API's order. */
  order?: string;
  limit: number;
  offset: number;
}

/** The admin table keeps showing the previous page while the next one loads. */
export function useServicesPageQuery(params: ServicePageParams) {
  return useQuery({
    queryKey: servicesKeys.page(params),
    queryFn: ({ signal }) =>
      api.getPage<Service>(PATH, {
        query: { ...params, q: params.q?.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

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
  // The page shown changes at once; the server then says where rows and totals now stand.
  queryClient.setQueriesData<ApiPage<Service>>({ queryKey: servicesKeys.pages() }, (page) => {
    if (!page) return page;
    const items = update(page.items);
    return { items, total: Math.max(0, page.total + items.length - page.items.length) };
  });
  void queryClient.invalidateQueries({ queryKey: servicesKeys.pages() });
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

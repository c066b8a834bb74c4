import { SERVICE_MESSAGES, serviceDeleteConfirmation } from '@portal/domain';
import type {
  ServicePriceHistoryEntry,
  Service,
  ServiceBlock,
  ServiceCreate,
  ServiceStatus,
  ServiceUpdate,
} from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { listCacheEdits, resourceMutations, type RowChanges } from '../../lib/resource-mutations';
import { packagesKeys } from './packages';
import { relationsKeys } from './services-relations';

/**
 * The procedures (`/api/v1/services/`): every screen that reads the catalogue reads it from here,
 * so one key names one list and a write refreshes every screen that shows it.
 */
const PATH = '/api/v1/services/';

export type { Service };

/** A procedure saved without clinical traits: the check can only warn about it. */
export function traitsMissing(service: Service): boolean {
  return service.traits_missing ?? service.clinical_traits === null;
}

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

/** Before the catalogue loads, tables name procedures by number ('#12'). */
const NO_NAMES: ReadonlyMap<number, string> = new Map();

/** Each service's name by id, for tables that name procedures (packages, synergy relations). */
export function useServiceNames(): ReadonlyMap<number, string> {
  return useQuery({ ...servicesQuery, select: namesById }).data ?? NO_NAMES;
}

function namesById(services: readonly Service[]): ReadonlyMap<number, string> {
  return new Map(services.map((service) => [service.id, service.name]));
}

export function useActiveServicesQuery() {
  return useQuery(activeServicesQuery);
}

/**
 * SPEC section 4: a create prepends the new item, an update replaces it, a delete removes it; the
 * admin table's pages and the filtered lists (the builder's active list) are asked again.
 */
export const serviceMutations = resourceMutations<
  Service,
  ServiceCreate,
  ServiceUpdate,
  typeof SERVICE_MESSAGES
>({
  messages: SERVICE_MESSAGES,
  naming: {
    label: (service) => service.name,
    deleteTitle: (service) => serviceDeleteConfirmation(service.name),
  },
  path: PATH,
  all: servicesKeys.all,
  ...listCacheEdits<Service>(
    {
      list: servicesQuery.queryKey,
      pages: servicesKeys.pages(),
      refetch: [activeServicesQuery.queryKey],
    },
    {
      // Packages and synergy relations name procedures: their lists may have changed too.
      deleted: (queryClient) => {
        void queryClient.invalidateQueries({ queryKey: packagesKeys.all });
        void queryClient.invalidateQueries({ queryKey: relationsKeys.all });
      },
    },
  ),
});

export type ServiceChanges = RowChanges<ServiceUpdate>;
export const useCreateService = serviceMutations.useCreate;
export const useUpdateService = serviceMutations.useUpdate;
export const useDeleteService = serviceMutations.useDelete;

/**
 * A procedure's price, cost and minimum-margin changes, newest first (admins and managers), read
 * from the audit trail. Its key stays under 'audit', apart from the lists that procedure edits
 * refresh, as when the audit file owned it.
 */
export const servicePriceHistoryQueryOptions = (serviceId: number) =>
  queryOptions({
    queryKey: ['audit', 'price-history', serviceId] as const,
    queryFn: ({ signal }) =>
      api.get<ServicePriceHistoryEntry[]>(`/api/v1/services/${serviceId}/history`, { signal }),
  });

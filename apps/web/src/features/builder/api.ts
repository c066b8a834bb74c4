import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Package, Service } from '@portal/domain';
import { api } from '../../lib/api-client';

/** The package picker shows active packages only (SPEC 'Package picker grid'). */
export const activePackagesQuery = queryOptions({
  queryKey: ['packages', { status_eq: 'active' }],
  queryFn: ({ signal }) =>
    api.get<Package[]>('/api/v1/packages/', { query: { status_eq: 'active' }, signal }),
});

/**
 * Active services of every block, ordered by block then name by the API. The package's
 * allowed/restricted lists are applied on the client (visibleServices), so one list serves every
 * package the professional tries.
 */
export const activeServicesQuery = queryOptions({
  queryKey: ['services', { status_eq: 'active' }],
  queryFn: ({ signal }) =>
    api.get<Service[]>('/api/v1/services/', { query: { status_eq: 'active' }, signal }),
});

export function useActivePackagesQuery() {
  return useQuery(activePackagesQuery);
}

export function useActiveServicesQuery() {
  return useQuery(activeServicesQuery);
}

/** Both lists the builder opens with, requested while its code downloads (router preloadRoute). */
export function prefetchBuilderData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(activePackagesQuery);
  void queryClient.prefetchQuery(activeServicesQuery);
}

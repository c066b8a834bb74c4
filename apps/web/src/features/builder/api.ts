import { useQuery } from '@tanstack/react-query';
import type { Package, Service } from '@portal/domain';
import { api } from '../../lib/api-client';

/** The package picker shows active packages only (SPEC 'Package picker grid'). */
export function useActivePackagesQuery() {
  return useQuery({
    queryKey: ['packages', { status_eq: 'active' }],
    queryFn: ({ signal }) =>
      api.get<Package[]>('/api/v1/packages/', { query: { status_eq: 'active' }, signal }),
  });
}

/**
 * Active services of every block, ordered by block then name by the API. The package's
 * allowed/restricted lists are applied on the client (visibleServices), so one list serves every
 * package the professional tries.
 */
export function useActiveServicesQuery() {
  return useQuery({
    queryKey: ['services', { status_eq: 'active' }],
    queryFn: ({ signal }) =>
      api.get<Service[]>('/api/v1/services/', { query: { status_eq: 'active' }, signal }),
  });
}

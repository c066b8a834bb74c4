import type { Package, PackageCreate, PackageUpdate, Service } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const packagesQueryKey = ['packages'] as const;

export function usePackagesQuery() {
  return useQuery({
    queryKey: packagesQueryKey,
    queryFn: ({ signal }) => api.get<Package[]>('/api/v1/packages/', { signal }),
  });
}

/**
 * The catalogue for the pickers and the procedure names of each row. Same key as the services
 * screen, so both read one cached list.
 */
export function useCatalogueQuery() {
  return useQuery({
    queryKey: ['services'],
    queryFn: ({ signal }) => api.get<Service[]>('/api/v1/services/', { signal }),
  });
}

/** SPEC section 4: a create prepends the new item, an update replaces it with the server's. */
function usePackagesCache() {
  const queryClient = useQueryClient();
  return (update: (packages: Package[]) => Package[]) =>
    queryClient.setQueryData<Package[]>(packagesQueryKey, (packages) =>
      packages ? update(packages) : packages,
    );
}

export function useCreatePackage() {
  const updateCache = usePackagesCache();
  return useMutation({
    mutationFn: (payload: PackageCreate) => api.post<Package>('/api/v1/packages/', payload),
    onSuccess: (created) => updateCache((packages) => [created, ...packages]),
  });
}

export interface PackageChanges {
  id: number;
  changes: PackageUpdate;
}

export function useUpdatePackage() {
  const updateCache = usePackagesCache();
  return useMutation({
    mutationFn: ({ id, changes }: PackageChanges) =>
      api.patch<Package>(`/api/v1/packages/${id}`, changes),
    onSuccess: (updated) =>
      updateCache((packages) => packages.map((pkg) => (pkg.id === updated.id ? updated : pkg))),
  });
}

export function useDeletePackage() {
  const updateCache = usePackagesCache();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/v1/packages/${id}`),
    onSuccess: (_nothing, id) => updateCache((packages) => packages.filter((pkg) => pkg.id !== id)),
  });
}

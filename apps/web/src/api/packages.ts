import type { Package, PackageCreate, PackageStatus, PackageUpdate } from '@portal/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** The yearly packages (`/api/v1/packages/`). */
const PATH = '/api/v1/packages/';

export interface PackageListFilters {
  status_eq?: PackageStatus;
}

export const packagesKeys = {
  all: ['packages'] as const,
  lists: () => [...packagesKeys.all, 'list'] as const,
  list: (filters: PackageListFilters = {}) => [...packagesKeys.lists(), filters] as const,
};

export function fetchPackages(filters: PackageListFilters = {}, signal?: AbortSignal) {
  return api.get<Package[]>(PATH, { query: { ...filters }, signal });
}

/** Every package, for the admin page. */
export const packagesQuery = queryOptions({
  queryKey: packagesKeys.list(),
  queryFn: ({ signal }) => fetchPackages({}, signal),
});

/** The package picker shows active packages only (SPEC 'Package picker grid'). */
export const activePackagesQuery = queryOptions({
  queryKey: packagesKeys.list({ status_eq: 'active' }),
  queryFn: ({ signal }) => fetchPackages({ status_eq: 'active' }, signal),
});

export function usePackagesQuery() {
  return useQuery(packagesQuery);
}

export function useActivePackagesQuery() {
  return useQuery(activePackagesQuery);
}

/** SPEC section 4: create prepends, update replaces, delete removes; filtered lists refetch. */
function updatePackagesCache(queryClient: QueryClient, update: (packages: Package[]) => Package[]) {
  queryClient.setQueryData<Package[]>(packagesQuery.queryKey, (packages) =>
    packages ? update(packages) : packages,
  );
  void queryClient.invalidateQueries({ queryKey: activePackagesQuery.queryKey });
}

export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PackageCreate) => api.post<Package>(PATH, payload),
    onSuccess: (created) => updatePackagesCache(queryClient, (packages) => [created, ...packages]),
  });
}

export interface PackageChanges {
  id: number;
  changes: PackageUpdate;
}

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...packagesKeys.all, 'update'],
    mutationFn: ({ id, changes }: PackageChanges) => api.patch<Package>(`${PATH}${id}`, changes),
    onSuccess: (updated) =>
      updatePackagesCache(queryClient, (packages) =>
        packages.map((pkg) => (pkg.id === updated.id ? updated : pkg)),
      ),
  });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...packagesKeys.all, 'delete'],
    mutationFn: (id: number) => api.delete(`${PATH}${id}`),
    onSuccess: (_nothing, id) =>
      updatePackagesCache(queryClient, (packages) => packages.filter((pkg) => pkg.id !== id)),
  });
}

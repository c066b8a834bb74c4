import { PACKAGE_MESSAGES, packageDeleteConfirmation } from '@portal/domain';
import type { Package, PackageCreate, PackageStatus, PackageUpdate } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { listCacheEdits, resourceMutations, type RowChanges } from '../../lib/resource-mutations';

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
export const packageMutations = resourceMutations<
  Package,
  PackageCreate,
  PackageUpdate,
  typeof PACKAGE_MESSAGES
>({
  messages: PACKAGE_MESSAGES,
  naming: { label: (pkg) => pkg.name, deleteTitle: (pkg) => packageDeleteConfirmation(pkg.name) },
  path: PATH,
  all: packagesKeys.all,
  ...listCacheEdits<Package>({
    list: packagesQuery.queryKey,
    refetch: [activePackagesQuery.queryKey],
  }),
});

export type PackageChanges = RowChanges<PackageUpdate>;
export const useCreatePackage = packageMutations.useCreate;
export const useUpdatePackage = packageMutations.useUpdate;
export const useDeletePackage = packageMutations.useDelete;

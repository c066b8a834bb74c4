import type { QueryClient } from '@tanstack/react-query';
import { activePackagesQuery, useActivePackagesQuery } from '../../../api/catalogue/packages';
import { activeServicesQuery, useActiveServicesQuery } from '../../../api/catalogue/services';

// The catalogue reads live in src/api (one owner per resource); the builder re-exports them.
export { activePackagesQuery, activeServicesQuery, useActivePackagesQuery, useActiveServicesQuery };

/** Both lists the builder opens with, requested while its code downloads (router preloadRoute). */
export function prefetchBuilderData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(activePackagesQuery);
  void queryClient.prefetchQuery(activeServicesQuery);
}

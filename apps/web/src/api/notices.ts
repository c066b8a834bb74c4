import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Notice, NoticeCreate, NoticeUpdate } from '@portal/domain';
import { api } from '../lib/api-client';

const NOTICES_PATH = '/api/v1/notices/notices/';

export const noticesQueryKey = ['notices'] as const;
/** Every notice, for the admin page. */
export const allNoticesQueryKey = [...noticesQueryKey, 'all'] as const;
/** Active notices only, for the banner. */
export const activeNoticesQueryKey = [...noticesQueryKey, 'active'] as const;

export function useNoticesQuery() {
  return useQuery({
    queryKey: allNoticesQueryKey,
    queryFn: ({ signal }) => api.get<Notice[]>(NOTICES_PATH, { signal }),
  });
}

/** New notices reach a professional's banner within a few minutes without a reload. */
const BANNER_REFRESH_MS = 5 * 60 * 1000;

const activeNoticesQuery = queryOptions({
  queryKey: activeNoticesQueryKey,
  queryFn: ({ signal }) => api.get<Notice[]>(NOTICES_PATH, { signal, query: { active: true } }),
  refetchInterval: BANNER_REFRESH_MS,
});

export function useActiveNoticesQuery() {
  return useQuery(activeNoticesQuery);
}

/**
 * Requested with the professional shell's code (router preloadRoute): the banner then renders
 * with the page instead of arriving later and pushing the page down.
 */
export function prefetchActiveNotices(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(activeNoticesQuery);
}

/**
 * The admin list is edited in place (create prepends, update replaces, delete removes: SPEC
 * section 4); the banner's list is simply refetched next time it is shown.
 */
function useNoticesCache() {
  const queryClient = useQueryClient();
  return (update: (notices: Notice[]) => Notice[]) => {
    queryClient.setQueryData<Notice[]>(allNoticesQueryKey, (notices) =>
      notices ? update(notices) : notices,
    );
    void queryClient.invalidateQueries({ queryKey: activeNoticesQueryKey });
  };
}

export function useCreateNotice() {
  const updateCache = useNoticesCache();
  return useMutation({
    mutationFn: (payload: NoticeCreate) => api.post<Notice>(NOTICES_PATH, payload),
    onSuccess: (created) => updateCache((notices) => [created, ...notices]),
  });
}

export interface NoticeChanges {
  id: number;
  changes: NoticeUpdate;
}

export function useUpdateNotice() {
  const updateCache = useNoticesCache();
  return useMutation({
    mutationKey: [...noticesQueryKey, 'update'],
    mutationFn: ({ id, changes }: NoticeChanges) =>
      api.patch<Notice>(`${NOTICES_PATH}${id}`, changes),
    onSuccess: (updated) =>
      updateCache((notices) =>
        notices.map((notice) => (notice.id === updated.id ? updated : notice)),
      ),
  });
}

export function useDeleteNotice() {
  const updateCache = useNoticesCache();
  return useMutation({
    mutationKey: [...noticesQueryKey, 'delete'],
    mutationFn: (id: number) => api.delete(`/api/v1/notices/${id}`),
    onSuccess: (_nothing, id) =>
      updateCache((notices) => notices.filter((notice) => notice.id !== id)),
  });
}

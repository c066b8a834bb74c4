import { NOTICE_MESSAGES, noticeDeleteConfirmation } from '@portal/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Notice, NoticeCreate, NoticeUpdate } from '@portal/domain';
import { api } from '../../lib/api-client';
import { listCacheEdits, resourceMutations, type RowChanges } from '../../lib/resource-mutations';

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
export const noticeMutations = resourceMutations<
  Notice,
  NoticeCreate,
  NoticeUpdate,
  typeof NOTICE_MESSAGES
>({
  messages: NOTICE_MESSAGES,
  naming: {
    label: (notice) => notice.title,
    deleteTitle: (notice) => noticeDeleteConfirmation(notice.title),
  },
  path: NOTICES_PATH,
  deletePath: '/api/v1/notices/',
  all: noticesQueryKey,
  ...listCacheEdits<Notice>({ list: allNoticesQueryKey, refetch: [activeNoticesQueryKey] }),
});

export type NoticeChanges = RowChanges<NoticeUpdate>;
export const useCreateNotice = noticeMutations.useCreate;
export const useUpdateNotice = noticeMutations.useUpdate;
export const useDeleteNotice = noticeMutations.useDelete;

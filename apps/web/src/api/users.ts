import type { Profile, User, UserCreate, UserStatus, UserUpdate } from '@portal/domain';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, getStoredUser, saveStoredUser, type ApiPage } from '../lib/api-client';

/** The staff accounts (`/api/v1/users/`), for the admin page. */
const PATH = '/api/v1/users/';

export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  /** The admin table's pages (rows and the server's total), apart from the whole list. */
  pages: () => [...usersKeys.all, 'page'] as const,
  page: (params: UserPageParams) => [...usersKeys.pages(), params] as const,
};

/** One page of the admin table: the list contract of issue 12 plus status and profile. */
export interface UserPageParams {
  q?: string;
  status_eq?: UserStatus;
  profile_eq?: Profile;
  /** 'name', 'email' or 'created_at', '-' first for descending; none keeps the API's order. */
  order?: string;
  limit: number;
  offset: number;
}

/** The admin table keeps showing the previous page while the next one loads. */
export function useUsersPageQuery(params: UserPageParams) {
  return useQuery({
    queryKey: usersKeys.page(params),
    queryFn: ({ signal }) =>
      api.getPage<User>(PATH, { query: { ...params, q: params.q?.trim() || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const usersQuery = queryOptions({
  queryKey: usersKeys.list(),
  queryFn: ({ signal }) => api.get<User[]>(PATH, { signal }),
});

export function useUsersQuery() {
  return useQuery(usersQuery);
}

/** Cache edits instead of refetching: the list the admin sees changes at once. */
function updateUsersCache(queryClient: QueryClient, update: (users: User[]) => User[]) {
  queryClient.setQueryData<User[]>(usersQuery.queryKey, (users) => (users ? update(users) : users));
  // The page shown changes at once; the server then says where rows and totals now stand.
  queryClient.setQueriesData<ApiPage<User>>({ queryKey: usersKeys.pages() }, (page) => {
    if (!page) return page;
    const items = update(page.items);
    return { items, total: Math.max(0, page.total + items.length - page.items.length) };
  });
  void queryClient.invalidateQueries({ queryKey: usersKeys.pages() });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UserCreate) => api.post<User>(PATH, payload),
    onSuccess: (created) => updateUsersCache(queryClient, (users) => [created, ...users]),
  });
}

export interface UserChanges {
  id: number;
  changes: UserUpdate;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...usersKeys.all, 'update'],
    mutationFn: ({ id, changes }: UserChanges) => api.patch<User>(`${PATH}${id}`, changes),
    onSuccess: (updated) => {
      updateUsersCache(queryClient, (users) =>
        users.map((user) => (user.id === updated.id ? updated : user)),
      );
      // Editing oneself (name, profile) must show in the header and the guards right away.
      if (getStoredUser()?.id === updated.id) saveStoredUser(updated);
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...usersKeys.all, 'delete'],
    mutationFn: (id: number) => api.delete(`${PATH}${id}`),
    onSuccess: (_nothing, id) =>
      updateUsersCache(queryClient, (users) => users.filter((user) => user.id !== id)),
  });
}
